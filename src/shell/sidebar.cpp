// The controls: the sidebar column on wide screens, the drawer on small ones (the same controls), and
// the space kept for the page's Copy link button.
#include "shell/sidebar.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/params.hpp"
#include "imgui.h"
#include "state/tour.hpp"
#include "ui/focus.hpp"
#include "ui/widgets.hpp"

namespace app {

// The space for the page's "Copy link" button (an HTML button, so it is a real link-copying control
// in the page's tab order): kept free at the cursor, on the current line.
// Where it does not fit (a phone at a large scale), it is left out there and kept in the drawer.
// Returns whether it was kept.
bool keep_link_space(App& a) {
  const ImVec2 size(ImGui::CalcTextSize("Copy link").x + 2 * ImGui::GetStyle().FramePadding.x + 6 * a.ui_scale, ImGui::GetFrameHeight());
  if (ImGui::GetCursorScreenPos().x + size.x > ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) return false;
  a.link_min = ImGui::GetCursorScreenPos();
  a.link_max = ImVec2(a.link_min.x + size.x, a.link_min.y + size.y);
  ImGui::Dummy(size);
  return true;
}


void draw_controls(App& a) {
  State& s = a.state;
  ImGui::PushFont(a.fonts.title);
  ImGui::TextUnformatted("PosEnc Lab");
  ImGui::PopFont();
  // The page's Copy link button sits at the right of the title.
  ImGui::SameLine();
  const float link_w = ImGui::CalcTextSize("Copy link").x + 2 * ImGui::GetStyle().FramePadding.x + 6 * a.ui_scale;
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - link_w));
  keep_link_space(a);
  ImGui::TextDisabled("sinusoidal positional encoding");
  ImGui::Separator();

  if (s.view == View::experiment) {
    // The experiment trains its own model: the encoding's d, base and position do not reach it, so the
    // sidebar holds the model's settings instead (the task, encoding, L, steps and seed are in the view).
    ImGui::TextDisabled("the experiment's model");
    param_slider("d_model", s, Field::dModel, 8, 128, "%.0f", a.notices);
    param_slider("layers", s, Field::layers, 1, 2, "%.0f", a.notices);
    param_slider("heads", s, Field::heads, 1, 8, "%.0f", a.notices);
    param_slider("learning rate", s, Field::lr, 1e-5, 0.1, "%.5f", a.notices, true);
    param_slider("batch", s, Field::batch, 1, 256, "%.0f", a.notices, true);
  } else {
    const float w = ImGui::GetContentRegionAvail().x;
    if (ImGui::Button(s.playing ? "Pause" : "Play", ImVec2(w * 0.5f - 4, 0))) set_number(s, Field::playing, s.playing ? 0 : 1);
    ImGui::SameLine();
    if (ImGui::Button("-1", ImVec2(w * 0.25f - 6, 0))) set_number(s, Field::pos, std::round(s.pos) - 1);
    ImGui::SameLine();
    if (ImGui::Button("+1", ImVec2(-1, 0))) set_number(s, Field::pos, std::round(s.pos) + 1);

    param_slider("position  pos", s, Field::pos, 0, 1000, "%.2f", a.notices);
    param_slider("offset  k", s, Field::k, -100, 100, "%.2f", a.notices);
    param_slider("speed (positions / s)", s, Field::speed, 0.05, 1000, "%.2f", a.notices, true);
    ImGui::Separator();
    param_slider("model width  d", s, Field::d, 2, 1024, "%.0f", a.notices);
    param_slider("base", s, Field::base, 2, 100000, "%.0f", a.notices, true);
    param_slider("selected pair  i", s, Field::pair, 0, s.d / 2 - 1, "%.0f", a.notices);
  }

  ImGui::Separator();
  if (ImGui::Button(s.step > 0 ? "End guided tour" : "Start guided tour", ImVec2(-1, 0))) set_step(s, s.step > 0 ? 0 : 1);
  if (ImGui::Button("Hide these controls (c)", ImVec2(-1, 0))) set_number(s, Field::controls, 0);
  if (ImGui::CollapsingHeader("Display and presenter")) {
    param_slider("UI scale (projector)", s, Field::scale, kMinScale, kMaxScale, "%.2fx", a.notices);
    bool contrast = s.contrast, cb = s.palette == Palette::colorblind;
    if (ImGui::Checkbox("high contrast", &contrast)) set_number(s, Field::contrast, contrast ? 1 : 0);
    if (ImGui::Checkbox("colour-blind-safe colours", &cb)) set_number(s, Field::palette, cb ? 1 : 0);
    if (ImGui::Button("Fullscreen (f)", ImVec2(-1, 0))) a.toggle_fullscreen = true;
    if (ImGui::Button("Keyboard help (h)", ImVec2(-1, 0))) a.show_help = !a.show_help;
  }
  if (ImGui::CollapsingHeader("Export")) {
    // Pictures first (the whole canvas, then the figure alone for slides), then the numbers.
    const float half = ImGui::GetContentRegionAvail().x * 0.5f - 4;
    if (ImGui::Button("PNG image", ImVec2(half, 0))) a.pending_export = ExportKind::png;
    ImGui::SameLine();
    if (ImGui::Button("PNG figure", ImVec2(-1, 0))) a.pending_export = ExportKind::figure;
    if (ImGui::Button("SVG figure", ImVec2(half, 0))) a.pending_export = ExportKind::svg;
    ImGui::SameLine();
    if (ImGui::Button("CSV table", ImVec2(-1, 0))) a.pending_export = ExportKind::csv;
    if (ImGui::Button("NumPy code", ImVec2(half, 0))) a.pending_export = ExportKind::numpy;
    ImGui::SameLine();
    if (ImGui::Button("PyTorch code", ImVec2(-1, 0))) a.pending_export = ExportKind::pytorch;
    ImGui::TextDisabled("Figure: the view without the controls");
    ImGui::TextDisabled("CSV: positions 0..n-1, n = %d", s.n);
    if (!a.export_message.empty()) ImGui::TextWrapped("%s", a.export_message.c_str());
  }

  if (!a.notices.empty()) {
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, colors::warning);
    for (const Rejection& r : a.notices) ImGui::TextWrapped("Ignored %s = \"%s\": %s", r.key.c_str(), r.value.c_str(), r.reason.c_str());
    ImGui::PopStyleColor();
    if (ImGui::SmallButton("dismiss")) a.notices.clear();
  }
}

// The controls drawer of small screens: over the left of the canvas, below the top row.
void draw_drawer(App& a, float top) {
  if (!a.drawer_open) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float w = std::min(vp->WorkSize.x, (metrics::sidebar_width + 30.0f) * a.ui_scale);
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, top));
  ImGui::SetNextWindowSize(ImVec2(w, vp->WorkPos.y + vp->WorkSize.y - top));
  ImGui::Begin("Controls##drawer", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  if (a.link_in_drawer && keep_link_space(a)) ImGui::SameLine();  // no room in the top row: here, then
  if (ImGui::Button("Close controls (Esc)", ImVec2(-1, 0))) a.drawer_open = false;
  draw_controls(a);
  ImGui::End();
}

}  // namespace app
