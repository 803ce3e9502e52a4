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
