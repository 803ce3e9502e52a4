// Lesson: RoPE scores, long-term decay and constant along diagonals (view id `rope_scores`).
//
// Three figures for one pair of vectors q, k of width d (the State's d: a head's width):
//   - the score R(m w)q . R(n w)k against the offset n - m, from -R to R (core/rope_decay.hpp, sampled
//     at whole offsets, at most kRopeCurveBudget pair evaluations per curve);
//   - RoFormer's relative upper bound (1/(d/2)) sum_j |S_j| against the same offsets, with the score
//     in the same units, |score| / (max|dh| d/2), under it;
//   - the (m, n) map of the score for m, n = floor(pos) .. floor(pos) + cells - 1, computed per cell by a
//     fragment shader (src/gfx/rope_scores_renderer, shaders/rope_scores.*.glsl) from m and n
//     separately, coloured by score / (|q| |k|). The map's side is the view's window, capped so that
//     cells^2 * d/2 <= kRopeMapBudget.
// A note links to the rope_practice lesson: queries and keys are turned in every layer, values never.
// Curves are cached by (d, base, vectors, R); the map recomputes on the GPU only when its inputs change.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/rope_decay.hpp"
#include "gfx/rope_scores_renderer.hpp"
#include "state/state.hpp"
#include "ui/keyed_cache.hpp"
#include "ui/view_context.hpp"

namespace app {

// Pair evaluations (one sin/cos of one pair) allowed for one map, and for one curve.
constexpr double kRopeMapBudget = 2097152.0;    // 2^21
constexpr double kRopeCurveBudget = 1048576.0;  // 2^20

struct RopeScoresCache {
  // The view's own settings are the State's scoresVectors (RopeVectors, view_options.hpp), scoresOffsets
  // (the curves span n - m = -R .. R) and scoresWindow (map positions per side before the work cap).
  // The curves, for the (d, base, vectors, offsets) in curve_key.
  KeyedCache<int, double, RopeVectors, int> curve_key;
  std::vector<double> q, k, rs;
  pe::RopeDecay decay;
  // Where the map was drawn last frame (display coordinates) and what it showed.
  ImVec2 map_min{0, 0}, map_max{0, 0};
  std::int64_t map_first = 0;
  int map_cells = 0;
  bool map_drawn = false;
  gfx::RopeScoresRenderer renderer;
};

void draw_rope_scores(State& s, RopeScoresCache& cache, const ViewContext& ctx);
// The view's key numbers in words, for describe().
std::string describe_rope_scores(const State& s, const RopeScoresCache& cache);

// The q and k the view uses for a choice of vectors at width d (seeded: the same on every platform).
void rope_scores_vectors(RopeVectors v, int d, std::vector<double>& q, std::vector<double>& k);
// Positions per side of the map for a window and a head width: the window, capped by kRopeMapBudget.
int rope_scores_map_cells(int window, int d);

}  // namespace app
