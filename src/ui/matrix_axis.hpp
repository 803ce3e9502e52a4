// The axes of a matrix of cells drawn straight into the draw list (the heatmap, the RoPE score
// matrix) and of small panels that carry their own numbers: a frame one pixel outside the cells, and
// ticks on the left or top edge with their numbers beside them (the formula panel: numbers alone).
//
//   left tick at screen y:  a line from (edge - len, y) to (edge, y); the number's right end at
//                           edge - gap, its line centred on y
//   top tick at screen x:   a line from (x, edge - len) to (x, edge); the number centred on x (kept
//                           within [lo, hi] when given), its bottom at edge - gap
//
// len <= 0 draws the number alone. Lines are in colors::axis, 1 px.
#pragma once
#include <cfloat>

#include "imgui.h"

namespace app {

// The frame round the cells [a, b]: one pixel outside them, in colors::axis.
void matrix_frame(ImDrawList* dl, ImVec2 a, ImVec2 b);
void left_tick(ImDrawList* dl, float edge, float y, const char* text, ImU32 text_col, float len, float gap);
void top_tick(ImDrawList* dl, float x, float edge, const char* text, ImU32 text_col, float len, float gap, float lo = -FLT_MAX,
              float hi = FLT_MAX);

}  // namespace app
