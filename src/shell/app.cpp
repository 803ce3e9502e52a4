#include "shell/app.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/params.hpp"
#include "imgui.h"
#include "state/tour.hpp"
#include "export/figure_export.hpp"
#include "shell/focus.hpp"
#include "ui/lesson_plot.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

// A tour step starts: its question is unanswered again and the view's own settings that it names
// are set (the step's preset has already set the State through the validated path).
void start_tour_step(App& a) {
  if (!progress_for_step(a.tour_progress, a.state.step)) return;
  a.tour_reveal_scrolled = false;
  a.tour_scroll_top = true;
  if (const TourStep* t = tour_step(a.state.step))
    for (const auto& [key, value] : t->view_settings) apply_view_setting(a.views, t->view, key, value);
}

// A phone-sized screen, in screen pixels whatever the UI scale: the tour bar keeps to the body font
// there and may take more of the height, so that a question and its buttons fit without scrolling
// (ImGui does not scroll by touch).
constexpr float kPhoneWidth = 700.0f;
bool phone(const App&) { return ImGui::GetMainViewport()->WorkSize.x < kPhoneWidth; }

// The step's words in the heading font, to be read from the back of a lecture hall at scale 2; on a
// phone in the body font.
ImFont* tour_font(const App& a) { return phone(a) ? a.fonts.body : a.fonts.title; }

// The step's question: asked before anything is revealed, answered by a button (a choice) or by
// moving a setting and pressing Check (a value, checked against the core); "Show answer" skips.
void draw_tour_prompt(App& a, const TourPrompt& p) {
  State& s = a.state;
  PromptProgress& g = a.tour_progress;
  ImGui::PushFont(tour_font(a));
  text_wrapped_at_spaces(prompt_text(p.ask, p, s));
  ImGui::PopFont();
  if (!g.revealed()) {
    if (p.is_choice()) {
      for (size_t i = 0; i < p.choices.size(); ++i) {
        const std::string label = p.choices[i] + "##choice" + std::to_string(i + 1);
        if (i > 0) same_line_if_fits(ImGui::CalcTextSize(p.choices[i].c_str()).x + 2 * ImGui::GetStyle().FramePadding.x);
        if (ImGui::Button(label.c_str())) answer_choice(g, p, static_cast<int>(i) + 1, s);
      }
    } else if (const TourCheck* c = tour_check(p.check)) {
      // The setting to answer with, right under the question (the sidebar may be a closed drawer);
      // typing a value goes beyond the slider's ends.
      const std::string label = std::string("Your answer: ") + field_key(c->field);
      const double hi = c->slider_max > 0 ? c->slider_max : max_value(c->field, s);
      // In a table cell of at most 480 UI px, so a wide screen does not stretch it across the bar.
      const float w = std::min(ImGui::GetContentRegionAvail().x, 480.0f * a.ui_scale);
      if (ImGui::BeginTable("##answer", 1, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoPadOuterX, ImVec2(w, 0))) {
        ImGui::TableSetupColumn("##value", ImGuiTableColumnFlags_WidthFixed, w);
        ImGui::TableNextColumn();
        param_slider(label.c_str(), s, c->field, 0, hi, c->format, a.notices);
        ImGui::EndTable();
      }
      if (ImGui::Button("Check")) answer_value(g, p, s);
    }
    same_line_if_fits(ImGui::CalcTextSize("Show answer").x + 2 * ImGui::GetStyle().FramePadding.x);
    if (ImGui::Button("Show answer")) show_answer(g, p, s);
  }
  const std::string feedback = progress_feedback(g, p);
  if (!feedback.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(g.answered ? colors::ink : colors::warning));
    text_wrapped_at_spaces(feedback);
    ImGui::PopStyleColor();
  }
  if (g.revealed()) {
    text_wrapped_at_spaces(g.reveal);
    // The answer appears below the question: bring it into view once, in a bar too short for all.
    if (!a.tour_reveal_scrolled) ImGui::SetScrollHereY(1.0f);
    a.tour_reveal_scrolled = true;
  }
}

