// The accuracy chart's figures of issue 25 (src/lessons/experiment/experiment.cpp, draw_accuracy): at
// 2L and 4L every position, the new positions only and the new positions windowed, with the order-blind
// ceiling beside chance, on screen, in the tooltip and in describe(). One result is written here by hand
// (so its numbers are known: 0.3 on the new positions at 2L reads "0.30"), one comes from the engine; a
// field the result leaves out (null) reads "n/a", never as -1 or nan.
#include "catch2_any.hpp"

#include <string>
#include <string_view>

#include "imgui_internal.h"
#include "lessons/experiment/experiment.hpp"
#include "state/lessons.hpp"
#include "train/config.hpp"
#include "train/result.hpp"
#include "views/headless.hpp"

using namespace app;

namespace {

// A result as the engine writes it, cut to what the view reads: L = 16, at 4L the new-position figures
// left out (null), as for a result without them.
const char* kHandResult = R"({"config":{},"steps":20,"cancelled":false,"ms":5,"loss":[{"step":10,"loss":2.5}],
 "accuracy":[
  {"length":16,"accuracy":0.9,"loss":1,"targetsNew":0,"accuracyNew":null,"window":16,"accuracyWindowed":0.9,
   "accuracyWindowedNew":null,"answerInWindowNew":null,"chance":0.0625,"rightThenChance":0.9,"orderBlind":0.35,"orderBlindNew":null},
  {"length":32,"accuracy":0.6,"loss":1,"targetsNew":1024,"accuracyNew":0.3,"window":16,"accuracyWindowed":0.8,
   "accuracyWindowedNew":0.7,"answerInWindowNew":1,"chance":0.0625,"rightThenChance":0.5,"orderBlind":0.25,"orderBlindNew":0.2},
  {"length":64,"accuracy":0.4,"loss":1,"targetsNew":3072,"accuracyNew":null,"window":16,"accuracyWindowed":0.45,
   "accuracyWindowedNew":null,"answerInWindowNew":null,"chance":0.0625,"rightThenChance":0.3,"orderBlind":0.2,"orderBlindNew":null}],
 "orderBlindExact":true,"attention":[],"relative":{"best":{"layer":0,"head":0},"heads":[]},"mechanism":[],"ablation":null})";

// One run of the State's encoding (rope) with that result (or another).
void receive_hand_result(State& s, ExperimentCache& c, const std::string& result = kHandResult) {
  REQUIRE(experiment_request(s, c, false).empty());
  const int id = c.outbox.back().id;
  c.outbox.clear();
  experiment_receive(c, id, "result", result);
  REQUIRE(c.runs.size() == 1);
  REQUIRE(c.runs[0].status == ExperimentRun::Status::done);
}

void move_mouse(ImVec2 p) {
#if IMGUI_VERSION_NUM >= 18700
  ImGui::GetIO().AddMousePosEvent(p.x, p.y);
#else
  ImGui::GetIO().MousePos = p;
#endif
}

// The words the last frame drew, tooltip included, if it drew a tooltip with words in it ("" if not).
std::string text_with_tooltip() {
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if ((w->Flags & ImGuiWindowFlags_Tooltip) && w->Active && w->DrawList->VtxBuffer.Size > 8 * 4) return screen_text();
  return {};
}

}  // namespace

TEST_CASE("the new-position, windowed and order-blind figures are read from the result, absent ones as -1") {
  State s;
  ExperimentCache c;
  receive_hand_result(s, c);
  const ExperimentRun& r = c.runs[0];
  CHECK(r.accuracy_new[0] == 0.3);
  CHECK(r.accuracy_new[1] == -1);  // null
  CHECK(r.accuracy_windowed_new[0] == 0.7);
  CHECK(r.accuracy_windowed_new[1] == -1);
  CHECK(r.accuracy_windowed[0] == 0.8);
  CHECK(r.accuracy_windowed[1] == 0.45);
  CHECK(r.answer_in_window_new[0] == 1);
  CHECK(r.order_blind[0] == 0.35);
  CHECK(r.order_blind[2] == 0.2);
  CHECK(r.order_blind_new[0] == 0.2);
  CHECK(r.order_blind_new[1] == -1);
  CHECK(r.order_blind_exact);
}

TEST_CASE("describe() gives every position / new only / windowed new at 2L and 4L and the order-blind ceiling") {
  State s;
  ExperimentCache c;
  receive_hand_result(s, c);
  const std::string text = describe_experiment(s, c);
  INFO(text);
  // Hand-checked from the result above: 0.6, 0.3, 0.7 at 2L; 0.4 and two nulls at 4L; ceiling 0.2 at 2L.
  CHECK(text.find("at 2L: RoPE 0.60 / 0.30 / 0.70;") != std::string::npos);
  CHECK(text.find("at 4L: RoPE 0.40 / n/a / n/a.") != std::string::npos);
  CHECK(text.find("Order-blind ceiling on the new positions: 0.20 at 2L, n/a at 4L (chance 0.06)") != std::string::npos);
  CHECK(text.find("-1") == std::string::npos);
  CHECK(text.find("nan") == std::string::npos);
}

