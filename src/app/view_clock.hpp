// Lesson: the clock-hand view. One dial per sin/cos pair; the hand's tip sits at
// (x, y) = (PE[2i], PE[2i+1]) = (sin(w_i pos), cos(w_i pos)), so it starts at twelve o'clock and turns
// clockwise by w_i radians per position. The ghost hand shows pos + k: every pair turned by w_i k.
#pragma once
#include <vector>

#include "state.hpp"

namespace app {

struct Fonts;

struct ClockCache {
  int d = 0;
  double base = 0;
  std::vector<double> omega;    // w_i for the current (d, base)
  std::vector<double> period;   // 2*pi / w_i
  float dial_size = 120.0f;     // dial diameter in unscaled pixels (user adjustable)
};

void draw_clock(State& s, ClockCache& cache, const Fonts& fonts, float ui_scale);

}  // namespace app
