// Small plotting helpers for the lesson views (waves, periods, ranges, similarity, precision, ...): a
// frame with numbered axes drawn straight into the window's ImDrawList, data <-> screen mapping, dashed
// lines and number formatting for axis labels. Linear or log10 axes (plot_frame draws a log10 y axis;
// a view that draws its own axes, such as precision, may map a log10 x axis too, through plot_rect).
#pragma once
#include <string>
#include <string_view>
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
// Clips drawing to the inner rectangle and `outset` pixels beyond its right and bottom edges (1: a
// line on the last value shows whole; 0: nothing crosses the frame); plot_clip_pop() ends it.
void plot_clip_push(const Plot& p, float outset = 1.0f);
void plot_clip_pop();

// "Nice" tick values (1, 2, 5 times a power of ten) covering [lo, hi], at most about max_ticks.
std::vector<double> nice_ticks(double lo, double hi, int max_ticks);
// A tick number: integers as integers, 1e6 and above as 1e6, small steps with the needed decimals.
std::string tick_label(double v, double step);
// A number with thousands separators: 60611 -> "60,611"; `decimals` after the point.
std::string grouped(double v, int decimals = 0);

void dashed_line(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash);
// Text with a white halo so it stays readable over lines.
void halo_text(ImDrawList* dl, ImVec2 pos, ImU32 col, const char* text);

// Distinct curve colours (not the selection green).
ImU32 series_color(int i);

// c with alpha a (0..255): e.g. a faint line in a palette colour (colors::* are runtime values).
ImU32 with_alpha(ImU32 c, int a);
// c mixed with colors::paper: t = 1 gives c, t = 0 paper (a faint background in a palette colour, on
// white or on the dark theme's paper).

ImU32 tint(ImU32 c, float t);
// Wrapped text that breaks lines at spaces (and at '\n') only. ImGui's TextWrapped may also break
// after '.' or ',', which can split a number such as 0.9646 across two lines. width <= 0: the
// available width. The lines form a group, so text that follows an item on its line (SameLine)
// continues under its own first line, as TextWrapped's does.
void text_wrapped_at_spaces(std::string_view text, float width = 0);

// [SECTION] Layout for narrow windows: phones, 360 px columns, figures in small frames, large UI
// scales. Widths are screen pixels (UI pixels times the scale), as everywhere in the views.

// Flow layout: call before an item `w` pixels wide that would follow the previous item on its line.
// It stays on that line (ImGui::SameLine) when it fits before the right edge of the window or table
// cell, and starts a new line otherwise. spacing < 0: the style's item spacing. Returns true when it
// stayed on the line.
bool same_line_if_fits(float w, float spacing = -1.0f);
// The widths an item with this label takes, for same_line_if_fits() (the part after "##" not shown).
float button_width(const char* label);
float checkbox_width(const char* label);  // also a radio button's
// Text after the previous item on its line when it fits there, else on a line of its own, wrapped at
// spaces when wider than the window.
void text_after(std::string_view text, float spacing = -1.0f);
// A table whose columns keep their natural widths and scroll sideways when the space is narrower than
// `min_width`; wider, it is ImGui::BeginTable(id, columns, flags) unchanged. `rows` body rows of one
// text line each (plus the header row) set its height when it scrolls. Ends with ImGui::EndTable().
bool begin_table_fit(const char* id, int columns, ImGuiTableFlags flags, float min_width, int rows);

}  // namespace app
