// The text alternative states the same numbers the views draw, and never NaN or Infinity.
#include "catch2_any.hpp"

#include <cmath>
#include <cstdio>

#include "shell/app.hpp"
#include "describe_checks.hpp"
#include "text/format.hpp"

using namespace app;
using namespace describe_checks;


TEST_CASE("the description names the view, the parameters and the selected pair's values") {
  State s;
  s.d = 4;
  s.pos = 1;
  s.pair = 1;
  s.k = 37;
  const std::string t = describe(s);
  CHECK(t.find("Clock hands") != std::string::npos);
  CHECK(t.find("d = 4") != std::string::npos);
  // Pair 1 of d = 4 at pos 1: sin(0.01) and cos(0.01), worked independently with w = 1/100.
  CHECK(t.find("sin = " + fixed("%.4f", std::sin(0.01))) != std::string::npos);
  CHECK(t.find("cos = " + fixed("%.4f", std::cos(0.01))) != std::string::npos);
  // The dot product cos(37) + cos(0.37), independent of pos.
  CHECK(t.find(fixed("%.4f", std::cos(37.0) + std::cos(0.37))) != std::string::npos);
}

TEST_CASE("every view has a description fit to read out, at the corners of the valid range") {
  for (const State& corner : corner_states())
    for (const Lesson& l : lessons()) {
      State s = corner;
      REQUIRE(set_view(s, l.view).empty());
      const std::string t = describe(s);
      INFO(t);
      CHECK(t.size() > 150);
      CHECK(unfit(t) == "");
    }
}

TEST_CASE("fmt never prints NaN or Infinity") {
  CHECK(fmt("%.3f", std::nan("")) == "-");
  CHECK(fmt("%g", HUGE_VAL) == "-");
  CHECK(fmt("%.2f", 1.005) == fixed("%.2f", 1.005));
}
