// Where the figure is drawn this frame. The pieces that draw a lesson's data (plot frames, dials,
// matrices, bar strips; a view's own marks through mark_figure) report their rectangles, cut to the
// clip rectangle they are drawn in, so that what a scrolled-away or clipped child hides does not count.
// The tests read it to check that every view opens with its figure on the first screen
// (tests/views/test_figure_first.cpp); nothing on screen depends on it.
#pragma once
#include "imgui.h"

namespace app {

struct FigureMarks {
  int reported = 0;  // marks drawn, seen or not
  bool any = false;  // some mark is on screen
  ImVec2 min{0, 0}, max{0, 0};  // the union of this frame's marks, screen pixels
};

// At the start of a frame (app_frame).
void figure_marks_clear();
// A rectangle of data drawn in the current window, cut to its draw list's clip rectangle.
void mark_figure(ImVec2 min, ImVec2 max);
// The last item (a Dummy a view draws into, a table of data just ended) as a mark of the figure.
void mark_figure_item();
const FigureMarks& figure_marks();

}  // namespace app
