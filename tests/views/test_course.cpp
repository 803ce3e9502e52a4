// Course-ready figures (issue 26): a locked figure (lock, free), the lessons offered (views), the student's
// answers for the course (AnswerBook: the embed's answer event, PosEnc.progress(), SCORM), and the host's
// mistakes kept out of the student's sidebar. Whole app frames, as a student meets them.
#include <algorithm>
#include <set>
#include <string>

#include "catch2_any.hpp"
#include "headless.hpp"
#include "state/state_io.hpp"
#include "state/tour.hpp"

using namespace app;

namespace {

std::set<std::string> control_labels() {
  std::set<std::string> out;
  for (const FocusControl& c : focus_controls()) out.insert(c.label);
  return out;
}

bool has_label(const std::set<std::string>& labels, const std::string& prefix) {
  return std::any_of(labels.begin(), labels.end(), [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
}

// A key pressed for one frame and let go (ImGui 1.87 and later take key events; 1.86 reads KeysDown through
// the key map, which a headless context has to set itself).
void press_key(Headless& h, ImGuiKey k) {
  ImGuiIO& io = ImGui::GetIO();
#if IMGUI_VERSION_NUM >= 18700
  io.AddKeyEvent(k, true);
  h.frames(1);
  io.AddKeyEvent(k, false);
#else
  io.KeyMap[k] = k;
  io.KeysDown[k] = true;
  h.frames(1);
  io.KeysDown[k] = false;
#endif
  h.frames(1);
}

void press_char(Headless& h, char c) {
  ImGui::GetIO().AddInputCharacter(static_cast<unsigned>(c));
  h.frames(1);
}

}  // namespace

TEST_CASE("lock=1&free=pos,k: one lesson, only the controls of pos and k, no tabs, Contents or tour") {
  Headless h;
  REQUIRE(app_apply(h.app, "view=clock&lock=1&free=pos,k&playing=0").empty());
  h.frames(3);
  const std::set<std::string> labels = control_labels();
  CHECK(has_label(labels, "position  pos"));
  CHECK(has_label(labels, "offset  k"));
  // The encoding's settings are fixed: no control for them (a control that would not move is not shown).
  CHECK_FALSE(has_label(labels, "model width  d"));
  CHECK_FALSE(has_label(labels, "base"));
  CHECK_FALSE(has_label(labels, "selected pair"));
  CHECK_FALSE(labels.count("Play"));  // playing is not free
  CHECK_FALSE(has_label(labels, "Contents"));
  CHECK_FALSE(labels.count("Clock"));  // the chapter's tabs
  CHECK_FALSE(labels.count("Start guided tour"));
  // The reader's own settings stay: the display section (contrast, palette, scale) is still there.
  CHECK(labels.count("Display and presenter"));

  // The student's keys cannot leave the lesson or start the tour; the arrows move pos and k (free).
  press_char(h, 't');
  CHECK(h.app.state.step == 0);
  press_key(h, ImGuiKey_PageDown);
  CHECK(h.app.state.view == View::clock);
  // The state path refuses the student's change of a fixed setting, with a reason, and leaves it.
  State& s = h.app.state;
  s.student = true;
  CHECK(set_number(s, Field::d, 64) == "d is fixed in this figure (free does not name it)");
  CHECK(set_number(s, Field::k, 9).empty());
  CHECK(set_view(s, View::rope) == "view is fixed in this figure (lock=1)");
  CHECK(set_number(s, Field::contrast, 1).empty());  // the reader's: never fixed
  s.student = false;
  CHECK(s.d == 32);
  CHECK(s.k == 9);
  // The host (URL, API) still moves what the student cannot; the tour stays off in a locked figure.
  CHECK(app_apply(h.app, "d=64&view=rope", nullptr, false).empty());
  CHECK(s.d == 64);
  CHECK(s.view == View::rope);
  const auto r = apply_query(s, "step=3");
  REQUIRE(r.size() == 1);
  CHECK(r[0].reason == "step must be 0: a locked figure (lock=1) has no tour");
}

TEST_CASE("free=none fixes every lesson setting; free=playing keeps Play without pos's slider") {
  Headless h;
  REQUIRE(app_apply(h.app, "view=clock&lock=1&free=none&playing=0").empty());
  h.frames(3);
  std::set<std::string> labels = control_labels();
  CHECK_FALSE(has_label(labels, "position  pos"));
  CHECK_FALSE(labels.count("Play"));
  REQUIRE(app_apply(h.app, "free=playing").empty());
  h.frames(3);
  labels = control_labels();
  CHECK(labels.count("Play"));
  CHECK_FALSE(labels.count("-1"));
  CHECK_FALSE(has_label(labels, "position  pos"));
}

TEST_CASE("views= offers those lessons only: tabs, the clicker's PageDown and the tour keep to them") {
  Headless h;
  // A name that is no lesson refuses the whole list (the field keeps its value), naming it.
  const auto bad = app_apply(h.app, "views=clock,rotation,heatmap&view=clock&playing=0");
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].reason.rfind("views: 'rotation' is not one of: order, input,", 0) == 0);
  State& s = h.app.state;
  CHECK(value_text(s, Field::views) == "all");
  REQUIRE(app_apply(h.app, "views=clock,heatmap&view=clock").empty());
  CHECK(to_query(s, true).find("views=clock,heatmap") != std::string::npos);
  h.frames(3);
  std::set<std::string> labels = control_labels();
  // Both lessons are in the first chapters; only the offered ones have tabs.
  CHECK(has_label(labels, "Contents"));
  CHECK(labels.count(lesson(View::clock).label));
  CHECK_FALSE(labels.count(lesson(View::waves).label));
  // PageDown goes round the offered lessons only.
  press_key(h, ImGuiKey_PageDown);
  CHECK(s.view == View::heatmap);
  press_key(h, ImGuiKey_PageDown);
  CHECK(s.view == View::clock);
  // A lesson not offered is refused, naming what is.
  CHECK(set_view(s, View::order) == "view must be one of the lessons offered (views=clock,heatmap)");
  // The tour: 't' starts at the first step on an offered lesson, and 'n' goes on among them only.
  const std::vector<int> steps = offered_steps(s);
  REQUIRE(steps.size() >= 2);
  for (int n : steps) CHECK((tour_step(n)->view == View::clock || tour_step(n)->view == View::heatmap));
  std::vector<int> by_hand;
  for (int n = 1; n <= tour_step_count(); ++n)
    if (tour_step(n)->view == View::clock || tour_step(n)->view == View::heatmap) by_hand.push_back(n);
  CHECK(steps == by_hand);
  press_char(h, 't');
  CHECK(s.step == steps[0]);
  press_char(h, 'n');
  CHECK(s.step == steps[1]);
  // A step elsewhere is refused with its lesson named.
  const auto r = apply_query(s, "step=1");
  REQUIRE(r.size() == 1);
  CHECK(r[0].reason.find("which views=clock,heatmap does not offer") != std::string::npos);
}

