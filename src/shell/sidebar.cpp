// The controls: the sidebar column on wide screens, the drawer on small ones (the same controls), and
// the space kept for the page's Copy link button.
#include "shell/sidebar.hpp"

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "imgui.h"
#include "state/interface_text.hpp"
#include "state/tour.hpp"
#include "text/format.hpp"
#include "ui/focus.hpp"
#include "ui/text_layout.hpp"
#include "ui/widgets.hpp"

namespace app {

// The space for the page's "Copy link" button (an HTML button, so it is a real link-copying control
// in the page's tab order): kept free at the cursor, on the current line.
// Where it does not fit (a phone at a large scale), it is left out there and kept in the drawer.
// Returns whether it was kept.
bool keep_link_space(App& a) {
  const ImVec2 size(ImGui::CalcTextSize(ui_label("copy_link").c_str(), nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x + 6 * a.ui_scale, ImGui::GetFrameHeight());
  if (ImGui::GetCursorScreenPos().x + size.x > ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) return false;
  a.link_min = ImGui::GetCursorScreenPos();
  a.link_max = ImVec2(a.link_min.x + size.x, a.link_min.y + size.y);
  ImGui::Dummy(size);
  return true;
}



namespace {

void text_disabled(std::string_view t) {  // wrapped in the column: a longer language takes more lines
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  text_wrapped_at_spaces(t);
  ImGui::PopStyleColor();
}
// A label whose widget id stays the same in every language.
std::string label_with_id(std::string_view label, std::string_view id) {
  std::string out(label);
  out.append("###").append(id);
  return out;
}

// One row of the settings table as its sidebar control: a slider with its exact-entry field over the
// row's range and format, or a checkbox (a boolean, or a two-name choice: checked is its second name).
void setting_control(App& a, const Setting& r) {
  State& s = a.state;
  if (r.kind == Kind::boolean || r.kind == Kind::choice) {
    bool on = get_value(s, r.field) != 0;
    if (ImGui::Checkbox(label_with_id(setting_label(r), r.key).c_str(), &on)) set_number(s, r.field, on ? 1 : 0);
    return;
  }
  // 0, 0: the row's own limits (param_slider cuts the range to them; pair's upper limit follows d).
  const bool own = r.lo == 0 && r.hi == 0;
  const double lo = own ? r.min : r.lo, hi = own ? max_value(r.field, s) : r.hi;
  param_slider(std::string(setting_label(r)).c_str(), s, r.field, lo, hi, r.format, a.notices, r.scale == Scale::log);
}

// The rows of one sidebar group that the current view reads (the table's scope and the registry's reads column)
// and the student may move (a locked figure shows no control that would not move: may_move), in the table's order.
std::vector<const Setting*> rows_shown(Group g, const State& s) {
  std::vector<const Setting*> out;
  for (const Setting& r : settings())
    if (r.group == g && in_scope(r, s.view) && may_move(s, r.field)) out.push_back(&r);
  return out;
}

bool shows(const std::vector<const Setting*>& rows, Field f) {
  return std::any_of(rows.begin(), rows.end(), [f](const Setting* r) { return r->field == f; });
}

// The language chooser: the browser's languages (auto), then each language named in its own words where
// the fonts carry them (Chinese by its id until its font is here). The pseudo-language xx, a layout
// check set by URL, is listed only while it is on. Radio buttons, so each is one keyboard stop.
void language_choice(State& s) {
  ImGui::TextUnformatted(std::string(ui("language")).c_str());
  const int now = static_cast<int>(get_value(s, Field::lang));
  const std::span<const LanguageInfo> langs = languages();
  bool first = true;
  for (int i = 0; i <= static_cast<int>(langs.size()); ++i) {
    const LanguageInfo* l = i == 0 ? nullptr : &langs[static_cast<size_t>(i - 1)];
    if (l && l->lang == Lang::xx && now != i) continue;
    const std::string name = !l ? std::string(ui("lang_auto")) : language_glyphs(l->lang) ? l->name : l->id;
    const std::string label = label_with_id(name, i == 0 ? "lang_auto" : l->id);
    if (!first) same_line_if_fits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(name.c_str()).x);
    first = false;
    if (ImGui::RadioButton(label.c_str(), now == i) && now != i) set_number(s, Field::lang, i);
  }
}

}  // namespace

void draw_controls(App& a) {
  State& s = a.state;
  ImGui::PushFont(a.fonts.title);
  ImGui::TextUnformatted("PosEnc Lab");  // the name: the same in every language
  ImGui::PopFont();
  // The page's Copy link button sits at the right of the title.
  ImGui::SameLine();
  const float link_w = ImGui::CalcTextSize(ui_label("copy_link").c_str(), nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x + 6 * a.ui_scale;
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - link_w));
  keep_link_space(a);
  text_disabled(ui("subtitle"));
  ImGui::Separator();

