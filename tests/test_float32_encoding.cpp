// The float32 mirror (what the heatmap shader and naive float32 code compute) against the double
// encoding, 64-bit integer arithmetic, hand-worked values and the analytic error estimate.
#include "catch2_any.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/encoding.hpp"
#include "core/float32_encoding.hpp"
#include "core/frequency.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

namespace {

std::uint32_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

}  // namespace

TEST_CASE("mul_hi_u32 is the high half of the 64-bit product") {
  // Truth: the 64-bit product, which the shader cannot use but C++ can.
  const std::uint32_t vals[] = {0u, 1u, 2u, 0xFFFFu, 0x10000u, 0x12345678u, 0x80000000u, 0x9E3779B9u,
                                2475754826u, 683565275u, 10000000u, 0xFFFFFFFEu, 0xFFFFFFFFu};
  for (std::uint32_t a : vals)
    for (std::uint32_t b : vals)
      CHECK(mul_hi_u32(a, b) == static_cast<std::uint32_t>((std::uint64_t{a} * b) >> 32));
  std::uint32_t x = 12345u;  // a simple LCG for many more pairs
  for (int i = 0; i < 20000; ++i) {
    x = x * 1664525u + 1013904223u;
    const std::uint32_t a = x;
    x = x * 1664525u + 1013904223u;
    CHECK(mul_hi_u32(a, x) == static_cast<std::uint32_t>((std::uint64_t{a} * x) >> 32));
  }
}

TEST_CASE("phase constant of pair 0 is 1/(2 pi) in 2^-64 turns") {
  // Hand-worked with 50-digit decimals: 2^32 / (2 pi) = 683565275.5764315897...,
  // and 0.5764315897... * 2^32 = 2475754826.496... The double f = 1/(2 pi) carries 53 bits
  // (down to 2^-55 turns), so lo may differ from the exact value by up to 2^9 = 512 units.
  const PhaseConstant c = phase_constant(0, 512, 10000);
  CHECK(c.hi == 683565275u);
  CHECK(std::fabs(static_cast<double>(c.lo) - 2475754826.0) <= 512.0);
  // Every pair: (hi + lo 2^-32) 2^-32 turns times the period is one turn. Tolerance: the fixed point's
  // half unit 2^-65 turns times the period, plus 1e-15 for the rounding of pow, the division and f.
  for (int i = 0; i < 256; ++i) {
    const PhaseConstant p = phase_constant(i, 512, 10000);
    const double f = (p.hi + p.lo / 4294967296.0) / 4294967296.0;
    const double T = period(i, 512, 10000);
    CHECK_THAT(f * T, WithinAbs(1.0, std::ldexp(T, -65) + 1e-15));
  }
}

TEST_CASE("integer phase equals the double angle reduced mod 2 pi") {
  // Truth: remainder(w pos, 2 pi) in double (error ~ |w pos| 2^-53 rad, < 2e-9 rad at 1e7).
  // Tolerance 3e-9 turns: the dropped low bits (2^-32 turns) plus the double truth's error.
  for (int pair : {0, 1, 7, 100, 255}) {
    const PhaseConstant c = phase_constant(pair, 512, 10000);
    for (double pos : {0.0, 1.0, 2.0, 63.0, 1000.0, 99999.0, 1e6, 1e7}) {
      const double turns = phase_turns_u32(c, static_cast<std::uint32_t>(pos)) / 4294967296.0;
      const double truth = std::remainder(omega(pair, 512, 10000) * pos, kTwoPi) / kTwoPi;
      CHECK_THAT(std::remainder(turns - truth, 1.0), WithinAbs(0.0, 3e-9));
    }
  }
}

TEST_CASE("shader mirror: the primer's worked example, d = 4, pos = 1") {
  // sin 1 = 0.8414709848, cos 1 = 0.5403023059, sin 0.01 = 0.0099998333, cos 0.01 = 0.99995.
  // Tolerance 1e-6: the float32 angle (<= 6e-7 rad) plus float rounding of the value.
  CHECK_THAT(float32_value_shader(1, 0, 4, 10000), WithinAbs(0.8414709848, 1e-6));
  CHECK_THAT(float32_value_shader(1, 1, 4, 10000), WithinAbs(0.5403023059, 1e-6));
  CHECK_THAT(float32_value_shader(1, 2, 4, 10000), WithinAbs(0.0099998333, 1e-6));
  CHECK_THAT(float32_value_shader(1, 3, 4, 10000), WithinAbs(0.9999500004, 1e-6));
}

