// A row of dials (the clock, RoPE, base, long-context and gotcha views): `count` cells of one size side
// by side, as many to a row as the width holds (at least one), wrapping onto further rows. A cell has
// its title line at the top, the dial under it and the dial's labels under the dial:
//
//   cols = clamp(floor((width + 0.01) / cell.x), 1, count)   (0.01 px: a width of exactly n cells
//                                                            holds n, whatever the float rounding)
//   dial i is in row i / cols, column i % cols; its cell's top left is
//   o + (column · cell.x, row · (cell.y + row_gap))
//   in the cell at p:  centre = (p.x + cell.x / 2, p.y + top + dial / 2)
//                      first label line at y = p.y + top + dial + gap
//
// A matrix of dials (the RoPE-base and long-context views) is such rows, one per base or method, a
// column per pair: dial_columns says how many pairs fit beside the rows' names and dial_pairs which.
//
// dial_row, dial_columns, dial_pairs and the DialRow members are pure geometry (tests/views/test_plot_pieces.cpp checks them by
// hand). Cells that are ImGui items (pair_cell) are placed with dial_row_next, which puts the next
// cell beside the last unless it starts a row; ImGui's line spacing then separates the rows.
#pragma once
#include <initializer_list>
#include <vector>

#include "imgui.h"

namespace app {

struct DialRow {
  int count = 0;     // dials
  int cols = 1;      // dials per row
  ImVec2 cell;       // one cell's size: title line, dial and labels
  float dial = 0;    // the dial's diameter (its face is drawn a little inside)
  float top = 0;     // from the cell's top to the dial's top: the title line and a gap
  float gap = 0;     // from the dial's bottom to its first label line
  float pad = 0;     // labels aligned left or right keep this far inside the cell

  int rows() const { return cols > 0 ? (count + cols - 1) / cols : 0; }
  int row(int i) const { return i / cols; }
  int col(int i) const { return i % cols; }
  // The top left of dial i's cell when the row starts at o.
  ImVec2 cell_pos(ImVec2 o, int i, float row_gap = 0) const;
  // In the cell whose top left is p: the dial's centre, and the top of its first label line.
  ImVec2 centre(ImVec2 p) const { return ImVec2(p.x + cell.x / 2, p.y + top + dial / 2); }
  float label_y(ImVec2 p) const { return p.y + top + dial + gap; }
};

DialRow dial_row(int count, float width, ImVec2 cell, float dial, float top, float gap, float pad = 0);

// The columns of a dial matrix `width` wide with cells `cell_w` wide: the rows' names in a column
// `side_w` wide at the left where the width holds it (width >= side_from), else above each row
// (label_w 0), and as many pair columns as fit beside them:
//   count = clamp(int((width - label_w) / cell_w), 1, most)
struct DialColumns {
  bool side_labels = false;  // the names in a column at the left
  float label_w = 0;         // that column's width (0: the names go above the rows)
  int count = 1;             // pair columns
};
DialColumns dial_columns(float width, float cell_w, float side_from, float side_w, int most = 12);

// A cell of a dial matrix that shows turns under its dials: as wide as the dial and `pad`, or the
// widest English turns label ("6.6e-10 turns") and 10 px (times sc); a lesson widens it for its
// language's label (long_context, rope_base).
float turns_cell_width(float dial, float pad, float sc);

// The pairs (of 0 .. pairs - 1) a dial matrix shows, at most `count`, in increasing order: those of
// `want` first (in its order, skipping repeats and pairs out of range), then the midpoints of ever finer
// splits of 0 .. pairs - 1 (the middle, the quarters, ...), then the lowest pairs not yet shown.
std::vector<int> dial_pairs(int pairs, int count, std::initializer_list<int> want);

// Before the ImGui item of dial i's cell: beside the previous cell unless dial i starts a row.
void dial_row_next(const DialRow& r, int i);

enum class LabelAlign { left, centre, right };
// A label under the dial in the cell at p, its top at y: `pad` inside the cell's left or right edge,
// or centred on the dial.
void dial_label(ImDrawList* dl, const DialRow& r, ImVec2 p, float y, const char* text, ImU32 col, LabelAlign align);

}  // namespace app
