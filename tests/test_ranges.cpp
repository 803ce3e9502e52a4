// Range (max minus min over positions 0..n-1) of every dimension: the fast exact method against
// the brute force, hand-worked values, the article's counts, and the closed-form extents.
#include "catch2_any.hpp"

#include <algorithm>
#include <cmath>

#include "core/frequency.hpp"
#include "core/ranges.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

TEST_CASE("d = 2, n = 2 (hand-worked): ranges |sin 1 - sin 0| and |cos 1 - cos 0|") {
  const auto r = dimension_ranges(2, 2, 10000);
  REQUIRE(r.size() == 2);
  CHECK_THAT(r[0], WithinAbs(0.8414709848078965, 1e-15));  // sin 1
  CHECK_THAT(r[1], WithinAbs(0.4596976941318602, 1e-15));  // 1 - cos 1
}

TEST_CASE("a window of one position never changes: every range is 0") {
  for (double x : dimension_ranges(1, 64, 10000)) CHECK(x == 0.0);
}

TEST_CASE("d = 2, n = 8 (hand-worked): sin(p) reaches sin 2 and sin 5, cos(p) reaches cos 0 and cos 3") {
  const auto r = dimension_ranges(8, 2, 10000);
  // p in 0..7: sin is largest at p = 2 (0.909) and smallest at p = 5 (-0.959); cos at p = 0 and p = 3.
  CHECK_THAT(r[0], WithinAbs(std::sin(2.0) - std::sin(5.0), 1e-15));
  CHECK_THAT(r[1], WithinAbs(1.0 - std::cos(3.0), 1e-15));
}

TEST_CASE("article, Figure 4: d = 512, n = 64: 194 dimensions change by < 0.1, 264 by < 0.5") {
  const auto fast = dimension_ranges(64, 512, 10000);
  const auto brute = dimension_ranges_brute(64, 512, 10000);
  CHECK(count_below(fast, 0.1) == 194);
  CHECK(count_below(fast, 0.5) == 264);
  CHECK(count_below(brute, 0.1) == 194);
  CHECK(count_below(brute, 0.5) == 264);
}

// Tolerance 1e-12: both evaluate sin/cos at the same whole positions with the same expression, so
// they should agree exactly; any miss would be a wrong extreme, which is off by far more than 1e-12.
TEST_CASE("fast ranges equal the brute force") {
  for (double base : {2.0, 100.0, 10000.0, 1e6})
    for (int d : {2, 8, 64, 512, 1024})
      for (int n : {1, 2, 3, 7, 64, 1000, 5000}) {
        INFO("base=" << base << " d=" << d << " n=" << n);
        const auto fast = dimension_ranges(n, d, base);
        const auto brute = dimension_ranges_brute(n, d, base);
        double worst = 0;
        for (size_t j = 0; j < fast.size(); ++j) worst = std::max(worst, std::fabs(fast[j] - brute[j]));
        CHECK(worst <= 1e-12);
      }
  const auto fast = dimension_ranges(100000, 64, 10000);
  const auto brute = dimension_ranges_brute(100000, 64, 10000);
  for (size_t j = 0; j < fast.size(); ++j) CHECK_THAT(fast[j], WithinAbs(brute[j], 1e-12));
}

TEST_CASE("the largest case (d = 8192, n = 100000) agrees with a direct scan on sample dimensions") {
  const int d = 8192, n = 100000;
  const auto fast = dimension_ranges(n, d, 10000);
  REQUIRE(fast.size() == size_t(d));
  for (int i : {0, 1, 100, 2047, 4095}) {
    const double w = omega(i, d, 10000);
    double slo = 2, shi = -2, clo = 2, chi = -2;
    for (int p = 0; p < n; ++p) {
      const double a = w * p;
      slo = std::min(slo, std::sin(a)), shi = std::max(shi, std::sin(a));
      clo = std::min(clo, std::cos(a)), chi = std::max(chi, std::cos(a));
    }
    CHECK_THAT(fast[size_t(2 * i)], WithinAbs(shi - slo, 1e-12));
    CHECK_THAT(fast[size_t(2 * i + 1)], WithinAbs(chi - clo, 1e-12));
  }
}