TEST_CASE("shader mirror equals the double encoding within 1e-6 at every position, large ones too") {
  // The phase is reduced exactly in integers, so the error does not grow with pos:
  // the analytic bound (header) is about 7e-7 up to pos 1e8 (at 1e9 the double truth's own
  // rounding, |w pos| 2^-53 ~ 1e-7, starts to count).
  const int d = 512;
  double worst_small = 0, worst_large = 0;
  for (int pos = 0; pos < 200; ++pos)
    for (int dim = 0; dim < d; ++dim) {
      const double e = std::fabs(float32_value_shader(static_cast<std::uint32_t>(pos), dim, d, 10000) -
                                 encoding_value(pos, dim, d, 10000));
      CHECK(e <= float32_shader_error_bound(pos, dim / 2, d, 10000));
      worst_small = std::fmax(worst_small, e);
    }
  for (double pos : {1e5, 99999.0, 1234567.0, 1e7, 16777217.0, 1e9}) {
    for (int dim = 0; dim < d; ++dim) {
      const double e = std::fabs(float32_value_shader(static_cast<std::uint32_t>(pos), dim, d, 10000) -
                                 encoding_value(pos, dim, d, 10000));
      CHECK(e <= float32_shader_error_bound(pos, dim / 2, d, 10000));
      worst_large = std::fmax(worst_large, e);
    }
  }
  CHECK(worst_small <= 1e-6);
  CHECK(worst_large <= 1e-6);
  CHECK(float32_shader_error_bound(1e8, 0, d, 10000) < 1e-6);
}

TEST_CASE("naive float32 equals double within ~1e-6 at small positions, always within its bound") {
  // pos <= 8: angle <= 8 rad, so the angle error <= 8 * 2^-23 ~ 1e-6 (plus value rounding 1.2e-7).
  const int d = 512;
  for (int pos = 0; pos <= 8; ++pos)
    for (int dim = 0; dim < d; ++dim)
      CHECK_THAT(float32_value_naive(pos, dim, d, 10000), WithinAbs(encoding_value(pos, dim, d, 10000), 1.1e-6));
  for (double pos = 0; pos < 3000; pos += 7.25)
    for (int dim = 0; dim < d; dim += 3)
      CHECK(std::fabs(float32_value_naive(pos, dim, d, 10000) - encoding_value(pos, dim, d, 10000)) <=
            float32_naive_error_bound(pos, dim / 2, d, 10000));
}

TEST_CASE("naive float32 at pos 1e7: whole-radian angles, errors of the estimated size") {
  const int d = 512;
  // Pair 0 has w = 1, exact in float32, and 1e7 < 2^24 is exact too: only sin's rounding remains.
  CHECK_THAT(float32_value_naive(1e7, 0, d, 10000), WithinAbs(std::sin(1e7), 1.2e-7));
  // A fractional position is rounded first: fl(1e7 + 0.25) = 1e7 (float spacing 1 in [2^23, 2^24)),
  // so the error is |sin(x + 0.25) - sin x| = 2 |cos(x + 0.125) sin(0.125)| at x = 1e7.
  const double expect = 2 * std::fabs(std::cos(1e7 + 0.125) * std::sin(0.125));
  CHECK_THAT(std::fabs(float32_value_naive(1e7 + 0.25, 0, d, 10000) - std::sin(1e7 + 0.25)), WithinAbs(expect, 2e-7));
  // Pair 1: the angle 9.65e6 lies in [2^23, 2^24), where float32 numbers are whole: the angle is an
  // integer, and off by <= 0.5 (product rounding) + 1e7 * 2^-25 (w_1 rounded, w_1 in [1/2, 1)) = 0.798 rad.
  const float a1 = float32_angle_naive(1e7, 1, d, 10000);
  CHECK(a1 == std::floor(a1));
  CHECK(std::fabs(a1 - omega(1, d, 10000) * 1e7) <= 0.5 + 1e7 * std::ldexp(1.0, -25));
  // Every pair's angle error is within |w pos| 2^-23 (+ 2^-23), and for fast pairs it is of that
  // size: the largest error over pairs 1..40 exceeds a tenth of pair 1's estimate (~1.15 rad).
  double worst = 0;
  for (int i = 0; i < d / 2; ++i) {
    const double truth = omega(i, d, 10000) * 1e7;
    const double err = std::fabs(float32_angle_naive(1e7, i, d, 10000) - truth);
    CHECK(err <= truth * std::ldexp(1.0, -23) + std::ldexp(1.0, -23));
    if (i >= 1 && i <= 40) worst = std::fmax(worst, err);
  }
  CHECK(worst > 0.1 * omega(1, d, 10000) * 1e7 * std::ldexp(1.0, -23));
  // Slow pairs stay fine: the last pair's angle at 1e7 is ~1006 rad, error <= 1.2e-4 rad.
  CHECK_THAT(float32_value_naive(1e7, d - 2, d, 10000), WithinAbs(encoding_value(1e7, d - 2, d, 10000), 1.3e-4));
}

