// The binary counter beside the encoding: bits against floor(n / 2^b) mod 2 worked in floating point and
// against the sign of a sine, widths against two's complement read back, nearest pairs against a search
// over every pair, and the period ratio against 2.
#include "catch2_any.hpp"

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "core/binary_counter.hpp"
#include "core/frequency.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

namespace {

// floor(n / 2^b) mod 2 in doubles (exact: n and 2^b are whole numbers below 2^53), the mod taken the
// mathematical way.
int bit_by_division(double n, int b) {
  const double q = std::floor(n / std::ldexp(1.0, b));
  const double r = q - 2.0 * std::floor(q / 2.0);
  return static_cast<int>(r);
}

// Whole numbers and real positions over the valid range, fixed seed.
std::vector<double> sample_positions() {
  std::vector<double> out = {0, 1, 2, 3, 255, 256, -1, -2, -255, -256, 0.5, -0.5, 12.75, -12.75, 1e9, -1e9, 999999999.99, 1073741823};
  std::mt19937_64 g(20240611);
  for (int i = 0; i < 400; ++i) {
    const double u = static_cast<double>(g() >> 11) * 0x1.0p-53;  // [0, 1)
    const double scale = std::pow(10.0, static_cast<double>(g() % 10));  // 1 .. 1e9
    out.push_back((2 * u - 1) * scale);
  }
  return out;
}

}  // namespace

TEST_CASE("bit b of floor(pos) is floor(n / 2^b) mod 2, for negative and fractional positions too") {
  for (double pos : sample_positions()) {
    const double n = std::floor(pos);
    CHECK(static_cast<double>(counter_value(pos)) == n);
    for (int b = 0; b <= 40; ++b) {
      INFO("pos=" << pos << " b=" << b);
      CHECK(counter_bit(pos, b) == bit_by_division(n, b));
    }
  }
}

TEST_CASE("hand-worked bits: 12 is 1100, -3 is ...1101 in two's complement, 12.75 counts as 12") {
  const int twelve[] = {0, 0, 1, 1, 0, 0};
  const int minus3[] = {1, 0, 1, 1, 1, 1};
  for (int b = 0; b < 6; ++b) {
    CHECK(counter_bit(12, b) == twelve[b]);
    CHECK(counter_bit(12.75, b) == twelve[b]);
    CHECK(counter_bit(-3, b) == minus3[b]);
  }
  // -0.5 counts as -1: every bit set.
  for (int b = 0; b < 62; ++b) CHECK(counter_bit(-0.5, b) == 1);
}

TEST_CASE("a bit is a hand of period 2^(b+1) that points up or down: bit_b(n) = 1 where sin(pi (n + 1/2) / 2^b) < 0") {
  for (int b = 0; b <= 12; ++b)
    for (int n = -5000; n <= 5000; ++n) {
      INFO("n=" << n << " b=" << b);
      // n + 1/2 keeps the angle off the multiples of pi, where the sine is 0.
      CHECK(counter_bit(n, b) == (std::sin(kPi * (n + 0.5) / std::ldexp(1.0, b)) < 0 ? 1 : 0));
    }
}

TEST_CASE("bit b flips every 2^b steps and repeats every bit_period(b) = 2^(b+1) steps") {
  for (int b = 0; b <= 20; ++b) {
    CHECK(bit_period(b) == std::pow(2.0, b + 1));
    const double half = bit_period(b) / 2;
    for (double n : {0.0, 7.0, -9.0, 123456.0, -987654.0, 5e8}) {
      INFO("b=" << b << " n=" << n);
      CHECK(counter_bit(n, b) == counter_bit(n + bit_period(b), b));
      // Aligned to the start of a run of 2^b equal values, the next run has the other value.
      const double start = std::floor(n / half) * half;
      CHECK(counter_bit(start, b) != counter_bit(start + half, b));
      CHECK(counter_bit(start, b) == counter_bit(start + half - 1, b));
    }
  }
}

TEST_CASE("counter_width bits write floor(pos): read back in two's complement, and one bit fewer would not do") {
  for (double pos : sample_positions()) {
    const std::int64_t n = counter_value(pos);
    const int w = counter_width(pos);
    INFO("pos=" << pos << " width=" << w);
    REQUIRE(w >= 1);
    REQUIRE(w <= 32);  // |pos| <= 1e9 < 2^30, plus a sign bit
    // Read back: unsigned for n >= 0, the top bit weighing -2^(w-1) for n < 0.
    double v = 0;
    for (int b = 0; b < w; ++b) v += counter_bit(pos, b) * std::ldexp(1.0, b);
    if (n < 0) v -= 2 * std::ldexp(1.0, w - 1) * counter_bit(pos, w - 1);
    CHECK(v == static_cast<double>(n));
    if (n >= 0) {
      CHECK(static_cast<double>(n) < std::ldexp(1.0, w));
      if (w > 1) CHECK(static_cast<double>(n) >= std::ldexp(1.0, w - 1));
    } else {
      CHECK(counter_bit(pos, w - 1) == 1);  // the sign bit
      CHECK(static_cast<double>(n) >= -std::ldexp(1.0, w - 1));
      if (w > 1) CHECK(static_cast<double>(n) < -std::ldexp(1.0, w - 2));
    }
  }
  CHECK(counter_width(0) == 1);
  CHECK(counter_width(1) == 1);
  CHECK(counter_width(255) == 8);
  CHECK(counter_width(256) == 9);
  CHECK(counter_width(-1) == 1);
  CHECK(counter_width(-128) == 8);
  CHECK(counter_width(-129) == 9);
  CHECK(counter_width(1e9) == 30);
}