  // The settings this view reads, group by group: the motion (Play and the step buttons with pos), the
  // encoding, the experiment's model (its limits the engine's, through the table); a view that reads none
  // of a group shows nothing of it.
  bool first = true;
  for (const Group g : {Group::motion, Group::encoding, Group::model}) {
    const std::vector<const Setting*> rows = rows_shown(g, s);
    // pos fixed, but the student may still play it (free=playing): Play alone.
    const bool play_only = g == Group::motion && !shows(rows, Field::pos) && in_scope(setting(Field::pos), s.view) &&
                           may_move(s, Field::playing);
    if (rows.empty() && !play_only) continue;
    if (!first) ImGui::Separator();
    first = false;
    if (g == Group::model) {
      // The experiment trains its own model: the sidebar holds its settings (the task, encoding, L, steps
      // and seed are in the view).
      text_disabled(ui("model_group"));
    }
    if (g == Group::motion && shows(rows, Field::pos)) {
      const float w = ImGui::GetContentRegionAvail().x;
      const bool play = may_move(s, Field::playing);
      if (play && ImGui::Button(ui_label(s.playing ? "pause" : "play").c_str(), ImVec2(w * 0.5f - 4, 0))) set_number(s, Field::playing, s.playing ? 0 : 1);
      if (play) ImGui::SameLine();
      if (ImGui::Button("-1", ImVec2(play ? w * 0.25f - 6 : w * 0.5f - 4, 0))) set_number(s, Field::pos, std::round(s.pos) - 1);
      ImGui::SameLine();
      if (ImGui::Button("+1", ImVec2(-1, 0))) set_number(s, Field::pos, std::round(s.pos) + 1);
    } else if (play_only) {
      if (ImGui::Button(ui_label(s.playing ? "pause" : "play").c_str(), ImVec2(-1, 0))) set_number(s, Field::playing, s.playing ? 0 : 1);
    }
    for (const Setting* r : rows) setting_control(a, *r);
  }