void draw_tour_bar(App& a) {
  const TourStep* t = tour_step(a.state.step);
  if (!t) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, colors::tour_bg);
  const ImGuiStyle& st = ImGui::GetStyle();
  // As tall as last frame's content (a question and its answer make it grow), at most half of what
  // is left for the view on a tall screen, 70 % on a short one and 75 % on a phone; beyond that it scrolls.
  const float avail = ImGui::GetContentRegionAvail().y;
  const float estimate = 4 * ImGui::GetFrameHeightWithSpacing() + 2 * st.WindowPadding.y;
  const float wanted = (a.tour_bar_height > 0 ? a.tour_bar_height : estimate) + 2 * st.WindowPadding.y + 2;
  const float cap = avail * (phone(a) ? 0.75f : avail < 500 * a.ui_scale ? 0.7f : 0.5f);
  ImGui::BeginChild("tour", ImVec2(0, std::min(wanted, cap)), true);
  if (a.tour_scroll_top) ImGui::SetScrollY(0);  // a new step starts at its title
  a.tour_scroll_top = false;
  const float top = ImGui::GetCursorPosY();
  ImGui::PushFont(tour_font(a));
  text_wrapped_at_spaces("Tour " + std::to_string(a.state.step) + "/" + std::to_string(tour_step_count()) + ": " + t->title);
  ImGui::PopFont();
  const int last = tour_step_count();
  if (ImGui::Button("< Previous")) set_step(a.state, std::max(1, a.state.step - 1));
  ImGui::SameLine();
  if (ImGui::Button(a.state.step < last ? "Next >" : "Finish")) set_step(a.state, a.state.step < last ? a.state.step + 1 : 0);
  ImGui::SameLine();
  if (ImGui::Button("End tour")) set_step(a.state, 0);
  ImGui::PushFont(tour_font(a));
  claim_line(t->source, t->caption, a.ui_scale);
  ImGui::PopFont();
  if (!t->prompt.empty() && a.tour_progress.step == a.state.step) {
    ImGui::Separator();
    draw_tour_prompt(a, t->prompt);
  }
  a.tour_bar_height = ImGui::GetCursorPosY() - top - st.ItemSpacing.y;
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

// Keyboard control for lectures. Keys act only when no text field is being edited.
void handle_keys(App& a) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  State& s = a.state;
  auto pressed = [](ImGuiKey k) {
#if IMGUI_VERSION_NUM >= 18700  // 1.87 made ImGuiKey the key index (Debian 13 has 1.90)
    return ImGui::IsKeyPressed(k);
#else  // 1.86 (Debian 12): keys through the backend's key map
    return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k));
#endif
  };
  const int view = static_cast<int>(s.view), views = static_cast<int>(View::count);
  // While a control has the keyboard ring, arrows, Space and Enter are ImGui's (move, adjust, press).
  const bool on_control = focus_on_control();
  if (!on_control) {
    if (pressed(ImGuiKey_LeftArrow)) set_number(s, Field::pos, std::round(s.pos) - 1);
    if (pressed(ImGuiKey_RightArrow)) set_number(s, Field::pos, std::round(s.pos) + 1);
    if (pressed(ImGuiKey_UpArrow)) set_number(s, Field::k, std::round(s.k) + 1);
    if (pressed(ImGuiKey_DownArrow)) set_number(s, Field::k, std::round(s.k) - 1);
  }
  // Presentation clickers send PageDown/PageUp: next/previous tour step, or view outside the tour.
  const int last = tour_step_count();
  if (pressed(ImGuiKey_PageDown)) {
    if (s.step > 0) set_step(s, std::min(last, s.step + 1));
    else set_view(s, static_cast<View>((view + 1) % views));
  }
  if (pressed(ImGuiKey_PageUp)) {
    if (s.step > 0) set_step(s, std::max(1, s.step - 1));
    else set_view(s, static_cast<View>((view + views - 1) % views));
  }
  if (pressed(ImGuiKey_Escape)) {
    // One thing at a time, the most recent first: the focus ring, the pen or pointer, the help, the
    // drawer (escape_consumed() says whether there is one; otherwise the page lets focus leave).
    if (on_control) focus_clear();
    else if (a.notes.mode != AnnotateMode::off) a.notes.mode = AnnotateMode::off;
    else if (a.show_help) a.show_help = false;
    else a.drawer_open = false;
  }
  for (int i = 0; i < io.InputQueueCharacters.Size; ++i) {
    switch (io.InputQueueCharacters[i]) {
      case ' ': if (!on_control) set_number(s, Field::playing, s.playing ? 0 : 1); break;
      case 't': set_step(s, s.step > 0 ? 0 : 1); break;
      case 'n': if (s.step > 0) set_step(s, std::min(last, s.step + 1)); break;
      case 'p': if (s.step > 0) set_step(s, std::max(1, s.step - 1)); break;
      case 'h': case '?': a.show_help = !a.show_help; break;
      case 'f': a.toggle_fullscreen = true; break;
      case 'c':
        if (a.narrow && s.controls) a.drawer_open = !a.drawer_open;
        else set_number(s, Field::controls, s.controls ? 0 : 1);
        break;
      case 'i': set_number(s, Field::text, static_cast<double>(s.text == LessonText::off ? LessonText::automatic : LessonText::off)); break;
      case 'd': toggle_annotate(a.notes, AnnotateMode::pen); break;
      case 'l': toggle_annotate(a.notes, AnnotateMode::pointer); break;
      case 'x': a.notes.strokes.clear(); break;
      case '+': case '=': set_number(s, Field::scale, std::min(kMaxScale, s.scale + 0.25)); break;
      case '-': set_number(s, Field::scale, std::max(kMinScale, s.scale - 0.25)); break;
      default: break;
    }
  }
}

