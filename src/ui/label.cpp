#include "ui/label.hpp"

#include "ui/style.hpp"

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

namespace {
std::vector<PlacedLabel>* g_log = nullptr;  // label_log's: set by tests only
}  // namespace

void label_log(std::vector<PlacedLabel>* log) { g_log = log; }

LabelPlacer::Choice LabelPlacer::choose(ImVec2 size, std::span<const ImVec2> candidates) const {
  if (candidates.empty()) return {lo, cost(lo, size)};
  size_t best = 0;
  float best_cost = 0;
  for (size_t j = 0; j < candidates.size(); ++j) {
    const float c = cost(candidates[j], size);
    if (j == 0 || c < best_cost) best = j, best_cost = c;
    if (c <= 0) break;
  }
  return {inside(candidates[best], size), best_cost};
}

ImVec2 LabelPlacer::place(ImVec2 size, std::span<const ImVec2> candidates) {
  if (candidates.empty()) return lo;
  const Choice c = choose(size, candidates);
  const ImVec2 b(c.at.x + size.x, c.at.y + size.y);
  if (g_log) g_log->push_back({c.at, b, c.cost});
  avoid_rect(c.at, b);
  return c.at;
}

std::vector<ImVec2> LabelPlacer::around(ImVec2 anchor, ImVec2 size, float gap) {
  const float right = anchor.x + gap, left = anchor.x - gap - size.x, centre = anchor.x - size.x / 2;
  const float above = anchor.y - gap - size.y, below = anchor.y + gap;
  return {ImVec2(right, above), ImVec2(right, below), ImVec2(left, above), ImVec2(left, below), ImVec2(centre, above), ImVec2(centre, below)};
}

std::vector<ImVec2> LabelPlacer::along(ImVec2 first, ImVec2 step, int count) {
  std::vector<ImVec2> out;
  for (int j = 0; j < count; ++j) out.emplace_back(first.x + static_cast<float>(j) * step.x, first.y + static_cast<float>(j) * step.y);
  return out;
}

std::vector<ImVec2> LabelPlacer::corners(ImVec2 size, float inset) const {
  const float left = lo.x + inset, right = hi.x - inset - size.x, top = lo.y + inset, bottom = hi.y - inset - size.y;
  return {ImVec2(right, top), ImVec2(left, top), ImVec2(right, bottom), ImVec2(left, bottom)};
}

ImVec2 placed_key_size(std::span<const FlowEntry> entries, const KeyFlow& k, float pad) {
  const float line = ImGui::GetTextLineHeight();
  float w = 0;
  for (const FlowEntry& e : entries) w = std::max(w, k.swatch + k.gap + ImGui::CalcTextSize(e.text).x);
  const float rows = static_cast<float>(entries.size());
  return ImVec2(w + 2 * pad, rows * line + std::max(0.0f, rows - 1) * k.row_gap + 2 * pad);
}

bool placed_key(ImDrawList* dl, LabelPlacer& placer, std::span<const FlowEntry> entries, const KeyFlow& k, float pad,
                std::span<const ImVec2> spots) {
  const ImVec2 size = placed_key_size(entries, k, pad);
  if (spots.empty() || placer.choose(size, spots).cost > 0) return false;
  const ImVec2 at = placer.place(size, spots);
  dl->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), colors::halo, 3);
  float y = at.y + pad;
  for (const FlowEntry& e : entries) y += key_item(dl, ImVec2(at.x + pad, y), e, k).y + k.row_gap;
  return true;
}

float beside_line(float x, float w, float right, float gap, float back, float room) {
  return x + w + room > right ? x - w - back : x + gap;
}

}  // namespace app
