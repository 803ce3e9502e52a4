#include "shell/contents.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "imgui.h"
#include "state/interface_text.hpp"
#include "text/format.hpp"
#include "state/tour.hpp"
#include "ui/focus.hpp"
#include "ui/style.hpp"
#include "ui/text_layout.hpp"

namespace app {

namespace {

// The lessons this figure offers (`views`), in the registry's order, which is the path's.
std::vector<View> offered_views(const State& s) {
  std::vector<View> out;
  for (int i = 0; i < static_cast<int>(View::count); ++i)
    if (view_offered(s, static_cast<View>(i))) out.push_back(static_cast<View>(i));
  return out;
}
std::vector<View> offered_lessons(const State& s, Chapter c) {
  std::vector<View> out;
  for (View v : chapter_lessons(c))
    if (view_offered(s, v)) out.push_back(v);
  return out;
}

// A dot before a lesson's name: filled once seen, a ring before.
void seen_dot(bool seen, float sc) {
  const float r = 3.5f * sc, line = ImGui::GetTextLineHeight();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(3 * r, line));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 c(p.x + r + 1, p.y + line / 2);
  if (seen) dl->AddCircleFilled(c, r, colors::selected, 12);
  else dl->AddCircle(c, r, colors::muted, 12, 1.2f * sc);
  ImGui::SameLine();
}

// The lesson's one-line summary over its entry or tab.
void summary_tooltip(const Lesson& l) {
  if (ImGui::IsItemHovered()) {
    const std::string_view summary = lesson_text(l.view, "summary");
    ImGui::SetTooltip("%.*s", static_cast<int>(summary.size()), summary.data());
  }
}

}  // namespace

void note_progress(App& a) {
  a.seen[static_cast<size_t>(a.state.view)] = true;
}

std::string chapter_progress(const App& a, Chapter c) {
  int seen = 0, total = 0, asked = 0, answered = 0;
  for (View v : offered_lessons(a.state, c)) {
    ++total;
    if (a.seen[static_cast<size_t>(v)]) ++seen;
    for (int n : tour_steps_of(v)) {
      const TourStep* t = tour_step(n);
      if (!t || t->prompt.empty()) continue;
      ++asked;
      const auto r = a.tour_record.find(n);
      const bool done = (r != a.tour_record.end() && r->second.answered) ||
                        (a.tour_progress.step == n && a.tour_progress.answered);
      if (done) ++answered;
    }
  }
  if (asked == 0) return fill(ui("chapter_seen"), {{"seen", std::to_string(seen)}, {"total", std::to_string(total)}});
  return fill(ui("chapter_seen_answered"), {{"seen", std::to_string(seen)}, {"total", std::to_string(total)},
                                            {"answered", std::to_string(answered)}, {"asked", std::to_string(asked)}});
}

namespace {
// Whether there is a lesson to choose: not in a locked figure, nor with one lesson offered.
bool offers_lessons(const State& s) { return !s.lock && offered_views(s).size() > 1; }
// A narrow screen during the tour: no lesson row (the place and the arrows); the tour leads.
bool lesson_row_folded(const App& a) { return a.narrow && tour_step(a.state.step) != nullptr; }
}  // namespace

void draw_contents(App& a) {
  State& s = a.state;
  if (!offers_lessons(s)) return;  // a locked figure, or one lesson offered: nothing to choose
  const float sc = a.ui_scale;
  // On a phone the button names the lesson's place in the path (its neighbours are the arrows beside it).
  // During the tour the tour's own buttons lead from lesson to lesson: the button is Contents alone, on
  // the top row, and the row it took is the tour bar's (a phone's bar had room for little more than the
  // step's title).
  const std::vector<View> path = offered_views(s);
  const auto i = std::find(path.begin(), path.end(), s.view) - path.begin();
  const bool in_path = a.narrow && !lesson_row_folded(a);
  const std::string label = in_path ? std::to_string(i + 1) + "/" + std::to_string(path.size()) + " " + std::string(lesson_label(lesson(s.view)))
                                  : std::string(ui("contents"));
  if (a.top_row_used) same_line_if_fits(button_width(label.c_str()) + (in_path ? 2 * ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().ItemSpacing.x : 0));
  if (ImGui::Button((label + "##contents").c_str())) ImGui::OpenPopup("contents");
  focus_name("Contents: chapters and lessons");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(ui("contents_tip")).c_str());
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // As wide as a phone allows, and no taller than the screen: it scrolls inside.
  ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(vp->WorkSize.x - 16 * sc, 300 * sc), 0),
                                      ImVec2(std::min(vp->WorkSize.x - 16 * sc, 520 * sc), vp->WorkSize.y - 60 * sc));
  if (!ImGui::BeginPopup("contents")) return;
  const std::vector<int> steps = offered_steps(s);
  if (const TourStep* t = tour_step(s.step)) {
    const int place = static_cast<int>(std::find(steps.begin(), steps.end(), s.step) - steps.begin()) + 1;
    const std::string where = fill(ui("tour_place"), {{"step", std::to_string(place)}, {"of", std::to_string(steps.size())}, {"title", t->title}});
    ImGui::TextDisabled("%s", where.c_str());
  } else if (!steps.empty() && ImGui::Button(ui_label("start_the_tour").c_str())) {
    set_step(s, steps.front());
    ImGui::CloseCurrentPopup();
  }
  int number = 0;
  for (int c = 0; c < static_cast<int>(Chapter::count); ++c) {
    const Chapter ch = static_cast<Chapter>(c);
    if (offered_lessons(s, ch).empty()) continue;
    ImGui::Separator();
    ImGui::PushFont(a.fonts.title);
    text_wrapped_at_spaces(std::to_string(c + 1) + ". " + std::string(chapter_title_shown(ch)));
    ImGui::PopFont();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
    text_wrapped_at_spaces(chapter_progress(a, ch));
    ImGui::PopStyleColor();
    for (View v : offered_lessons(s, ch)) {
      ++number;
      const Lesson& l = lesson(v);
      seen_dot(a.seen[static_cast<size_t>(v)], sc);
      const std::string item = std::to_string(number) + "  " + std::string(lesson_label(l)) + "###contents_" + l.id;
      if (ImGui::Selectable(item.c_str(), v == s.view)) {
        set_view(s, v);
        ImGui::CloseCurrentPopup();
      }
      focus_name(std::string("lesson ") + l.label);
      summary_tooltip(l);
    }
  }
  ImGui::EndPopup();
}

