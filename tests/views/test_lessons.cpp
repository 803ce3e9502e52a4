// The lesson registry (src/state/lessons.hpp) guarded: every registered lesson has its words, its
// core file and its test, draws in a headless Dear ImGui frame (no GPU: draw callbacks are not run)
// without NaN vertices, at several states including the corners of the valid range, and is in the
// guided tour or listed as outside it; every lesson states its key sentence with a source, and the
// claims the sources call never tested are tagged so.
#include "catch2_any.hpp"

#include <cmath>
#include <filesystem>
#include <set>
#include <string>

#include "shell/app.hpp"
#include "headless.hpp"
#include "imgui.h"
#include "state/claims.hpp"
#include "state/tour.hpp"

using namespace app;


TEST_CASE("every lesson has its words, its core file and its core test") {
  const std::filesystem::path src = POSENC_SOURCE_DIR;
  std::set<std::string> ids;
  for (const Lesson& l : lessons()) {
    INFO(l.id);
    CHECK(ids.insert(l.id).second);
    CHECK(view_id(l.view) == std::string(l.id));
    CHECK_FALSE(l.title.empty());
    CHECK_FALSE(l.summary.empty());
    CHECK(l.summary.size() < 140);  // one line
    // src/lessons/<id>/: its words and its view.
    const std::filesystem::path room = src / "src" / "lessons" / l.id;
    CHECK(std::filesystem::exists(room / (std::string(l.id) + ".txt")));
    CHECK(std::filesystem::exists(room / (std::string(l.id) + ".hpp")));
    CHECK(std::filesystem::exists(room / (std::string(l.id) + ".cpp")));
    const std::string core(l.core);
    if (core.rfind("train/", 0) == 0) {  // the experiment's engine: src/train/<name>.hpp, tests/train/test_train_<name>.cpp
      CHECK(std::filesystem::exists(src / "src" / (core + ".hpp")));
      CHECK(std::filesystem::exists(src / "tests" / "train" / ("test_train_" + core.substr(6) + ".cpp")));
    } else {
      CHECK(std::filesystem::exists(src / "src" / "core" / (core + ".hpp")));
      CHECK(std::filesystem::exists(src / "tests" / ("test_" + core + ".cpp")));
    }
  }
  CHECK(ids.size() == static_cast<size_t>(View::count));
}

TEST_CASE("every lesson is in the guided tour or listed as outside it, and every step applies") {
  for (const Lesson& l : lessons()) {
    INFO(l.id);
    CHECK(tour_steps_of(l.view).empty() == !l.in_tour);
  }
  REQUIRE(tour_step_count() > 0);
  for (int step = 1; step <= tour_step_count(); ++step) {
    const TourStep* t = tour_step(step);
    INFO("step " << step << ": " << t->title);
    CHECK_FALSE(t->title.empty());
    CHECK_FALSE(t->caption.empty());
    State s;
    for (const auto& [key, value] : t->preset) CHECK(set_field(s, key, value) == "");
    CHECK(s.view == t->view);
  }
}

TEST_CASE("every lesson has a key sentence (claim:) and its source (source:) from the allowed set") {
  for (const Lesson& l : lessons()) {
    INFO(l.id << ": src/lessons/" << l.id << ".txt needs claim: and source: (paper, measured, inference, untested or math)");
    CHECK(lesson_claim(l.view).size() > 20);
    CHECK(claim_source_info(lesson_claim_source(l.view)) != nullptr);
  }
}

