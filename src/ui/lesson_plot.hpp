// Small plotting helpers for the lesson views (waves, periods, ranges, similarity, precision, ...): a
// frame with numbered axes drawn straight into the window's ImDrawList, data <-> screen mapping, dashed
// lines and number formatting for axis labels. Linear or log10 axes (plot_frame draws a log10 y axis;
// a view that draws its own axes, such as precision, may map a log10 x axis too, through plot_rect).
#pragma once
#include <algorithm>
#include <initializer_list>
#include <span>
#include <utility>
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
// A tick number on an axis whose ticks are `step` apart: every digit that tells neighbouring ticks
// apart, thousands grouped (1,000,040 beside 1,000,020 at pos = 10^6, never "1e6" twice), decimals
// only as many as the step needs. Only a round value on a coarse axis (a decade of a log axis, ticks
// 10^5 or more apart) is written short, as 2.5e7: there the short form is exact and still distinct.
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

// [SECTION] Text that never breaks inside a number. Dear ImGui's own wrapping (TextWrapped, AddText
// with a wrap width, CalcTextSize with one) may break after '.' or ',', splitting 2.5366 into "2." and
// "5366" or 60,611 into "60," and "611"; these break only at spaces and '\n'. They also keep a
// relation together: no break at a space beside '=', '≈', '≠', '≤' or '≥', so "d = 512" stays on one
// line, and none at a no-break space (U+00A0, drawn as a space) for any other pair of words that
// must stay together.

// One line of wrapped text: text.substr(begin, end - begin).
struct TextLine {
  size_t begin, end;
};
// The lines of `text` no wider than `width` as `measure` sees them, broken only where the rules above
// allow; a run that cannot be broken and is wider than `width` takes a line of its own.
template <class Measure>
std::vector<TextLine> wrap_at_spaces(std::string_view text, float width, Measure measure);
// The text as drawn: a no-break space becomes a plain space (the fonts have no glyph for U+00A0).
std::string shown_text(std::string_view text);
// Size of `text` wrapped at spaces to `width` in the current font (height: lines × line height).
ImVec2 wrapped_text_size(std::string_view text, float width);
// Draws `text` wrapped at spaces to `width` into a draw list at `pos`; returns its size.
ImVec2 add_text_wrapped(ImDrawList* dl, ImVec2 pos, ImU32 col, std::string_view text, float width);
// Wrapped text as ImGui items. width <= 0: the available width. The lines form a group, so text that
// follows an item on its line (SameLine) continues under its own first line, as TextWrapped's does.
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

// A small key in a plot's top right corner: a line of `col` and its label, one per row.
void plot_key(const Plot& p, std::initializer_list<std::pair<ImU32, std::string>> rows, float sc);
// The same for rows known only at run time (a key of the series actually drawn).
void plot_key(const Plot& p, std::span<const std::pair<ImU32, std::string>> rows, float sc);

// ---- implementation of the template above --------------------------------------------------------

namespace detail {
// Whether a line may break at the space text[at] (the rules of wrap_at_spaces).
bool may_break_at(std::string_view text, size_t at);
}  // namespace detail

template <class Measure>
std::vector<TextLine> wrap_at_spaces(std::string_view text, float width, Measure measure) {
  std::vector<TextLine> lines;
  const size_t n = text.size();
  constexpr size_t npos = std::string_view::npos;
  size_t start = 0;
  while (start < n) {
    const size_t para_end = std::min(text.find('\n', start), n);
    // The longest run of whole words from `start` that fits; at least one word.
    size_t best = npos, from = start;
    for (;;) {
      size_t cut = text.find(' ', from);
      while (cut < para_end && !detail::may_break_at(text, cut)) cut = text.find(' ', cut + 1);
      cut = std::min(cut, para_end);
      if (best != npos && measure(text.substr(start, cut - start)) > width) break;
      best = cut;
      if (cut >= para_end) break;
      from = cut + 1;
    }
    lines.push_back({start, best});
    size_t next = best;
    while (next < para_end && text[next] == ' ') ++next;
    if (next == para_end && para_end < n) ++next;  // the line break itself
    start = next;
  }
  return lines;
}

}  // namespace app