TEST_CASE("closed-form extents of sin and cos over an interval (hand-worked)") {
  auto same = [](Extent e, double lo, double hi) {
    CHECK_THAT(e.lo, WithinAbs(lo, 1e-15));
    CHECK_THAT(e.hi, WithinAbs(hi, 1e-15));
  };
  same(sin_extent(0, 1), 0, std::sin(1.0));              // rising, no crest
  same(sin_extent(0, 2), 0, 1);                          // crest at pi/2 inside
  same(sin_extent(-1, 5), -1, 1);                        // trough at -pi/2 and crest inside
  same(sin_extent(2, 4), std::sin(4.0), std::sin(2.0));  // falling through zero
  same(cos_extent(0.5, 3), std::cos(3.0), std::cos(0.5));
  same(cos_extent(-0.1, 0.1), std::cos(0.1), 1);
  same(cos_extent(3, 3.5), -1, std::cos(3.5));        // through the trough at pi, back up to cos 3.5
  same(cos_extent(100, 100), std::cos(100.0), std::cos(100.0));
}

// Tolerance 1e-8: a grid with step h misses an extreme by at most h^2/8 = 1.25e-9 here.
TEST_CASE("closed-form extents match a dense scan") {
  for (double a0 : {-7.3, -1.0, 0.0, 2.2, 40.0})
    for (double len : {0.01, 0.5, 1.7, 3.3, 6.5, 20.0}) {
      const int steps = 200000;
      double slo = 2, shi = -2, clo = 2, chi = -2;
      for (int k = 0; k <= steps; ++k) {
        const double a = a0 + len * k / steps;
        slo = std::min(slo, std::sin(a)), shi = std::max(shi, std::sin(a));
        clo = std::min(clo, std::cos(a)), chi = std::max(chi, std::cos(a));
      }
      INFO("a0=" << a0 << " len=" << len);
      const Extent s = sin_extent(a0, a0 + len), c = cos_extent(a0, a0 + len);
      CHECK_THAT(s.lo, WithinAbs(slo, 1e-8));
      CHECK_THAT(s.hi, WithinAbs(shi, 1e-8));
      CHECK_THAT(c.lo, WithinAbs(clo, 1e-8));
      CHECK_THAT(c.hi, WithinAbs(chi, 1e-8));
    }
}

// Whole positions sample the continuous wave: their range is never larger, equal when no crest or
// trough lies inside, and short by at most 2(1 - cos(w/2)) (each extreme is within half a step).
TEST_CASE("ranges over whole positions against the continuous extent over [0, w(n-1)]") {
  const int d = 512, n = 64;
  const auto r = dimension_ranges(n, d, 10000);
  int equal = 0;
  for (int i = 0; i < d / 2; ++i) {
    const double w = omega(i, d, 10000), a = w * (n - 1);
    const double cs = sin_extent(0, a).size(), cc = cos_extent(0, a).size();
    const double rs = r[size_t(2 * i)], rc = r[size_t(2 * i + 1)];
    INFO("pair " << i);
    CHECK(rs <= cs + 1e-15);
    CHECK(rc <= cc + 1e-15);
    CHECK(cs - rs <= 2 * (1 - std::cos(w / 2)) + 1e-15);
    CHECK(cc - rc <= 2 * (1 - std::cos(w / 2)) + 1e-15);
    if (a < kPi / 2) {  // sin still rising, cos still falling: the ends are the extremes
      CHECK_THAT(rs, WithinAbs(cs, 1e-15));
      CHECK_THAT(rc, WithinAbs(cc, 1e-15));
      ++equal;
    }
  }
  CHECK(equal > 100);  // most of the 256 pairs are that slow at n = 64
}

TEST_CASE("count_below counts strictly smaller values") {
  const double v[] = {0.0, 0.1, 0.05, 0.5, 2.0};
  CHECK(count_below(v, 0.1) == 2);
  CHECK(count_below(v, 0.5) == 3);
  CHECK(count_below(v, 0.0) == 0);
}

// ---- windows that start anywhere (the heatmap's rows) ----------------------------------------------

