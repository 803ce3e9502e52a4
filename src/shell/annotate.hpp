// The lecturer's marks over the canvas while talking: a pen that draws strokes over any view, and a
// pointer (a bright dot that follows the mouse, pen or finger). Keys (app.cpp): d pen, l pointer,
// x clears the strokes, Esc leaves the mode. A view change clears the strokes, which belong to the
// picture they were drawn on.
#pragma once
#include <vector>

#include "imgui.h"
#include "state/lessons.hpp"

namespace app {

enum class AnnotateMode { off, pen, pointer };

struct Annotations {
  AnnotateMode mode = AnnotateMode::off;
  std::vector<std::vector<ImVec2>> strokes;  // screen pixels
  View view = View::count;                    // the view the strokes were drawn on
};

// Switches to `mode`, or back off when it is already on.
void toggle_annotate(Annotations& n, AnnotateMode mode);
// While a mode is on, a transparent window over the whole canvas takes the pointer (the views below
// do not react to it); draws the strokes and the pointer on top of everything, with a one-line hint
// of the keys. Call after the rest of the frame's UI.
void draw_annotations(Annotations& n, View current, float ui_scale);

}  // namespace app