TEST_CASE("nearest_pair is the pair with the smallest period ratio either way, found by trying every pair") {
  for (int d : {2, 4, 6, 32, 512, 1000, 8192})
    for (double base : {1.0000001, 1.5, 100.0, 10000.0, 1e12})
      for (double period : {0.5, 2.0, 4.0, 6.0, 8.0, 64.0, 1000.0, 1048576.0, 2147483648.0, 1e13, 1e15}) {
        int best = 0;
        double best_miss = HUGE_VAL;
        for (int i = 0; i < d / 2; ++i) {
          const double miss = std::fabs(std::log(period / pe::period(i, d, base)));
          if (miss < best_miss) best_miss = miss, best = i;
        }
        const int got = nearest_pair(period, d, base);
        INFO("d=" << d << " base=" << base << " period=" << period << " got " << got << ", search " << best);
        REQUIRE(got >= 0);
        REQUIRE(got < d / 2);
        // The same miss (a tie may pick either pair), to rounding.
        CHECK_THAT(std::fabs(std::log(period / pe::period(got, d, base))), WithinAbs(best_miss, 1e-12));
      }
}

TEST_CASE("nearest_bit is the bit with the smallest period ratio either way, found by trying every bit") {
  for (double period : {0.1, 1.0, 2.0, 2.9, 3.0, 6.2831853, 7.0, 60611.0, 1e6, 6.28e12, 1e17}) {
    int best = 0;
    double best_miss = HUGE_VAL;
    for (int b = 0; b <= 62; ++b) {
      const double miss = std::fabs(std::log(period / bit_period(b)));
      if (miss < best_miss) best_miss = miss, best = b;
    }
    INFO("period=" << period);
    CHECK(nearest_bit(period) == best);
  }
  CHECK(nearest_bit(60611) == 15);  // the slowest pair of the article: 2^16 = 65,536
}

TEST_CASE("d = 512, base 10000 (hand-worked): bit 2's period 8 is nearest pair 7; 19.27 pairs per doubling") {
  // period_i = 2 pi 10000^(i/256): i = 256 ln(8 / 2 pi) / ln 10000 = 6.715; pair 7 has period 8.083
  // (8.083 / 8 = 1.010), pair 6 has 7.797 (8 / 7.797 = 1.026).
  CHECK(nearest_pair(8, 512, 10000) == 7);
  CHECK(nearest_pair(2, 512, 10000) == 0);  // faster than every pair: the fastest one
  CHECK(nearest_pair(1e15, 512, 10000) == 255);
  // 512 ln 2 / (2 ln 10000) = 19.266 pairs per doubling.
  CHECK_THAT(pairs_per_doubling(512, 10000), WithinAbs(19.266, 5e-4));
}

TEST_CASE("pairs_per_doubling: that many steps of the ratio base^(2/d) make 2, where a bit takes one step") {
  for (int d : {2, 4, 64, 512, 8192})
    for (double base : {1.0000001, 2.0, 100.0, 10000.0, 1e12}) {
      INFO("d=" << d << " base=" << base);
      const double ppd = pairs_per_doubling(d, base);
      // base^(2/d) rounds to 1 + 2.4e-11 for the smallest base, so the tolerance follows its rounding.
      CHECK_THAT(std::pow(period_ratio(d, base), ppd), WithinAbs(2.0, 2e-4));
      CHECK_THAT(std::exp(ppd * 2.0 * std::log(base) / d), WithinAbs(2.0, 2e-14));
    }
  // The period ratio of the article, 10000^(2/512) = 1.0366, is not 2.
  CHECK_THAT(period_ratio(512, 10000), WithinAbs(1.0366, 5e-5));
}

TEST_CASE("closest_return: pair 0 comes nearest to its start after 710 steps in 1000 (710 - 226 pi), never exactly") {
  const Return r = closest_return(1.0, 1000);
  CHECK(r.steps == 710);
  CHECK_THAT(r.miss, WithinAbs(710 - 226 * kPi, 1e-12));  // 6.03e-5
  CHECK(r.miss > 0);
  // Every other step misses by more, worked with round() instead of remainder().
  for (long m = 1; m <= 1000; ++m) {
    const double miss = std::fabs(m - kTwoPi * std::round(m / kTwoPi));
    if (m != 710) CHECK(miss > r.miss);
  }
  // A hand with a bit's period, 16 steps, comes back exactly after 16.
  const Return bit3 = closest_return(kTwoPi / 16, 100);
  CHECK(bit3.steps == 16);
  CHECK(bit3.miss < 1e-12);
}
