// How long training takes on this device, from the engine's own measurement rather than a fixed number:
// each result carries the steps it reached and `ms`, its training time from its first to its last step
// (train/service.hpp; chunking included, the evaluation not). Over the runs done at the same model
// settings (every option but encoding, seed, steps, layers and heads: a step costs the same however
// many there are, and a layer's share of it the same however many layers)
//
//   speed = (sum of steps * layers) / (sum of ms) * 1000     layer-steps a second
//   time of runs i of S_i steps and l_i layers = sum S_i * l_i / speed     seconds, training alone
//
// Counting a step of an l-layer model as l one-layer steps lets the fair setting's Run all (two layers
// for none and ALiBi, 8 heads for ALiBi: train/fair.hpp) be estimated from the shared setting's runs.
// Measured natively on the 2-core machine (train_dump run, seed 1, the defaults: 300 steps, d_model 32,
// L = 16, 2026-12-02): none 682 ms at 1 layer and 1430 ms at 2 (2.10x), ALiBi 757 ms at 1 layer with
// 2 heads and 1433 ms at 2 layers with 8 heads (1.89x); the heads cost next to nothing at a fixed
// d_model, the layers about proportionally, so this estimate is within about 10%.

// Before any run at these settings there is no speed, and the words say so instead of guessing.
#pragma once
#include <string>

namespace app {

struct TrainSpeed {
  std::string key;   // the settings measured ("" : nothing measured yet)
  double steps = 0;  // steps * layers, summed over the runs measured
  double ms = 0;
  int runs = 0;
  // One run's measurement (its steps times its layers, and its ms); another key starts afresh (the old
  // settings' speed says nothing of these).
  void add(const std::string& settings_key, double run_layer_steps, double run_ms);
  // Layer-steps a second at these settings (a one-layer model's steps a second), 0 if not measured.
  double steps_per_second(const std::string& settings_key) const;
};

// "0.8 s", "17 s", "2.5 min" (texts seconds / minutes / under of experiment.txt).
std::string duration_words(double seconds);
// The estimate line under Run: how long Run (`run_cost` layer-steps) and Run all (`all_runs` runs of
// `all_cost` layer-steps in all) take here, or that nothing is measured yet at these settings.
std::string estimate_words(const TrainSpeed& s, const std::string& settings_key, double run_cost, int all_runs, double all_cost);
// While runs train: the training time left for `cost_left` layer-steps, "" if not measured here.
std::string remaining_words(const TrainSpeed& s, const std::string& settings_key, double cost_left);

}  // namespace app
