// RoPE's long-term decay and RoFormer's bound (core/rope_decay.hpp), against hand-worked values, the
// real 2 x 2 rotations of rope.hpp (an independent route to the score) and the sinusoid's own dot
// product.
#include "catch2_any.hpp"

#include <cmath>
#include <complex>
#include <vector>

#include "core/frequency.hpp"
#include "core/mixing.hpp"
#include "core/rope.hpp"
#include "core/rope_decay.hpp"
#include "core/similarity.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

TEST_CASE("rope_decay: h_i and the bound's factor, hand-worked at d = 4") {
  // q = (1, 2, 3, 4), k = (1, 0, 0, 1): h_0 = (1 + 2i)(1 - 0i) = 1 + 2i, h_1 = (3 + 4i)(0 - 1i) = 4 - 3i.
  const std::vector<double> q{1, 2, 3, 4}, k{1, 0, 0, 1};
  const auto h = rope_pair_products(q, k);
  REQUIRE(h.size() == 2);
  CHECK(h[0] == std::complex<double>(1, 2));
  CHECK(h[1] == std::complex<double>(4, -3));
  // Steps: |h_1 - h_0| = |3 - 5i| = sqrt(34), |0 - h_1| = 5; the larger is sqrt(34) = 5.8310.
  CHECK_THAT(rope_bound_factor(q, k), WithinAbs(std::sqrt(34.0), 1e-15));
  // All ones: every h_i = 2, so only the last step |0 - 2| counts.
  for (int d : {2, 8, 512}) {
    const std::vector<double> ones(static_cast<size_t>(d), 1.0);
    CHECK(rope_bound_factor(ones, ones) == 2.0);
  }
}

TEST_CASE("rope_decay: the relative bound, hand-worked") {
  // d = 2: S_1 = e^{-i r}, |S_1| = 1 at every r.
  for (double r : {0.0, 1.0, 7.5, -300.0}) CHECK_THAT(rope_relative_bound(r, 2, 10000), WithinAbs(1.0, 1e-15));
  // d = 4, base 100: w = (1, 1/10). |S_1| = 1, |S_2| = |e^{-ir} + e^{-ir/10}| = 2 |cos(0.45 r)|.
  for (double r : {0.0, 1.0, 3.0, 10.0, -42.0}) {
    INFO("r = " << r);
    CHECK_THAT(rope_relative_bound(r, 4, 100), WithinAbs((1 + 2 * std::fabs(std::cos(0.45 * r))) / 2, 1e-14));
  }
  // At r = 0 every S_j = j: (1/(d/2)) (1 + 2 + ... + d/2) = (d/2 + 1) / 2.
  for (int d : {2, 32, 64, 512, 8192}) CHECK_THAT(rope_relative_bound(0, d, 10000), WithinRel((d / 2 + 1) / 2.0, 1e-14));
  // Even in r.
  for (double r : {1.0, 17.0, 250.0}) CHECK_THAT(rope_relative_bound(-r, 128, 10000), WithinAbs(rope_relative_bound(r, 128, 10000), 1e-12));
}

// Tolerance: entries about 1, d <= 512, angles up to ~1e4 rad (rounding ~1e-12 rad each) summed over
// d/2 pairs: 1e-9.
TEST_CASE("rope_decay: the complex score equals the rotated q . k of rope.hpp at any m") {
  for (int d : {2, 8, 64, 512})
    for (double base : {10000.0, 500000.0}) {
      const auto q = word_vector(21, d), k = word_vector(22, d);
      for (double r : {0.0, 1.0, -5.0, 37.0, 1000.0}) {
        const double complex_route = rope_complex_score(q, k, r, base);
        for (double m : {0.0, 13.0, -400.0, 9000.0}) {
          INFO("d=" << d << " base=" << base << " r=" << r << " m=" << m);
          CHECK_THAT(complex_route, WithinAbs(rope_score(q, k, m, m + r, base), 1e-9));
        }
      }
    }
}

TEST_CASE("rope_decay: curves at many offsets match the single-offset functions") {
  const int d = 64;
  const auto q = word_vector(5, d), k = word_vector(6, d);
  const std::vector<double> rs{-200, -3, 0, 1, 2, 50, 199};
  const RopeDecay c = rope_decay(q, k, rs, 10000);
  CHECK(c.factor == rope_bound_factor(q, k));
  for (size_t j = 0; j < rs.size(); ++j) {
    INFO("r = " << rs[j]);
    CHECK_THAT(c.score[j], WithinAbs(rope_relative_score(q, k, rs[j], 10000), 1e-10));
    CHECK_THAT(c.relative_bound[j], WithinAbs(rope_relative_bound(rs[j], d, 10000), 1e-12));
    CHECK_THAT(c.bound[j], WithinAbs(c.factor * (d / 2) * c.relative_bound[j], 1e-9));
  }
}

TEST_CASE("rope_decay: all-ones score is twice the sinusoid's dot product, 2 sum cos(r w_i)") {
  for (int d : {2, 32, 128}) {
    const std::vector<double> ones(static_cast<size_t>(d), 1.0);
    for (double r : {0.0, 1.0, 10.0, -64.0, 255.0}) {
      INFO("d=" << d << " r=" << r);
      CHECK_THAT(rope_complex_score(ones, ones, r, 10000), WithinAbs(2 * dot_closed_form(r, d, 10000), 1e-10));
    }
    CHECK_THAT(rope_complex_score(ones, ones, 0, 10000), WithinAbs(d, 1e-12));
  }
}

TEST_CASE("rope_decay: the bound holds, |score(r)| <= factor * sum_j |S_j(r)|, and is loose at r = 0") {
  std::vector<double> rs;
  for (int r = -300; r <= 300; ++r) rs.push_back(r);
  for (int d : {2, 4, 16, 64, 256})
    for (std::uint64_t seed : {1u, 2u, 3u}) {
      const auto q = word_vector(seed, d), k = word_vector(seed + 100, d);
      const RopeDecay c = rope_decay(q, k, rs, 10000);
      for (size_t j = 0; j < rs.size(); ++j) {
        INFO("d=" << d << " seed=" << seed << " r=" << rs[j]);
        CHECK(std::fabs(c.score[j]) <= c.bound[j] * (1 + 1e-12) + 1e-12);
      }
    }
  // All ones at r = 0: bound (d/2)(d/2 + 1) against the true d.
  const std::vector<double> ones(64, 1.0), zero{0.0};
  const RopeDecay c = rope_decay(ones, ones, zero, 10000);
  CHECK_THAT(c.bound[0], WithinRel(32.0 * 33.0, 1e-14));
  CHECK_THAT(c.score[0], WithinAbs(64.0, 1e-12));
}

TEST_CASE("rope_decay: the relative bound shrinks with distance, with ripples (d = 128, base 10,000)") {
  // Measured here (not a number from the paper): from 32.5 at r = 0 to below a third of that (10.83) beyond r = 150 (largest there: 10.72), but
  // not monotonic: it rises again at some steps.
  const double at0 = rope_relative_bound(0, 128, 10000);
  CHECK_THAT(at0, WithinAbs(32.5, 1e-12));
  int rises = 0;
  double prev = at0;
  for (int r = 1; r <= 256; ++r) {
    const double v = rope_relative_bound(r, 128, 10000);
    if (r >= 150) CHECK(v < at0 / 3);
    if (v > prev) ++rises;
    prev = v;
  }
  CHECK(rises > 10);
}
