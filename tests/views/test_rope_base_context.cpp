// The rope_base and long_context lessons say and draw the numbers of the formulas: which pairs complete a
// turn within the context (against every pair's period worked here), how much a larger base slows the
// last pair, which pairs leave the trained range under each context-extension rule (against the
// frequencies written out here from the formulas of the PI, NTK-aware and YaRN papers), YaRN's ramp
// and temperature; and both views draw at every corner of the valid state.
#include "catch2_any.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "export/figure_export.hpp"
#include "describe_checks.hpp"
#include "headless.hpp"

using namespace app;
using namespace describe_checks;

namespace {

constexpr double kPi = 3.14159265358979323846;

double w_of(int i, int d, double base) { return std::pow(base, -2.0 * i / d); }

// Pairs whose period 2π base^(2i/d) is at most n - 1: the pairs that go round by position n - 1.
int full_turn_pairs(int n, int d, double base) {
  int m = 0;
  for (int i = 0; i < d / 2; ++i)
    if (2 * kPi * std::pow(base, 2.0 * i / d) <= n - 1) m = i + 1;
  return m;
}

std::string drawn_text(Headless& h, const std::string& query, ImVec2 size = ImVec2(1280, 800)) {
  h.app.state = State{};
  REQUIRE(apply_query(h.app.state, query).empty());
  h.frames(3, size);
  return figure_svg(h.app);
}

// The turns text the views print: 1,304 / 23.4 / 0.42 / 0.0023.
std::string turns_printed(double t) {
  if (t >= 10 && t < 1000) return fixed("%.1f", t);
  if (t >= 0.995 && t < 1) return fixed("%.3f", std::floor(t * 1000) / 1000);
  if (t >= 0.1 && t < 10) return fixed("%.2f", t);
  return fixed("%.2g", t);
}

// YaRN written out from the paper: the pair that turns r times within L, the ramp between floor and
// ceil of those pairs for r = 32 and r = 1, and the blended frequency.
double yarn_w(int i, int d, double base, double L, double s) {
  const auto dim = [&](double r) { return d * std::log(L / (2 * kPi * r)) / (2 * std::log(base)); };
  const double lo = std::max(std::floor(dim(32)), 0.0), hi = std::min(std::ceil(dim(1)), d - 1.0);
  const double r = std::clamp((i - lo) / (hi == lo ? 0.001 : hi - lo), 0.0, 1.0);
  return (1 - r) * w_of(i, d, base) + r * w_of(i, d, base) / s;
}

}  // namespace

TEST_CASE("rope_base: which pairs complete a turn at base 10,000 and 500,000, as described and drawn") {
  Headless h;
  const std::string svg = drawn_text(h, "view=rope_base&d=128&n=8192&pair=49&playing=0");
  const std::string t = describe(h.app.state, h.app.views);
  INFO(t);
  const int a = full_turn_pairs(8192, 128, 1e4), b = full_turn_pairs(8192, 128, 5e5);
  CHECK(a == 50);  // hand-worked in tests/test_rope_turns.cpp
  CHECK(b == 35);
  CHECK(has(t, "base 10,000: pairs 0 to " + std::to_string(a - 1) + " complete a full turn by position 8,191; pairs " +
                   std::to_string(a) + " to 63 (" + std::to_string(64 - a) + " of 64) never do"));
  CHECK(has(t, "base 500,000: pairs 0 to " + std::to_string(b - 1) + " complete a full turn by position 8,191; pairs " +
                   std::to_string(b) + " to 63 (" + std::to_string(64 - b) + " of 64) never do"));
  // The slowest pair's turns by position 8,191 at each base.
  CHECK(has(t, "the slowest reaching " + turns_printed(8191 * w_of(63, 128, 1e4) / (2 * kPi)) + " of a turn"));
  CHECK(has(t, "the slowest reaching " + turns_printed(8191 * w_of(63, 128, 5e5) / (2 * kPi)) + " of a turn"));
  // Pair 63 turns 50^(126/128) = 47.04 times more slowly.
  CHECK(has(t, "pair 63 " + fixed("%.4g", std::pow(50.0, 126.0 / 128)) + " times more slowly"));
  // The selected pair 49: just over a turn at 10,000 (period 7,692), well under one at 500,000.
  const double t49a = 8191 * w_of(49, 128, 1e4) / (2 * kPi), t49b = 8191 * w_of(49, 128, 5e5) / (2 * kPi);
  CHECK(t49a > 1);
  CHECK(t49b < 1);
  CHECK(has(t, "Selected pair 49: " + turns_printed(t49a) + " turns at base 10,000, " + turns_printed(t49b) + " turns at base 500,000."));
  CHECK(unfit(t).empty());
  // The canvas: the dials of the selected pair under both bases and the boundary pairs, with their turns.
  CHECK(has(svg, "pair 49"));
  CHECK(has(svg, "pair 50"));
  CHECK(has(svg, "pair 34"));
  CHECK(has(svg, turns_printed(t49a) + " turns"));
  CHECK(has(svg, turns_printed(t49b) + " turns"));
  // Pair 35 at base 500,000 falls just short of a turn (x = 34.98 above): its dial says so, never "1.00".
  const double t35b = 8191 * w_of(35, 128, 5e5) / (2 * kPi);
  CHECK(t35b < 1);
  CHECK(t35b > 0.995);
  CHECK(turns_printed(t35b) == fixed("%.3f", std::floor(t35b * 1000) / 1000));
  CHECK(has(svg, turns_printed(t35b) + " turns"));
  CHECK(has(svg, "pairs \xE2\x89\xA5 50: under one turn"));
  CHECK(has(svg, "pairs \xE2\x89\xA5 35: under one turn"));
}

