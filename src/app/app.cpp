#include "app.hpp"

#include <cmath>

#include "core/params.hpp"
#include "imgui.h"
#include "widgets.hpp"

namespace app {

namespace {

struct ViewEntry {
  View view;
  const char* title;
};

// The order of the tab bar; view ids (state.hpp) name them in URLs and the JS API.
constexpr ViewEntry kViews[] = {
    {View::clock, "Clock"},
    {View::order, "Order"},
    {View::input, "Input"},
    {View::formula, "Formula"},
    {View::heatmap, "Heatmap"},
    {View::waves, "Waves"},
    {View::periods, "Periods"},
    {View::ranges, "Ranges"},
    {View::similarity, "Similarity"},
    {View::learned, "Learned"},
    {View::adding, "Adding"},
    {View::rope, "RoPE"},
    {View::gotcha, "Pairing"},
    {View::precision, "float32"},
};
static_assert(sizeof(kViews) / sizeof(kViews[0]) == static_cast<size_t>(View::count));

void draw_view(App& a, const ViewContext& ctx) {
  State& s = a.state;
  switch (s.view) {
    case View::clock: draw_clock(s, a.clock, ctx); break;
    case View::order: draw_order(s, a.order, ctx); break;
    case View::input: draw_input(s, a.input, ctx); break;
    case View::formula: draw_formula(s, a.formula, ctx); break;
    case View::heatmap: draw_heatmap(s, a.heatmap, ctx); break;
    case View::waves: draw_waves(s, a.waves, ctx); break;
    case View::periods: draw_periods(s, a.periods, ctx); break;
    case View::ranges: draw_ranges(s, a.ranges, ctx); break;
    case View::similarity: draw_similarity(s, a.similarity, ctx); break;
    case View::learned: draw_learned(s, a.learned, ctx); break;
    case View::adding: draw_adding(s, a.adding, ctx); break;
    case View::rope: draw_rope(s, a.rope, ctx); break;
    case View::gotcha: draw_gotcha(s, a.gotcha, ctx); break;
    case View::precision: draw_precision(s, a.precision, ctx); break;
    case View::count: break;
  }
}

void draw_controls(App& a) {
  State& s = a.state;
  ImGui::PushFont(a.fonts.title);
  ImGui::TextUnformatted("PosEnc Lab");
  ImGui::PopFont();
  ImGui::TextDisabled("sinusoidal positional encoding");
  ImGui::Separator();

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

  if (!a.notices.empty()) {
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, colors::warning);
    for (const Rejection& r : a.notices) ImGui::TextWrapped("Ignored %s = \"%s\": %s", r.key.c_str(), r.value.c_str(), r.reason.c_str());
    ImGui::PopStyleColor();
    if (ImGui::SmallButton("dismiss")) a.notices.clear();
  }
}

}  // namespace

void app_init(App& a) {
  a.fonts = load_fonts(a.ui_scale);
  apply_theme(a.ui_scale);
}

std::vector<Rejection> app_apply(App& a, std::string_view query) {
  std::vector<Rejection> r = apply_query(a.state, query);
  if (!r.empty()) a.notices = r;
  return r;
}

void app_frame(App& a, double dt) {
  State& s = a.state;
  if (s.playing && dt > 0) {
    // Past the limit the animation stops rather than leaving the valid range.
    if (!set_number(s, Field::pos, s.pos + s.speed * std::fmin(dt, 0.25)).empty()) set_number(s, Field::playing, 0);
  }

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::Begin("PosEnc Lab", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  const float sidebar = 290.0f * a.ui_scale;
  ImGui::BeginChild("controls", ImVec2(sidebar, 0), true);
  draw_controls(a);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("main", ImVec2(0, 0), false);
  if (ImGui::BeginTabBar("views", ImGuiTabBarFlags_FittingPolicyScroll)) {
    // A view set from outside (URL, API, keyboard) selects its tab; otherwise the tab bar sets the view.
    const bool external = s.view != a.shown_view;
    for (const ViewEntry& e : kViews) {
      const ImGuiTabItemFlags flags = (external && e.view == s.view) ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(e.title, nullptr, flags)) {
        if (!external) set_view(s, e.view);
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  a.shown_view = s.view;
  const ViewContext ctx{a.fonts, a.ui_scale, a.notices};
  draw_view(a, ctx);
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace app
