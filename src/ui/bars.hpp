// Bars: a strip of signed bars, one per dimension (the input and embedding views' vectors), and a
// row holding one signed bar with its label and value (the adding and projections views' terms).
//
//   strip:  bar j spans [o.x + j·bw, o.x + (j+1)·bw], bw = w / count, from the zero line to
//           y(v) = o.y + h/2 − (v / ymax) · h/2, v cut to ±ymax; guides at ±1 (the encoding's range)
//   row:    the bar runs from the middle of its space by fraction · half of it (fraction in −1..1)
#pragma once
#include <span>
#include <string>

#include "imgui.h"

namespace app {

struct BarStrip {
  ImVec2 o;               // top left of the bars' panel
  float w = 0, h = 0;     // the panel's size
  double ymax = 1;        // the scale: ±ymax fills the panel
  int first = 0, count = 1;  // the dimensions shown

  float bar_w() const { return w / static_cast<float>(count); }
  float y(double v) const { return o.y + h * 0.5f - static_cast<float>(v / ymax) * h * 0.5f; }
  // The dimension under screen x (clamped to the ones shown).
  int dim_at(float x) const;
};

// The panel, a band behind the two bars of `selected_pair`, guides at ±1, the bars of `values`
// (indexed by dimension) in `col`, the zero line in `zero_col`, and the scale's numbers left of the
// panel (the ends and 0, and ±1 where they clear those).
void draw_bar_strip(ImDrawList* dl, const BarStrip& b, std::span<const double> values, ImU32 col, int selected_pair, ImU32 zero_col,
                    float sc);
// A strip's heading: its name in `col`, then its note in the dim colour on the same line or, where
// both do not fit in `width`, on a line of its own. bar_strip_heading_height is the height it takes.
float bar_strip_heading_height(const char* name, const char* note, float width, float sc);
void bar_strip_heading(ImDrawList* dl, ImVec2 p, const char* name, const char* note, ImU32 col, float width, float sc);
// The dimension numbers under a strip whose panel starts `axis_w` right of p.x and is `plot_w` wide:
// every 2nd, 4th or 8th dimension, or fewer where the numbers would run into each other (a phone).
void bar_strip_dims(ImDrawList* dl, ImVec2 p, float axis_w, float plot_w, int first, int count, float sc);

// One row at the cursor, the width available: `label` in `text_col` (above the bar when `stacked`,
// else left of it in `label_w`), the bar in `bar_col` from the zero line by `fraction` (−1..1) of
// half its space, a zero tick, and `value` right-aligned in `text_col` and `value_font`.
void signed_bar_row(const char* label, double fraction, const std::string& value, ImU32 bar_col, ImU32 text_col, float label_w,
                    float value_w, bool stacked, ImFont* value_font, float sc);

}  // namespace app
