#include "ui/matrix_axis.hpp"
#include "ui/figure_mark.hpp"

#include <algorithm>

#include "ui/style.hpp"

namespace app {

void matrix_frame(ImDrawList* dl, ImVec2 a, ImVec2 b) {
  mark_figure(a, b);
  dl->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), colors::axis);
}

void left_tick(ImDrawList* dl, float edge, float y, const char* text, ImU32 text_col, float len, float gap) {
  if (len > 0) dl->AddLine(ImVec2(edge - len, y), ImVec2(edge, y), colors::axis);
  const float tw = ImGui::CalcTextSize(text).x;
  dl->AddText(ImVec2(edge - gap - tw, y - ImGui::GetTextLineHeight() / 2), text_col, text);
}

void top_tick(ImDrawList* dl, float x, float edge, const char* text, ImU32 text_col, float len, float gap, float lo, float hi) {
  if (len > 0) dl->AddLine(ImVec2(x, edge - len), ImVec2(x, edge), colors::axis);
  const float tw = ImGui::CalcTextSize(text).x;
  const float left = x - tw / 2;
  dl->AddText(ImVec2(lo <= hi - tw ? std::clamp(left, lo, hi - tw) : left, edge - gap - ImGui::GetTextLineHeight()), text_col, text);
}

}  // namespace app
