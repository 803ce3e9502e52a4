#include "ui/log_axis.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/style.hpp"

namespace app {

std::string decade_label(int e, const char* unit) {
  char buf[32];
  if (e >= 0 && e <= 2)
    std::snprintf(buf, sizeof buf, "%s%s", e == 0 ? "1" : e == 1 ? "10" : "100", unit);
  else
    std::snprintf(buf, sizeof buf, "1e%d%s", e, unit);
  return buf;
}

std::vector<double> decade_ticks(double lo, double hi, int every) {
  std::vector<double> out;
  every = std::max(1, every);
  for (double e = std::ceil(lo); e <= hi + 1e-9; e += 1)
    if (static_cast<int>(e) % every == 0) out.push_back(e);
  return out;
}

int decade_every(int decades, int room, int length) { return std::max(1, (decades * room + length - 1) / std::max(1, length)); }

void log_x_decades(ImDrawList* dl, const Plot& p, int e0, int e1, float sc) {
  const float decade = p.width() / static_cast<float>(std::max(1, e1 - e0));
  const int every = decade >= 2 * ImGui::CalcTextSize(decade_label(e1).c_str()).x + 8 * sc ? 1 : 2;
  for (int e = e0; e <= e1; ++e) {
    const float x = p.sx(std::pow(10.0, e));
    dl->AddLine(ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), colors::grid);
    if ((e - e0) % every == 0)
      x_tick(dl, p, x, decade_label(e).c_str(), sc);
    else
      dl->AddLine(ImVec2(x, p.hi.y), ImVec2(x, p.hi.y + 4 * sc), colors::axis);
  }
}

void log_y_decades(ImDrawList* dl, const Plot& p, int e0, int e1, std::initializer_list<int> labelled, const char* unit, float sc) {
  const float line = ImGui::GetTextLineHeight();
  for (int e = e0; e <= e1; ++e) {
    const float y = p.sy(std::pow(10.0, e));
    dl->AddLine(ImVec2(p.lo.x, y), ImVec2(p.hi.x, y), colors::grid);
    if (std::find(labelled.begin(), labelled.end(), e) == labelled.end()) continue;
    const std::string t = decade_label(e, unit);
    dl->AddText(ImVec2(p.lo.x - ImGui::CalcTextSize(t.c_str()).x - metrics::label_gap * sc, y - line / 2), colors::ink, t.c_str());
  }
}

}  // namespace app
