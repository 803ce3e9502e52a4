#include "ui/table.hpp"

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


}  // namespace app
