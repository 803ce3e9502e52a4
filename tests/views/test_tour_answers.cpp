// Questions that hide their answers: every question of the guided tour (src/state/tour.txt) names the
// words that would give its answer away (giveaway:), and while it is open none of them is anywhere a
// student could read it: not in the words drawn on the screen (read back from the frame's glyphs, the
// labels inside the figures included), not in describe() or the key numbers (the page's text
// alternative), and not in the lesson's text. The tour bar itself is left out (it holds the question
// and its choices). Once the student asks to be shown, each of those words is back on screen or in
// describe(): the giveaway list names words the lesson really shows, so this test can fail.
#include "catch2_any.hpp"

#include <cstdio>
#include <cstring>
#include <map>
#include <vector>
#include <string>


#include "chinese_font.hpp"
#include "headless.hpp"
#include "imgui_internal.h"
#include "state/tour.hpp"

using namespace app;

namespace {

// Without blanks and bars: words read back from glyphs lose the spaces that kerning narrows, and a
// wrapped sentence comes back as runs separated by " | " (screen_text()).
std::string squeeze(std::string_view t) {
  std::string out;
  for (char c : t)
    if (c != ' ' && c != '|') out += c;
  return out;
}

const ImDrawList* tour_bar_list() {
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if (std::strstr(w->Name, "/tour_")) return w->DrawList;
  return nullptr;
}

// Everything a student can read about the lesson but the tour bar's question.
std::string readable(Headless& h) {
  std::string t = describe(h.app.state, h.app.views);  // the view's words and the step's text, no question
  t.append(" ").append(key_numbers_json(h.app.state));
  t.append(" ").append(screen_text(tour_bar_list()));
  return squeeze(t);
}

}  // namespace

TEST_CASE("no open tour question shows its answer, on screen or in the text alternative") {
  // In English, Spanish and Chinese (whose giveaways are phrases of their own translations, README
  // "Languages"); Chinese with its font, as the page has it once fetched.
  const ChineseFont font;
  for (const char* lang : {"en", "es", "zh-CN"}) {
  INFO("lang=" << lang);
  // Spanish runs about a quarter longer: a taller window, so that what the English shows at 800 px
  // (a dial's period under the fold) is not pushed out of it.
  const ImVec2 kSize(1280, std::string(lang) == "es" ? 1100 : 800);
  Headless h;
  // The whole lesson text up front (text=full; by default it waits behind More): while a question is
  // open nothing of it may give the answer away, and once the answer is shown its words are back.
  REQUIRE(set_number(h.app.state, Field::text, static_cast<double>(LessonText::full)).empty());
  REQUIRE(app_apply(h.app, std::string("lang=") + lang).empty());
  h.frames(2);
  int questions = 0;
  for (int n = 1; n <= tour_step_count(); ++n) {
    const TourStep* t = tour_step(n);
    if (t->prompt.empty()) continue;
    ++questions;
    INFO("step " << n << ": " << t->title);
    REQUIRE(set_step(h.app.state, n).empty());
    h.frames(3, kSize);
    CHECK_FALSE(t->prompt.giveaway.empty());  // every question says what would give it away
    const std::string open = readable(h);
    for (const std::string& g : t->prompt.giveaway) {
      const std::string words = prompt_text(g, t->prompt, h.app.state);
      INFO("giveaway: " << words);
      const size_t at = open.find(squeeze(words));
      INFO("found in: " << (at == std::string::npos ? std::string() : open.substr(at > 80 ? at - 80 : 0, 160)));
      CHECK(at == std::string::npos);
    }
    show_answer(h.app.tour_progress, t->prompt, h.app.state);
    h.frames(2, kSize);
    const std::string shown = readable(h);
    for (const std::string& g : t->prompt.giveaway) {
      const std::string words = prompt_text(g, t->prompt, h.app.state);
      INFO("giveaway, after the answer is shown: " << words);
      CHECK(shown.find(squeeze(words)) != std::string::npos);
    }
  }
  CHECK(questions >= 20);
  }
}