TEST_CASE("the mirror is deterministic and has no hidden state") {
  // Same inputs give the same bits, whatever was computed in between and in whichever order.
  std::vector<std::uint32_t> first, second;
  for (std::uint32_t pos : {0u, 1u, 63u, 100000u, 10000000u})
    for (int dim : {0, 1, 2, 511})
      first.insert(first.end(), {bits(float32_value_shader(pos, dim, 512, 10000)), bits(float32_value_naive(pos, dim, 512, 10000))});
  (void)float32_value_shader(12345u, 7, 64, 77.0);
  for (std::uint32_t pos : {0u, 1u, 63u, 100000u, 10000000u})
    for (int dim : {0, 1, 2, 511})
      second.insert(second.end(), {bits(float32_value_shader(pos, dim, 512, 10000)), bits(float32_value_naive(pos, dim, 512, 10000))});
  CHECK(first == second);
  // The shader value is sin/cos of the shader angle: no other path in between.
  const PhaseConstant c = phase_constant(5, 512, 10000);
  CHECK(bits(float32_value_shader(777u, 10, 512, 10000)) == bits(std::sin(float32_angle_phase(777u, c))));
  CHECK(bits(float32_value_shader(777u, 11, 512, 10000)) == bits(std::cos(float32_angle_phase(777u, c))));
}

TEST_CASE("float32 spacing: whole numbers between 2^23 and 2^24, 2^-23 at 1") {
  // Truth: the next float up, from std::nextafter on the float itself.
  for (double x : {1.0, 0.75, 3.0, 1e3, 1e5, 8388608.0, 9646616.0, 1e7, 3e7, 1e9}) {
    const float f = static_cast<float>(x);
    CHECK(float32_spacing(x) == static_cast<double>(std::nextafter(f, 2 * f) - f));
  }
  CHECK(float32_spacing(1e7) == 1.0);
  CHECK(float32_spacing(1.0) == std::ldexp(1.0, -23));
}

TEST_CASE("naive reach: the estimate equals the target error there") {
  // Identity: at pos = reach, |w pos| 2^-23 = err (relative 1e-15).
  for (int i : {1, 10, 100}) {
    const double reach = float32_naive_reach(i, 512, 10000, 2.0 / 255);
    CHECK_THAT(omega(i, 512, 10000) * reach * std::ldexp(1.0, -23), WithinAbs(2.0 / 255, 1e-15));
  }
  // Pair 1 of d = 512: 2/255 * 2^23 / 0.96466 = 68203 positions (hand-worked).
  CHECK(std::round(float32_naive_reach(1, 512, 10000, 2.0 / 255)) == 68203.0);
}

TEST_CASE("per-pair errors at 1e7: fast pairs visibly wrong, slow pairs within the estimate") {
  const int d = 512;
  const auto naive = float32_naive_pair_errors(1e7, d, 10000);
  const auto shader = float32_shader_pair_errors(10000000u, d, 10000);
  REQUIRE(naive.size() == 256);
  REQUIRE(shader.size() == 256);
  const double visible = 2.0 / 255;
  int off = 0, slowest = -1;
  for (int i = 0; i < 256; ++i) {
    // Entry i is the larger of the two dimension errors, computed here a second time.
    const double es = std::fabs(float32_value_naive(1e7, 2 * i, d, 10000) - encoding_value(1e7, 2 * i, d, 10000));
    const double ec = std::fabs(float32_value_naive(1e7, 2 * i + 1, d, 10000) - encoding_value(1e7, 2 * i + 1, d, 10000));
    CHECK(naive[size_t(i)] == std::fmax(es, ec));
    CHECK(naive[size_t(i)] <= float32_naive_error_bound(1e7, i, d, 10000));
    CHECK(shader[size_t(i)] <= 1e-6);
    if (naive[size_t(i)] > visible) {
      ++off;
      slowest = i;
    }
  }
  // A visibly wrong pair must have an estimate above 2/255, i.e. sit before the reach crossing at 1e7.
  CHECK(float32_naive_error_bound(1e7, slowest, d, 10000) > visible);
  // The fast quarter is mostly wrong, the slow half entirely right (the estimate is below 2/255 from pair
  // 140 on, where w_i < 6.6e-3; the actual errors fall below it a little earlier).
  int fast_off = 0;
  for (int i = 1; i <= 64; ++i) fast_off += naive[size_t(i)] > visible;
  CHECK(fast_off > 32);
  for (int i = 128; i < 256; ++i) CHECK(naive[size_t(i)] <= visible);
  CHECK(off > 32);
  CHECK(slowest < 128);
}
