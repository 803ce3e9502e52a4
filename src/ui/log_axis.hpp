// A log10 axis drawn by decades, for a plot whose axis is log10 (Plot::log_x / log_y): a grid line
// at every power of ten 10^e, e0 <= e <= e1, and a number at some of them:
//
//   decade_label(e) = "1", "10", "100" for e = 0, 1, 2, else "1e<e>" ("1e3", "1e-9"), then the unit.
//
// decade_ticks picks the labelled decades of an axis range (every `every`-th one, e % every == 0)
// for plot_frame's log y axis; log_x_decades / log_y_decades draw a whole axis for a view that
// draws its own frame (plot_rect), as the precision view's error charts do.
#pragma once
#include <initializer_list>
#include <string>
#include <vector>

#include "imgui.h"
#include "ui/plot.hpp"

namespace app {

std::string decade_label(int e, const char* unit = "");
// The whole exponents e in [lo, hi] (log10 values) with e % every == 0, from the lowest up.
std::vector<double> decade_ticks(double lo, double hi, int every);
// How many decades apart the numbers of a log axis `length` pixels long over `decades` decades
// must be so that each has `room` pixels: ceil(decades · room / length), at least 1.
int decade_every(int decades, int room, int length);

// Under a log x axis from 10^e0 to 10^e1: a grid line and a tick at every decade, and its number
// under the tick, at every decade or every other one where they would touch (a phone); the last one
// is pulled left to stay inside the frame.
void log_x_decades(ImDrawList* dl, const Plot& p, int e0, int e1, float sc);
// Beside a log y axis from 10^e0 to 10^e1: a grid line at every decade, and a number (with `unit`)
// left of the frame at the decades in `labelled`.
void log_y_decades(ImDrawList* dl, const Plot& p, int e0, int e1, std::initializer_list<int> labelled, const char* unit, float sc);

}  // namespace app
