#include "shell/tabs.hpp"

#include "imgui.h"
#include "state/interface_text.hpp"
#include "ui/focus.hpp"
#include "shell/contents.hpp"
#include "shell/sidebar.hpp"
#include "ui/style.hpp"

namespace app {

void draw_top_row(App& a, bool column) {
  State& s = a.state;
  if (!column) {
    if (a.narrow && s.controls) {
      if (ImGui::Button(ui_label(a.drawer_open ? "close_controls_short" : "controls").c_str())) a.drawer_open = !a.drawer_open;
    } else if (ImGui::Button(ui_label("controls").c_str())) {  // as tall as the buttons beside it
      set_number(s, Field::controls, 1);
    }
    ImGui::SameLine();
    a.link_in_drawer = !keep_link_space(a);
  }
  a.top_row_used = !column;  // Contents follows on this row where it fits
  a.drawer_top = ImGui::GetCursorScreenPos().y + ImGui::GetFrameHeightWithSpacing();
}

void draw_tabs(App& a) {
  // The chapters and lessons behind Contents; beside it the current chapter's tabs (or, on a phone,
  // the lesson's place in the path with its neighbours), never all 25 at once.
  draw_contents(a);
  draw_chapter_tabs(a);
}

}  // namespace app