void draw_chapter_tabs(App& a) {
  State& s = a.state;
  const bool external = s.view != a.shown_view;
  const Chapter ch = lesson(s.view).chapter;
  if (!offers_lessons(s)) {
    a.shown_view = s.view;
    return;
  }
  if (lesson_row_folded(a)) {
    a.shown_view = s.view;
    return;
  }
  if (a.narrow) {
    // A phone: the previous and next lesson beside the place in the path (the Contents button), where
    // tabs would show two or three names.
    const std::vector<View> path = offered_views(s);
    const std::ptrdiff_t i = std::find(path.begin(), path.end(), s.view) - path.begin();
    const std::ptrdiff_t last = static_cast<std::ptrdiff_t>(path.size()) - 1;
    ImGui::SameLine();
    ImGui::BeginDisabled(i == 0);
    if (ImGui::ArrowButton("##previous_lesson", ImGuiDir_Left) && i > 0) set_view(s, path[static_cast<size_t>(i - 1)]);
    ImGui::EndDisabled();
    focus_name(ui("previous_lesson"));
    ImGui::SameLine();
    ImGui::BeginDisabled(i >= last);
    if (ImGui::ArrowButton("##next_lesson", ImGuiDir_Right) && i < last) set_view(s, path[static_cast<size_t>(i + 1)]);
    ImGui::EndDisabled();
    focus_name(ui("next_lesson"));
    a.shown_view = s.view;
    return;
  }
  ImGui::SameLine();
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(metrics::tab_padding * a.ui_scale, ImGui::GetStyle().FramePadding.y));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemInnerSpacing, ImVec2(2.0f * a.ui_scale, ImGui::GetStyle().ItemInnerSpacing.y));
  // The chapter's id keeps one tab bar per chapter, so a chapter's tabs never inherit another's scroll.
  const std::string bar = std::string("views_") + std::to_string(static_cast<int>(ch));
  if (ImGui::BeginTabBar(bar.c_str(), ImGuiTabBarFlags_FittingPolicyScroll)) {
    for (View v : offered_lessons(s, ch)) {
      const Lesson& l = lesson(v);
      const ImGuiTabItemFlags flags = (external && l.view == s.view) ? ImGuiTabItemFlags_SetSelected : 0;
      const std::string tab = std::string(lesson_label(l)) + "###tab_" + l.id;  // the same tab in every language
      const bool open = ImGui::BeginTabItem(tab.c_str(), nullptr, flags);
      focus_name(l.label);  // tabs do not report their label to the focus order by themselves
      summary_tooltip(l);
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

void draw_start_here(App& a) {
  if (!a.start_here) return;
  State& s = a.state;
  if (s.step > 0 || s.view != kPathStart) {  // the student has started: the cue has done its job
    a.start_here = false;
    return;
  }
  ImGui::PushStyleColor(ImGuiCol_ChildBg, colors::tour_bg);
  const float h = ImGui::GetFrameHeightWithSpacing() + 2 * ImGui::GetStyle().WindowPadding.y;
  ImGui::BeginChild("start_here", ImVec2(0, h), true, ImGuiWindowFlags_NoScrollbar);
  ImGui::AlignTextToFramePadding();
  const std::string_view start = ui("start_here");
  ImGui::TextUnformatted(start.data(), start.data() + start.size());
  ImGui::SameLine();
  if (ImGui::Button(ui_label("take_tour").c_str())) set_step(s, 1);
  focus_name(ui("start_here_name"));
  const std::string steps = fill(ui("tour_steps"), {{"n", std::to_string(tour_step_count())}});
  if (same_line_if_fits(ImGui::CalcTextSize(steps.c_str()).x + button_width("x##start_here"))) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", steps.c_str());
  }
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - button_width("x##start_here"));
  if (ImGui::SmallButton("x##start_here")) a.start_here = false;
  focus_name(ui("close_start_here"));
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

}  // namespace app
