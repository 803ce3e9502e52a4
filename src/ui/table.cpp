#include "ui/table.hpp"

#include <algorithm>
#include <utility>

namespace app {

bool begin_table_fit(const char* id, int columns, ImGuiTableFlags flags, float min_width, int rows) {
  if (ImGui::GetContentRegionAvail().x >= min_width) return ImGui::BeginTable(id, columns, flags);
  // Narrow: natural column widths, a sideways scrollbar, and a height that holds every row (the
  // table's own child window would otherwise take all the height left).
  const ImGuiStyle& st = ImGui::GetStyle();
  const float row_h = ImGui::GetTextLineHeight() + 2 * st.CellPadding.y + 1;
  const float height = static_cast<float>(rows + 1) * row_h + st.ScrollbarSize + 4;
  // (Columns set up without a width fit their contents under SizingFixedFit.)
  flags = (flags & ~ImGuiTableFlags_SizingMask_) | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
  return ImGui::BeginTable(id, columns, flags, ImVec2(0, height));
}

std::vector<float> share_widths(float total, std::span<const float> weights, std::span<const float> least) {
  const size_t n = std::min(weights.size(), least.size());
  std::vector<bool> held(n, false);  // given its least width
  // The room left for the columns not held, and their weights.
  const auto shares = [&] {
    float room = total, weight = 0;
    for (size_t i = 0; i < n; ++i) {
      if (held[i]) room -= least[i];
      else weight += weights[i];
    }
    return std::pair{room, weight};
  };
  // A column whose share is under its least is held at its least; the others share what is left, again.
  for (bool changed = true; changed;) {
    changed = false;
    const auto [room, weight] = shares();
    for (size_t i = 0; i < n; ++i)
      if (!held[i] && (weight <= 0 || weights[i] / weight * room < least[i])) held[i] = changed = true;
  }
  const auto [room, weight] = shares();
  std::vector<float> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = held[i] ? least[i] : weights[i] / weight * room;
  return out;
}

}  // namespace app