TEST_CASE("the three claims the sources call never tested are tagged untested, in a lesson or in the tour") {
  // Where each is taught, and a word its sentence must use, so that the tag sits on that claim.
  struct Untested {
    const char* what;
    std::vector<View> views;
    const char* word;
  };
  const Untested claims[] = {
      {"the relative-position hypothesis (the paper never tested it)",
       {View::clock, View::similarity, View::symmetry, View::rope, View::projections}, "relative"},
      {"extrapolation to longer sequences (no experiment in the paper)", {View::learned}, "longer"},
      {"trained models using the slow dimensions as constants (not checked)", {View::ranges}, "constant"},
  };
  for (const Untested& u : claims) {
    INFO(u.what);
    bool tagged = false;
    for (View v : u.views) {
      if (lesson_claim_source(v) == ClaimSource::untested && lesson_claim(v).find(u.word) != std::string_view::npos) tagged = true;
      for (int step : tour_steps_of(v)) {
        const TourStep* t = tour_step(step);
        if (t->source == ClaimSource::untested && t->caption.find(u.word) != std::string::npos) tagged = true;
      }
    }
    CHECK(tagged);
  }
}

TEST_CASE("every registered view draws, with finite vertices, at default and extreme states") {
  Headless h;
  const char* states[] = {
      "playing=0",
      "playing=0&d=8192&pair=4095&pos=1e9&k=-1e9&base=1e12&n=100000",
      "playing=0&d=2&pos=-1e9&k=1e9&base=1.0000001&n=1",
      "playing=0&d=512&k=37&n=64&scale=3&contrast=1&palette=colorblind",
  };
  for (const Lesson& l : lessons()) {
    for (const char* q : states) {
      INFO(l.id << " at " << q);
      h.app.state = State{};
      REQUIRE(apply_query(h.app.state, q).empty());
      REQUIRE(set_view(h.app.state, l.view).empty());
      const auto [vertices, finite] = h.frames(3);
      CHECK(finite);
      CHECK(vertices > 1000);  // more than the sidebar and the tab bar: the view drew
      CHECK(h.app.state.view == l.view);
    }
  }
  // A phone-sized window, with the controls hidden.
  for (const Lesson& l : lessons()) {
    INFO(l.id << " at 360x640");
    h.app.state = State{};
    REQUIRE(apply_query(h.app.state, "playing=0&controls=0").empty());
    REQUIRE(set_view(h.app.state, l.view).empty());
    CHECK(h.frames(2, ImVec2(360, 640)).second);
  }
}

TEST_CASE("the sidebar shows the settings a view reads, from the settings table, and nothing that does nothing there") {
  Headless h;
  for (const Lesson& l : lessons()) {
    INFO(l.id);
    h.app.state = State{};
    REQUIRE(set_view(h.app.state, l.view).empty());
    REQUIRE(set_number(h.app.state, Field::playing, 0).empty());
    h.frames(2);
    std::set<std::string> shown;
    for (const FocusControl& c : focus_controls()) shown.insert(c.label);
    for (const Setting& r : settings()) {
      if (r.group == Group::none || r.group == Group::display) continue;  // display: a closed header
      INFO(r.key << " (" << r.label << ")");
      // A row shows where it is in scope: its own view, or a view that reads the shared row.
      CHECK(shown.count(r.label) == (in_scope(r, l.view) ? 1u : 0u));
    }
    // The step buttons move pos: only where pos shows.
    CHECK(shown.count("Play") == shown.count("position  pos"));
  }
  // Hand-checked against the views' code: order uses base only (a fixed toy d), the experiment none of
  // the encoding's settings, the clock all of them.
  const auto reads = [](View v, Field f) { return in_scope(setting(f), v); };
  CHECK(reads(View::order, Field::base));
  CHECK_FALSE(reads(View::order, Field::d));
  CHECK_FALSE(reads(View::order, Field::pos));
  for (const Field f : {Field::pos, Field::k, Field::d, Field::base, Field::pair}) {
    CHECK(reads(View::clock, f));
    CHECK_FALSE(reads(View::experiment, f));
  }
  CHECK(reads(View::experiment, Field::dModel));
  CHECK_FALSE(reads(View::clock, Field::dModel));
  CHECK(reads(View::heatmap, Field::scale));  // the display rows show everywhere
}