TEST_CASE("list settings: all, none, names; mistakes are refused with short printable reasons") {
  State s;
  CHECK(value_text(s, Field::views) == "all");
  CHECK(value_text(s, Field::free) == "all");
  auto r = apply_query(s, "views=none");
  REQUIRE(r.size() == 1);
  CHECK(r[0].reason.rfind("views must be all or names separated by commas (at least one)", 0) == 0);
  r = apply_query(s, "free=scale");  // the reader's own: never fixed, so not a name of free
  REQUIRE(r.size() == 1);
  CHECK(r[0].reason.rfind("free: 'scale' is not one of: d, base, pos, k", 0) == 0);
  CHECK(r[0].reason.size() < 300);
  REQUIRE(apply_query(s, "free=k,%20pos,k").empty());
  CHECK(value_text(s, Field::free) == "pos,k");  // the table's order, each once
  REQUIRE(apply_query(s, "free=none").empty());
  CHECK(value_text(s, Field::free) == "none");
  // Every name listed is `all` again (and stays all when a lesson or setting is added).
  std::string every;
  for (const char* id : view_ids()) every += std::string(every.empty() ? "" : ",") + id;
  REQUIRE(apply_query(s, "views=" + every).empty());
  CHECK(s.views == kAllNames);
  // A views list without the current lesson moves to the first one it offers.
  REQUIRE(apply_query(s, "view=clock").empty());
  REQUIRE(apply_query(s, "views=rope,heatmap").empty());
  CHECK(s.view == View::heatmap);  // the registry's order: heatmap comes before rope
}

TEST_CASE("the student's answers: one event per answer with the question's id, choice, right or wrong and tries") {
  Headless h;
  h.frames(2);
  REQUIRE(set_step(h.app.state, 1).empty());
  h.frames(2);
  const TourStep* t = tour_step(1);
  REQUIRE(t->prompt.is_choice());
  REQUIRE(t->prompt.answer == 1);
  CHECK(question_id(1) == "attention-has-no-sense-of-order");  // its title, "Attention has no sense of order"
  press_char(h, '3');  // wrong
  press_char(h, '1');  // right
  const auto& out = h.app.answers.outbox;
  REQUIRE(out.size() == 2);
  CHECK(out[0].question == "attention-has-no-sense-of-order");
  CHECK(out[0].choice == 3);
  CHECK(out[0].response == t->prompt.choices[2]);
  CHECK_FALSE(out[0].correct);
  CHECK(out[0].tries == 1);
  CHECK(out[1].choice == 1);
  CHECK(out[1].correct);
  CHECK(out[1].tries == 2);
  CHECK(answer_json(out[1]) == "{\"question\":\"attention-has-no-sense-of-order\",\"step\":1,\"kind\":\"choice\",\"choice\":1,"
                               "\"response\":\"Same numbers, moved with the words\",\"correct\":true,\"tries\":2}");
  // The score: one question of all the tour's right (not at the first try), none shown.
  int questions = 0;
  for (int n = 1; n <= tour_step_count(); ++n) questions += tour_step(n)->prompt.empty() ? 0 : 1;
  const std::string p = progress_json(h.app.answers, h.app.state);
  CHECK(p.rfind("{\"questions\":" + std::to_string(questions) + ",\"right\":1,\"firstTry\":0,\"shown\":0,\"untried\":" +
                    std::to_string(questions - 1) + ",\"score\":" + std::to_string((100 + questions / 2) / questions) +
                    ",\"completed\":false",
                0) == 0);
  // Going on and coming back: the record stays, the tries go on counting.
  press_char(h, 'n');
  press_char(h, 'p');
  REQUIRE(h.app.state.step == 1);
  press_char(h, '1');
  REQUIRE(out.size() == 3);
  CHECK(out[2].tries == 3);
  CHECK(out[2].correct);
}