// The reference: every whole position of the window, sin/cos of w p exactly as the encoding computes it.
static double range_by_scan(double first, int count, int dim, int d, double base) {
  const double w = omega(dim / 2, d, base);
  double lo = INFINITY, hi = -INFINITY;
  for (int q = 0; q < count; ++q) {
    const double a = w * (first + q);
    const double v = dim % 2 ? std::cos(a) : std::sin(a);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  return hi - lo;
}

// Tolerance 1e-12 as above: the same values at the same positions, so only a missed extreme could differ.
TEST_CASE("a window from any first position: the crest method equals the scan, up to first = 1e9") {
  for (double first : {0.0, 1.0, 37.0, 12345.0, 1e6, 999999999.0 - 5000.0})
    for (int d : {2, 6, 64, 512})
      for (int n : {1, 2, 7, 64, 1000, 5000}) {
        INFO("first=" << first << " d=" << d << " n=" << n);
        double worst = 0;
        for (int j = 0; j < d; j += (d > 64 ? 7 : 1))
          worst = std::max(worst, std::fabs(dimension_range(first, n, j, d, 10000) - range_by_scan(first, n, j, d, 10000)));
        CHECK(worst <= 1e-12);
      }
  // The windowed method from 0 is the old one.
  const auto from0 = dimension_ranges(64, 512, 10000);
  for (int j = 0; j < 512; ++j) CHECK(dimension_range(0, 64, j, 512, 10000) == from0[static_cast<size_t>(j)]);
}

TEST_CASE("first_still_dimension: every dimension from it on changes by less than the threshold, the one before not") {
  for (double first : {0.0, 100.0, 1e6})
    for (int d : {2, 6, 32, 512})
      for (int n : {2, 64, 100, 1000})
        for (double t : {0.1, 0.5, 1.0}) {
          INFO("first=" << first << " d=" << d << " n=" << n << " threshold=" << t);
          const int j0 = first_still_dimension(first, n, d, 10000, t);
          REQUIRE(j0 >= 0);
          REQUIRE(j0 <= d);
          for (int j = j0; j < d; ++j) CHECK(range_by_scan(first, n, j, d, 10000) < t);
          if (j0 > 0) CHECK(range_by_scan(first, n, j0 - 1, d, 10000) >= t);
        }
  // The case: d = 512 over 64 positions from 0. The old caption's "period longer than the window"
  // started at dimension 130, where 57 dimensions still change by more than 1; by range, the columns
  // that change by less than 0.1 start much further right.
  const int j0 = first_still_dimension(0, 64, 512, 10000, 0.1);
  CHECK(j0 > 2 * first_pair_with_period_above(64, 512, 10000));
  CHECK(range_by_scan(0, 64, 131, 512, 10000) > 1.9);  // dimension 131 swings by about 2.0
}

TEST_CASE("first_pair_cos_below_sin: the quarter-turn rule agrees with the measured ranges") {
  for (double base : {100.0, 10000.0})
    for (int d : {2, 6, 64, 512})
      for (int n : {1, 2, 3, 10, 64, 1000}) {
        INFO("base=" << base << " d=" << d << " n=" << n);
        const auto r = dimension_ranges_brute(n, d, base);
        const int p0 = first_pair_cos_below_sin(n, d, base);
        // Measured: the cos (odd j) below its sin (even j) for every pair from p0 on ...
        for (int i = p0; i < d / 2; ++i) CHECK(r[static_cast<size_t>(2 * i + 1)] < r[static_cast<size_t>(2 * i)]);
        // ... p0 is the first pair whose window angle is under a quarter turn (the pair before is not) ...
        if (p0 > 0 && n > 1) CHECK(std::pow(base, -2.0 * (p0 - 1) / d) * (n - 1) >= kPi / 2);
        // ... and every pair that turns between a quarter and half a turn has its cos moving at least as much.
        for (int i = 0; i < p0; ++i) {
          const double x = std::pow(base, -2.0 * i / d) * (n - 1);
          if (x >= kPi / 2 && x <= kPi) CHECK(r[static_cast<size_t>(2 * i + 1)] >= r[static_cast<size_t>(2 * i)]);
        }
      }
  // d = 512, n = 64 (the article's window): w_i 63 < pi/2 from w_i < 0.02493, i > 512 ln(63 / (pi/2)) / (2 ln 10^4) = 102.6.
  CHECK(first_pair_cos_below_sin(64, 512, 10000) == 103);
}
