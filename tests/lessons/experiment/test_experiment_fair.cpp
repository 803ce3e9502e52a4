// The fair-test options in the experiment view (issue 25): settings rows that reach the engine's option
// lines only when set, Run all under train::fair_setting (the engine's changes and reasons, not the
// view's), the CSV's comment line, and the view's words on which encodings ran with which changes.
#include "catch2_any.hpp"

#include <string>
#include <vector>

#include "export/experiment_export.hpp"
#include "lessons/experiment/experiment.hpp"
#include "state/state_io.hpp"
#include "train/config.hpp"
#include "train/fair.hpp"
#include "train/result.hpp"
#include "views/headless.hpp"

using namespace app;

namespace {
bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }
}  // namespace

TEST_CASE("the fair-test options are settings rows that reach the engine only when set") {
  State s;
  // At their defaults the option lines are those of the view before them (the runs' keys stay).
  CHECK(experiment_options(s, 3, 1) ==
        "task=lookback\nk=3\ntrainLength=16\nsteps=300\ndModel=32\nlayers=1\nheads=2\nlr=0.003\nbatch=16\nencoding=rope\nseed=1\n");
  REQUIRE(set_number(s, Field::startOffset, 48).empty());
  REQUIRE(set_number(s, Field::lookbackK, 1).empty());
  CHECK(set_number(s, Field::startOffset, 2000).find("startOffset") != std::string::npos);  // the engine's limit
  train::Config cfg;
  REQUIRE(train::parse_option_lines(experiment_options(s, 1, 1), cfg).empty());
  CHECK(cfg.startOffset == 48);
  CHECK(cfg.lookbackK == train::LookbackK::input);
  REQUIRE(set_number(s, Field::task, static_cast<int>(train::Task::copy)).empty());
  REQUIRE(set_number(s, Field::copyLengths, 1).empty());
  REQUIRE(train::parse_option_lines(experiment_options(s, 1, 1), cfg).empty());
  CHECK(cfg.copyLengths == train::CopyLengths::random);
}

TEST_CASE("Run all fair: each encoding under train::fair_setting, and the view and the CSV say which and why") {
  Headless h;
  h.app.state.view = View::experiment;
  State& s = h.app.state;
  REQUIRE(set_number(s, Field::steps, 20).empty());
  REQUIRE(set_number(s, Field::runAll, static_cast<int>(RunAll::fair)).empty());
  REQUIRE(set_number(s, Field::startOffset, 48).empty());
  ExperimentCache& c = h.app.views.experiment;
  REQUIRE(experiment_request(s, c, true).empty());
  for (const TrainRequest& q : c.outbox) {
    train::Config cfg;
    REQUIRE(train::parse_option_lines(q.options, cfg).empty());
    const train::Config want = train::fair_setting(cfg).config;  // fair_setting of a fair config: itself
    CHECK(cfg.layers == want.layers);
    CHECK(cfg.heads == want.heads);
    CHECK(cfg.layers == (cfg.encoding == train::Encoding::none || cfg.encoding == train::Encoding::alibi ? 2 : 1));
    CHECK(cfg.heads == (cfg.encoding == train::Encoding::alibi ? 8 : 2));
    CHECK(cfg.startOffset == 48);
    experiment_receive(c, q.id, "result", train::to_json(train::run(cfg)));
  }
  c.outbox.clear();
  const std::string csv = experiment_results_csv(c);
  const std::string comment = csv.substr(0, csv.find('\n'));
  CHECK(has(comment, ", startOffset=48"));
  CHECK(has(comment, "; fair setting (none: layers=2; alibi: layers=2 heads=8)"));
  CHECK_FALSE(has(comment, "copyLengths"));
  // The words beside the results: one line per change, with the engine's reason.
  const std::string said = describe_experiment(s, c);
  CHECK(has(said, "none: layers 1 → 2, because one causal layer without positions"));
  CHECK(has(said, "ALiBi: heads 2 → 8, because the slopes"));
  CHECK_FALSE(has(said, "RoPE: layers"));
  for (ImVec2 size : {ImVec2(1280, 800), ImVec2(360, 640)}) {
    const auto [vertices, finite] = h.frames(3, size);
    CHECK(vertices > 1000);
    CHECK(finite);
  }
  // Shared again: a new set of runs (fair and shared runs are not compared), and no fair words.
  REQUIRE(set_number(s, Field::runAll, static_cast<int>(RunAll::shared)).empty());
  REQUIRE(experiment_request(s, c, false).empty());
  CHECK(c.runs.size() == 1);
  CHECK(c.runs[0].fair.empty());
  CHECK_FALSE(has(experiment_results_csv(c), "fair setting"));
}

TEST_CASE("the CSV comment of runs without the new options reads as before") {
  State s;
  REQUIRE(set_number(s, Field::steps, 10).empty());
  ExperimentCache c;
  REQUIRE(experiment_request(s, c, false).empty());
  const std::string csv = experiment_results_csv(c);
  CHECK(csv.substr(0, csv.find('\n')) ==
        "# PosEnc Lab experiment results: task lookback, k=3, trainLength L=16, dModel=32, layers=1, heads=2, lr=0.003, "
        "batch=16; share = attention on the answer's key of the head shown (indices from 0), mean at t < L and at L <= t < 2L");
}
