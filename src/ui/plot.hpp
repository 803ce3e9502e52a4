// A plot's frame drawn straight into the window's ImDrawList (implot style): the data <-> screen
// mapping (linear or log10 on each axis), the background, grid, tick numbers and axis titles, and
// clipping to the inner rectangle. plot_frame draws a linear x axis and a linear or log10 y axis; a
// view that draws its own axes (precision, with log_axis.hpp) maps through plot_rect.
//
//   sx(x) = lo.x + (v - x0) / (x1 - x0) · width,   v = log10(x) on a log axis, else x
//   sy(y) = hi.y - (v - y0) / (y1 - y0) · height   (screen y grows downwards)
#pragma once
#include <string>
#include <vector>

#include "imgui.h"

namespace app {

struct Plot {
  ImVec2 lo, hi;             // the inner plotting rectangle, screen pixels
  double x0 = 0, x1 = 1;     // data range along x (log10 of the values if log_x)
  double y0 = 0, y1 = 1;     // data range along y (log10 of the values if log_y)
  bool log_x = false;
  bool log_y = false;
  bool hovered = false;      // the mouse is over the plot (inner rectangle or its margins)
  bool clicked = false;      // pressed this frame
  bool held = false;         // button held (dragging)
  ImVec2 mouse;

  float sx(double x) const;  // x is a data value; log10 is applied when log_x (x <= 0 maps far left)
  float sy(double y) const;  // y is a data value; log10 is applied when log_y
  double x_at(float px) const;  // data values (not log10) for log axes
  double y_at(float py) const;
  float width() const { return hi.x - lo.x; }
  float height() const { return hi.y - lo.y; }
};

// Reserves `size` with an invisible button named `id`, draws the background, grid, tick numbers and
// axis labels, and returns the inner rectangle. For log_y, pass y0/y1 as values (> 0); they are
// stored as log10. Degenerate ranges are widened so the mapping never divides by zero.
// integer_x: x counts things (dimensions, pairs), so x ticks are whole numbers only.
Plot plot_frame(const char* id, ImVec2 size, double x0, double x1, double y0, double y1, bool log_y, const char* x_label,
                const char* y_label, float ui_scale, bool integer_x = false);
// A plot over the screen rectangle [lo, hi] that draws nothing: for a view that draws its own axes.
// Ranges are data values (> 0 on a log axis, stored as log10), widened like plot_frame's when empty.
Plot plot_rect(ImVec2 lo, ImVec2 hi, double x0, double x1, double y0, double y1, bool log_x, bool log_y);
// The plot's invisible button over `size` at the cursor (a plot_rect's, whose view draws the rest):
// the mouse state goes into p.
void plot_button(const char* id, ImVec2 size, Plot& p);
// The index of the first of the ascending sample positions `xs` at or past the data x under the mouse
// (the last one beyond them), or -1 when the mouse is not over the plot's width or there are none:
// the sample a tooltip reads.
int plot_sample_at_mouse(const Plot& p, const std::vector<double>& xs);
// Clips drawing to the inner rectangle and `outset` pixels beyond its right and bottom edges (1: a
// line on the last value shows whole; 0: nothing crosses the frame); plot_clip_pop() ends it.
void plot_clip_push(const Plot& p, float outset = 1.0f);
void plot_clip_pop();

// A plot with a panel beside it (the projections and similarity views: the values at k and the notes),
// or the panel below the plot in a window too narrow for both (a phone), where the plot takes the
// whole width. `side` is the panel's width, `keep` the height left under a plot beside it:
//   beside = avail.x >= side + 12 + 300              (pixels at UI scale 1, times sc)
//   side_w = beside ? side : min(side, avail.x)
//   plot   = beside ? (max(240, avail.x - side_w - 12), max(plot_min_height, avail.y - keep))
//                   : (avail.x,                         max(plot_min_height, 0.6 avail.y))
// Pure arithmetic: tests/views/test_plot_pieces.cpp checks it by hand.
struct PlotAndSide {
  bool beside = false;
  float side_w = 0;
  ImVec2 plot;
};
PlotAndSide plot_and_side(ImVec2 avail, float side, float keep, float sc);

// The labels of a frame its view draws (plot_rect; the precision charts), as plot_frame places its own:
//   plot_title     the chart's title in ink, left aligned on the frame, its top at the top of the
//                  chart's box `origin` (the line above the frame), or `short_title` where `title`
//                  would reach past `right`; wider still, it starts left of the frame, not before
//                  origin.x, and wider than that, in a smaller size (not under 75 %);
//   x_tick         a 4 px mark under the frame at screen x and its number under it, centred on the
//                  mark but pulled left to end inside the frame;
//   plot_x_title   the x axis title, dim, centred on the frame, under the tick numbers (a line and
//                  6 px under the frame). Pixels at UI scale 1, times sc.
void plot_title(ImDrawList* dl, const Plot& p, ImVec2 origin, float right, const std::string& title, const std::string& short_title);
void x_tick(ImDrawList* dl, const Plot& p, float x, const char* text, float sc);
void plot_x_title(ImDrawList* dl, const Plot& p, const char* text, float sc);

// "Nice" tick values (1, 2, 5 times a power of ten) covering [lo, hi], at most about max_ticks.
std::vector<double> nice_ticks(double lo, double hi, int max_ticks);

}  // namespace app
