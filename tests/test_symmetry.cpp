// Before and after look the same to the dot product: the identity against direct summation of the
// encoding vectors at pos + k and pos - k, the quarter-turned score against its closed form and its
// oddness, and the first rise of the curve against a walk over whole offsets by direct evaluation.
#include "catch2_any.hpp"

#include <cmath>
#include <random>
#include <vector>

#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/similarity.hpp"
#include "core/symmetry.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

namespace {

// PE(a) . PE(b) summed from the two vectors: the definition, nothing else.
double dot(double a, double b, int d, double base) {
  const std::vector<double> u = encoding_vector(a, d, base), v = encoding_vector(b, d, base);
  double sum = 0;
  for (size_t j = 0; j < u.size(); ++j) sum += u[j] * v[j];
  return sum;
}

// A whole offset where f(k) = PE(0) . PE(k) first exceeds f(k - 1) by more than tol, by direct evaluation.
int first_rise_by_walking(int d, double base, int k_limit, double tol) {
  double prev = dot(0, 0, d, base);
  for (int k = 1; k <= k_limit; ++k) {
    const double f = dot(0, k, d, base);
    if (f - prev > tol) return k;
    prev = f;
  }
  return 0;
}

}  // namespace

// Tolerance: d/2 terms, each from angles w (pos +- k) of at most 2e4 radians rounded to 2^-52 relative:
// 1e-12 per term at most, so 1e-9 for d <= 1024.
TEST_CASE("PE(pos) . PE(pos + k) = PE(pos) . PE(pos - k) for many random pos and k, by direct summation") {
  std::mt19937_64 g(7);
  const auto uniform = [&](double lo, double hi) { return lo + (hi - lo) * static_cast<double>(g() >> 11) * 0x1.0p-53; };
  for (int d : {2, 4, 6, 16, 128, 512, 1024})
    for (double base : {1.5, 100.0, 10000.0, 1e12})
      for (int trial = 0; trial < 40; ++trial) {
        const double pos = uniform(-1e4, 1e4), k = uniform(-1e4, 1e4);
        INFO("d=" << d << " base=" << base << " pos=" << pos << " k=" << k);
        const double after = dot(pos, pos + k, d, base), before = dot(pos, pos - k, d, base);
        CHECK_THAT(after, WithinAbs(before, 1e-9));
        CHECK_THAT(after, WithinAbs(dot_closed_form(k, d, base), 1e-9));
        // The quarter-turned score tells them apart: opposite values, equal to sum sin(w k).
        const double t_after = turned_dot_direct(pos, k, d, base), t_before = turned_dot_direct(pos, -k, d, base);
        CHECK_THAT(t_after, WithinAbs(-t_before, 1e-9));
        CHECK_THAT(t_after, WithinAbs(turned_dot_closed_form(k, d, base), 1e-9));
      }
}

TEST_CASE("Q turns each pair a quarter turn forward: (Q PE(pos)) . PE(pos + k) = PE(pos + pi/2) . PE(pos + k) at d = 2") {
  // At d = 2 the one pair turns 1 radian per position, so a quarter turn is pi/2 positions on.
  for (double pos : {0.0, 1.0, -3.5, 100.0})
    for (double k : {0.0, 0.5, 1.0, 2.0, -2.0, 4.0}) {
      INFO("pos=" << pos << " k=" << k);
      CHECK_THAT(turned_dot_direct(pos, k, 2, 10000), WithinAbs(dot(pos + kPi / 2, pos + k, 2, 10000), 1e-12));
      CHECK_THAT(turned_dot_direct(pos, k, 2, 10000), WithinAbs(std::sin(k), 1e-12));  // hand-worked
    }
}

TEST_CASE("turned_dot_curve equals turned_dot_closed_form point by point") {
  const std::vector<double> ks = {-100, -37, -1, 0, 1, 2, 37, 1000};
  std::vector<double> out(ks.size());
  for (int d : {2, 64, 512}) {
    turned_dot_curve(ks, d, 10000, out);
    for (size_t s = 0; s < ks.size(); ++s) CHECK_THAT(out[s], WithinAbs(turned_dot_closed_form(ks[s], d, 10000), 1e-12));
  }
}

