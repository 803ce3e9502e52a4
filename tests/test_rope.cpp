// RoPE: rotating query and key by their positions makes the score depend on n - m only.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "core/frequency.hpp"
#include "core/mixing.hpp"
#include "core/rope.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

TEST_CASE("hand-worked d = 2 (w_0 = 1): (1, 0) at p = pi/2 turns to (0, 1)") {
  std::vector<double> out(2);
  rope_rotate(std::vector<double>{1, 0}, kPi / 2, 10000, out);
  CHECK_THAT(out[0], WithinAbs(0.0, 1e-15));
  CHECK_THAT(out[1], WithinAbs(1.0, 1e-15));
  // (x cos t - y sin t, x sin t + y cos t) for x = 2, y = 3, t = 1.
  rope_rotate(std::vector<double>{2, 3}, 1.0, 10000, out);
  CHECK_THAT(out[0], WithinAbs(2 * std::cos(1.0) - 3 * std::sin(1.0), 1e-15));
  CHECK_THAT(out[1], WithinAbs(2 * std::sin(1.0) + 3 * std::cos(1.0), 1e-15));
  // q = (1, 0) at m = 1, k = (1, 0) at n = 3: the angle between them is 2, so the score is cos 2.
  CHECK_THAT(rope_score(std::vector<double>{1, 0}, std::vector<double>{1, 0}, 1, 3, 10000),
             WithinAbs(std::cos(2.0), 1e-15));
  // q = (1, 0), k = (0, 1) at the same position: orthogonal stays orthogonal.
  CHECK_THAT(rope_score(std::vector<double>{1, 0}, std::vector<double>{0, 1}, 5, 5, 10000), WithinAbs(0.0, 1e-15));
}

TEST_CASE("hand-worked d = 4, base 100: pair 1 turns at w_1 = 1/10") {
  std::vector<double> out(4);
  rope_rotate(std::vector<double>{0, 0, 1, 0}, 10 * kPi / 2, 100, out);  // t = 10 * (pi/2) / 10
  CHECK_THAT(out[2], WithinAbs(0.0, 1e-14));
  CHECK_THAT(out[3], WithinAbs(1.0, 1e-14));
}

// Tolerance: entries about 1, d <= 512, angles up to ~1e4 rad, whose rounding (~1e-12 rad each) is
// summed over d/2 pairs: a few 1e-10 at worst; 1e-9.
TEST_CASE("the score depends on n - m only (identity over many m)") {
  for (int d : {2, 8, 64, 512})
    for (double base : {10000.0, 500.0}) {
      const auto q = word_vector(11, d), k = word_vector(12, d);
      for (double off : {0.0, 1.0, -3.0, 37.0, 2.5}) {
        const double first = rope_score(q, k, 0, off, base);
        for (double m = -20; m <= 10000; m += 97.25) {
          INFO("d=" << d << " base=" << base << " offset=" << off << " m=" << m);
          CHECK_THAT(rope_score(q, k, m, m + off, base), WithinAbs(first, 1e-9));
        }
      }
    }
}

TEST_CASE("the score equals q^T R((n - m) w) k (second formula)") {
  for (int d : {2, 16, 1024}) {
    const auto q = word_vector(21, d), k = word_vector(22, d);
    for (double m : {0.0, 3.0, 250.0})
      for (double n : {0.0, 7.0, 1000.0}) {
        INFO("d=" << d << " m=" << m << " n=" << n);
        CHECK_THAT(rope_score(q, k, m, n, 10000), WithinAbs(rope_relative_score(q, k, n - m, 10000), 1e-9));
      }
  }
  // At offset 0 the score is the plain dot product.
  const auto q = word_vector(1, 32), k = word_vector(2, 32);
  CHECK_THAT(rope_relative_score(q, k, 0, 10000), WithinAbs(dot(q, k), 1e-12));
}

TEST_CASE("rotation preserves the norm of every pair") {
  const int d = 64;
  const auto x = word_vector(5, d);
  std::vector<double> out(static_cast<size_t>(d));
  for (double p : {0.0, 1.0, 33.3, 1e5}) {
    rope_rotate(x, p, 10000, out);
    for (size_t a = 0; a < x.size(); a += 2) {
      INFO("p=" << p << " pair " << a / 2);
      // Tolerance: two products and a sum per entry; a few ulps of values about 1.
      CHECK_THAT(std::hypot(out[a], out[a + 1]), WithinAbs(std::hypot(x[a], x[a + 1]), 1e-14));
    }
  }
}

TEST_CASE("a different offset gives a different score (the test can tell offsets apart)") {
  const auto q = word_vector(11, 64), k = word_vector(12, 64);
  CHECK(std::fabs(rope_score(q, k, 0, 1, 10000) - rope_score(q, k, 0, 4, 10000)) > 1e-3);
}

// Tolerance 1e-12: the batch sums each pair's two products before adding, the single call adds
// them one by one; entries about 1, d <= 512, angles below 2e3 rad.
TEST_CASE("rope_scores along many m equals rope_score at each m") {
  for (int d : {2, 64, 512}) {
    const auto q = word_vector(31, d), k = word_vector(32, d);
    const std::vector<double> ms{0.0, 1.0, 2.5, 17.0, 999.0, -40.0};
    std::vector<double> out(ms.size());
    rope_scores(q, k, ms, 4.0, 10000, out);
    for (size_t j = 0; j < ms.size(); ++j) {
      INFO("d=" << d << " m=" << ms[j]);
      CHECK_THAT(out[j], WithinAbs(rope_score(q, k, ms[j], ms[j] + 4.0, 10000), 1e-12));
    }
  }
}