void draw_help(App& a) {
  if (!a.show_help) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::Begin("Keyboard", &a.show_help, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse);
  static constexpr const char* kKeys[][2] = {
      {"Space", "play / pause"},          {"\xE2\x86\x90 \xE2\x86\x92", "position -1 / +1"},
      {"\xE2\x86\x91 \xE2\x86\x93", "offset k +1 / -1"}, {"PageDown / PageUp", "next / previous view (tour step in the tour)"},
      {"t", "start / end the guided tour"}, {"n / p", "next / previous tour step"},
      {"f", "fullscreen on / off"},         {"c", "hide / show the controls"},         {"i", "hide / show the lesson text"},
      {"d", "pen: draw over the figure"},   {"l", "pointer: a red dot for the audience"}, {"x", "clear the pen's marks"},
      {"+ / -", "larger / smaller UI (projector)"},
      {"Tab / Shift+Tab", "next / previous control (then out of the figure)"},
      {"Space / Enter", "press the focused control; arrows adjust a slider"},
      {"h or ?", "show / hide this help"},   {"Esc", "end pen or pointer, close this help, then leave the figure"}};
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
    for (const auto& k : kKeys) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(k[0]);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(k[1]);
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

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

}  // namespace

bool app_update_style(App& a, float pixel_ratio) {
  const State& s = a.state;
  const float scale = static_cast<float>(s.scale);
  const bool rebuild = !a.fonts_built || scale != a.ui_scale || pixel_ratio != a.pixel_ratio;
  if (rebuild) {
    a.ui_scale = scale;
    a.pixel_ratio = pixel_ratio;
    a.fonts = load_fonts(scale, pixel_ratio);
    a.fonts_built = true;
  }
  const bool dark = dark_colors(s);
  if (rebuild || s.contrast != a.style_contrast || s.palette != a.style_palette || dark != a.style_dark) {
    a.style_contrast = s.contrast;
    a.style_palette = s.palette;
    a.style_dark = dark;
    apply_theme(scale, s.contrast, dark);
    apply_palette(s.palette, s.contrast, dark);
  }
  return rebuild;
}

std::vector<Rejection> app_apply(App& a, std::string_view query, PageKeys* page) {
  std::vector<Rejection> r = apply_query(a.state, query, page);
  if (!r.empty()) a.notices = r;
  return r;
}

namespace {

// The view settings a tour step may set (`view_setting:` in tour.txt), one row each.
struct ViewSetting {
  View view;
  const char* key;
  bool (*apply)(ViewCaches& views, std::string_view value);
};
constexpr ViewSetting kViewSettings[] = {
    {View::order, "add_pe",
     [](ViewCaches& c, std::string_view v) {
       if (v != "0" && v != "1") return false;
       c.order.add_pe = v == "1";
       return true;
     }},
    {View::rope_base, "compare", [](ViewCaches& c, std::string_view v) { return set_rope_base_option(c.rope_base, "compare", v); }},
    {View::long_context, "length", [](ViewCaches& c, std::string_view v) { return set_long_context_option(c.long_context, "length", v); }},
    {View::long_context, "factor", [](ViewCaches& c, std::string_view v) { return set_long_context_option(c.long_context, "factor", v); }},
    {View::long_context, "method", [](ViewCaches& c, std::string_view v) { return set_long_context_option(c.long_context, "method", v); }},
    {View::rope_scores, "vectors", [](ViewCaches& c, std::string_view v) { return set_rope_scores_option(c.rope_scores, "vectors", v); }},
    {View::rope_scores, "offsets", [](ViewCaches& c, std::string_view v) { return set_rope_scores_option(c.rope_scores, "offsets", v); }},
    {View::rope_scores, "window", [](ViewCaches& c, std::string_view v) { return set_rope_scores_option(c.rope_scores, "window", v); }},
    {View::rope_layouts, "trained", [](ViewCaches& c, std::string_view v) { return set_rope_layouts_option(c.rope_layouts, "trained", v); }},
    {View::rope_layouts, "vectors", [](ViewCaches& c, std::string_view v) { return set_rope_layouts_option(c.rope_layouts, "vectors", v); }},
    {View::rope_layouts, "seed", [](ViewCaches& c, std::string_view v) { return set_rope_layouts_option(c.rope_layouts, "seed", v); }},
    {View::rope_layouts, "offsets", [](ViewCaches& c, std::string_view v) { return set_rope_layouts_option(c.rope_layouts, "offsets", v); }},
    {View::schemes, "scheme", [](ViewCaches& c, std::string_view v) { return set_schemes_option(c.schemes, "scheme", v); }},
    {View::schemes, "heads", [](ViewCaches& c, std::string_view v) { return set_schemes_option(c.schemes, "heads", v); }},
    {View::schemes, "head", [](ViewCaches& c, std::string_view v) { return set_schemes_option(c.schemes, "head", v); }},
    {View::schemes, "buckets", [](ViewCaches& c, std::string_view v) { return set_schemes_option(c.schemes, "buckets", v); }},
    {View::schemes, "max_distance", [](ViewCaches& c, std::string_view v) { return set_schemes_option(c.schemes, "max_distance", v); }},
    {View::schemes, "bidirectional", [](ViewCaches& c, std::string_view v) { return set_schemes_option(c.schemes, "bidirectional", v); }},
};

}  // namespace

