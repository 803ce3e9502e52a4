// Keyboard access (src/ui/focus.hpp) and the responsive layout (app.cpp), in headless frames:
// the figure is one Tab stop either way; Enter enters, F6 goes round the regions, the arrows walk a
// region; the dials are one control; every control has a name; the space kept for the page's Copy link button overlaps no control
// at any scale, size or controls setting; small screens get the drawer and the one-line summary.
#include "catch2_any.hpp"

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>

#include "headless.hpp"
#include "state/state_io.hpp"
#include "state/tour.hpp"

using namespace app;

namespace {

bool overlaps(const App& a, const FocusControl& c) {
  return a.link_min.x < c.x1 && c.x0 < a.link_max.x && a.link_min.y < c.y1 && c.y0 < a.link_max.y;
}

// Walks the region of the control that has the ring with the Down arrow until it comes round; returns
// the labels in order (the first is where the walk started).
std::vector<std::string> walk_region(Headless& h, ImVec2 size = ImVec2(1280, 800)) {
  std::vector<std::string> labels{focus_label()};
  for (int i = 0; i < 600; ++i) {
    REQUIRE(focus_key(FocusKey::down, false) == KeyUse::taken);
    h.frames(1, size);
    if (focus_label() == labels.front()) break;
    labels.push_back(focus_label());
  }
  return labels;
}

// The controls of region r, in order.
std::vector<std::string> region_labels(FocusRegion r) {
  std::vector<std::string> out;
  for (const FocusControl& c : focus_controls())
    if (c.region == r) out.push_back(c.label);
  return out;
}

}  // namespace

TEST_CASE("the figure is one Tab stop: Tab and Shift+Tab leave it from the figure itself and from any control") {
  Headless h;
  h.frames(3);
  CHECK(focus_key(FocusKey::tab, false) == KeyUse::leave);
  CHECK(focus_key(FocusKey::tab, true) == KeyUse::leave);
  REQUIRE(focus_key(FocusKey::enter, false) == KeyUse::taken);
  h.frames(1);
  REQUIRE(focus_on_control());
  CHECK(focus_key(FocusKey::tab, false) == KeyUse::leave);  // no walk through the controls on the way out
  h.frames(1);
  CHECK_FALSE(focus_on_control());
  REQUIRE(focus_key(FocusKey::f6, false) == KeyUse::taken);
  h.frames(1);
  CHECK(focus_key(FocusKey::tab, true) == KeyUse::leave);  // Shift+Tab mirrors it
  h.frames(1);
  CHECK_FALSE(focus_on_control());
  // On the figure itself the arrows stay the figure's keys (pos and k), not the focus's.
  CHECK(focus_key(FocusKey::left, false) == KeyUse::pass);
  CHECK(focus_key(FocusKey::up, false) == KeyUse::pass);
}

TEST_CASE("Enter enters the view's controls, F6 goes round the regions, the arrows walk a region and come round") {
  Headless h;
  h.frames(3);
  const int n = focus_count();
  // The sidebar's controls, Contents, the chapter's tabs, the view's own controls.
  const std::vector<View> chapter = chapter_lessons(lesson(h.app.state.view).chapter);
  CHECK(n >= static_cast<int>(chapter.size()) + 10);
  REQUIRE(focus_key(FocusKey::enter, false) == KeyUse::taken);
  h.frames(1);
  CHECK(focus_current_region() == FocusRegion::view);
  CHECK(focus_label() == region_labels(FocusRegion::view).front());
  std::vector<std::string> all;
  for (const FocusRegion r : {FocusRegion::view, FocusRegion::controls, FocusRegion::lessons}) {
    INFO(focus_region_name(r));
    CHECK(focus_current_region() == r);
    const std::vector<std::string> walked = walk_region(h);
    CHECK(walked == region_labels(r));
    all.insert(all.end(), walked.begin(), walked.end());
    // Up goes back, round the start; Down comes round again. Home and End reach the ends (where the
    // last control is no set of items, which takes them itself).
    const auto lands = [&](FocusKey key, const std::string& label) {  // a key taken, and where the ring is a frame later
      REQUIRE(focus_key(key, false) == KeyUse::taken);
      h.frames(1);
      CHECK(focus_label() == label);
    };
    lands(FocusKey::up, walked.back());
    lands(FocusKey::down, walked.front());
    if (r == FocusRegion::controls) {
      lands(FocusKey::end, walked.back());
      lands(FocusKey::home, walked.front());
    }
    REQUIRE(focus_key(FocusKey::f6, false) == KeyUse::taken);
    h.frames(1);
  }
  CHECK(focus_current_region() == FocusRegion::view);  // round: no tour, so three regions
  CHECK(static_cast<int>(all.size()) == n);  // every control is in one region and reached by its walk
  CHECK(region_labels(FocusRegion::controls).front() == "Pause");  // the sidebar's first (playing by default)
  for (const Lesson& l : lessons()) {
    INFO(l.label);
    const bool in_chapter = std::find(chapter.begin(), chapter.end(), l.view) != chapter.end();
    const std::vector<std::string> tabs = region_labels(FocusRegion::lessons);
    CHECK(std::count(tabs.begin(), tabs.end(), std::string(l.label)) == (in_chapter ? 1 : 0));
  }
  // Shift+F6 goes round the other way.
  REQUIRE(focus_key(FocusKey::f6, true) == KeyUse::taken);
  h.frames(1);
  CHECK(focus_current_region() == FocusRegion::lessons);
}

