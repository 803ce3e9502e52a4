// The guided tour's bar, above the view: the step's title, Previous / Next / End, its claim line and its
// question (asked before anything is revealed, answered by a choice or a value, checked against the core).
#include "shell/tour_bar.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "imgui.h"
#include "state/interface_text.hpp"
#include "text/format.hpp"
#include "state/tour.hpp"
#include "ui/focus.hpp"
#include "ui/text_layout.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

// A phone-sized screen, in screen pixels whatever the UI scale: the tour bar keeps to the body font
// there, puts its buttons beside the title and may take a little more of the height; what does not
// fit scrolls, by a finger too (drag_scroll).
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
    focus_landing();  // entering the tour's region lands on the question, not on < Previous
    if (p.is_choice()) {
      for (size_t i = 0; i < p.choices.size(); ++i) {
        const std::string& choice = p.choices[i];
        const std::string label = choice + "##choice" + std::to_string(i + 1);
        const ImVec2 pad = ImGui::GetStyle().FramePadding;
        if (i > 0) same_line_if_fits(ImGui::CalcTextSize(choice.c_str()).x + 2 * pad.x);
        // A choice wider than the bar (a phone, a longer language) is a full-width button on as many
        // lines as its words need, rather than a button cut at the bar's edge.
        const float avail = ImGui::GetContentRegionAvail().x;
        bool pressed = false;
        if (ImGui::CalcTextSize(choice.c_str()).x + 2 * pad.x <= avail) {
          pressed = ImGui::Button(label.c_str());
        } else {
          const float wrap = std::max(1.0f, avail - 2 * pad.x);
          const ImVec2 text = ImGui::CalcTextSize(choice.c_str(), nullptr, false, wrap);
          const ImVec2 at = ImGui::GetCursorScreenPos();
          pressed = ImGui::Button(("##choice" + std::to_string(i + 1)).c_str(), ImVec2(avail, text.y + 2 * pad.y));
          focus_name(choice);
          ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(at.x + pad.x, at.y + pad.y),
                                              ImGui::GetColorU32(ImGuiCol_Text), choice.c_str(), nullptr, wrap);
        }
        if (pressed) answer_choice(g, p, static_cast<int>(i) + 1, s);
      }
    } else if (const TourCheck* c = tour_check(p.check)) {
      // The setting to answer with, right under the question (the sidebar may be a closed drawer);
      // typing a value goes beyond the slider's ends.
      // Named as the sidebar names it ("selected pair  i"), in the reader's language; its URL key if it has no label.
      const std::string_view name = setting_label(setting(c->field));
      const std::string label = fill(ui("your_answer"), {{"label", std::string(name.empty() ? field_key(c->field) : name)}});
      const double hi = c->slider_max > 0 ? c->slider_max : max_value(c->field, s);
      // In a table cell of at most 480 UI px, so a wide screen does not stretch it across the bar.
      const float w = std::min(ImGui::GetContentRegionAvail().x, 480.0f * a.ui_scale);
      if (ImGui::BeginTable("##answer", 1, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoPadOuterX, ImVec2(w, 0))) {
        ImGui::TableSetupColumn("##value", ImGuiTableColumnFlags_WidthFixed, w);
        ImGui::TableNextColumn();
        param_slider(label.c_str(), s, c->field, 0, hi, c->format, a.notices);
        ImGui::EndTable();
      }
      // Beside the slider where the bar is wide enough (a row less between the question and the figure).
      const std::string check = ui_label("check");
      same_line_if_fits(button_width(check.c_str()));
      if (ImGui::Button(check.c_str())) answer_value(g, p, s);
      a.tour_check_bottom = ImGui::GetItemRectMax().y - ImGui::GetWindowPos().y + ImGui::GetScrollY();
    }
    const std::string show = ui_label("show_answer");
    same_line_if_fits(ImGui::CalcTextSize(show.c_str(), nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x);
    if (ImGui::Button(show.c_str())) show_answer(g, p, s);
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

}  // namespace