bool apply_view_setting(ViewCaches& views, View v, std::string_view key, std::string_view value) {
  for (const ViewSetting& row : kViewSettings)
    if (row.view == v && key == row.key) return row.apply(views, value);
  return false;
}

void draw_view(App& a, const ViewContext& ctx) {
  State& s = a.state;
  switch (s.view) {
#define POSENC_X(id, label, core, tour) \
  case View::id: draw_##id(s, a.views.id, ctx); break;
    POSENC_LESSONS(POSENC_X)
#undef POSENC_X
    case View::count: break;
  }
}

namespace {

// Small screens, narrow columns and large UI scales (UI pixels = screen pixels / scale).
constexpr float kNarrowWidth = 700.0f;   // below: the controls become a drawer
constexpr float kShortHeight = 520.0f;   // below (or when narrow): the lesson text shows its summary

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


}  // namespace

bool escape_consumed(const App& a) {
  return focus_on_control() || a.notes.mode != AnnotateMode::off || a.show_help || a.drawer_open;
}

LessonText shown_text(const State& s, ImVec2 screen, float ui_scale) {
  if (s.text != LessonText::automatic) return s.text;
  const bool small = screen.x < kNarrowWidth * ui_scale || screen.y < kShortHeight * ui_scale;
  return small ? LessonText::summary : LessonText::full;
}

void app_frame(App& a, double dt) {
  State& s = a.state;
  focus_new_frame();
  handle_keys(a);
  start_tour_step(a);
  if (const int done = advance_animation(s, a.animation, dt)) a.animation_done = done;
  if (s.playing && dt > 0) {
    // Past the limit the animation stops rather than leaving the valid range.
    if (!set_number(s, Field::pos, s.pos + s.speed * std::fmin(dt, 0.25)).empty()) set_number(s, Field::playing, 0);
  }

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  a.narrow = vp->WorkSize.x < kNarrowWidth * a.ui_scale;
  if (!a.narrow || !s.controls) a.drawer_open = false;
  a.link_min = a.link_max = ImVec2(0, 0);
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::Begin(kMainWindowName, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  const bool column = s.controls && !a.narrow;
  // The drawer first, so that its controls come first in the Tab order; it still shows on top, since
  // the main window never comes to the front. It sits below the top row of the last frame.
  if (a.narrow && s.controls) draw_drawer(a, a.drawer_top);
  if (column) {
    const float sidebar = metrics::sidebar_width * a.ui_scale;
    ImGui::BeginChild("controls", ImVec2(sidebar, 0), true);
    draw_controls(a);
    ImGui::EndChild();
    ImGui::SameLine();
  }
  ImGui::BeginChild("main", ImVec2(0, 0), false);
  // The top row: the way to the controls when they are not a column, the link's space, the tabs.
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
  // Narrow tabs so all fourteen fit beside the sidebar at 1280 px; at larger UI scales they scroll.
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(metrics::tab_padding * a.ui_scale, ImGui::GetStyle().FramePadding.y));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemInnerSpacing, ImVec2(2.0f * a.ui_scale, ImGui::GetStyle().ItemInnerSpacing.y));
  if (ImGui::BeginTabBar("views", ImGuiTabBarFlags_FittingPolicyScroll)) {
    // A view set from outside (URL, API, keyboard) selects its tab; otherwise the tab bar sets the view.
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
  draw_tour_bar(a);
  float figure_top = ImGui::GetCursorScreenPos().y;
  const ViewContext ctx{a.fonts, a.ui_scale, a.notices, shown_text(s, vp->WorkSize, a.ui_scale), a.intro_expanded, figure_top,
                        a.pending_export, a.export_message};
  const ImVec2 main_min = ImGui::GetWindowPos(), main_size = ImGui::GetWindowSize();
  draw_view(a, ctx);
  a.figure_min = ImVec2(main_min.x, figure_top);
  a.figure_max = ImVec2(main_min.x + main_size.x, main_min.y + main_size.y);
  ImGui::EndChild();
  ImGui::End();
  draw_help(a);
  draw_annotations(a.notes, s.view, a.ui_scale);
}

}  // namespace app
