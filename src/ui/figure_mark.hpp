// Where the figure is drawn this frame. The pieces that draw a lesson's data (plot frames, dials,
// matrices, bar strips; a view's own marks through mark_figure) report their rectangles, cut to the
// clip rectangle they are drawn in, so that what a scrolled-away or clipped child hides does not count.
// The tests read it to check that every view opens with its figure on the first screen
// (tests/views/test_figure_first.cpp), and the tour bar leaves the figure that much room (kFigureShare).
#pragma once
#include <vector>

#include "imgui.h"

namespace app {

// What the first screen shows of a figure at least: all of it, or this share of the screen's height.
constexpr float kFigureShare = 0.35f;

struct FigureMarks {
  int reported = 0;  // marks drawn, seen or not
  bool any = false;  // some mark is on screen
  ImVec2 min{0, 0}, max{0, 0};  // the union of this frame's marks as their windows show them, screen pixels
  // The same marks as laid out, top and bottom, before the screen's bottom edge or the lesson's
  // scrolling cut them (a chart under the screen's bottom edge is here, not in min..max); a plot's own
  // clip rectangle or a child window's edge still cuts them.
  std::vector<ImVec2> laid;
};

// The lesson's first figure as laid out, top and bottom (y of both): the topmost laid mark and every
// mark that starts within `gap` of it or of one joined to it (a chart and its key; a later chart
// further down the lesson is another figure). {0, 0} without marks.
ImVec2 first_figure(const FigureMarks& m, float gap);

// Where the lesson starts drawing (draw_lesson), in the window that scrolls it: marks from here on count.
void figure_marks_clear();
// A rectangle of data drawn in the current window, cut to its draw list's clip rectangle.
void mark_figure(ImVec2 min, ImVec2 max);
// The last item (a Dummy a view draws into, a table of data just ended) as a mark of the figure.
void mark_figure_item();
const FigureMarks& figure_marks();

}  // namespace app
