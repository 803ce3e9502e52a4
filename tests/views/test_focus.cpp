// Keyboard access (src/ui/focus.hpp) and the responsive layout (app.cpp), in headless frames:
// Tab reaches every control in drawing order and then lets focus leave; Shift+Tab comes back to the
// figure itself and then leaves; the space kept for the page's Copy link button overlaps no control
// at any scale, size or controls setting; small screens get the drawer and the one-line summary.
#include "catch2_any.hpp"

#include <set>
#include <string>

#include "headless.hpp"
#include "state/state_io.hpp"

using namespace app;

namespace {

bool overlaps(const App& a, const FocusControl& c) {
  return a.link_min.x < c.x1 && c.x0 < a.link_max.x && a.link_min.y < c.y1 && c.y0 < a.link_max.y;
}

// Tabs forward from the figure itself through every control; returns the labels in order.
std::vector<std::string> tab_through(Headless& h, ImVec2 size) {
  std::vector<std::string> labels;
  focus_clear();
  h.frames(1, size);
  const int n = focus_count();
  for (int i = 0; i < n; ++i) {
    REQUIRE(focus_move(+1));
    labels.push_back(focus_label());
    h.frames(1, size);
    CHECK(focus_on_control());
    CHECK(focus_label() == labels.back());
  }
  return labels;
}

}  // namespace

TEST_CASE("Tab visits every control once, in drawing order, then lets focus leave the figure") {
  Headless h;
  h.frames(3);
  const int n = focus_count();
  // The sidebar's controls, Contents, the chapter's tabs, the view's own controls.
  const std::vector<View> chapter = chapter_lessons(lesson(h.app.state.view).chapter);
  CHECK(n >= static_cast<int>(chapter.size()) + 10);
  const std::vector<std::string> labels = tab_through(h, ImVec2(1280, 800));
  CHECK(labels.front() == "Pause");  // the first control of the sidebar (playing by default)
  CHECK(std::count(labels.begin(), labels.end(), std::string("Contents: chapters and lessons")) == 1);
  // Every lesson of the chapter has its tab, reached exactly once; the others are behind Contents.
  for (const Lesson& l : lessons()) {
    INFO(l.label);
    const bool in_chapter = std::find(chapter.begin(), chapter.end(), l.view) != chapter.end();
    CHECK(std::count(labels.begin(), labels.end(), std::string(l.label)) == (in_chapter ? 1 : 0));
  }
  // After the last control Tab has nowhere to go inside: the browser moves focus on.
  CHECK_FALSE(focus_move(+1));
}

TEST_CASE("Shift+Tab goes back control by control, to the figure itself, then out") {
  Headless h;
  h.frames(3);
  REQUIRE(focus_move(+1));
  h.frames(1);
  REQUIRE(focus_move(+1));
  h.frames(1);
  const std::string second = focus_label();
  REQUIRE(focus_move(-1));
  h.frames(1);
  CHECK(focus_label() == "Pause");
  CHECK(focus_move(-1));  // to the figure itself: still inside
  h.frames(1);
  CHECK_FALSE(focus_on_control());
  CHECK_FALSE(focus_move(-1));  // and then out, backwards
  CHECK(second != "Pause");
}

TEST_CASE("Esc has something to close while a control has the ring, and not after") {
  Headless h;
  h.frames(3);
  CHECK_FALSE(escape_consumed(h.app));
  REQUIRE(focus_move(+1));
  h.frames(1);
  CHECK(escape_consumed(h.app));
  focus_clear();
  h.frames(1);
  CHECK_FALSE(escape_consumed(h.app));
}

TEST_CASE("the Copy link space overlaps no control, at every scale and size, with and without the controls") {
  for (const ImVec2 size : {ImVec2(1280, 800), ImVec2(1920, 1080), ImVec2(360, 640), ImVec2(600, 400), ImVec2(1280, 720)}) {
    for (const double scale : {1.0, 2.0, 3.0}) {
      for (const int controls : {1, 0}) {
        Headless h;
        set_number(h.app.state, Field::scale, scale);
        set_number(h.app.state, Field::controls, controls);
        h.frames(3, size);
        INFO("size " << size.x << "x" << size.y << " scale " << scale << " controls " << controls);
        // Kept on screen; only where it cannot fit (under 300 UI pixels wide) it moves into the drawer.
        const bool kept = h.app.link_max.x > h.app.link_min.x;
        CHECK((kept || size.x / scale < 300));
        if (kept) CHECK(h.app.link_max.x <= size.x);
        for (const FocusControl& c : focus_controls()) {
          INFO(c.label);
          CHECK_FALSE(overlaps(h.app, c));
        }
      }
    }
  }
}

TEST_CASE("small screens: the controls are a drawer; the lesson text is its lead sentence and More") {
  Headless h;
  h.frames(3, ImVec2(360, 640));
  CHECK(h.app.narrow);
  CHECK(shown_text(h.app.state) == LessonText::summary);
  // Closed drawer: the first control is the button that opens it, and no sidebar control is drawn.
  std::set<std::string> labels;
  for (const FocusControl& c : focus_controls()) labels.insert(c.label);
  CHECK(labels.count("Controls") == 1);
  CHECK(labels.count("More") == 1);
  CHECK(labels.count("Pause") == 0);
  h.app.drawer_open = true;
  h.frames(2, ImVec2(360, 640));
  labels.clear();
  for (const FocusControl& c : focus_controls()) labels.insert(c.label);
  CHECK(labels.count("Pause") == 1);
  // The open drawer comes first in the Tab order.
  CHECK(focus_controls().front().label == "Close controls (Esc)");
  // Esc closes it.
  CHECK(escape_consumed(h.app));

  // The setting asks for the whole text up front.
  set_number(h.app.state, Field::text, static_cast<double>(LessonText::full));
  CHECK(shown_text(h.app.state) == LessonText::full);
}
