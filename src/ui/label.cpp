#include "ui/label.hpp"

#include <algorithm>
#include <cmath>

namespace app {

void LabelPlacer::avoid_rect(ImVec2 a, ImVec2 b) {
  rects_.push_back({ImVec2(std::min(a.x, b.x), std::min(a.y, b.y)), ImVec2(std::max(a.x, b.x), std::max(a.y, b.y))});
}

void LabelPlacer::avoid_point(ImVec2 c, float radius) { avoid_rect(ImVec2(c.x - radius, c.y - radius), ImVec2(c.x + radius, c.y + radius)); }

void LabelPlacer::avoid_segment(ImVec2 a, ImVec2 b, float thickness) { segments_.push_back({a, b, thickness}); }

void LabelPlacer::avoid_polyline(std::span<const ImVec2> pts, float thickness) {
  for (size_t j = 1; j < pts.size(); ++j) avoid_segment(pts[j - 1], pts[j], thickness);
}

namespace {

// Length of the segment a-b inside the rectangle [lo, hi] (Liang-Barsky clipping).
float clipped_length(ImVec2 a, ImVec2 b, ImVec2 lo, ImVec2 hi) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  float t0 = 0, t1 = 1;
  const float p[4] = {-dx, dx, -dy, dy};
  const float q[4] = {a.x - lo.x, hi.x - a.x, a.y - lo.y, hi.y - a.y};
  for (int k = 0; k < 4; ++k) {
    if (p[k] == 0) {
      if (q[k] < 0) return 0;
      continue;
    }
    const float t = q[k] / p[k];
    if (p[k] < 0)
      t0 = std::max(t0, t);
    else
      t1 = std::min(t1, t);
    if (t0 > t1) return 0;
  }
  return (t1 - t0) * std::sqrt(dx * dx + dy * dy);
}

}  // namespace

ImVec2 LabelPlacer::inside(ImVec2 at, ImVec2 size) const {
  // The far edge first, then the near one: a label wider than the bounds keeps its left edge on them.
  at.x = std::max(std::min(at.x, hi.x - size.x), lo.x);
  at.y = std::max(std::min(at.y, hi.y - size.y), lo.y);
  return at;
}

float LabelPlacer::cost(ImVec2 at, ImVec2 size) const {
  const ImVec2 a = inside(at, size), b(a.x + size.x, a.y + size.y);
  float c = 0;
  for (const Rect& r : rects_) {
    const float w = std::min(b.x, r.b.x) - std::max(a.x, r.a.x), h = std::min(b.y, r.b.y) - std::max(a.y, r.a.y);
    if (w > 0 && h > 0) c += w * h;
  }
  for (const Segment& s : segments_) {
    // The line is as wide as it is drawn: grow the label by half the thickness on each side.
    const float t = s.thickness / 2;
    c += clipped_length(s.a, s.b, ImVec2(a.x - t, a.y - t), ImVec2(b.x + t, b.y + t)) * std::max(s.thickness, 1.0f);
  }
  return c;
}

ImVec2 LabelPlacer::place(ImVec2 size, std::span<const ImVec2> candidates) {
  if (candidates.empty()) return lo;
  size_t best = 0;
  float best_cost = 0;
  for (size_t j = 0; j < candidates.size(); ++j) {
    const float c = cost(candidates[j], size);
    if (j == 0 || c < best_cost) best = j, best_cost = c;
    if (c <= 0) break;
  }
  const ImVec2 at = inside(candidates[best], size);
  avoid_rect(at, ImVec2(at.x + size.x, at.y + size.y));
  return at;
}

std::vector<ImVec2> LabelPlacer::around(ImVec2 anchor, ImVec2 size, float gap) {
  const float right = anchor.x + gap, left = anchor.x - gap - size.x, centre = anchor.x - size.x / 2;
  const float above = anchor.y - gap - size.y, below = anchor.y + gap;
  return {ImVec2(right, above), ImVec2(right, below), ImVec2(left, above), ImVec2(left, below), ImVec2(centre, above), ImVec2(centre, below)};
}

float beside_line(float x, float w, float right, float gap, float back, float room) {
  return x + w + room > right ? x - w - back : x + gap;
}

}  // namespace app
