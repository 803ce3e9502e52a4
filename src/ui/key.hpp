// Keys (legends): which colour or line is which. Three forms, for where a view has room:
//   plot_key    a box in a plot's corner, one row per entry: a line of the entry's colour and its
//               words; the top right corner, or the first other corner the data leave free;
//   key_box     the same in an opaque box with a border at a given point (solid or dashed lines);
//   key_row     one entry as ImGui items at the cursor (swatch, then words wrapped at spaces), for a
//               key beside or below a chart;
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
// The size of key_box's box for these entries.
ImVec2 key_box_size(std::span<const KeyEntry> entries, float sc);
// The entries in an opaque box (colors::paper, a border in colors::axis) with its top left at `at`,
// so curves never run through their words.
void key_box(ImDrawList* dl, ImVec2 at, std::span<const KeyEntry> entries, float sc);
// One entry as items at the cursor: a 22 px swatch line, then the words wrapped at spaces from 30 px
// on (to the wrap position the caller pushed); the cursor ends at the start of the next line.
void key_row(const KeyEntry& e, float sc);

// A bar over [lo, hi] from `left` to `right` colour, linear, with a border in `border`.
void ramp_bar(ImDrawList* dl, ImVec2 lo, ImVec2 hi, ImU32 left, ImU32 right, ImU32 border);
// The same from `neg` at the left through `zero` in the middle to `pos` at the right.
void ramp_bar(ImDrawList* dl, ImVec2 lo, ImVec2 hi, ImU32 neg, ImU32 zero, ImU32 pos, ImU32 border);

}  // namespace app
