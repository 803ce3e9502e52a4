// Lesson: float32 (view id `precision`). What 24-bit floats do to the encoding at large positions:
// the error |float32 - double| of the selected dimension against position (log axis, 1 .. 1e7), every
// pair's error at one position, and a table at 10, 1e3, 1e5, 1e6, 1e7. Two float32 routes, both from
// core/float32_encoding: the naive angle fl(fl(pos) fl(w)), and the heatmap shader's integer phase.
#pragma once
#include <string>
#include <vector>

#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct PrecisionCache {
  int component = 0;    // 0: sin dimension 2i, 1: cos dimension 2i+1 (view-local)
  // Error against position, one entry per pixel column: the largest error among the sampled
  // integer positions in that column.
  KeyedCache<int, double, int, int, int> curve_key;  // d, base, pair, component, columns
  std::vector<double> naive_err, shader_err;
  // Each pair's error at the State's precisionPos (largest of its sin and cos).
  KeyedCache<int, double, double> pairs_key;  // d, base, precisionPos
  std::vector<double> pair_naive_err, pair_shader_err;
  // The selected pair's naive angle error fl(fl(pos) fl(w)) - w pos in float32, float16 and bfloat16
  // (pe::FloatFormat order; radians reduced to [0, pi], infinity where the angle overflows), one entry
  // per pixel column of the half-precision chart: the largest among its sampled whole positions.
  KeyedCache<int, double, int, int> half_key;  // d, base, pair, columns
  std::array<std::vector<double>, 3> half_err;
};

void draw_precision(State& s, PrecisionCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_precision(const State& s, const PrecisionCache& cache);

}  // namespace app
