// The experiment view's side of a run (src/lessons/experiment/experiment.hpp): what Run and Run all ask the engine
// for, and what the view makes of the engine's answers. The answers here are the engine's own (train::run
// and train::progress_json, as the worker and the desktop send them), so the view is checked against
// the numbers it was given, not against numbers written here.
#include "catch2_any.hpp"

#include <string>
#include <vector>

#include "lessons/experiment/experiment.hpp"
#include "views/headless.hpp"
#include "state/state_io.hpp"
#include "train/config.hpp"
#include "train/progress_json.hpp"
#include "train/result.hpp"

using namespace app;

TEST_CASE("Run asks for the State's settings, Run all for every encoding with six seeds") {
  State s;
  ExperimentCache c;
  REQUIRE(experiment_request(s, c, false).empty());
  REQUIRE(c.outbox.size() == 1);
  train::Config cfg;
  REQUIRE(train::parse_option_lines(c.outbox[0].options, cfg).empty());
  // The view starts at the engine's defaults (one table: PosEnc.train() without options is this run).
  const train::Config d;
  CHECK(cfg.task == d.task);
  CHECK(cfg.k == d.k);
  CHECK(cfg.encoding == d.encoding);
  CHECK(cfg.seed == d.seed);
  CHECK(cfg.trainLength == d.trainLength);
  CHECK(cfg.steps == d.steps);
  CHECK(cfg.dModel == d.dModel);
  CHECK(cfg.lr == d.lr);
  c.outbox.clear();

  set_number(s, Field::seed, 7);
  REQUIRE(experiment_request(s, c, true).empty());
  REQUIRE(c.outbox.size() == static_cast<size_t>(train::kEncodingCount * 6));
  std::vector<int> per_encoding(train::kEncodingCount, 0);
  for (const TrainRequest& r : c.outbox) {
    REQUIRE(train::parse_option_lines(r.options, cfg).empty());
    CHECK(cfg.seed >= 7);
    CHECK(cfg.seed <= 12);  // seeds 7 .. 12
    ++per_encoding[static_cast<size_t>(cfg.encoding)];
  }
  for (int n : per_encoding) CHECK(n == 6);
  CHECK(experiment_pending(c) == train::kEncodingCount * 6 + 1);
}

TEST_CASE("settings the engine refuses are not queued, and the reason is the engine's") {
  State s;
  // Each key is within its own limits, but 30 is not divisible by 4 heads: the engine's cross-key rule.
  REQUIRE(set_number(s, Field::dModel, 30).empty());
  REQUIRE(set_number(s, Field::heads, 4).empty());
  ExperimentCache c;
  const std::string why = experiment_request(s, c, false);
  CHECK(why.find("dModel") != std::string::npos);
  CHECK(c.outbox.empty());
  CHECK(c.message == why);
  CHECK(experiment_pending(c) == 0);
}

TEST_CASE("progress and the result from the engine become the view's numbers; bad messages fail the run") {
  State s;
  REQUIRE(set_number(s, Field::steps, 40).empty());
  REQUIRE(set_number(s, Field::encoding, static_cast<double>(train::Encoding::sinusoidal)).empty());
  ExperimentCache c;
  REQUIRE(experiment_request(s, c, false).empty());
  const int id = c.outbox[0].id;
  train::Config cfg;
  REQUIRE(train::parse_option_lines(c.outbox[0].options, cfg).empty());

  train::Trainer t(cfg);
  size_t logged = 0;
  for (int i = 0; i < 10; ++i) t.step();
  experiment_receive(c, id, "progress", train::progress_json(t, logged));
  REQUIRE(c.runs.size() == 1);
  CHECK(c.runs[0].status == ExperimentRun::Status::running);
  CHECK(c.runs[0].step == 10);
  CHECK(c.runs[0].last_loss == Approx(t.last_loss()));

  while (!t.done()) t.step();
  const train::Result r = train::finish(t, 1.0);
  experiment_receive(c, id, "result", train::to_json(r));
  const ExperimentRun& run = c.runs[0];
  CHECK(run.status == ExperimentRun::Status::done);
  for (size_t i = 0; i < 3; ++i) CHECK(run.accuracy[i] == Approx(r.eval.accuracy[i].accuracy));
  CHECK(run.length == cfg.trainLength);
  CHECK(run.map.size() == static_cast<size_t>(cfg.trainLength * cfg.trainLength));
  CHECK(run.ablation);
  CHECK(run.base_l == Approx(r.eval.ablation.baseL));
  CHECK(run.no_slow_l == Approx(r.eval.ablation.noSlowL));
  CHECK(run.pe_weight.size() == static_cast<size_t>(cfg.dModel));
  CHECK(run.loss.size() == r.loss.size());
  CHECK(experiment_pending(c) == 0);

  const std::string text = describe_experiment(s, c);
  CHECK(text.find("Runs: 1 done, 0 pending") != std::string::npos);
  CHECK(text.find("sinusoidal") != std::string::npos);
  CHECK(text.find("nan") == std::string::npos);
  CHECK(text.find("inf") == std::string::npos);

  // Another run, then messages that are not the engine's: the run fails with a reason, nothing crashes.
  REQUIRE(experiment_request(s, c, false).empty());  // the same encoding and seed: replaces the done run
  REQUIRE(c.runs.size() == 1);
  const int id2 = c.runs[0].id;
  experiment_receive(c, id2 + 100, "result", "{}");    // an unknown id: ignored
  CHECK(c.runs[0].status == ExperimentRun::Status::queued);
  experiment_receive(c, id2, "progress", "{\"step\": 3,");  // cut short
  CHECK(c.runs[0].status == ExperimentRun::Status::failed);
  CHECK(c.runs[0].error.find("unreadable") != std::string::npos);
}

TEST_CASE("the experiment view draws at every size with runs in it, every vertex finite") {
  Headless h;
  h.app.state.view = View::experiment;
  State& s = h.app.state;
  REQUIRE(set_number(s, Field::steps, 20).empty());
  ExperimentCache& c = h.app.views.experiment;
  REQUIRE(experiment_request(s, c, true).empty());
  for (const TrainRequest& q : c.outbox) {
    train::Config cfg;
    REQUIRE(train::parse_option_lines(q.options, cfg).empty());
    experiment_receive(c, q.id, "result", train::to_json(train::run(cfg)));
  }
  c.outbox.clear();
  for (ImVec2 size : {ImVec2(1280, 800), ImVec2(360, 640), ImVec2(1920, 1080)}) {
    INFO(size.x << "x" << size.y);
    const auto [vertices, finite] = h.frames(3, size);
    CHECK(vertices > 1000);
    CHECK(finite);
  }
}
