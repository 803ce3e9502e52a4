// How long training takes on this device, from the engine's own measurement rather than a fixed number:
// each result carries the steps it reached and `ms`, its training time from its first to its last step
// (train/service.hpp; chunking included, the evaluation not). Over the runs done at the same model
// settings (every option but encoding, seed and steps: a step costs the same however many there are)
//
//   speed = (sum of steps) / (sum of ms) * 1000      steps a second
//   time of N runs of S steps = N * S / speed         seconds, training alone
//
// Before any run at these settings there is no speed, and the words say so instead of guessing.
#pragma once
#include <string>

namespace app {

struct TrainSpeed {
  std::string key;   // the settings measured ("" : nothing measured yet)
  double steps = 0;  // summed over the runs measured
  double ms = 0;
  int runs = 0;
  // One run's measurement; another key starts afresh (the old settings' speed says nothing of these).
  void add(const std::string& settings_key, double run_steps, double run_ms);
  // Steps a second at these settings, 0 if not measured at them.
  double steps_per_second(const std::string& settings_key) const;
};

// "0.8 s", "17 s", "2.5 min" (texts seconds / minutes / under of experiment.txt).
std::string duration_words(double seconds);
// The estimate line under Run: how long Run (one run of `steps`) and Run all (`all_runs` runs) take
// here, or that nothing is measured yet at these settings.
std::string estimate_words(const TrainSpeed& s, const std::string& settings_key, int steps, int all_runs);
// While runs train: the training time left for `steps_left` steps, "" if not measured at these settings.
std::string remaining_words(const TrainSpeed& s, const std::string& settings_key, double steps_left);

}  // namespace app