TEST_CASE("describe() reads the engine's own new-position figures") {
  State s;
  REQUIRE(set_number(s, Field::steps, 20).empty());
  ExperimentCache c;
  REQUIRE(experiment_request(s, c, false).empty());
  train::Config cfg;
  REQUIRE(train::parse_option_lines(c.outbox[0].options, cfg).empty());
  const train::Result res = train::run(cfg);
  experiment_receive(c, c.outbox[0].id, "result", train::to_json(res));
  c.outbox.clear();
  const auto two = [](double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.2f", v);
    return std::string(b);
  };
  const auto& a = res.eval.accuracy;
  REQUIRE(a.size() == 3);
  const std::string want2 = "at 2L: RoPE " + two(a[1].accuracy) + " / " + two(a[1].accuracyNew) + " / " + two(a[1].accuracyWindowedNew) + ";";
  const std::string want4 = "at 4L: RoPE " + two(a[2].accuracy) + " / " + two(a[2].accuracyNew) + " / " + two(a[2].accuracyWindowedNew) + ".";
  const std::string ceiling = "on the new positions: " + two(a[1].orderBlindNew) + " at 2L, " + two(a[2].orderBlindNew) + " at 4L";
  const std::string text = describe_experiment(s, c);
  INFO(text);
  CHECK(text.find(want2) != std::string::npos);
  CHECK(text.find(want4) != std::string::npos);
  CHECK(text.find(ceiling) != std::string::npos);
}

TEST_CASE("the accuracy chart names its groups and the order-blind line, explains a bar on hover, and shows no -1 or nan") {
  Headless h;
  h.app.state.view = View::experiment;
  receive_hand_result(h.app.state, h.app.views.experiment);
  for (ImVec2 size : {ImVec2(360, 6000), ImVec2(1280, 6000)}) {  // tall: the folds opened below push nothing out
    INFO(size.x << "x" << size.y);
    move_mouse(ImVec2(-100, -100));
    h.frames(3, size);
    // The per-encoding lists, folded under their claims: opened once (a click toggles; they stay open).
    if (size.x < 400) h.open_folds(lesson_text(View::experiment, "numbers_fold"), size);
    move_mouse(ImVec2(-100, -100));
    h.frames(3, size);
    const std::string text = screen_text();
    INFO(text);
    for (const char* words : {"2L = 32", "4L = 64", "all", "new", "win", "order-blind ceiling", "chance: 1/16 = 0.06", "0.30", "0.70"}) {
      INFO(words);
      CHECK(text.find(words) != std::string::npos);
    }
    CHECK(text.find("n/a") != std::string::npos);  // the figures the result left out
    CHECK(text.find("nan") == std::string::npos);
    CHECK(text.find("-1.0") == std::string::npos);
  }
  // At a phone's width the chart spans the window, so the middle of its width is 2L's "new" group: the
  // pointer goes down that line until a tooltip explains a bar there.
  const ImVec2 phone(360, 6000);  // as tall as above: the folds opened there stay open
  std::string tip;
  for (float y = 0; y < phone.y && tip.empty(); y += 12)
    for (float x : {186.0f, 196.0f}) {
      move_mouse(ImVec2(x, y));
      h.frames(2, phone);
      const std::string t = text_with_tooltip();
      if (t.find("new positions only") != std::string::npos) {
        tip = t;
        break;
      }
    }
  INFO(tip);
  REQUIRE(!tip.empty());
  CHECK(tip.find("dashed line: chance, 0.062") != std::string::npos);
  CHECK(tip.find("solid line: order-blind ceiling, 0.200") != std::string::npos);
  CHECK(tip.find("nan") == std::string::npos);
}

TEST_CASE("where the window hides every answer, the chart and describe() say the windowed figure tests nothing") {
  // As for first, or copy at 4L: no new target's answer lies in the window at 4L.
  std::string result = kHandResult;
  const std::string_view at4 = R"("accuracyWindowedNew":null,"answerInWindowNew":null,"chance":0.0625,"rightThenChance":0.3)";
  const size_t at = result.find(at4);
  REQUIRE(at != std::string::npos);
  result.replace(at, at4.size(), R"("accuracyWindowedNew":0.0625,"answerInWindowNew":0,"chance":0.0625,"rightThenChance":0.3)");
  {
    State s;
    ExperimentCache c;
    receive_hand_result(s, c, result);
    const std::string text = describe_experiment(s, c);
    INFO(text);
    CHECK(text.find("at 4L: RoPE 0.40 / n/a / 0.06.") != std::string::npos);
    CHECK(text.find("At 4L the window hides every answer, so the windowed figure there tests nothing.") != std::string::npos);
  }
  Headless h;
  h.app.state.view = View::experiment;
  receive_hand_result(h.app.state, h.app.views.experiment, result);
  h.frames(3, ImVec2(1280, 2400));
  const std::string text = screen_text();
  INFO(text);
  CHECK(text.find("Grey win bars (4L)") != std::string::npos);
  // The hand result without it: no such words.
  h.app.views.experiment = ExperimentCache{};
  receive_hand_result(h.app.state, h.app.views.experiment);
  h.frames(3, ImVec2(1280, 2400));
  CHECK(screen_text().find("Grey win bars") == std::string::npos);
}
