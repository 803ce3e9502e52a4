// The clock's hand and ghost labels name their positions in full at a large position: with %g both
// read "1e+06" at pos = 1,000,000, k = 4, and the offset vanished from the screen.
#include "catch2_any.hpp"

#include <string>

#include "views/headless.hpp"

using namespace app;

TEST_CASE("clock: at pos = 1,000,000 the hand and the ghost show different positions") {
  Headless h;
  REQUIRE(set_view(h.app.state, View::clock).empty());
  REQUIRE(set_number(h.app.state, Field::playing, 0).empty());
  REQUIRE(set_number(h.app.state, Field::pos, 1000000).empty());
  REQUIRE(set_number(h.app.state, Field::k, 4).empty());
  h.frames(3);
  std::string t;
  for (char c : screen_text())
    if (c != ' ' && c != '|') t += c;
  INFO(t);
  CHECK(t.find("hand:pos=1,000,000.00") != std::string::npos);
  CHECK(t.find("ghost:pos+k=1,000,004.00") != std::string::npos);
}