TEST_CASE("rope_base: the second base is a setting (compareBase), and edge contexts read well") {
  State c;
  CHECK(set_field(c, "compareBase", "1000000").empty());
  CHECK(c.compareBase == 1e6);
  for (const char* bad : {"1", "0.5", "-3", "1e13", "abc", "", "nan", "inf", "5e5x"}) {
    INFO(bad);
    CHECK_FALSE(set_field(c, "compareBase", bad).empty());
  }
  CHECK(c.compareBase == 1e6);
  CHECK(c.base == 1e4);  // the shared base is another setting

  Headless h;
  {
    // A smaller second base: the hands go faster, so more pairs go round.
    drawn_text(h, "view=rope_base&d=64&n=4096&playing=0&compareBase=5000");
    const std::string t = describe(h.app.state, h.app.views);
    INFO(t);
    CHECK(has(t, "times faster"));
    CHECK(has(t, fixed("%.4g", std::pow(2.0, 62.0 / 64))));
    CHECK(full_turn_pairs(4096, 64, 5000) >= full_turn_pairs(4096, 64, 1e4));
  }
  {
    // n = 1: nothing turns; n = 100,000 at base 1.0001: every pair goes round.
    drawn_text(h, "view=rope_base&d=64&n=1&playing=0");
    std::string t = describe(h.app.state, h.app.views);
    CHECK(has(t, "base 10,000: a context of one position, position 0, where every hand still points to twelve."));
    drawn_text(h, "view=rope_base&d=64&n=100000&base=1.0001&playing=0");
    t = describe(h.app.state, h.app.views);
    CHECK(has(t, "base 1.0001: every pair completes a full turn by position 99,999"));
    CHECK(unfit(t).empty());
  }
}

TEST_CASE("long_context: the pairs each method takes out of the trained range, d = 128, L = 4096, s = 8") {
  Headless h;
  const std::string svg = drawn_text(h, "view=long_context&d=128&pair=30&playing=0");
  const std::string t = describe(h.app.state, h.app.views);
  INFO(t);
  // Trained sweep w_i · 4096 under a turn from pair 46 on (64 ln(4096/2π) / ln 10^4 = 45.03).
  CHECK(4096 * w_of(45, 128, 1e4) >= 2 * kPi);
  CHECK(4096 * w_of(46, 128, 1e4) < 2 * kPi);
  CHECK(has(t, "Pairs 46 to 63 (18 of 64) never went round in training"));
  CHECK(has(t, "No scaling: 18 pairs leave (pairs 46 to 63)"));
  CHECK(has(t, "PI: no pair leaves"));
  // NTK: w_i' · sL = w_i L · 8^(1 - 2i/126) > w_i L for every pair but the last.
  CHECK(has(t, "NTK-aware: 17 pairs leave (pairs 46 to 62)"));
  CHECK(has(t, "YaRN: no pair leaves"));
  // NTK's base: 10000 · 8^(128/126).
  CHECK(has(t, "= " + fixed("%.6g", 1e4 * std::pow(8.0, 128.0 / 126))));
  // PI: pair 0 at 1/8 rad = 7.16° per position.
  CHECK(has(t, "pair 0 turns 7.16° per position"));
  // YaRN: dim(32) = 20.94, dim(1) = 45.03: low 20, high 46; pair 20 has r = 0, so it is kept.
  CHECK(has(t, "from low = 20 to high = 46"));
  CHECK(has(t, "Kept (r = 0): pairs 0 to 20; blended: 21 to 45; interpolated (r = 1): 46 to 63."));
  const double temp = 0.1 * std::log(8.0) + 1;
  CHECK(has(t, "0.1 ln s + 1 = " + fixed("%.4f", temp)));
  CHECK(has(t, "every attention logit by " + fixed("%.4f", temp * temp)));
  // The selected pair 30 under each method, turns within s·L = 32,768.
  const double sL = 32768;
  CHECK(has(t, "No scaling: " + turns_printed(sL * w_of(30, 128, 1e4) / (2 * kPi)) + " turns within s·L"));
  CHECK(has(t, "PI: " + turns_printed(sL * w_of(30, 128, 1e4) / 8 / (2 * kPi)) + " turns within s·L"));
  CHECK(has(t, "NTK-aware: " + turns_printed(sL * w_of(30, 128, 1e4 * std::pow(8.0, 128.0 / 126)) / (2 * kPi)) + " turns within s·L"));
  CHECK(has(t, "YaRN: " + turns_printed(sL * yarn_w(30, 128, 1e4, 4096, 8) / (2 * kPi)) + " turns within s·L"));
  CHECK(unfit(t).empty());
  // The canvas: every row's count, the dial of pair 46 (the first short sweep) and YaRN's ramp.
  CHECK(has(svg, "18 pairs leave"));
  CHECK(has(svg, "17 pairs leave"));
  CHECK(count_of(svg, "no pair leaves") >= 2);
  CHECK(has(svg, "pair 46"));
  CHECK(has(svg, turns_printed(sL * w_of(46, 128, 1e4) / (2 * kPi)) + " turns"));  // no scaling: 8 × 0.87
  CHECK(has(svg, "interpolate"));
}