  if (!first) ImGui::Separator();
  // The tour, where this figure offers one (not when locked; with `views`, its steps on those lessons).
  const int first_step = next_offered_step(s, 0, 1);
  if ((s.step > 0 || first_step > 0) && ImGui::Button(ui_label(s.step > 0 ? "end_tour" : "start_tour").c_str(), ImVec2(-1, 0)))
    set_step(s, s.step > 0 ? 0 : first_step);
  if (ImGui::Button(ui_label("hide_controls").c_str(), ImVec2(-1, 0))) set_number(s, Field::controls, 0);
  if (ImGui::CollapsingHeader(ui_label("display").c_str())) {
    for (const Setting* r : rows_shown(Group::display, s)) setting_control(a, *r);
    language_choice(s);
    if (ImGui::Button(ui_label(presenting(s) ? "leave_presenter" : "presenter").c_str(), ImVec2(-1, 0)))
      set_number(s, Field::presenter, static_cast<double>(presenting(s) ? Presenter::off : Presenter::on));
    if (ImGui::Button(ui_label("fullscreen").c_str(), ImVec2(-1, 0))) a.toggle_fullscreen = true;
    if (ImGui::Button(ui_label("keyboard_help").c_str(), ImVec2(-1, 0))) a.show_help = !a.show_help;
  }
  if (ImGui::CollapsingHeader(ui_label("export").c_str())) {
    // Pictures first (the whole canvas, then the figure alone for slides), then the numbers.
    const float half = ImGui::GetContentRegionAvail().x * 0.5f - 4;
    if (ImGui::Button(ui_label("png_image").c_str(), ImVec2(half, 0))) a.pending_export = ExportKind::png;
    ImGui::SameLine();
    if (ImGui::Button(ui_label("png_figure").c_str(), ImVec2(-1, 0))) a.pending_export = ExportKind::figure;
    if (ImGui::Button(ui_label("svg_figure").c_str(), ImVec2(half, 0))) a.pending_export = ExportKind::svg;
    ImGui::SameLine();
    if (ImGui::Button(ui_label("csv_table").c_str(), ImVec2(-1, 0))) a.pending_export = ExportKind::csv;
    if (ImGui::Button(ui_label("numpy_code").c_str(), ImVec2(half, 0))) a.pending_export = ExportKind::numpy;
    ImGui::SameLine();
    if (ImGui::Button(ui_label("pytorch_code").c_str(), ImVec2(-1, 0))) a.pending_export = ExportKind::pytorch;
    text_disabled(ui("figure_note"));
    text_disabled(fill(ui("csv_note"), {{"n", std::to_string(s.n)}}));
    if (!a.export_message.empty()) ImGui::TextWrapped("%s", a.export_message.c_str());
  }

  if (!a.notices.empty()) {
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, colors::warning);
    for (const Rejection& r : a.notices)
      text_wrapped_at_spaces(fill(ui("ignored"), {{"key", r.key}, {"value", r.value}, {"reason", r.reason}}));
    ImGui::PopStyleColor();
    if (ImGui::SmallButton(ui_label("dismiss").c_str())) a.notices.clear();
  }
}

float controls_width(const App& a, float most) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float base = metrics::sidebar_width * a.ui_scale;
  // The room a label takes on a button that spans the column (a pair of them: twice the wider one's),
  // and on a header (its arrow before it).
  float need = 0;
  for (const char* key : {"start_tour", "end_tour", "hide_controls", "presenter", "leave_presenter", "fullscreen", "keyboard_help", "close_controls"})
    need = std::max(need, button_width(ui_label(key).c_str()));
  for (const char* key : {"play", "pause", "png_image", "png_figure", "svg_figure", "csv_table", "numpy_code", "pytorch_code"})
    need = std::max(need, 2 * (button_width(ui_label(key).c_str()) + 4));
  for (const char* key : {"display", "export"})
    need = std::max(need, ImGui::CalcTextSize(ui_label(key).c_str(), nullptr, true).x + ImGui::GetFontSize() + 4 * st.FramePadding.x);
  // The child window's padding and border, and its scroll bar.
  need += 2 * st.WindowPadding.x + 2 + st.ScrollbarSize;
  return std::min(std::clamp(need, base, 1.5f * base), most);
}

// The controls drawer of small screens: over the left of the canvas, below the top row.
void draw_drawer(App& a, float top) {
  if (!a.drawer_open) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float w = controls_width(a, vp->WorkSize.x - 30.0f * a.ui_scale) + 30.0f * a.ui_scale;
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, top));
  ImGui::SetNextWindowSize(ImVec2(w, vp->WorkPos.y + vp->WorkSize.y - top));
  ImGui::Begin("Controls##drawer", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  if (a.link_in_drawer && keep_link_space(a)) ImGui::SameLine();  // no room in the top row: here, then
  if (ImGui::Button(ui_label("close_controls").c_str(), ImVec2(-1, 0))) a.drawer_open = false;
  draw_controls(a);
  ImGui::End();
}

}  // namespace app
