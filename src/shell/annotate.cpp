#include "shell/annotate.hpp"

#include <cmath>

#include "ui/style.hpp"

namespace app {

void toggle_annotate(Annotations& n, AnnotateMode mode) { n.mode = n.mode == mode ? AnnotateMode::off : mode; }

void draw_annotations(Annotations& n, View current, float ui_scale) {
  if (n.view != current) {
    n.strokes.clear();
    n.view = current;
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const ImGuiIO& io = ImGui::GetIO();
  if (n.mode != AnnotateMode::off) {
    ImGui::SetNextWindowPos(vp->Pos);
    ImGui::SetNextWindowSize(vp->Size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::Begin("##annotate", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoMove);
    ImGui::InvisibleButton("##marks", vp->Size);
    if (n.mode == AnnotateMode::pen && ImGui::IsItemActive()) {
      if (ImGui::IsItemActivated() || n.strokes.empty()) n.strokes.emplace_back();
      std::vector<ImVec2>& stroke = n.strokes.back();
      const ImVec2 m = io.MousePos;
      // A point every pixel or so: smooth enough, and a long talk does not pile up points.
      if (stroke.empty() || std::fabs(m.x - stroke.back().x) + std::fabs(m.y - stroke.back().y) >= 1.5f) stroke.push_back(m);
    }
    ImGui::End();
    ImGui::PopStyleVar();
  }

  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const float width = 3.5f * ui_scale;
  for (const std::vector<ImVec2>& stroke : n.strokes) {
    if (stroke.size() == 1) dl->AddCircleFilled(stroke[0], width * 0.5f, colors::threshold);
    else if (stroke.size() > 1) dl->AddPolyline(stroke.data(), static_cast<int>(stroke.size()), colors::threshold, 0, width);
  }
  if (n.mode == AnnotateMode::off) return;
  if (n.mode == AnnotateMode::pointer && ImGui::IsMousePosValid()) {
    dl->AddCircleFilled(io.MousePos, 14.0f * ui_scale, IM_COL32(230, 30, 40, 70));
    dl->AddCircleFilled(io.MousePos, 7.0f * ui_scale, IM_COL32(230, 30, 40, 255));
    dl->AddCircle(io.MousePos, 7.0f * ui_scale, IM_COL32(255, 255, 255, 255), 0, 1.5f * ui_scale);
  }
  const char* hint = n.mode == AnnotateMode::pen ? "Pen: drag to draw \xC2\xB7 x clears \xC2\xB7 Esc ends"
                                                 : "Pointer \xC2\xB7 Esc ends";
  const ImVec2 size = ImGui::CalcTextSize(hint);
  const float pad = 6.0f * ui_scale;
  const ImVec2 at(vp->Pos.x + pad, vp->Pos.y + vp->Size.y - size.y - 3 * pad);
  dl->AddRectFilled(ImVec2(at.x, at.y), ImVec2(at.x + size.x + 2 * pad, at.y + size.y + 2 * pad), colors::paper, 4.0f * ui_scale);
  dl->AddRect(ImVec2(at.x, at.y), ImVec2(at.x + size.x + 2 * pad, at.y + size.y + 2 * pad), colors::threshold, 4.0f * ui_scale);
  dl->AddText(ImVec2(at.x + pad, at.y + pad), colors::ink, hint);
}

}  // namespace app
