#include "shell/app.hpp"
#include "state/translations.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/params.hpp"
#include "imgui.h"
#include "imgui_internal.h"
#include "state/interface_text.hpp"
#include "state/tour.hpp"
#include "ui/figure_mark.hpp"
#include "ui/language_font.hpp"
#include "ui/focus.hpp"
#include "shell/contents.hpp"
#include "shell/keys.hpp"
#include "shell/lesson_code.hpp"
#include "shell/sidebar.hpp"
#include "shell/tabs.hpp"
#include "shell/tour_bar.hpp"
#include "ui/widgets.hpp"

namespace app {

bool app_update_style(App& a, float pixel_ratio) {
  const State& s = a.state;
  const float scale = effective_scale(s);
  const bool rebuild = !a.fonts_built || scale != a.ui_scale || pixel_ratio != a.pixel_ratio ||
                       a.fonts_generation != language_fonts_generation();
  if (rebuild) {
    a.ui_scale = scale;
    a.pixel_ratio = pixel_ratio;
    a.fonts = load_fonts(scale, pixel_ratio);
    a.fonts_generation = language_fonts_generation();
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

std::vector<Rejection> app_apply(App& a, std::string_view query, PageKeys* page, bool notify) {
  if (page && (query.empty() || query == "?")) {
    set_view(a.state, kPathStart);
    a.start_here = true;
  }
  std::vector<Rejection> r = apply_query(a.state, query, page);
  // What the page's own URL (or the desktop's command line) asked for but could not apply is shown in the
  // sidebar; an embed's URL is its host's, which hears it instead (web/posenc.js), as it hears what its
  // setState calls could not apply: the student never sees the host's mistakes.
  if (!r.empty() && notify && !(page && page->embed)) a.notices = r;
  return r;
}

// Small screens, narrow columns and large UI scales (UI pixels = screen pixels / scale).
constexpr float kNarrowWidth = 700.0f;   // below: the controls become a drawer

// In a split page, a lesson whose code has not arrived (shell/lesson_code.hpp): what is happening, and
// if it failed, why, with a Retry. The frames go on, so the lesson appears as soon as its code does.
static void draw_lesson_waiting() {
  ImGui::Spacing();
  ImGui::TextWrapped("%s", lesson_code_missing_text().c_str());
  if (lesson_code().rest == RestOfLessons::failed) {
    const std::string_view keeps = ui("lesson_keeps_working");
    ImGui::TextWrapped("%.*s", static_cast<int>(keeps.size()), keeps.data());
    if (ImGui::Button(ui_label("retry").c_str())) lesson_code().retry = true;
  }
}

void draw_view(App& a, const ViewContext& ctx) {
  State& s = a.state;
  if (!lesson_code_here(s.view)) {
    draw_lesson_waiting();
    return;
  }
  switch (s.view) {
#define POSENC_X(id, label, chapter, cores, reads, tour) \
  case View::id: if constexpr (lesson_linked(View::id)) { POSENC_ENTRY_CALL draw_##id(s, a.views.id, ctx); } break;
    POSENC_LESSONS(POSENC_X)
#undef POSENC_X
    case View::count: break;
  }
}

bool escape_consumed(const App& a) {
  return focus_on_control() || a.notes.mode != AnnotateMode::off || a.show_help || a.drawer_open;
}

// The figure comes first on every screen: by default a lesson opens with its lead sentence, and the
// rest of its text waits behind More (text=full asks for all of it up front).
LessonText shown_text(const State& s) {
  return s.text == LessonText::automatic ? LessonText::summary : s.text;
}

bool presenting(const State& s) {
  if (s.presenter != Presenter::automatic) return s.presenter == Presenter::on;
  return s.deck || s.scale >= 2.0;
}

float effective_scale(const State& s) {
  const float scale = static_cast<float>(s.scale);
  return presenting(s) && !s.deck ? std::max(scale, 1.25f) : scale;
}

namespace {

// Update: the animation of PosEnc.animate, then pos while playing (past its limit the animation stops
// rather than leaving the valid range).
void update(App& a, double dt) {
  State& s = a.state;
  if (const int done = advance_animation(s, a.animation, dt)) a.animation_done = done;
  if (s.playing && dt > 0 && !set_number(s, Field::pos, s.pos + s.speed * std::fmin(dt, 0.25)).empty())
    set_number(s, Field::playing, 0);
}

// Layout: whether the controls are a column or a drawer, decided by the screen and the UI scale.
void layout(App& a) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // Presenter mode lays out as a narrow screen does: the figure takes the width, the controls wait in
  // the drawer, and the lesson's place in the path stands in for the tabs.
  a.narrow = vp->WorkSize.x < kNarrowWidth * a.ui_scale || presenting(a.state);
  if (!a.narrow || !a.state.controls) a.drawer_open = false;
  a.link_min = a.link_max = ImVec2(0, 0);
}

// The current lesson below the tabs and the tour bar; the figure's rectangle is kept for exports.
void draw_lesson(App& a) {
  float figure_top = ImGui::GetCursorScreenPos().y;
  const TourStep* step = tour_step(a.state.step);
  const ViewContext ctx{a.fonts, a.ui_scale, a.notices, shown_text(a.state), a.intro_expanded,
                        figure_top, a.pending_export, a.export_message, step && step->view == a.state.view};
  const ImVec2 main_min = ImGui::GetWindowPos(), main_size = ImGui::GetWindowSize();
  figure_marks_clear();  // what the lesson draws of its data from here on (ui/figure_mark.hpp)
  draw_view(a, ctx);
  const ImVec2 f = first_figure(figure_marks(), 2 * ImGui::GetFontSize());
  a.figure_top = f.x;
  a.figure_need = f.y > f.x ? std::min(f.y - f.x, kFigureShare * ImGui::GetMainViewport()->WorkSize.y) : 0;
  a.lesson_shown_bottom = ImGui::GetCurrentWindow()->InnerClipRect.Max.y;
  a.figure_min = ImVec2(main_min.x, figure_top);
  a.figure_max = ImVec2(main_min.x + main_size.x, main_min.y + main_size.y);
}

// Draw: one window over the screen; the controls (a column, or the drawer, which comes first so that
// its controls come first in the Tab order: it still shows on top, since the main window never comes
// to the front), then the main area: top row and tabs, the tour bar, the lesson.
void draw(App& a) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::Begin(kMainWindowName, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  const bool column = a.state.controls && !a.narrow;
  // The keyboard's regions (F6 goes round them, ui/focus.hpp): the controls, the lessons' row, the
  // tour's bar, the view.
  focus_region(FocusRegion::controls);
  if (a.narrow && a.state.controls) draw_drawer(a, a.drawer_top);
  if (column) {
    ImGui::BeginChild("controls", ImVec2(controls_width(a, 0.4f * vp->WorkSize.x), 0), true);
    draw_controls(a);
    ImGui::EndChild();
    ImGui::SameLine();
  }
  ImGui::BeginChild("main", ImVec2(0, 0), false);
  focus_region(FocusRegion::lessons);
  draw_top_row(a, column);
  draw_tabs(a);
  draw_start_here(a);
  draw_tour_bar(a);  // its own region, FocusRegion::tour
  withhold_open_answer(a);  // after the bar, where the student may just have answered
  focus_region(FocusRegion::view);
  draw_lesson(a);
  drag_scroll();  // a finger scrolls the lesson where it is taller than the screen
  ImGui::EndChild();
  ImGui::End();
  draw_help(a);
  draw_annotations(a.notes, a.state.view, a.ui_scale);
}

}  // namespace

void app_frame(App& a, double dt) {
  set_text_language(language_in_effect(a.state));  // the words of this frame (translations.hpp)
  // input: the student's own changes (a locked figure refuses what it fixes, may_move)
  focus_new_frame();
  a.state.student = true;
  handle_keys(a);
  a.state.student = false;
  note_answers(a.answers, a.tour_progress, a.state);  // a key may have answered before the step changes
  // update
  start_tour_step(a);
  update(a, dt);
  note_progress(a);
  // layout and draw (the controls are the student's too)
  layout(a);
  a.state.student = true;
  draw(a);
  a.state.student = false;
  note_answers(a.answers, a.tour_progress, a.state);
}

void app_after_frame(App& a, int fb_w, int fb_h) {
  if (a.services.exports) a.services.exports->carry_out(a, fb_w, fb_h);
  ExperimentCache& runs = a.views.experiment;
  if (TrainingService* t = a.services.training) {
    if (runs.cancel) t->cancel();  // the reader pressed Cancel: what the view queued this frame goes too
    else
      for (const TrainRequest& r : runs.outbox) t->request(r.id, r.options);
    t->after_frame(a);
  }
  runs.cancel = false;
  runs.outbox.clear();
}

bool app_busy(const App& a) {
  const bool training = a.services.training && a.services.training->runs_in_frame_loop() && experiment_pending(a.views.experiment) > 0;
  return a.state.playing || a.animation.id != 0 || training;
}

void app_training_answer(App& a, int id, std::string_view kind, std::string_view text) {
  experiment_receive(a.views.experiment, id, kind, text);
}

}  // namespace app