TEST_CASE("long_context: the view's settings, one method at a time, and NTK at d = 2") {
  State c;
  CHECK(set_field(c, "contextLength", "2048").empty());
  CHECK(c.contextLength == 2048);
  CHECK(set_field(c, "contextFactor", "16").empty());
  CHECK(c.contextFactor == 16);
  CHECK(set_field(c, "contextMethod", "yarn").empty());
  CHECK(c.contextMethod == ContextMethod::yarn);
  CHECK(set_field(c, "contextMethod", "all").empty());
  CHECK(c.contextMethod == ContextMethod::all);
  for (const auto& [k, v] : std::vector<std::pair<const char*, const char*>>{
           {"contextLength", "1"}, {"contextLength", "1e9"}, {"contextLength", "x"}, {"contextLength", "2048.5"},
           {"contextFactor", "0.5"}, {"contextFactor", "1001"}, {"contextFactor", "nan"}, {"contextMethod", "pi"},
           {"contextMethod", ""}, {"scaling", "yarn"}}) {
    INFO(k << "=" << v);
    CHECK_FALSE(set_field(c, k, v).empty());
  }
  CHECK(c.contextLength == 2048);
  CHECK(c.contextFactor == 16);

  Headless h;
  {
    drawn_text(h, "view=long_context&d=128&playing=0&contextMethod=none");
    const std::string t = describe(h.app.state, h.app.views);
    INFO(t);
    CHECK(has(t, "No scaling: 18 pairs leave"));
    CHECK_FALSE(has(t, "YaRN:"));
    CHECK_FALSE(has(t, "PI:"));
  }
  {
    // d = 2: one pair, w = 1, which goes round within any L >= 2π; NTK cannot be used.
    const std::string svg = drawn_text(h, "view=long_context&d=2&playing=0");
    const std::string t = describe(h.app.state, h.app.views);
    INFO(t);
    CHECK(has(t, "NTK-aware: NTK-aware scaling needs d ≥ 4"));
    CHECK(has(svg, "needs d \xE2\x89\xA5 4"));
    CHECK(has(t, "no method can take one outside the trained range"));
    CHECK(unfit(t).empty());
  }
  {
    // L = 4 < 2π at d = 2: the one pair never went round; PI keeps it inside, no scaling does not.
    drawn_text(h, "view=long_context&d=2&playing=0&contextLength=4");
    const std::string t = describe(h.app.state, h.app.views);
    INFO(t);
    CHECK(has(t, "No scaling: 1 pair leaves (pairs 0)"));
    CHECK(has(t, "PI: no pair leaves"));
    // 4 rad trained, 32 at s·L: every angle above 4 rad is new, 2π − 4 rad = 130.82°.
    CHECK(has(t, fixed("%.2f", (2 * kPi - 4) * 180 / kPi) + " degrees never seen in training"));
  }
}

TEST_CASE("rope_base and long_context draw at every corner, at scale 2, on a phone and at pos = 10^6") {
  Headless h;
  std::vector<std::string> queries = {"playing=0&pos=1e6&d=128", "playing=0&scale=2&d=128&n=8192", "playing=1&d=8192&n=100000&base=1e12"};
  for (const State& corner : corner_states()) {
    std::string q = "playing=0&d=" + std::to_string(corner.d) + "&pair=" + std::to_string(corner.pair) + "&n=" + std::to_string(corner.n) +
                    "&pos=" + fixed("%.17g", corner.pos) + "&k=" + fixed("%.17g", corner.k) + "&base=" + fixed("%.17g", corner.base);
    queries.push_back(q);
  }
  for (const std::string& q : queries) {
    for (View v : {View::rope_base, View::long_context}) {
      for (ImVec2 size : {ImVec2(1280, 800), ImVec2(360, 640)}) {
        INFO(q << " " << view_id(v) << " " << size.x);
        h.app.state = State{};
        REQUIRE(apply_query(h.app.state, q).empty());
        REQUIRE(set_view(h.app.state, v).empty());
        const auto [vertices, finite] = h.frames(3, size);
        CHECK(finite);
        CHECK(vertices > 1000);
        CHECK(unfit(describe(h.app.state, h.app.views)).empty());
      }
    }
  }
}