TEST_CASE("d = 2 (hand-worked): cos k falls from k = 0 to 3 and rises at k = 4; sin k turns negative at k = 4") {
  // cos 0..4 = 1, 0.540, -0.416, -0.990, -0.654; sin 1..4 = 0.841, 0.909, 0.141, -0.757.
  const Rise r = first_rise(2, 10000, 100);
  CHECK(r.k == 4);
  CHECK_THAT(r.before, WithinAbs(std::cos(3.0), 1e-12));
  CHECK_THAT(r.after, WithinAbs(std::cos(4.0), 1e-12));
  CHECK(first_nonpositive_turned(2, 10000, 100) == 4);
}

TEST_CASE("first_rise agrees with a walk over whole offsets by direct summation, and the rise is real") {
  struct Case {
    int d;
    double base;
  };
  const Case cases[] = {{2, 10000}, {4, 10000}, {6, 100}, {8, 10000}, {16, 10000}, {32, 10000}, {64, 10000}, {128, 10000},
                        {512, 10000}, {512, 1e12}, {64, 1e12}, {1024, 10000}, {256, 1.0000001}, {100, 2.0}};
  for (const Case& c : cases) {
    INFO("d=" << c.d << " base=" << c.base);
    const int limit = offset_search_limit(c.d);
    const Rise r = first_rise(c.d, c.base, limit);
    const double tol = 1e-9 * c.d;
    CHECK(r.k == first_rise_by_walking(c.d, c.base, limit, tol));
    REQUIRE(r.k > 0);  // every case above rises within its search
    // Not monotonic in |k|: f(k) > f(k - 1), checked by direct summation from another start (pos = 300).
    CHECK(dot(300, 300 + r.k, c.d, c.base) > dot(300, 300 + r.k - 1, c.d, c.base) + tol);
    CHECK_THAT(r.before, WithinAbs(dot(0, r.k - 1, c.d, c.base), 1e-9));
    CHECK_THAT(r.after, WithinAbs(dot(0, r.k, c.d, c.base), 1e-9));
    // And on the other side too, by the symmetry: f(-k) > f(-(k - 1)).
    CHECK(dot(300, 300 - r.k, c.d, c.base) > dot(300, 300 - (r.k - 1), c.d, c.base) + tol);
  }
}

TEST_CASE("d = 512, base 10000: the curve falls at every whole offset up to k = 43 and first rises at k = 44") {
  // A hand-checkable fact the lesson states: the rise is small (about 0.0117 on a curve of 256).
  const Rise r = first_rise(512, 10000, offset_search_limit(512));
  CHECK(r.k == 44);
  CHECK_THAT(r.after - r.before, WithinAbs(0.0117, 5e-4));
  for (int k = 1; k < 44; ++k) CHECK(dot_closed_form(k, 512, 10000) < dot_closed_form(k - 1, 512, 10000));
}

TEST_CASE("first_nonpositive_turned agrees with a walk by direct summation") {
  for (int d : {2, 6, 32, 64, 512})
    for (double base : {100.0, 10000.0, 1e12}) {
      INFO("d=" << d << " base=" << base);
      const int limit = offset_search_limit(d);
      int walked = 0;
      for (int k = 1; k <= limit && walked == 0; ++k)
        if (turned_dot_direct(0, k, d, base) <= 0) walked = k;
      CHECK(first_nonpositive_turned(d, base, limit) == walked);
    }
  // d = 32, base 10000 turns negative first at k = 54 (found by summing sin(w k) in an independent script).
  CHECK(first_nonpositive_turned(32, 10000, 1000) == 54);
}

TEST_CASE("offset_search_limit keeps the search to a few million terms, within 1000..100000 offsets") {
  CHECK(offset_search_limit(2) == 100000);
  CHECK(offset_search_limit(512) == 15625);
  CHECK(offset_search_limit(8192) == 1000);
  for (int d = 2; d <= 8192; d *= 2) {
    const int l = offset_search_limit(d);
    CHECK(l >= 1000);
    CHECK(l <= 100000);
  }
}
