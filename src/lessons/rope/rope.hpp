// Lesson: RoPE (view id `rope`).
// A query q at position m = pos and a key k at n = pos + k (offset held at s.k). RoPE turns pair i of
// each by its own angle (m w_i and n w_i); the score then depends on n - m only. Plots of the score
// against m at a fixed offset: flat for RoPE, wobbling for the additive encoding (q + PE(m)).(k + PE(n))
// on the same vectors. Dials for the selected pair and its neighbours show the turned q and k pairs
// keeping a fixed angle between them as both move.
#pragma once
#include <string>
#include <vector>

#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct RopeCache {
  KeyedCache<int> vectors_key;  // d
  std::vector<double> q, k;     // stand-in query and key vectors for the current d
  // Curves over the window of m, keyed by everything they depend on.
  KeyedCache<int, double, double, int, double> curve_key;  // d, base, k, n, start
  std::vector<double> ms, rope, additive;
  double lo = 0, hi = 1;  // shared y-range of both plots
};

void draw_rope(State& s, RopeCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_rope(const State& s, const RopeCache& cache);

}  // namespace app
