#include "ui/figure_mark.hpp"

#include <algorithm>

namespace app {
namespace {
FigureMarks g_marks;
}

void figure_marks_clear() { g_marks = FigureMarks{}; }

void mark_figure(ImVec2 min, ImVec2 max) {
  if (ImGui::GetCurrentContext() == nullptr) return;  // called while a window draws
  ++g_marks.reported;
  const ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 cmin = dl->GetClipRectMin(), cmax = dl->GetClipRectMax();
  min = ImVec2(std::max(min.x, cmin.x), std::max(min.y, cmin.y));
  max = ImVec2(std::min(max.x, cmax.x), std::min(max.y, cmax.y));
  if (!(max.x > min.x && max.y > min.y)) return;  // wholly clipped: not seen
  if (!g_marks.any) {
    g_marks.any = true, g_marks.min = min, g_marks.max = max;
    return;
  }
  g_marks.min = ImVec2(std::min(g_marks.min.x, min.x), std::min(g_marks.min.y, min.y));
  g_marks.max = ImVec2(std::max(g_marks.max.x, max.x), std::max(g_marks.max.y, max.y));
}

void mark_figure_item() { mark_figure(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()); }

const FigureMarks& figure_marks() { return g_marks; }

}  // namespace app
