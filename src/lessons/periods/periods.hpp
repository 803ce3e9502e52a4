// Lesson: periods grow geometrically (view id `periods`, the article's Figure 3).
// The period 2*pi * base^(2i/d) of every pair i on a log axis: a straight line, since each period is
// base^(2/d) times the one before. A dashed line marks the window N; pairs above it do not finish one
// cycle inside the window. Click a point to select its pair.
#pragma once
#include <string>
#include <vector>

#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct PeriodsCache {
  KeyedCache<int, double> key;  // d, base
  std::vector<double> period;   // period of each pair for (d, base)
};

void draw_periods(State& s, PeriodsCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_periods(const State& s, const PeriodsCache& cache);

}  // namespace app
