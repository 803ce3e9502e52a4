// Lesson: the clock-hand view (view id `clock`).
// One dial per sin/cos pair; the hand's tip sits at (x, y) = (PE[2i], PE[2i+1]) =
// (sin(w_i pos), cos(w_i pos)): it starts at twelve o'clock and turns clockwise by w_i radians per
// position. The ghost hand shows pos + k, i.e. every pair turned by its own angle w_i k, and a panel
// works the rotation matrix for the selected pair with live numbers.
#pragma once
#include <string>
#include <vector>

#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct ClockCache {
  KeyedCache<int, double> key;  // d, base
  std::vector<double> omega;    // w_i for the current (d, base)
  std::vector<double> period;   // 2*pi / w_i
  float dial_size = 118.0f;     // dial diameter in unscaled pixels (user adjustable)
};

void draw_clock(State& s, ClockCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_clock(const State& s, const ClockCache& cache);

}  // namespace app