TEST_CASE("every view, d = 64 and 1024: the dials are one stop, every control has a name, the view's controls within 10 keys") {
  int most = 0;
  std::string most_where;
  for (const Lesson& l : lessons()) {
    for (const int d : {64, 1024}) {
      Headless h;
      REQUIRE(set_view(h.app.state, l.view).empty());
      REQUIRE(set_number(h.app.state, Field::d, d).empty());
      set_number(h.app.state, Field::playing, 0);
      h.frames(3);
      INFO(l.label << " at d = " << d);
      int dials = 0;
      const std::vector<FocusControl> all = focus_controls();
      for (size_t i = 0; i < all.size(); ++i) {
        const FocusControl& c = all[i];
        INFO("control " << i << " '" << c.label << "' after '" << (i > 0 ? all[i - 1].label : std::string()) << "' at " << c.x0 << "," << c.y0 << " size "
                        << c.x1 - c.x0 << "x" << c.y1 - c.y0);
        // ImGui reports an item's label only when it is drawn: one scrolled out of the window has its name
        // once the ring scrolls it into view (and the page says it again after that frame).
        if (c.y0 < 800) CHECK_FALSE(c.label.empty());
        if (c.label.rfind("Dials:", 0) == 0) ++dials;
      }
      CHECK(dials <= 1);
      // From the figure itself: Enter, then the arrows either way round the view's region.
      const int in_view = static_cast<int>(region_labels(FocusRegion::view).size());
      const int keys = 1 + in_view / 2;
      if (keys > most) most = keys, most_where = std::string(l.label) + " d=" + std::to_string(d);
      if (keys > 10 && d == 64)
        for (const FocusControl& c : focus_controls())
          if (c.region == FocusRegion::view) std::printf("  %s: '%s' at %.0f,%.0f %.0fx%.0f\n", l.label, c.label.c_str(), c.x0, c.y0, c.x1 - c.x0, c.y1 - c.y0);
      CHECK(keys <= 10);
    }
  }
  std::printf("focus: the farthest control of a view is %d keys from the figure itself (%s)\n", most, most_where.c_str());
}

TEST_CASE("the dials: the arrows choose the pair, the ring follows it, Up and Down leave the set") {
  for (const int d : {64, 1024}) {
    Headless h;
    REQUIRE(set_view(h.app.state, View::clock).empty());
    REQUIRE(set_number(h.app.state, Field::d, d).empty());
    REQUIRE(set_number(h.app.state, Field::pair, 3).empty());
    h.frames(3);
    INFO("d = " << d);
    REQUIRE(focus_key(FocusKey::enter, false) == KeyUse::taken);
    h.frames(1);
    int presses = 0;
    while (focus_label().rfind("Dials:", 0) != 0 && presses < 20) {
      REQUIRE(focus_key(FocusKey::down, false) == KeyUse::taken);
      h.frames(1);
      ++presses;
    }
    REQUIRE(focus_label() == "Dials: pair 3 of " + std::to_string(d / 2) + " (arrows choose)");
    REQUIRE(focus_key(FocusKey::right, false) == KeyUse::taken);
    h.frames(2);
    CHECK(h.app.state.pair == 4);
    CHECK(focus_on_control());
    CHECK(focus_label() == "Dials: pair 4 of " + std::to_string(d / 2) + " (arrows choose)");
    REQUIRE(focus_key(FocusKey::end, false) == KeyUse::taken);
    h.frames(2);
    CHECK(h.app.state.pair == d / 2 - 1);  // the last dial, even when its row is scrolled away
    REQUIRE(focus_key(FocusKey::home, false) == KeyUse::taken);
    h.frames(2);
    CHECK(h.app.state.pair == 0);
    CHECK(focus_label() == "Dials: pair 0 of " + std::to_string(d / 2) + " (arrows choose)");
    REQUIRE(focus_key(FocusKey::down, false) == KeyUse::taken);  // the next control after the set
    h.frames(1);
    CHECK(focus_label().rfind("Dials:", 0) != 0);
    CHECK(h.app.state.pair == 0);
  }
}

TEST_CASE("a tour step with a question: Enter lands on its first choice") {
  Headless h;
  h.frames(2);
  const int questions = h.each_choice_step([&](int n, const TourStep& t) {
    INFO("step " << n << ": " << t.title);
    REQUIRE(focus_key(FocusKey::enter, false) == KeyUse::taken);
    h.frames(1);
    CHECK(focus_current_region() == FocusRegion::tour);
    CHECK(focus_label() == t.prompt.choices.front());
  });
  CHECK(questions >= 10);
}

TEST_CASE("Esc has something to close while a control has the ring, and not after") {
  Headless h;
  h.frames(3);
  CHECK_FALSE(escape_consumed(h.app));
  REQUIRE(focus_key(FocusKey::enter, false) == KeyUse::taken);
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
