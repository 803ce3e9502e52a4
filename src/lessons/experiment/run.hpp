// One training run of the experiment as the view keeps it: what was asked, how far it got, and the
// numbers of its result (read from the engine's JSON by experiment_receive, experiment.hpp). Plain data,
// no UI: the findings (findings.hpp) read it too.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "train/fair.hpp"

namespace app {

struct ExperimentRun {
  int id = 0;
  int encoding = 0;  // train::Encoding
  double seed = 0;
  enum class Status { queued, running, done, failed } status = Status::queued;
  bool cancelled = false;
  std::string error;                 // failed: why
  int step = 0, steps = 0;           // progress
  double last_loss = 0;
  std::vector<std::array<double, 2>> loss;  // (step, mean loss since the previous point)
  // The result (status done).
  int length = 0;                          // L
  std::array<double, 3> accuracy{};        // at L, 2L, 4L
  // At 2L and 4L on the new positions only (t >= L): full, windowed (each query sees its last L keys),
  // and the order-blind ceiling there (-1: not in the result).
  std::array<double, 2> accuracy_new{-1, -1}, accuracy_windowed_new{-1, -1}, order_blind_new{-1, -1};
  // At 2L and 4L on every position, windowed; the share of new targets whose answer the window still
  // shows (0: the windowed figure tests nothing there); the order-blind ceiling on every position at
  // L, 2L, 4L, exact or (copy) an upper bound. -1: not in the result.
  std::array<double, 2> accuracy_windowed{-1, -1}, answer_in_window_new{-1, -1};
  std::array<double, 3> order_blind{-1, -1, -1};
  bool order_blind_exact = true;
  int map_layer = 0, map_head = 0;         // the head shown: the one with most attention on the answer
  std::vector<float> map;                  // its attention at L, L × L, row = query
  std::vector<double> share;               // its share on the answer's key per query, 0..2L-1 (-1: none)
  double share_trained = -1, share_beyond = -1;  // means at t < L and at L <= t < 2L
  bool ablation = false;                   // sinusoidal runs
  double base_l = 0, no_fast_l = 0, no_slow_l = 0, base_2l = 0, no_fast_2l = 0, no_slow_2l = 0;
  std::vector<double> pe_weight;           // per PE dimension: Q + K weight
  double ms = 0;
  std::string result;                      // the engine's result as it arrived (JSON), for the export
  std::vector<train::FairChange> fair;     // Run all fair: what train::fair_setting changed, and why
};

}  // namespace app
