// Keys (legends): which colour or line is which. Three forms, for where a view has room:
//   plot_key    a box in a plot's corner, one row per entry: a line of the entry's colour and its
//               words; the top right corner, or the first other corner the data leave free;
//   key_box     the same in an opaque box with a border at a given point (solid or dashed lines);
//   key_row     one entry as ImGui items at the cursor (swatch, then words wrapped at spaces), for a
//               key beside or below a chart;
//   key_flow    entries side by side from the cursor, a new row where the next does not fit, each
//               a swatch (a line, bar, dot, ring or square) and its words; key_item draws one at a point;
//   ramp_bar    a colour scale: a bar whose colour runs linearly between stops (the heatmap's
//               -1 blue, 0 white, +1 red), with a border.
// Sizes are UI pixels times the scale `sc`, as everywhere in the views.
#pragma once
#include <initializer_list>
#include <span>
#include <string>
#include <utility>

#include "imgui.h"
#include "ui/plot.hpp"

namespace app {

struct LabelPlacer;

// A small key in a plot's top right corner: a line of `col` and its label, one per row.
void plot_key(const Plot& p, std::initializer_list<std::pair<ImU32, std::string>> rows, float sc);
// The same for rows known only at run time (a key of the series actually drawn).
void plot_key(const Plot& p, std::span<const std::pair<ImU32, std::string>> rows, float sc);
// The same, kept off the data `avoid` holds: the top right corner when it is free, else the free
// corner among top left, bottom right and bottom left, else the one that covers least.
void plot_key(const Plot& p, std::initializer_list<std::pair<ImU32, std::string>> rows, float sc, const LabelPlacer& avoid);

// One entry of a key_box or a key_row: a solid or dashed line of `col`.
struct KeyEntry {
  ImU32 col;
  const char* text;
  bool dashed = false;
};
// The size of key_box's box for these entries: one line each, or, given a `width`, no wider than it,
// each entry's words wrapped at spaces (a longer language under a narrow chart).
ImVec2 key_box_size(std::span<const KeyEntry> entries, float sc, float width = 0);
// The entries in an opaque box (colors::paper, a border in colors::axis) with its top left at `at`,
// so curves never run through their words; `width` as for key_box_size.
void key_box(ImDrawList* dl, ImVec2 at, std::span<const KeyEntry> entries, float sc, float width = 0);
// One entry as items at the cursor: a 22 px swatch line, then the words wrapped at spaces from 30 px
// on (to the wrap position the caller pushed); the cursor ends at the start of the next line.
void key_row(const KeyEntry& e, float sc);

// The mark a key shows for an entry, over [x, x + w] on the line through y (the middle of its text
// line): a line `thickness` thick across it; a bar across it `size` above and below the line; a dot
// or ring of radius `size` (a ring `thickness` thick, in `segments`, 0: ImGui's choice) or a square
// of half side `size`, centred at x + w / 2.
struct Swatch {
  enum Mark { line, bar, dot, ring, square };
  Mark mark = line;
  ImU32 col = 0;
  float size = 0;
  float thickness = 1;
  int segments = 0;
};
void key_swatch(ImDrawList* dl, float x, float y, float w, const Swatch& s);

// One entry of a flowing key, and how the entries are spaced: the swatch `swatch` wide, its words
// `gap` after it in `text_col`, the next entry `space` after the words, rows `row_gap` apart.
struct FlowEntry {
  Swatch swatch;
  const char* text;
};
struct KeyFlow {
  float swatch = 18, gap = 6, space = 20, row_gap = 4;
  ImU32 text_col = 0;
};
// One entry with its text line's top left at `at` (the swatch's left end), its words wrapped at
// `wrap` pixels (0: never): returns the size it takes (the space after it not included).
ImVec2 key_item(ImDrawList* dl, ImVec2 at, const FlowEntry& e, const KeyFlow& k, float wrap = 0);
// The entries from the cursor across `width`: an entry goes on the row while its swatch and words fit
// before the right edge, else starts the next row (an entry wider than the whole width wraps its
// words on rows of its own). Reserves the rows (a Dummy `width` wide) and returns their height.
float key_flow(std::span<const FlowEntry> entries, float width, const KeyFlow& k);

// A bar over [lo, hi] from `left` to `right` colour, linear, with a border in `border`.
void ramp_bar(ImDrawList* dl, ImVec2 lo, ImVec2 hi, ImU32 left, ImU32 right, ImU32 border);
// The same from `neg` at the left through `zero` in the middle to `pos` at the right.
void ramp_bar(ImDrawList* dl, ImVec2 lo, ImVec2 hi, ImU32 neg, ImU32 zero, ImU32 pos, ImU32 border);

}  // namespace app
