// Hover to explain a mark: on every view of the registry, some point of its figure (ui/figure_mark.hpp)
// answers the pointer with a tooltip that says what is under it, so a student can ask the figure
// instead of reading a paragraph. The pointer visits a grid over the figure's rectangle at 1280x800;
// a view passes when at least one point shows a tooltip with words in it.
// (The mouse is moved through ImGui's input, as the platform layer does.)
#include "catch2_any.hpp"

#include <algorithm>

#include "headless.hpp"
#include "imgui_internal.h"
#include "ui/figure_mark.hpp"

using namespace app;

namespace {

void move_mouse(ImVec2 p) {
#if IMGUI_VERSION_NUM >= 18700  // 1.87 queues input events (Debian 13 has 1.90)
  ImGui::GetIO().AddMousePosEvent(p.x, p.y);
#else  // 1.86 (Debian 12)
  ImGui::GetIO().MousePos = p;
#endif
}

// Whether the last frame drew a tooltip with words in it: its window was begun this frame and its
// draw list holds more than its background (each glyph is a quad of four vertices).
bool tooltip_shown() {
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if ((w->Flags & ImGuiWindowFlags_Tooltip) && w->Active && w->DrawList->VtxBuffer.Size > 8 * 4) return true;
  return false;
}

}  // namespace

TEST_CASE("every view explains a mark of its figure in a tooltip under the pointer") {
  Headless h;
  set_number(h.app.state, Field::playing, 0);
  for (const Lesson& l : lessons()) {
    INFO("view " << l.id);
    set_view(h.app.state, l.view);
    move_mouse(ImVec2(-100, -100));
    h.frames(3);
    const FigureMarks m = figure_marks();
    REQUIRE(m.any);
    const float y1 = std::min(m.max.y, 800.0f);
    bool tip = false;
    constexpr int kCols = 10, kRows = 6;
    for (int r = 0; r < kRows && !tip; ++r)
      for (int c = 0; c < kCols && !tip; ++c) {
        const ImVec2 p(m.min.x + (m.max.x - m.min.x) * (c + 0.5f) / kCols, m.min.y + (y1 - m.min.y) * (r + 0.5f) / kRows);
        move_mouse(p);
        h.frames(2);
        tip = tooltip_shown();
      }
    CHECK(tip);
  }
}
