// One training run of the experiment as the view keeps it: what was asked, how far it got, and the
// numbers of its result (read from the engine's JSON by experiment_receive, experiment.hpp). Plain data,
// no UI: the findings (findings.hpp) read it too.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "train/fair.hpp"

namespace app {

// One head's numbers from a result: where its attention goes (the share on the answer's key, means over
// the queries of each range) and how it works (train/offset_r2.hpp, train/rotation_commutant.hpp).
// -1: not defined or not in the result (the view shows "n/a", the CSV an empty cell, never NaN).
struct HeadNumbers {
  int layer = 0, head = 0;
  double share_trained = -1, share_beyond = -1;         // t < L; L <= t < 2L
  double share_new4l = -1;                              // L <= t < 4L
  double share_beyond_windowed = -1, share_new4l_windowed = -1;  // the same, each query seeing its last L keys
  double offset_r2_l = -1, offset_r2_2l = -1;           // R² of its content-averaged scores against the offset, at L and 2L
  double commuting = -1;                                // sinusoidal: the fraction of its PE form that commutes with the rotations
};

struct ExperimentRun {
  int id = 0;
  int encoding = 0;  // train::Encoding
  double seed = 0;
  int layers = 1;  // the layers it trains with (the fair setting may give it more): its time per step
  int heads = 0;   // the heads it trains with (the fair setting may give ALiBi more)
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
  std::vector<HeadNumbers> head_numbers;   // every head; the one shown is at (map_layer, map_head)
  bool ablation = false;                   // sinusoidal runs
  double base_l = 0, no_fast_l = 0, no_slow_l = 0, base_2l = 0, no_fast_2l = 0, no_slow_2l = 0;
  std::vector<double> pe_weight;           // per PE dimension: Q + K weight
  double ms = 0;
  std::string result;                      // the engine's result as it arrived (JSON), for the export
  std::vector<train::FairChange> fair;     // Run all fair: what train::fair_setting changed, and why
};

// The numbers of the head shown (the one with most attention on the answer), nullptr if the result had none.
inline const HeadNumbers* shown_head(const ExperimentRun& r) {
  for (const HeadNumbers& h : r.head_numbers)
    if (h.layer == r.map_layer && h.head == r.map_head) return &h;
  return nullptr;
}

}  // namespace app