// After the tour: its summary, until closed or the tour starts again.
void draw_tour_summary(App& a) {
  ImGui::PushStyleColor(ImGuiCol_ChildBg, colors::tour_bg);
  ImGui::BeginChild("tour_summary", ImVec2(0, ImGui::GetFrameHeightWithSpacing() * 2 + ImGui::GetTextLineHeightWithSpacing() * 2 +
                                                 2 * ImGui::GetStyle().WindowPadding.y), true);
  text_wrapped_at_spaces(a.tour_summary);
  if (ImGui::Button(ui_label("tour_again").c_str())) set_step(a.state, next_offered_step(a.state, 0, 1));
  ImGui::SameLine();
  if (ImGui::Button(ui_label("close").c_str())) a.tour_summary.clear();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

void draw_tour_bar(App& a) {
  const TourStep* t = tour_step(a.state.step);
  if (!t) a.tour_bar_bottom = 0;
  focus_region(FocusRegion::tour);  // the keyboard enters the figure here during the tour (ui/focus.hpp)
  if (!t && !a.tour_summary.empty()) draw_tour_summary(a);
  if (!t) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, colors::tour_bg);
  const ImGuiStyle& st = ImGui::GetStyle();
  // As tall as last frame's content (a question and its answer make it grow), at most 42 % of what is
  // left for the view (45 % on a phone, where the step's words wrap into more lines); off a phone 5 %
  // more while a question is open, so that its Check button is on the first screen with it (a projector
  // at scale 2; a phone has no such room for it and the figure); and no more than leaves the figure its
  // share of the screen; beyond that it scrolls, so that the figure the step is about stays on the
  // first screen (test_figure_first.cpp).
  const float avail = ImGui::GetContentRegionAvail().y;
  const float estimate = 4 * ImGui::GetFrameHeightWithSpacing() + 2 * st.WindowPadding.y;
  const float wanted = a.tour_bar_height > 0 ? a.tour_bar_height + st.WindowPadding.y + 2 : estimate + 2 * st.WindowPadding.y + 2;
  const bool question_open = !t->prompt.empty() && a.tour_progress.step == a.state.step && !a.tour_progress.revealed();
  const float share_cap = avail * ((phone(a) ? 0.45f : 0.42f) + (question_open && !phone(a) ? 0.05f : 0.0f));
  // No taller than leaves the step's figure (last frame's, ui/figure_mark.hpp) its share of the first
  // screen below the lesson's lines above it, but tall enough for the step's title, its buttons and two
  // lines (one on a phone), or off a phone down to an open question's Check button (last frame's).
  const float lines = phone(a) ? ImGui::GetFrameHeightWithSpacing() + ImGui::GetTextLineHeight()
                               : tour_font(a)->FontSize + ImGui::GetFrameHeightWithSpacing() + 2 * ImGui::GetTextLineHeightWithSpacing();
  const float least = std::max(lines + 2 * st.WindowPadding.y + 2,
                               question_open && !phone(a) && a.tour_check_bottom > 0 ? a.tour_check_bottom + st.WindowPadding.y + 2 : 0.0f);
  // From last frame: what lay between the bar's bottom and the figure stays, and the lesson's window
  // shows its content down to where it did (its padding, a scroll bar).
  const float figure_cap = a.figure_need > 0 && a.tour_bar_bottom > 0 && a.figure_top > a.tour_bar_bottom
                               ? a.lesson_shown_bottom - ImGui::GetCursorScreenPos().y - (a.figure_top - a.tour_bar_bottom) - a.figure_need
                               : share_cap;
  const float cap = std::max(std::min(share_cap, figure_cap), std::min(least, share_cap));
  ImGui::BeginChild("tour", ImVec2(0, std::min(wanted, cap)), true);
  a.tour_check_bottom = 0;  // measured again below, where the step asks for a value
  if (a.tour_scroll_top) ImGui::SetScrollY(0);  // a new step starts at its title
  a.tour_scroll_top = false;
  // The steps this figure offers (all of them, or those on the lessons of `views`), numbered among themselves.
  const std::vector<int> steps = offered_steps(a.state);
  const auto at = std::find(steps.begin(), steps.end(), a.state.step);
  const std::string place = std::to_string(at - steps.begin() + 1) + "/" + std::to_string(steps.size());
  const int before = next_offered_step(a.state, a.state.step, -1), after = next_offered_step(a.state, a.state.step, 1);
  const auto previous = [&] { if (before > 0) set_step(a.state, before); };
  const auto next = [&] { set_step(a.state, after); };  // past the last: 0, the tour's end
  if (phone(a)) {
    // A phone: the step's buttons and its title share the first row, to leave the height to the figure.
    if (ImGui::SmallButton("<##tour")) previous();
    focus_name(ui("previous_step"));
    ImGui::SameLine();
    if (ImGui::SmallButton(after > 0 ? ">##tour" : (std::string(ui("finish")) + "###finish_tour").c_str())) next();
    focus_name(ui(after > 0 ? "next_step" : "finish"));
    ImGui::SameLine();
    if (ImGui::SmallButton((std::string(ui("end")) + "###end_tour").c_str())) set_step(a.state, 0);
    focus_name(ui("end_tour_button"));
    // The title beside the buttons, unless that leaves it under 45 % of the bar (the last step's Finish, a
    // longer language): then on a line of its own, where it wrapped into five.
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < 0.45f * ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
    text_wrapped_at_spaces(place + " " + t->title);
  } else {
    ImGui::PushFont(tour_font(a));
    text_wrapped_at_spaces(fill(ui("tour_title"), {{"place", place}, {"title", t->title}}));
    ImGui::PopFont();
    if (ImGui::Button(ui_label("previous").c_str())) previous();
    ImGui::SameLine();
    if (ImGui::Button(ui_label(after > 0 ? "next" : "finish").c_str())) next();
    ImGui::SameLine();
    if (ImGui::Button(ui_label("end_tour_button").c_str())) set_step(a.state, 0);
  }
  // Where the whole step does not fit its share of the screen (a phone, a projector at scale 2; its
  // height is the same in either order), an open question and its choices come first, so they are on
  // the first screen, and the step's words follow them.
  const bool asking = !t->prompt.empty() && a.tour_progress.step == a.state.step;
  const bool question_first = asking && wanted > cap;
  const auto step_words = [&] {
    ImGui::PushFont(tour_font(a));
    claim_line(t->source, t->caption, a.ui_scale);
    ImGui::PopFont();
  };
  if (!question_first) step_words();
  if (asking) {
    if (!question_first) ImGui::Separator();
    draw_tour_prompt(a, t->prompt);
  }
  if (question_first) {
    ImGui::Separator();
    step_words();
  }
  // From the bar's top edge (GetCursorPosY is local and counts the scrolled part): its padding and
  // border above the content included.
  a.tour_bar_height = ImGui::GetCursorPosY() - st.ItemSpacing.y;
  // Where the step goes on below the bar's edge, the last line there fades into the bar: a line the edge
  // cuts reads as more to scroll to, not as a clipped label.
  if (ImGui::GetScrollY() < ImGui::GetScrollMaxY() - 0.5f) {
    const ImVec2 w = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    const float bottom = w.y + size.y - st.WindowBorderSize, fade = ImGui::GetTextLineHeight();
    const ImU32 clear = colors::tour_bg & ~IM_COL32_A_MASK;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(ImVec2(w.x, bottom - fade), ImVec2(w.x + size.x, bottom), true);
    dl->AddRectFilledMultiColor(ImVec2(w.x + st.WindowBorderSize, bottom - fade), ImVec2(w.x + ImGui::GetWindowContentRegionMax().x, bottom),
                                clear, clear, colors::tour_bg, colors::tour_bg);
    dl->PopClipRect();
  }
  drag_scroll();  // a finger scrolls the bar (the rest of the step below its fold)
  focus_region(FocusRegion::view);
  ImGui::EndChild();
  a.tour_bar_bottom = ImGui::GetItemRectMax().y;
  ImGui::PopStyleColor();
}

