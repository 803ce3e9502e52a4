// The slow-dimension question where it can be asked: the sinusoidal PE ablations at longer training
// lengths, precomputed natively (src/train/data/slow_ablation.json, written by
// scripts/experiment_results.py --slow-ablation; turned into a header at build time by
// cmake/slow_ablation.cmake), since the page's own runs (L = 16, d_model 32) cannot ask it: there the
// slowest quarter of the PE dimensions turns by at most 0.015 rad over the trained positions, so its sines
// are about 0 and its cosines about 1, and zeroing it removes a constant that LayerNorm's bias absorbs.
//
// Per task and training length L, the accuracy each ablation costs, per seed (intact minus ablated), with
// its seed verdict (train/seed_verdict.hpp): the slowest quarter zeroed, replaced by its mean over t < L
// (information removed, the constant kept), shuffled across positions; the fastest quarter zeroed, for
// scale. At L and at 2L. No UI.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "train/seed_verdict.hpp"

namespace app {

inline constexpr int kSlowAblations = 4;  // zeroed slow, mean slow, shuffled slow, zeroed fast
struct SlowPrecomputedRow {
  const char* task = "";
  int length = 0;     // the training length L
  double turn = 0;    // rad: the most any pair of the slowest quarter turns over positions 0..L-1
  double intact[2]{};  // mean accuracy at L and 2L, nothing removed
  std::array<std::array<train::SeedVerdict, kSlowAblations>, 2> cost;  // [at L, at 2L][ablation]
};

// Every task x length of the data file, in its order (worked out once: the data never changes).
const std::vector<SlowPrecomputedRow>& slow_precomputed();

// The angle (rad) the fastest pair of the slowest quarter of d PE dimensions turns over positions
// 0..length-1 at the given base: w_p (length - 1) with p = (d - d/4) / 2, w_p = base^(-2p/d).
double slow_quarter_turn(int d, int length, double base = 10000);

// The model width the precomputed runs trained with.
int slow_precomputed_d_model();

// The data file's provenance for the view: "10 seeds, d_model 64, 300 steps, ... (native runs, <date>,
// engine <commit>)".
std::string slow_precomputed_source();

// What the rows say, from their verdicts: the slow quarter used as a constant (zeroing costs somewhere,
// mean and shuffle nowhere), its information used (mean or shuffle costs somewhere), or not used at all.
enum class SlowUse { constant, information, unused };
SlowUse slow_use(const std::vector<SlowPrecomputedRow>& rows);

}  // namespace app
