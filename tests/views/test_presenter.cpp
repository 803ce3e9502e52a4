// Presenter mode (the `presenter` setting): the figure, its lead sentence and large type, the controls
// behind the top row's button. `auto` turns it on in a slide deck and at scale 2 or more; on and off
// fix it. Checked on whole app frames: the controls column is gone, the fonts grow outside a deck, and
// the figure still starts on the first screen.
#include "catch2_any.hpp"

#include "headless.hpp"
#include "ui/figure_mark.hpp"

using namespace app;

TEST_CASE("presenter mode: on by itself at scale 2 and in a deck, off or on when set; no column, larger type") {
  Headless h;
  h.frames(2);
  CHECK_FALSE(presenting(h.app.state));
  CHECK_FALSE(h.app.narrow);  // 1280x800 at scale 1: the controls are a column
  const float body = ImGui::GetFontSize();

  REQUIRE(apply_query(h.app.state, "presenter=on").empty());
  h.frames(3);
  CHECK(presenting(h.app.state));
  CHECK(h.app.narrow);  // no column: the controls wait behind the top row's button
  CHECK(effective_scale(h.app.state) == Approx(1.25));
  CHECK(ImGui::GetFontSize() == Approx(body * 1.25f).epsilon(0.02));
  CHECK(figure_marks().any);

  REQUIRE(apply_query(h.app.state, "presenter=auto&scale=2").empty());
  h.frames(3, ImVec2(1920, 1080));
  CHECK(presenting(h.app.state));
  CHECK(effective_scale(h.app.state) == Approx(2.0));  // the scale asked for, not less
  REQUIRE(apply_query(h.app.state, "presenter=off").empty());
  h.frames(2, ImVec2(1920, 1080));
  CHECK_FALSE(presenting(h.app.state));

  // In a deck the slide is enlarged by the deck itself: presenter mode, the scale as set.
  REQUIRE(apply_query(h.app.state, "presenter=auto&scale=1&deck=1").empty());
  h.frames(2, ImVec2(958, 418));
  CHECK(presenting(h.app.state));
  CHECK(effective_scale(h.app.state) == Approx(1.0));
  CHECK(h.app.narrow);
  CHECK(figure_marks().any);

  CHECK_FALSE(apply_query(h.app.state, "presenter=maybe").empty());  // refused with a message
  CHECK(h.app.state.presenter == Presenter::automatic);
}
