// The heatmap's window button says "all dims" only where the map can show all of them (at most
// kHeatmapMaxDims columns): at d = 8192 it showed 4096 and still said "all dims".
#include "catch2_any.hpp"

#include <string>

#include "views/headless.hpp"

using namespace app;

namespace {
std::string squeezed_screen() {
  std::string t;
  for (char c : screen_text())
    if (c != ' ' && c != '|') t += c;
  return t;
}
}  // namespace

TEST_CASE("heatmap: the Figure 1 button names the dimensions it shows") {
  Headless h;
  REQUIRE(set_view(h.app.state, View::heatmap).empty());
  REQUIRE(set_number(h.app.state, Field::d, 512).empty());
  h.frames(3);
  CHECK(squeezed_screen().find("Figure1window(0..63,alldims)") != std::string::npos);
  REQUIRE(set_number(h.app.state, Field::d, 8192).empty());
  h.frames(3);
  const std::string t = squeezed_screen();
  INFO(t);
  CHECK(t.find("alldims") == std::string::npos);
  CHECK(t.find("Figure1window(0..63,dims0..4095)") != std::string::npos);
}
