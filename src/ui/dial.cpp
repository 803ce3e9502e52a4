#include "ui/dial.hpp"
#include "ui/figure_mark.hpp"

#include <algorithm>
#include <cmath>

#include "core/frequency.hpp"
#include "ui/style.hpp"

namespace app {

ImVec2 dial_point(ImVec2 c, float r, double x, double y) {
  return ImVec2(c.x + r * static_cast<float>(x), c.y - r * static_cast<float>(y));
}

ImVec2 hand_tip(ImVec2 c, float r, double theta) { return dial_point(c, r, std::sin(theta), std::cos(theta)); }

void dial_face(ImDrawList* dl, ImVec2 c, float r, bool selected, float rim, float selected_rim, float ui_scale) {
  mark_figure(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r));
  dl->AddCircleFilled(c, r, colors::dial_face, 48);
  dl->AddCircle(c, r, selected ? colors::selected : colors::dial_rim, 48, (selected ? selected_rim : rim) * ui_scale);
}

void dial_hand(ImDrawList* dl, ImVec2 c, ImVec2 tip, ImU32 col, float width, float dot, float ui_scale) {
  dl->AddLine(c, tip, col, width * ui_scale);
  dl->AddCircleFilled(tip, dot * ui_scale, col);
}

void dial_hub(ImDrawList* dl, ImVec2 c, float radius, float ui_scale) {
  dl->AddCircleFilled(c, radius * ui_scale, with_alpha(colors::marker, 255));
}

// ImGui's arc angles start at three o'clock and grow clockwise on screen: dial angle - pi/2.
void dial_wedge(ImDrawList* dl, ImVec2 c, float r, double from, double turn, ImU32 col, int segments) {
  dl->PathLineTo(c);
  dl->PathArcTo(c, r, static_cast<float>(from - pe::kPi / 2), static_cast<float>(from + turn - pe::kPi / 2), segments);
  dl->PathFillConvex(col);
}

void dial_sweep(ImDrawList* dl, ImVec2 c, float r, double turn, ImU32 col) {
  if (turn >= pe::kTwoPi) {
    dl->AddCircleFilled(c, r, col, 48);
    return;
  }
  if (!(turn > 1e-4)) return;
  const int pieces = std::max(1, static_cast<int>(std::ceil(turn / (pe::kPi / 2))));
  const ImDrawListFlags flags = dl->Flags;
  dl->Flags &= ~ImDrawListFlags_AntiAliasedFill;
  for (int k = 0; k < pieces; ++k) dial_wedge(dl, c, r, k * turn / pieces, turn / pieces, col, std::max(3, 40 / pieces));
  dl->Flags = flags;
}

}  // namespace app
