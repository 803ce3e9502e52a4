#include "ui/dial_row.hpp"

#include <algorithm>
#include <cmath>

namespace app {

DialRow dial_row(int count, float width, ImVec2 cell, float dial, float top, float gap, float pad) {
  DialRow r;
  r.count = std::max(count, 0);
  r.cell = cell;
  r.dial = dial;
  r.top = top;
  r.gap = gap;
  r.pad = pad;
  const float fit = cell.x > 0 ? std::floor((width + 0.01f) / cell.x) : 1.0f;
  r.cols = std::clamp(static_cast<int>(std::min(fit, 1e6f)), 1, std::max(r.count, 1));
  return r;
}

ImVec2 DialRow::cell_pos(ImVec2 o, int i, float row_gap) const {
  return ImVec2(o.x + cell.x * static_cast<float>(col(i)), o.y + (cell.y + row_gap) * static_cast<float>(row(i)));
}

DialColumns dial_columns(float width, float cell_w, float side_from, float side_w, int most) {
  DialColumns c;
  c.side_labels = width >= side_from;
  c.label_w = c.side_labels ? side_w : 0;
  c.count = std::clamp(static_cast<int>((width - c.label_w) / cell_w), 1, std::max(most, 1));
  return c;
}

float turns_cell_width(float dial, float pad, float sc) {
  return std::max(dial + pad, ImGui::CalcTextSize("6.6e-10 turns").x + 10 * sc);
}

std::vector<int> dial_pairs(int pairs, int count, std::initializer_list<int> want) {
  std::vector<int> out;
  const auto add = [&](int i) {
    if (i >= 0 && i < pairs && static_cast<int>(out.size()) < count && std::find(out.begin(), out.end(), i) == out.end())
      out.push_back(i);
  };
  for (int i : want) add(i);
  for (int k = 1; static_cast<int>(out.size()) < std::min(count, pairs) && k < count * 4; ++k) {
    // The midpoints of ever finer splits of 0 .. pairs - 1: parts = 1, 2, 2, 4, 4, 4, 4, ...
    const int parts = 1 << static_cast<int>(std::floor(std::log2(k)));
    add(static_cast<int>(std::lround((pairs - 1) * (2.0 * (k - parts) + 1) / (2.0 * parts))));
  }
  for (int i = 0; static_cast<int>(out.size()) < std::min(count, pairs); ++i) add(i);
  std::sort(out.begin(), out.end());
  return out;
}

void dial_row_next(const DialRow& r, int i) {
  if (r.col(i) > 0) ImGui::SameLine(0, 0);
}

void dial_label(ImDrawList* dl, const DialRow& r, ImVec2 p, float y, const char* text, ImU32 col, LabelAlign align) {
  float x = p.x + r.pad;
  if (align != LabelAlign::left) {
    const float w = ImGui::CalcTextSize(text).x;
    x = align == LabelAlign::centre ? p.x + (r.cell.x - w) / 2 : p.x + r.cell.x - w - r.pad;
  }
  dl->AddText(ImVec2(x, y), col, text);
}

}  // namespace app
