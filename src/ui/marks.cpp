#include "ui/marks.hpp"

#include <algorithm>
#include <cmath>

#include "ui/label.hpp"
#include "ui/style.hpp"

namespace app {

void plot_hline(ImDrawList* dl, const Plot& p, float y, ImU32 col, float thickness) {
  dl->AddLine(ImVec2(p.lo.x, y), ImVec2(p.hi.x, y), col, thickness);
}

void plot_vline(ImDrawList* dl, const Plot& p, float x, ImU32 col, float thickness) {
  dl->AddLine(ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), col, thickness);
}

void dashed_line(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0 || dash <= 0) return;
  for (float t = 0; t < len; t += 2 * dash) {
    const float e = std::min(t + dash, len);
    dl->AddLine(ImVec2(a.x + dx * t / len, a.y + dy * t / len), ImVec2(a.x + dx * e / len, a.y + dy * e / len), col, thickness);
  }
}

void halo_text(ImDrawList* dl, ImVec2 pos, ImU32 col, const char* text) {
  const ImVec2 sz = ImGui::CalcTextSize(text);
  dl->AddRectFilled(ImVec2(pos.x - 2, pos.y), ImVec2(pos.x + sz.x + 2, pos.y + sz.y), colors::halo, 3);
  dl->AddText(pos, col, text);
}

void halo_text_beside(ImDrawList* dl, const Plot& p, float x, float y, ImU32 col, const char* text, float gap, float back, float room) {
  const float w = ImGui::CalcTextSize(text).x;
  halo_text(dl, ImVec2(beside_line(x, w, p.hi.x, gap, back, room), y), col, text);
}

void marker(ImDrawList* dl, int shape, ImVec2 q, float r, ImU32 col, float sc) {
  switch (shape) {
    case 0: dl->AddCircle(q, r, col, 12, 1.8f * sc); break;
    case 1:
      dl->AddLine(ImVec2(q.x - r, q.y - r), ImVec2(q.x + r, q.y + r), col, 2.0f * sc);
      dl->AddLine(ImVec2(q.x - r, q.y + r), ImVec2(q.x + r, q.y - r), col, 2.0f * sc);
      break;
    default: dl->AddRect(ImVec2(q.x - r, q.y - r), ImVec2(q.x + r, q.y + r), col, 0, 0, 2.0f * sc); break;
  }
}

}  // namespace app