TEST_CASE("a value question's answer carries the value checked; Finish on the last step completes the tour") {
  Headless h;
  h.frames(2);
  int value_step = 0;
  for (int n = 1; n <= tour_step_count() && !value_step; ++n)
    if (!tour_step(n)->prompt.empty() && !tour_step(n)->prompt.is_choice()) value_step = n;
  REQUIRE(value_step > 0);
  REQUIRE(set_step(h.app.state, value_step).empty());
  h.frames(2);
  const TourCheck* c = tour_check(tour_step(value_step)->prompt.check);
  REQUIRE(c);
  // Far from any answer: the check's field at its smallest allowed value 0 (k = 0 or pair 0 is never right).
  REQUIRE(set_number(h.app.state, c->field, 0).empty());
  press_key(h, ImGuiKey_Enter);
  REQUIRE(h.app.answers.outbox.size() == 1);
  const AnswerEvent& e = h.app.answers.outbox[0];
  CHECK_FALSE(e.is_choice);
  CHECK(e.value == 0);
  CHECK_FALSE(e.correct);
  CHECK(e.response == std::string(field_key(c->field)) + " = " + (c->field == Field::pair ? "0" : "0.00"));
  // The last step, then n: the tour is finished, and progress says so.
  REQUIRE(set_step(h.app.state, tour_step_count()).empty());
  h.frames(2);
  press_char(h, 'n');
  CHECK(h.app.state.step == 0);
  CHECK(h.app.answers.finished);
  CHECK(progress_json(h.app.answers, h.app.state).find("\"completed\":true") != std::string::npos);
}

TEST_CASE("the host's mistakes never reach the student's sidebar; the page's own URL's do") {
  Headless h;
  // A host's setState (web_api: notify off) and an embed's URL: refused, told to the caller only.
  CHECK(app_apply(h.app, "d=33", nullptr, false).size() == 1);
  CHECK(h.app.notices.empty());
  PageKeys embed;
  CHECK(app_apply(h.app, "embed=1&d=33", &embed).size() == 1);
  CHECK(embed.embed);
  CHECK(h.app.notices.empty());
  // The page's own link (a plain page): shown, as before.
  PageKeys page;
  CHECK(app_apply(h.app, "d=33", &page).size() == 1);
  CHECK(h.app.notices.size() == 1);
}

namespace {

// A click at the middle of a control: pressed for one frame, let go the next (then one more to settle).
void click(Headless& h, const FocusControl& c) { h.click(c); }

// The values of the settings the student may not move, as text (key=value, one after another).
std::string fixed_values(const State& s) {
  std::string out;
  for (const Setting& r : settings())
    if (!may_move(s, r.field)) out += std::string(r.key) + "=" + std::to_string(get_value(s, r.field)) + " ";
  return out;
}

}  // namespace

TEST_CASE("a locked figure: the lessons' own widgets (sliders, choices, dials, keys) move no setting it fixes") {
  for (const Lesson& l : lessons()) {
    for (const char* free : {"none", "pos"}) {
      Headless h;
      const std::string query = std::string("view=") + view_id(l.view) + "&lock=1&free=" + free + "&playing=0";
      REQUIRE(app_apply(h.app, query).empty());
      h.frames(3);
      INFO(query);
      const std::string before = fixed_values(h.app.state);
      // Every control the student sees, pressed in turn (a slider takes the value under the pointer,
      // a choice is chosen, a dial selects its pair).
      const std::vector<FocusControl> controls = focus_controls();
      CHECK(!controls.empty());
      for (const FocusControl& c : controls) {
        INFO(c.label);
        click(h, c);
        CHECK(fixed_values(h.app.state) == before);
      }
      // And the keyboard: the dials' arrows, the figure's own keys.
      for (const ImGuiKey k : {ImGuiKey_LeftArrow, ImGuiKey_UpArrow, ImGuiKey_PageDown}) press_key(h, k);
      focus_key(FocusKey::enter, false);
      h.frames(1);
      for (int i = 0; i < 12; ++i) {
        focus_key(FocusKey::right, false);
        h.frames(2);
        focus_key(FocusKey::down, false);
        h.frames(1);
      }
      CHECK(fixed_values(h.app.state) == before);
      focus_clear();
    }
  }
}
