#include "ui/figure_mark.hpp"

#include <algorithm>

#include "imgui_internal.h"

namespace app {
namespace {
FigureMarks g_marks;
ImGuiID g_lesson_window = 0;  // the window that scrolls the lesson (figure_marks_clear's caller)
}  // namespace

void figure_marks_clear() {
  g_marks = FigureMarks{};
  g_lesson_window = ImGui::GetCurrentContext() ? ImGui::GetCurrentWindow()->ID : 0;
}

void mark_figure(ImVec2 min, ImVec2 max) {
  if (ImGui::GetCurrentContext() == nullptr) return;  // called while a window draws
  const ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 cmin = dl->GetClipRectMin(), cmax = dl->GetClipRectMax();
  // As laid out: cut where the figure itself is cut (a plot's own clip rectangle, a child window's
  // edge: what is there is not on any screen), not where the screen's bottom or the lesson's scrolling
  // cuts it.
  {
    const ImGuiWindow* w = ImGui::GetCurrentWindow();
    float bottom = cmax.y < w->InnerClipRect.Max.y - 0.5f ? cmax.y : max.y;
    for (; w && w->ID != g_lesson_window && (w->Flags & ImGuiWindowFlags_ChildWindow); w = w->ParentWindow)
      bottom = std::min(bottom, w->Pos.y + w->Size.y);
    const ImVec2 lmin(std::max(min.x, cmin.x), std::max(min.y, cmin.y)), lmax(std::min(max.x, cmax.x), std::min(max.y, bottom));
    if (lmax.x > lmin.x && lmax.y > lmin.y) g_marks.laid.push_back(ImVec2(lmin.y, lmax.y));
  }
  ++g_marks.reported;
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

ImVec2 first_figure(const FigureMarks& m, float gap) {
  if (m.laid.empty()) return ImVec2(0, 0);
  std::vector<ImVec2> spans = m.laid;
  std::sort(spans.begin(), spans.end(), [](ImVec2 a, ImVec2 b) { return a.x < b.x; });
  ImVec2 f = spans.front();
  for (const ImVec2& s : spans)
    if (s.x <= f.y + gap) f.y = std::max(f.y, s.y);
  return f;
}

}  // namespace app
