#include "ui/key.hpp"

#include <algorithm>

#include "ui/style.hpp"

namespace app {

void plot_key(const Plot& p, std::initializer_list<std::pair<ImU32, std::string>> rows, float sc) {
  plot_key(p, std::span<const std::pair<ImU32, std::string>>(rows.begin(), rows.size()), sc);
}

void plot_key(const Plot& p, std::span<const std::pair<ImU32, std::string>> rows, float sc) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float line = ImGui::GetTextLineHeight();
  float widest = 0;
  for (const auto& [col, label] : rows) widest = std::max(widest, ImGui::CalcTextSize(label.c_str()).x);
  const float x = p.hi.x - widest - 30 * sc;
  float y = p.lo.y + 4 * sc;
  dl->AddRectFilled(ImVec2(x - 6 * sc, y - 2 * sc), ImVec2(p.hi.x - 2 * sc, y + static_cast<float>(rows.size()) * line + 2 * sc),
                    colors::halo, 3 * sc);
  for (const auto& [col, label] : rows) {
    dl->AddLine(ImVec2(x, y + line / 2), ImVec2(x + 18 * sc, y + line / 2), col, 2.4f * sc);
    dl->AddText(ImVec2(x + 24 * sc, y), colors::ink, label.c_str());
    y += line;
  }
}

}  // namespace app
