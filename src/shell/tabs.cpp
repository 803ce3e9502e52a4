#include "shell/tabs.hpp"

#include "imgui.h"
#include "ui/focus.hpp"
#include "shell/sidebar.hpp"
#include "ui/style.hpp"

namespace app {

void draw_top_row(App& a, bool column) {
  State& s = a.state;
  if (!column) {
    if (a.narrow && s.controls) {
      if (ImGui::Button(a.drawer_open ? "Close controls" : "Controls")) a.drawer_open = !a.drawer_open;
    } else if (ImGui::SmallButton("Controls")) {
      set_number(s, Field::controls, 1);
    }
    ImGui::SameLine();
    a.link_in_drawer = !keep_link_space(a);
    if (!a.link_in_drawer) ImGui::SameLine();
  }
  a.drawer_top = ImGui::GetCursorScreenPos().y + ImGui::GetFrameHeightWithSpacing();
}

void draw_tabs(App& a) {
  State& s = a.state;
  // Narrow tabs so that many fit beside the sidebar at 1280 px; beyond that they scroll.
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(metrics::tab_padding * a.ui_scale, ImGui::GetStyle().FramePadding.y));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemInnerSpacing, ImVec2(2.0f * a.ui_scale, ImGui::GetStyle().ItemInnerSpacing.y));
  if (ImGui::BeginTabBar("views", ImGuiTabBarFlags_FittingPolicyScroll)) {
    const bool external = s.view != a.shown_view;
    for (const Lesson& l : lessons()) {
      const ImGuiTabItemFlags flags = (external && l.view == s.view) ? ImGuiTabItemFlags_SetSelected : 0;
      const bool open = ImGui::BeginTabItem(l.label, nullptr, flags);
      focus_name(l.label);  // tabs do not report their label to the focus order by themselves
      if (open) {
        if (!external) set_view(s, l.view);
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  ImGui::PopStyleVar(2);
  a.shown_view = s.view;
}

}  // namespace app