TEST_CASE("explore: describe of every question step", "[.explore]") {
  Headless h;
  h.frames(2);
  for (int n = 1; n <= tour_step_count(); ++n) {
    const TourStep* t = tour_step(n);
    if (t->prompt.empty()) continue;
    REQUIRE(set_step(h.app.state, n).empty());
    h.frames(3);
    std::printf("=== %d %s\nASK %s\nDESC %s\n", n, t->title.c_str(), t->prompt.ask.c_str(), describe(h.app).c_str());
    std::printf("SCREEN %s\n\n", screen_text(tour_bar_list()).c_str());
  }
}

TEST_CASE("the keyboard answers a tour question: number keys choose; n past the last step ends the tour with a summary") {
  Headless h;
  h.frames(2);
  // Step 1 asks a choice question whose answer is choice 1 (tour.txt).
  const TourStep* first = tour_step(1);
  REQUIRE(first->prompt.is_choice());
  REQUIRE(first->prompt.answer == 1);
  REQUIRE(set_step(h.app.state, 1).empty());
  h.frames(2);
  ImGui::GetIO().AddInputCharacter('2');  // a wrong choice
  h.frames(1);
  CHECK(h.app.tour_progress.wrong == 1);
  CHECK_FALSE(h.app.tour_progress.answered);
  ImGui::GetIO().AddInputCharacter('1');
  h.frames(1);
  CHECK(h.app.tour_progress.answered);
  ImGui::GetIO().AddInputCharacter('n');
  h.frames(2);
  CHECK(h.app.state.step == 2);
  // The last step: n ends the tour, and the summary counts step 1 as right after a wrong try.
  REQUIRE(set_step(h.app.state, tour_step_count()).empty());
  h.frames(2);
  ImGui::GetIO().AddInputCharacter('n');
  h.frames(2);
  CHECK(h.app.state.step == 0);
  INFO(h.app.tour_summary);
  CHECK(h.app.tour_summary.find("Tour finished") != std::string::npos);
  CHECK(h.app.tour_summary.find("0 right at the first try and 1 after a wrong try") != std::string::npos);
  CHECK(squeeze(screen_text()).find("Tourfinished") != std::string::npos);  // on screen, above the lesson
}

TEST_CASE("the tour's summary counts each question once, by its last answers") {
  std::map<int, PromptProgress> record;
  std::vector<int> asks;
  for (int n = 1; n <= tour_step_count(); ++n)
    if (!tour_step(n)->prompt.empty()) asks.push_back(n);
  REQUIRE(asks.size() >= 4);
  PromptProgress right, later, shown;
  right.answered = true;
  later.answered = true;
  later.wrong = 2;
  shown.shown = true;
  record[asks[0]] = right;
  record[asks[1]] = later;
  record[asks[2]] = shown;
  record[2] = right;  // step 2 asks nothing: not counted
  const std::string t = tour_summary_text(record);
  INFO(t);
  const std::string total = std::to_string(asks.size());
  CHECK(t.find("Of its " + total + " questions you answered 1 right at the first try and 1 after a wrong try; 1 you asked to be "
               "shown, and " + std::to_string(asks.size() - 3) + " you did not try.") != std::string::npos);
}

TEST_CASE("in a tour step the keyboard reaches the question first: its first choice within four Tabs") {
  Headless h;
  h.frames(2);
  const int questions = h.each_choice_step([&](int n, const TourStep& step) {
    const TourStep* t = &step;
    INFO("step " << n << ": " << t->title);
    int tabs = 0;
    bool reached = false;
    while (tabs < 8 && focus_move(+1)) {
      ++tabs;
      h.frames(1);
      if (focus_label() == t->prompt.choices.front()) {
        reached = true;
        break;
      }
    }
    CHECK(reached);
    CHECK(tabs <= 4);  // Previous, Next, End tour, then the first choice
  });
  CHECK(questions >= 10);
}
