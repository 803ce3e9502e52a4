// A label placer that keeps labels off the data. The caller tells it what the plot shows (the data's
// screen rectangles, points and polylines, and labels already placed) and, for each label, the spots
// it may take in order of preference; place() takes the first spot inside the bounds that touches
// nothing, or else the one that covers least:
//
//   cost(spot) = area of the spot over rectangles (a point is a square of its radius)
//              + length of polyline inside the spot × the line's thickness
//
// A spot reaching outside the bounds is first shifted inside them. Pure geometry (screen pixels, y
// down): no drawing, so tests/views/test_plot_pieces.cpp checks its choices against hand-worked ones.
// (The one drawing piece, placed_key at the end, only draws where the placer says.)
//
// While a test has set a log (label_log), every place() also writes down the rectangle it gave and
// what that covered, so a view test can check that the labels of a drawn frame touch none of the
// marks they were told to keep off.
#pragma once
#include <span>
#include <vector>

#include "imgui.h"
#include "ui/key.hpp"

namespace app {

struct LabelPlacer {
  ImVec2 lo, hi;  // where labels may go (usually the plot's inner rectangle)

  LabelPlacer(ImVec2 bounds_lo, ImVec2 bounds_hi) : lo(bounds_lo), hi(bounds_hi) {}

  // What a label must not cover.
  void avoid_rect(ImVec2 a, ImVec2 b);
  void avoid_point(ImVec2 c, float radius);
  void avoid_polyline(std::span<const ImVec2> pts, float thickness);
  void avoid_segment(ImVec2 a, ImVec2 b, float thickness);

  // The top left of the chosen spot for a label of `size`, among `candidates` (top left corners, in
  // order of preference). The label is then avoided by later ones. No candidates: lo.
  ImVec2 place(ImVec2 size, std::span<const ImVec2> candidates);
  // The spot place() would take (shifted inside) and what it covers there, without taking it: a view
  // that has a second form of a label (a shorter text, a key below the chart) asks first.
  struct Choice {
    ImVec2 at;
    float cost = 0;
  };
  Choice choose(ImVec2 size, std::span<const ImVec2> candidates) const;
  // What a label of `size` with its top left at `at` would cover (0: nothing), after shifting it inside.
  float cost(ImVec2 at, ImVec2 size) const;
  // The spot shifted inside the bounds (a spot larger than the bounds keeps its left or top edge on them).
  ImVec2 inside(ImVec2 at, ImVec2 size) const;

  // Candidate spots for a label of `size` beside an anchor point, `gap` away: right above, right
  // below, left above, left below, centred above, centred below (in that order).
  static std::vector<ImVec2> around(ImVec2 anchor, ImVec2 size, float gap);
  // `count` spots in a row: `first`, then each `step` after the one before (a label sliding along a
  // line, or down a column of rows).
  static std::vector<ImVec2> along(ImVec2 first, ImVec2 step, int count);
  // The four corners of the bounds for a label of `size`, `inset` inside them: top right, top left,
  // bottom right, bottom left (a key's usual corner first).
  std::vector<ImVec2> corners(ImVec2 size, float inset) const;

 private:
  struct Rect {
    ImVec2 a, b;
  };
  struct Segment {
    ImVec2 a, b;
    float thickness;
  };
  std::vector<Rect> rects_;
  std::vector<Segment> segments_;
};

// The left edge of a label `w` wide beside a vertical line at screen x (a marker line: the selected
// offset or position), so that it stays inside a plot whose right edge is `right`: right of the line,
// `gap` away, while the label's right end keeps `room` from the edge; else left of it, `back` away.
//
//   x + w + room <= right  ?  x + gap  :  x - w - back
float beside_line(float x, float w, float right, float gap, float back, float room);

// A label place() gave out while a log was set: its rectangle and what it covered there (0: nothing).
struct PlacedLabel {
  ImVec2 lo, hi;
  float cost = 0;
};
// Every place() from now on appends to *log (nullptr: stop). For tests; the app never sets one.
void label_log(std::vector<PlacedLabel>* log);

// A key put in the plot by the placer: the entries (key_item's swatches and words, one a row) on a
// halo box `pad` wider than them each side. The box goes at the first of `spots` (its top left
// corners: usually corners(placed_key_size(...), inset)) that covers nothing, and is avoided from then
// on; where every spot covers data, nothing is drawn and the result is false: the caller puts the key
// beside or below the chart instead (key_flow), never over the curves it names.
ImVec2 placed_key_size(std::span<const FlowEntry> entries, const KeyFlow& k, float pad);
bool placed_key(ImDrawList* dl, LabelPlacer& placer, std::span<const FlowEntry> entries, const KeyFlow& k, float pad,
                std::span<const ImVec2> spots);

}  // namespace app
