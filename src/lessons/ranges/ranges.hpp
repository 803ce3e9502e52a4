// Lesson: slow dimensions are near-constant in short windows (view id `ranges`, the article's Figure 4).
// For every dimension j, how much it changes over positions 0..N-1 (max minus min, core/ranges.hpp),
// sin and cos dimensions in two colours, with counts of the dimensions that change by less than two
// thresholds (0.1 and 0.5 to begin with: 194 and 264 of 512 for d = 512, N = 64, as in the article).
#pragma once
#include <string>
#include <vector>

#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct RangesCache {
  // The ranges for (d, base, n); recomputed only when one of them changes.
  KeyedCache<int, double, int> key;  // d, base, n
  std::vector<double> range;
  // View-local thresholds.
  double small = 0.1;
  double medium = 0.5;
};

void draw_ranges(State& s, RangesCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_ranges(const State& s, const RangesCache& cache);

}  // namespace app
