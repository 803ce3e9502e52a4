// A split page holds one lesson's code until the rest arrives (src/shell/lesson_code.hpp): the shell must
// not call into the others, must say so in the view and in describe(), and must call them again once
// the rest is here.
#include "catch2_any.hpp"
#include "headless.hpp"
#include "shell/hooks.hpp"
#include "shell/lesson_code.hpp"

namespace {
// The record is the process's: every test puts it back.
struct SplitPage {
  explicit SplitPage(app::View resident) {
    app::lesson_code() = {};
    app::lesson_code().resident = static_cast<int>(resident);
    app::lesson_code().rest = app::RestOfLessons::coming;
  }
  ~SplitPage() { app::lesson_code() = {}; }
};
}  // namespace

TEST_CASE("every lesson's code is here unless the page says it is split") {
  for (int v = 0; v < static_cast<int>(app::View::count); ++v) CHECK(app::lesson_code_here(static_cast<app::View>(v)));
}

TEST_CASE("a split page: the lesson it opened on draws, the others wait without their code being called") {
  Headless h;
  SplitPage split(app::View::clock);
  app::app_apply(h.app, "view=clock");
  auto [clock_vertices, clock_finite] = h.frames(3);
  CHECK(clock_finite);
  const std::string clock_text = app::describe(h.app);
  CHECK(clock_text.find("still loading") == std::string::npos);

  app::app_apply(h.app, "view=heatmap");
  auto [vertices, finite] = h.frames(3);
  CHECK(finite);
  CHECK(vertices > 0);                        // the frame is drawn: tabs, controls and the message
  CHECK_FALSE(h.app.views.heatmap.drawn);     // the heatmap's own code never ran
  CHECK(app::describe(h.app).find("This lesson is still loading.") != std::string::npos);
  std::vector<double> out;
  CHECK(app::app_hook(h.app, "heatmap.rect", {}, out) == "This lesson is still loading.");

  app::lesson_code().rest = app::RestOfLessons::failed;
  app::lesson_code().reason = "HTTP 404";
  h.frames(2);
  CHECK(app::describe(h.app).find("could not be loaded (HTTP 404)") != std::string::npos);
  CHECK_FALSE(h.app.views.heatmap.drawn);

  app::lesson_code().rest = app::RestOfLessons::here;  // the rest arrived
  h.frames(3);
  CHECK(h.app.views.heatmap.drawn);
  CHECK(app::describe(h.app).find("still loading") == std::string::npos);
  CHECK(app::app_hook(h.app, "heatmap.rect", {}, out).empty());
}