void withhold_open_answer(const App& a) {
  const TourStep* t = tour_step(a.state.step);
  const bool open = t && !t->prompt.empty() && t->view == a.state.view &&
                    !(a.tour_progress.step == a.state.step && a.tour_progress.revealed());
  withhold_texts(a.state.view, open ? t->prompt.hides : std::vector<std::string>{});
}

// A tour step starts: its question is unanswered again (the step's preset, the view's own settings
// included, has already set the State through the validated path).
void start_tour_step(App& a) {
  const int before = a.tour_progress.step;
  if (before == a.state.step) return;
  if (before > 0) a.tour_record[before] = a.tour_progress;  // the step's answers, for the summary
  if (a.state.step > 0) a.answers.visited[a.state.step] = true;
  // Leaving the last step forward (Finish, or n there) ends the tour with its summary; a
  // new tour starts with no answers.
  if (a.state.step == 0 && before > 0 && next_offered_step(a.state, before, 1) == 0 && before == next_offered_step(a.state, 0, -1)) {
    a.tour_summary = tour_summary_text(a.tour_record, offered_steps(a.state));
    a.answers.finished = true;
  }
  if (before == 0 && a.state.step > 0) {
    a.tour_record.clear();
    a.tour_summary.clear();
  }
  progress_for_step(a.tour_progress, a.state.step);
  // The keyboard ring starts again outside the new step's question (Enter or F6 reaches it), unless
  // it is on a button that moves between steps, which the student may press again.
  if (a.state.step > 0 && focus_on_control()) {
    const std::string on = focus_label();
    bool step_button = false;  // the controls' names are in the reader's language
    for (const char* key : {"previous_step", "next_step", "previous", "next", "finish"}) step_button = step_button || on == ui(key);
    if (!step_button) focus_clear();
  }
  a.tour_reveal_scrolled = false;
  a.tour_scroll_top = true;
}

}  // namespace app
