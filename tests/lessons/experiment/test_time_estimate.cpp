// How long training takes here (src/lessons/experiment/time_estimate.hpp): the speed from hand-set
// measurements, the durations in words, and the view: no estimate before a run (it says it has not
// measured), then one from the engine's own result (a real run whose time is given), and none carried
// over to other model settings.
#include "catch2_any.hpp"

#include <string>

#include "lessons/experiment/experiment.hpp"
#include "lessons/experiment/time_estimate.hpp"
#include "state/lessons.hpp"
#include "state/state_io.hpp"
#include "train/config.hpp"
#include "train/result.hpp"
#include "train/trainer.hpp"

using namespace app;

namespace {
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("speed = steps over ms, summed over the runs at the same settings; another key starts afresh") {
  TrainSpeed s;
  CHECK(s.steps_per_second("a") == 0);
  s.add("a", 300, 1000);  // 300 steps in 1 s
  CHECK(s.steps_per_second("a") == Approx(300).margin(1e-12));
  s.add("a", 300, 1500);  // 600 steps in 2.5 s
  CHECK(s.steps_per_second("a") == Approx(240).margin(1e-12));
  CHECK(has(estimate_words(s, "a", 240, 15, 3600), "240 steps a second here, counted for one layer (2 runs at these settings)"));
  CHECK(s.runs == 2);
  CHECK(s.steps_per_second("b") == 0);  // measured at other settings: no speed for these
  s.add("a", 0, 5);                     // a run that trained nothing, and an untimed one: not measurements
  s.add("a", 10, 0);
  CHECK(s.runs == 2);
  s.add("b", 100, 100);
  CHECK(s.runs == 1);
  CHECK(s.steps_per_second("b") == Approx(1000).margin(1e-12));
  CHECK(s.steps_per_second("a") == 0);
}

TEST_CASE("durations in words") {
  CHECK(duration_words(0.05) == "under 0.1 s");
  CHECK(duration_words(1.25) == "1.2 s");  // printf rounds 1.25 to even
  CHECK(duration_words(17.4) == "17 s");
  CHECK(duration_words(150) == "2.5 min");
}

TEST_CASE("the estimate: none before a run, then Run and Run all from the measured speed") {
  TrainSpeed s;
  CHECK(estimate_words(s, "a", 300, 15, 4500) == lesson_text(View::experiment, "estimate_none"));
  s.add("a", 300, 1000);
  // 300 steps a second: Run (300 steps) 1.0 s, Run all 15 * 300 / 300 = 15 s.
  const std::string w = estimate_words(s, "a", 300, 15, 4500);
  INFO(w);
  CHECK(has(w, "300 steps a second here, counted for one layer (1 run at these settings)"));
  CHECK(has(w, "Run takes about 1.0 s and Run all (15 runs) about 15 s"));
  // A two-layer run costs its steps twice: 300 steps of 2 layers at 300 a second, 2.0 s.
  CHECK(has(estimate_words(s, "a", 600, 15, 4500), "Run takes about 2.0 s"));
  CHECK(estimate_words(s, "b", 300, 15, 4500) == lesson_text(View::experiment, "estimate_other"));
  CHECK(has(remaining_words(s, "a", 4500), "About 15 s of training left"));
  CHECK(remaining_words(s, "b", 4500).empty());
}

TEST_CASE("the view measures the engine's speed from its first result and estimates Run all from it") {
  State s;
  REQUIRE(set_number(s, Field::steps, 40).empty());
  ExperimentCache c;
  CHECK(has(describe_experiment(s, c), std::string(lesson_text(View::experiment, "estimate_none"))));
  REQUIRE(experiment_request(s, c, false).empty());
  train::Config cfg;
  REQUIRE(train::parse_option_lines(c.outbox[0].options, cfg).empty());
  train::Trainer t(cfg);
  while (!t.done()) t.step();
  // The engine's result, with a training time of 200 ms for its 40 steps: 200 steps a second.
  experiment_receive(c, c.outbox[0].id, "result", train::to_json(train::finish(t, 200.0)));
  const std::string w = describe_experiment(s, c);
  INFO(w);
  // Run all: 5 encodings × 6 seeds × 40 steps = 1200 steps at 200 a second = 6.0 s.
  CHECK(has(w, "the engine trained 200 steps a second here, counted for one layer (1 run at these settings)"));
  CHECK(has(w, "Run takes about 0.2 s and Run all (30 runs) about 6.0 s"));
  // More steps per run: the same speed (a step costs the same), a longer estimate.
  REQUIRE(set_number(s, Field::steps, 400).empty());
  CHECK(has(describe_experiment(s, c), "Run all (30 runs) about 60 s"));
  // The fair setting, before it is pressed: none and ALiBi train 2 layers (train::fair_setting), so
  // 400 steps × (2 + 1 + 1 + 1 + 2) layers × 6 seeds = 16,800 layer-steps at 200 a second = 84 s;
  // the speed measured in the shared setting serves (the layers are out of its key).
  REQUIRE(set_number(s, Field::runAll, static_cast<double>(RunAll::fair)).empty());
  const std::string fair = describe_experiment(s, c);
  INFO(fair);
  CHECK(has(fair, "Run all (30 runs) about 84 s"));
  CHECK(has(fair, "(none 2, ALiBi 2 layers) count once per layer"));
  // More layers in the shared setting: the same speed per layer, twice the time per step.
  REQUIRE(set_number(s, Field::runAll, static_cast<double>(RunAll::shared)).empty());
  REQUIRE(set_number(s, Field::layers, 2).empty());
  CHECK(has(describe_experiment(s, c), "Run takes about 4.0 s and Run all (30 runs) about 2.0 min"));
  // Another model: the speed measured says nothing of it.
  REQUIRE(set_number(s, Field::trainLength, 32).empty());
  CHECK(has(describe_experiment(s, c), std::string(lesson_text(View::experiment, "estimate_other"))));
}
