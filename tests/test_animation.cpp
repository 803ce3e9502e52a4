// Smooth moves (src/state/animation.hpp) against a hand-worked smoothstep: at a quarter of the time
// 3/16 - 2/64 = 0.15625 of the way, at half-time exactly half, the end exactly on the target; and
// the validated path's limits.
#include "catch2_any.hpp"

#include <limits>

#include "state/animation.hpp"
#include "state/state_io.hpp"

using namespace app;

TEST_CASE("animate follows smoothstep and lands exactly on the target") {
  State s;
  Animation a;
  int replaced = -1;
  REQUIRE(start_animation(s, a, "k", 37, 2.0, replaced).empty());
  CHECK(replaced == 0);
  const double from = s.k;  // 4 by default
  CHECK(advance_animation(s, a, 0.5) == 0);
  CHECK(s.k == Approx(from + (37 - from) * 0.15625).margin(1e-12));
  CHECK(advance_animation(s, a, 0.5) == 0);
  CHECK(s.k == Approx(from + (37 - from) * 0.5).margin(1e-12));
  const int id = a.id;
  CHECK(advance_animation(s, a, 1.5) == id);  // past the end: finished, exactly at the target
  CHECK(s.k == 37.0);
  CHECK(a.id == 0);
  CHECK(advance_animation(s, a, 1.0) == 0);  // nothing running
}

TEST_CASE("animating pos pauses playing; zero seconds jumps; a new move replaces the old one") {
  State s;
  REQUIRE(s.playing);
  Animation a;
  int replaced = 0;
  REQUIRE(start_animation(s, a, "pos", 100, 1.0, replaced).empty());
  CHECK_FALSE(s.playing);
  const int first = a.id;
  REQUIRE(start_animation(s, a, "k", -5, 0.0, replaced).empty());
  CHECK(replaced == first);
  const int second = a.id;
  CHECK(advance_animation(s, a, 0.0) == second);  // zero seconds: done at the first step
  CHECK(s.k == -5.0);
}

TEST_CASE("animate rejects what the settings table rejects, and leaves a running move alone") {
  State s;
  Animation a;
  int replaced = 0;
  REQUIRE(start_animation(s, a, "k", 10, 1.0, replaced).empty());
  const int id = a.id;
  CHECK(start_animation(s, a, "k", 1e10, 1.0, replaced).find("k must be") != std::string::npos);
  CHECK(start_animation(s, a, "d", 64, 1.0, replaced).find("number settings only") != std::string::npos);
  CHECK(start_animation(s, a, "nope", 1, 1.0, replaced).find("unknown key") != std::string::npos);
  CHECK(start_animation(s, a, "k", 1, -1.0, replaced).find("seconds") != std::string::npos);
  CHECK(start_animation(s, a, "k", 1, std::numeric_limits<double>::quiet_NaN(), replaced).find("seconds") != std::string::npos);
  CHECK(a.id == id);  // the running move is untouched
  CHECK(finish_animation(s, a) == id);
  CHECK(s.k == 10.0);
}
