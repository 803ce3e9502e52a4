// The captions of the heatmap, ranges, precision, clock and formula lessons say what is true at any
// window and position (issue 11, "False or loose statements on screen"). Each sentence's numbers are
// read from what the view draws (its SVG figure, text as text) or from its text alternative, and
// checked against a computation here: std::sin / std::cos at every position of a window, a closed form,
// or reference values from the real formula in 60-digit arithmetic (mpmath, command beside them).
#include "catch2_any.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "export/figure_export.hpp"
#include "export/svg_export.hpp"
#include "describe_checks.hpp"
#include "headless.hpp"
#include "state/claims.hpp"

using namespace app;
using namespace describe_checks;

namespace {

constexpr double kPi = 3.14159265358979323846;

double omega_of(int pair, int d, double base) { return std::pow(base, -2.0 * pair / d); }

double value_of(double pos, int j, int d, double base) {
  const double a = omega_of(j / 2, d, base) * pos;
  return j % 2 ? std::cos(a) : std::sin(a);
}

// Max minus min of dimension j over the whole positions first..first+count-1, every one evaluated.
double range_scanned(double first, int count, int j, int d, double base) {
  double lo = 2, hi = -2;
  for (int q = 0; q < count; ++q) {
    const double v = value_of(first + q, j, d, base);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  return hi - lo;
}

// The text of the figure the app draws for `query` at `size`, as its SVG export writes it ('<' as &lt;).
std::string figure_text(Headless& h, const std::string& query, ImVec2 size = ImVec2(1280, 800)) {
  h.app.state = State{};
  REQUIRE(apply_query(h.app.state, query).empty());
  h.frames(3, size);
  return figure_svg(h.app);
}

std::string printed(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

}  // namespace

TEST_CASE("heatmap: the still columns are measured over the rows shown, at position 0 and at 10^6") {
  Headless h;
  for (const double first : {0.0, 1e6}) {
    h.app.state = State{};
    REQUIRE(apply_query(h.app.state, "view=heatmap&d=512&n=64&playing=0").empty());
    h.frames(1);
    heatmap_set_window(h.app.views.heatmap, h.app.state, first, 64, 0, 512, false);
    h.frames(2);
    const std::string svg = figure_svg(h.app);
    const std::string t = describe(h.app.state, h.app.views);
    INFO("first row " << first << "\n" << t);
    const double still = number_after(t, "every column from dimension ");
    REQUIRE(still > 0);
    REQUIRE(still < 512);
    const int j0 = static_cast<int>(still);
    // Every column from j0 on changes by less than 0.1 over the 64 rows; the one before by 0.1 or more.
    for (int j = j0; j < 512; ++j) CHECK(range_scanned(first, 64, j, 512, 1e4) < 0.1);
    CHECK(range_scanned(first, 64, j0 - 1, 512, 1e4) >= 0.1);
    // The canvas says the same under the map (wrapped: its first words and the number).
    CHECK(has(svg, "Over the 64 rows shown, every column from"));
    CHECK(has(svg, std::to_string(512 - j0) + " of the 512 columns shown."));
    if (first == 0) {
      // The caption: "Near position 0 those slow columns stay close to sin 0 = 0 (white) and cos 0 = 1 (red)":
      // within 0.1 of their start over the Figure 1 window.
      for (int j = j0; j < 512; ++j)
        for (int p = 0; p < 64; ++p) CHECK(std::fabs(value_of(p, j, 512, 1e4) - (j % 2 ? 1.0 : 0.0)) < 0.1);
    }
  }
  // The old caption's rule, "period longer than the window means little change", is false here: at
  // d = 512 over 64 positions dimension 131 (period 66) swings by about 2. The caption no longer says it.
  CHECK(2 * kPi / omega_of(65, 512, 1e4) > 64);
  CHECK(range_scanned(0, 64, 131, 512, 1e4) > 1.9);
  CHECK_FALSE(has(std::string(lesson_text(View::heatmap, "caption")), "barely move"));
}

TEST_CASE("ranges: 'a slow cos moves less than its sin' is said only where it holds") {
  Headless h;
  // d = 512, N = 64 (the article's window). The first pair whose window angle w 63 is below pi/2:
  // i > 256 ln(63 / (pi/2)) / ln(10^4) = 102.6, pair 103, dimension 206.
  State s;
  s.view = View::ranges;
  s.d = 512;
  s.n = 64;
  const std::string t = describe(s, h.app.views);
  INFO(t);
  CHECK(has(t, "Over this window that holds from pair 103 (dimension 206) on."));
  for (int i = 103; i < 256; ++i) CHECK(range_scanned(0, 64, 2 * i + 1, 512, 1e4) < range_scanned(0, 64, 2 * i, 512, 1e4));
  // Before it, from a quarter to half a turn, the order is reversed (pairs 84 to 102 here), as the text says.
  int reversed = 0;
  for (int i = 0; i < 103; ++i) {
    const double x = omega_of(i, 512, 1e4) * 63;
    if (x < kPi / 2 || x > kPi) continue;
    ++reversed;
    CHECK(range_scanned(0, 64, 2 * i + 1, 512, 1e4) >= range_scanned(0, 64, 2 * i, 512, 1e4));
  }
  CHECK(reversed == 19);  // pairs 84 to 102: 256 ln(63/pi) / ln(10^4) = 83.4
  // The ends: one position; every pair under a quarter turn; none.
  s.n = 1;
  CHECK(has(describe(s, h.app.views), "A window of one position: nothing moves."));
  s.n = 2;
  s.d = 2;  // pair 0 turns 1 rad < pi/2
  CHECK(has(describe(s, h.app.views), "Over this window every pair turns less than a quarter turn."));
  s.n = 100000;  // the slowest pair of d = 2 is pair 0: 99999 rad
  CHECK(has(describe(s, h.app.views), "Over this window even the slowest pair turns a quarter turn or more."));

  // The caption's measured counts, with the view's starting thresholds: scanned here.
  const RangesCache fresh;
  int below_small = 0, below_medium = 0;
  for (int j = 0; j < 512; ++j) {
    const double r = range_scanned(0, 64, j, 512, 1e4);
    below_small += r < fresh.small;
    below_medium += r < fresh.medium;
  }
  CHECK(below_small == 194);
  CHECK(below_medium == 264);
  const std::string caption(lesson_text(View::ranges, "caption"));
  CHECK(has(caption, "194 of the 512 dimensions change by less than " + printed("%g", fresh.small) + " and 264"));
  CHECK(has(caption, "by less than " + printed("%g", fresh.medium) + ", the article's measured counts"));
  // The constants idea carries the honest tag.
  CHECK(lesson_claim_source(View::ranges) == ClaimSource::untested);
  CHECK(has(std::string(lesson_claim(View::ranges)), "never checked"));
}

TEST_CASE("ranges: each threshold's value is drawn beside its slider, not under its handle") {
  Headless h;
  for (const ImVec2 size : {ImVec2(1280, 800), ImVec2(360, 640)}) {
    const std::string svg = figure_text(h, "view=ranges&d=512&n=64&playing=0", size);
    INFO(size.x << " x " << size.y);
    CHECK(has(svg, "&lt; 0.100"));
    CHECK(has(svg, "&lt; 0.500"));
    CHECK_FALSE(has(svg, "changes &lt; 0.100"));  // the old text inside the slider, under its grab
  }
}

TEST_CASE("precision: the second chart says that it plots the larger of each pair's sin and cos errors") {
  Headless h;
  const std::string wide = figure_text(h, "view=precision&d=512&pair=1&playing=0");
  // The chart's title, long where the chart is wide and short where not: both say what is plotted.
  CHECK((has(wide, "every pair at position 10,000,000: the larger of its sin and cos errors") ||
         has(wide, "larger of sin, cos error at 10,000,000")));
  CHECK(has(wide, "first chart and table, selected pair"));  // first and second: a phone stacks them
  // A phone's width; tall enough that the second chart, below the first there, is drawn (ImGui draws
  // no glyph off the screen).
  const std::string phone = figure_text(h, "view=precision&d=512&pair=1&playing=0", ImVec2(360, 1400));
  CHECK((has(phone, "the larger of its sin and cos errors") || has(phone, "larger of sin, cos error at 10,000,000")));
  // What the marks are: for pair 1 at 10^7 the naive float32 errors of sin and cos differ, and the
  // plotted one is the larger (worked here from fl(fl(pos) fl(w))).
  const double w = omega_of(1, 512, 1e4);
  const float a = static_cast<float>(1e7) * static_cast<float>(w);
  const double es = std::fabs(static_cast<double>(std::sin(a)) - std::sin(1e7 * w));
  const double ec = std::fabs(static_cast<double>(std::cos(a)) - std::cos(1e7 * w));
  REQUIRE(std::fabs(es - ec) > 1e-3);
  const PrecisionCache& c = h.app.views.precision;
  REQUIRE(c.pair_naive_err.size() == 256);
  CHECK(c.pair_naive_err[1] == Approx(std::max(es, ec)).margin(1e-9));
}

TEST_CASE("clock: the orange number is the shortest turn, the full angle is shown where they differ") {
  Headless h;
  // d = 4, k = 37: pair 0 turns 37 rad = 2119.94 degrees = 5.8887 turns; its shortest turn is
  // 37 - 12 pi rad = -40.06 degrees. Pair 1 turns 0.37 rad = 21.2 degrees, already the shortest.
  const std::string svg = figure_text(h, "view=clock&d=4&k=37&pos=0&pair=0&playing=0");
  const double full = 37 * 180 / kPi, shortest = (37 - 12 * kPi) * 180 / kPi;
  CHECK(has(svg, printed("%+.1f", shortest)));                      // under dial 0
  CHECK(has(svg, printed("%.2f", 37 / (2 * kPi)) + " turns"));        // its full angle, in turns
  CHECK(has(svg, printed("%+.1f", 0.37 * 180 / kPi)));                // under dial 1, no "of" line
  CHECK(has(svg, "= " + printed("%.0f", full)));                      // the worked pair: degrees ...
  CHECK(has(svg, "shortest turn " + printed("%+.2f", shortest)));     // ... and the shortest turn
  const std::string caption(lesson_text(View::clock, "caption"));
  CHECK(has(caption, "shortest turn"));
  CHECK_FALSE(has(caption, "the turn w\xC2\xB7k in degrees"));
  // At k = 10^9 the numbers stay finite and whole (no "inf", no "nan").
  const std::string big = figure_text(h, "view=clock&d=4&k=1000000000&pos=1000000&pair=0&playing=0");
  CHECK_FALSE(has(big, "inf"));
  CHECK_FALSE(has(big, "nan"));
  CHECK(has(big, "turns"));
}

// Reference values from the real formula in 60-digit arithmetic:
//   python3 -c "import mpmath as mp; mp.mp.dps = 60; pos, j, d, base = mp.mpf('1e6'), 2, 6, 100; \
//     a = mp.power(base, -mp.mpf(2 * (j // 2)) / d) * pos; print(mp.nstr(mp.sin(a) if j % 2 == 0 else mp.cos(a), 20))"
// gives -0.62254823378486114574 (and with j = 3: 0.7825814312973122617; pos = 1e9, j = 2: 0.30137597894666005864).
TEST_CASE("formula: at pos = 10^6 and 10^9 the 'more digits' are the right digits, and the axis reads the positions") {
  Headless h;
  const std::string svg = figure_text(h, "view=formula&d=6&base=100&pos=1000000&pair=1&playing=0");
  CHECK(has(svg, "more digits: -0.622548233784861"));  // mpmath: -0.62254823378486114574
  CHECK_FALSE(has(svg, "more digits: -0.622548233767228"));
  // Plain double's digits are named as such, with how far off they are (1.76e-11).
  CHECK(has(svg, "-0.622548233767228"));
  CHECK(has(svg, "1.8e-11"));
  // The wave spans one period, 2 pi 100^(1/3) = 29.16 positions, around 10^6: its labels carry a decimal.
  CHECK(has(svg, "pos 1000000.0"));
  CHECK(has(svg, printed("%.1f", 1e6 - kPi * std::cbrt(100.0))));
  CHECK(has(svg, printed("%.1f", 1e6 + kPi * std::cbrt(100.0))));
  CHECK_FALSE(has(svg, "1e+06"));
  // The primer's notation next to the module's: step 2 says j/d for this even j.
  CHECK(has(svg, "2i/d = j/d = 2/6"));
  CHECK(has(svg, "i/d (even i) or (i\xE2\x88\x92" "1)/d"));  // the line may wrap before "(odd i)"

  State s;
  s.view = View::formula;
  s.d = 6;
  s.base = 100;
  s.pos = 1e9;
  s.pair = 1;
  const std::string t = describe(s, h.app.views);
  INFO(t);
  CHECK(has(t, "every one right: +0.301375978946660"));  // mpmath: 0.30137597894666005864
  CHECK(has(t, "at pos = 1000000000,"));
}
