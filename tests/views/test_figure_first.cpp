// The figure first: on every view of the registry and on every step of the guided tour, at the three
// screens a course meets (a 1280x800 laptop, a 360x640 phone, a 1920x1080 projector at scale 2), the
// first screen shows the figure: the data the lesson draws (ui/figure_mark.hpp: plot frames, dials,
// matrices, bar strips and a view's own marks) starts on the first screen, and what of it is visible
// there is the whole figure as laid out or at least kFigureShare of the screen's height: a chart whose
// top edge peeks in above the screen's bottom does not count as shown. The lesson text above it is its lead sentence (the rest behind More), so this fails as soon
// as a view puts paragraphs or rows of controls before its figure again. In English, Spanish (about a
// quarter longer) and Chinese (with its font). Not in the pseudo-locale xx, a third longer with every
// word padded: there a phone's tour steps 17, 29 and 31 push the figure under the first screen; xx is
// for text that clips or overlaps (test_responsive.cpp).
#include "catch2_any.hpp"

#include <algorithm>
#include <string>

#include "chinese_font.hpp"
#include "headless.hpp"
#include "imgui_internal.h"
#include "state/interface_text.hpp"
#include "state/tour.hpp"
#include "ui/figure_mark.hpp"

using namespace app;

namespace {

struct Screen {
  const char* name;
  ImVec2 size;
  double scale;
};
const Screen kScreens[] = {{"1280x800", {1280, 800}, 1.0}, {"360x640 phone", {360, 640}, 1.0},
                               {"1920x1080 at scale 2", {1920, 1080}, 2.0}};
const char* const kLanguages[] = {"en", "es", "zh-CN"};


// How much of the figure the first screen shows, in pixels, and what it should at least show: all of
// the figure as laid out, or kFigureShare of the screen.
struct Seen {
  bool any;
  float top, shown, needed;
};
// Shown: from the figure's top down to where the lesson's window shows its content (the screen's bottom
// less the window's padding).
Seen seen(const App& a, float screen_h) {
  const FigureMarks& m = figure_marks();
  if (!m.any) return {false, 0, 0, 0};
  const ImVec2 f = first_figure(m, 2 * ImGui::GetFontSize());
  const float shown = std::min({f.y, a.lesson_shown_bottom, screen_h}) - f.x;
  return {true, f.x, shown, std::min(f.y - f.x, kFigureShare * screen_h)};
}

}  // namespace

TEST_CASE("every view opens with its figure on the first screen, at 1280x800, on a phone and at scale 2, in every language") {
  const ChineseFont font;
  for (const char* lang : kLanguages)
  for (const Screen& sc : kScreens) {
    Headless h;
    REQUIRE(app_apply(h.app, std::string("lang=") + lang).empty());
    REQUIRE(set_number(h.app.state, Field::scale, sc.scale).empty());
    set_number(h.app.state, Field::playing, 0);
    for (const Lesson& l : lessons()) {
      INFO(sc.name << ", view " << l.id << ", lang=" << lang);
      set_view(h.app.state, l.view);
      h.frames(3, sc.size);
      const Seen s = seen(h.app, sc.size.y);
      if (sc.size.x == 1280) REQUIRE(figure_marks().reported > 0);  // the view reports its figure
      CHECK(s.any);  // some of it is on the first screen (a child scrolled away reports nothing)
      if (!s.any) continue;
      INFO("figure from y = " << s.top << ", " << s.shown << " px of it on the first screen, " << s.needed << " needed");
      CHECK(s.shown >= s.needed - 1.0f);
    }
  }
}

TEST_CASE("every step of the guided tour shows its figure on the first screen, at the three screens, in every language") {
  const ChineseFont font;
  for (const char* lang : kLanguages)
  for (const Screen& sc : kScreens) {
    Headless h;
    REQUIRE(app_apply(h.app, std::string("lang=") + lang).empty());
    REQUIRE(set_number(h.app.state, Field::scale, sc.scale).empty());
    for (int n = 1; n <= tour_step_count(); ++n) {
      INFO(sc.name << ", tour step " << n << ": " << tour_step(n)->title << ", lang=" << lang);
      REQUIRE(set_step(h.app.state, n).empty());
      h.frames(3, sc.size);
      const Seen s = seen(h.app, sc.size.y);
      CHECK(s.any);
      if (!s.any) continue;
      INFO("figure from y = " << s.top << ", " << s.shown << " px of it on the first screen, " << s.needed << " needed");
      CHECK(s.shown >= s.needed - 1.0f);
      // A question answered with a value: its Check button is in the tour bar's visible part too, off a
      // phone (a phone's bar puts the question first and scrolls).
      if (sc.size.x > 400 && tour_check(tour_step(n)->prompt.check)) {
        const ImGuiWindow* bar = nullptr;
        for (const ImGuiWindow* w : GImGui->Windows)
          if (w->Active && std::string(w->Name).find("/tour_") != std::string::npos) bar = w;
        REQUIRE(bar != nullptr);
        int checks = 0;
        for (const FocusControl& c : focus_controls())
          if (c.label.rfind(std::string(ui("check")), 0) == 0) {
            ++checks;
            INFO("Check spans y " << c.y0 << ".." << c.y1 << ", the bar shows y " << bar->InnerClipRect.Min.y << ".." << bar->InnerClipRect.Max.y);
            CHECK(c.y1 <= bar->InnerClipRect.Max.y + 0.5f);
          }
        CHECK(checks == 1);
      }
    }
  }
}
