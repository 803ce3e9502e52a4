// bfloat16 and float16 rounding against bit patterns worked by hand, against the hardware's float32
// rounding (the same code path with float32's widths) and the classic bfloat16 bit trick, and the
// angle thresholds of half an ulp against values worked out below.
#include "catch2_any.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "core/half_precision.hpp"

using namespace pe;

namespace {

std::uint32_t bits32(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
float from_bits32(std::uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// The usual float32 -> bfloat16 conversion in ML code (round to nearest even on the bit pattern):
// add 0x7FFF plus the lowest kept bit, keep the top 16 bits. Valid for finite floats.
std::uint16_t bf16_bit_trick(float f) {
  const std::uint32_t u = bits32(f);
  return static_cast<std::uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

constexpr double kDegree = 3.14159265358979323846 / 180.0;

}  // namespace

TEST_CASE("float16: hand-worked bit patterns, ties to even, subnormals and overflow") {
  // 1/3 = 1.0101010101|0101... x 2^-2: 10 fraction bits 0101010101, the rest 0101... < half: down.
  // Biased exponent -2 + 15 = 13 = 01101: 0 01101 0101010101 = 0x3555 = 0.333251953125.
  CHECK(float16_bits(1.0 / 3.0) == 0x3555);
  CHECK(float16_from_bits(0x3555) == 0.333251953125);
  CHECK(float16_bits(-1.0 / 3.0) == 0xB555);
  // 65504 = 1.1111111111 x 2^15, the largest finite: 0 11110 1111111111.
  CHECK(float16_bits(65504.0) == 0x7BFF);
  CHECK(float16_from_bits(0x7BFF) == 65504.0);
  // The ulp at 2^15 is 32: 65519 rounds down to 65504, 65520 is the tie with 2^16 (even) -> infinity.
  CHECK(float16_bits(65519.0) == 0x7BFF);
  CHECK(float16_bits(65520.0) == 0x7C00);
  CHECK(float16_bits(1000000.0) == 0x7C00);
  CHECK(float16_bits(-1000000.0) == 0xFC00);
  CHECK(std::isinf(round_to_format(1e6, FloatFormat::float16)));
  // 2^-24 is the smallest subnormal (fraction 1, exponent 0); 2^-14 the smallest normal.
  CHECK(float16_bits(std::ldexp(1.0, -24)) == 0x0001);
  CHECK(float16_from_bits(0x0001) == std::ldexp(1.0, -24));
  CHECK(float16_bits(std::ldexp(1.0, -14)) == 0x0400);
  // Half of 2^-24 is a tie between 0 and 2^-24: to even, 0. Three quarters of it rounds up.
  CHECK(float16_bits(std::ldexp(1.0, -25)) == 0x0000);
  CHECK(float16_bits(3 * std::ldexp(1.0, -26)) == 0x0001);
  CHECK(float16_bits(3 * std::ldexp(1.0, -25)) == 0x0002);  // 1.5 quanta: tie between 1 and 2 -> 2
  // Whole numbers: exact to 2048 = 2^11; the ulp above is 2: 2049 -> 2048, 2051 -> 2052 (even).
  CHECK(float16_bits(1.0) == 0x3C00);
  CHECK(float16_bits(2048.0) == 0x6800);
  CHECK(float16_bits(2049.0) == 0x6800);
  CHECK(float16_bits(2051.0) == 0x6802);
  CHECK(float16_bits(0.0) == 0x0000);
  CHECK(float16_bits(-0.0) == 0x8000);
  CHECK(float16_bits(std::numeric_limits<double>::quiet_NaN()) == 0x7E00);
  CHECK(std::isnan(float16_from_bits(0x7E00)));
}

TEST_CASE("bfloat16: hand-worked bit patterns") {
  // 1/3 in float32 is 0x3EAAAAAB; bfloat16 keeps the top 16 bits, and the dropped 0xAAAB is above half: 0x3EAB.
  CHECK(bfloat16_bits(1.0 / 3.0) == 0x3EAB);
  CHECK(bfloat16_from_bits(0x3EAB) == 0.333984375);
  // 65504 = 1.1111111|11100000 x 2^15: 8 significant bits round up to 2^16 = 0x4780.
  CHECK(bfloat16_bits(65504.0) == 0x4780);
  CHECK(bfloat16_from_bits(0x4780) == 65536.0);
  // 2^-24 is normal in bfloat16 (float32's exponent range): biased 127 - 24 = 103 = 0x67, fraction 0.
  CHECK(bfloat16_bits(std::ldexp(1.0, -24)) == 0x3380);
  // 1e6 = 0x49742400 in float32: the dropped 0x2400 is below half, so 0x4974 = 999424.
  CHECK(bfloat16_bits(1000000.0) == 0x4974);
  CHECK(bfloat16_from_bits(0x4974) == 999424.0);
  // Whole numbers: exact to 256 = 2^8; 257 -> 256 (tie, even), 259 -> 260.
  CHECK(bfloat16_bits(256.0) == 0x4380);
  CHECK(bfloat16_bits(257.0) == 0x4380);
  CHECK(bfloat16_bits(259.0) == 0x4382);
  CHECK(bfloat16_bits(1.0) == 0x3F80);
  CHECK(bfloat16_bits(std::numeric_limits<double>::quiet_NaN()) == 0x7FC0);
  CHECK(std::isinf(bfloat16_from_bits(0x7F80)));
  // The largest finite bfloat16 is 0x7F7F = (2 - 2^-7) 2^127; float32's largest rounds up past it.
  CHECK(bfloat16_from_bits(0x7F7F) == float_format_info(FloatFormat::bfloat16).max_finite);
  CHECK(bfloat16_bits(3.4028234663852886e38) == 0x7F80);
}

TEST_CASE("the rounding agrees with the hardware for float32 and with the bit trick for bfloat16") {
  // A simple LCG over float32 bit patterns (every exponent, subnormals included, no NaN or infinity).
  std::uint32_t x = 2463534242u;
  int checked = 0;
  for (int i = 0; i < 200000; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    const std::uint32_t u = x & 0x7FFFFFFFu;
    if ((u >> 23) == 0xFF) continue;
    const float f = from_bits32(x);
    // bfloat16 of a float32 value: the same as the bit trick (one rounding from the exact value).
    CHECK(bfloat16_bits(static_cast<double>(f)) == bf16_bit_trick(f));
    // float32 of a double between neighbouring floats: the hardware's conversion. The double is the
    // float plus a fraction of its ulp (ties included: 0.5), so every case of the rounding is met.
    const double frac[] = {0.0, 0.25, 0.5, 0.75};
    const double ulp = std::fabs(static_cast<double>(std::nextafter(f, 2.0f * f + 1.0f)) - static_cast<double>(f));
    if (!std::isfinite(ulp)) continue;  // the largest float: its neighbour is infinity
    const double y = static_cast<double>(f) + frac[i % 4] * (std::signbit(f) ? -ulp : ulp);
    if (std::fabs(y) > 3.4028234663852886e38) continue;  // the cast below is defined within range only
    CHECK(round_to_format(y, FloatFormat::float32) == static_cast<double>(static_cast<float>(y)));
    ++checked;
  }
  CHECK(checked > 190000);
  // Doubles near and past float32's range: infinity from max + half an ulp on (IEEE 754's rule).
  const double big = 3.4028234663852886e38, half_ulp = std::ldexp(1.0, 103);
  CHECK(round_to_format(big + 0.99 * half_ulp, FloatFormat::float32) == big);
  CHECK(std::isinf(round_to_format(big + half_ulp, FloatFormat::float32)));
}

TEST_CASE("ulp and the angle where half an ulp passes one degree") {
  // ulp of 1 is 2^-p: 2^-23, 2^-10, 2^-7. Of 1000: [512, 1024) has ulp 2^(9-p).
  CHECK(format_ulp(1.0, FloatFormat::float32) == std::ldexp(1.0, -23));
  CHECK(format_ulp(1.0, FloatFormat::float16) == std::ldexp(1.0, -10));
  CHECK(format_ulp(1.0, FloatFormat::bfloat16) == std::ldexp(1.0, -7));
  CHECK(format_ulp(1000.0, FloatFormat::float16) == 0.5);
  CHECK(format_ulp(1000.0, FloatFormat::bfloat16) == 4.0);
  CHECK(format_ulp(std::ldexp(1.0, -20), FloatFormat::float16) == std::ldexp(1.0, -24));  // subnormal quantum
  CHECK(std::isinf(format_ulp(1e6, FloatFormat::float16)));
  CHECK(exact_integer_limit(FloatFormat::float32) == 16777216.0);
  CHECK(exact_integer_limit(FloatFormat::float16) == 2048.0);
  CHECK(exact_integer_limit(FloatFormat::bfloat16) == 256.0);
  // One degree is 0.01745 rad. bfloat16 (p = 7): in [4, 8) half an ulp is 2^(2-8) = 0.0156 rad
  // (0.90 degrees), in [8, 16) 2^(3-8) = 0.03125 rad (1.79 degrees): the threshold is 8 rad. Likewise
  // 2^(10-4) = 64 rad for float16 and 2^(23-4) = 524288 rad for float32.
  CHECK(angle_where_half_ulp_exceeds(FloatFormat::bfloat16, kDegree) == 8.0);
  CHECK(angle_where_half_ulp_exceeds(FloatFormat::float16, kDegree) == 64.0);
  CHECK(angle_where_half_ulp_exceeds(FloatFormat::float32, kDegree) == 524288.0);
  for (int f = 0; f < kFloatFormatCount; ++f) {
    const FloatFormat fmt = static_cast<FloatFormat>(f);
    const double a = angle_where_half_ulp_exceeds(fmt, kDegree);
    CHECK(format_ulp(a, fmt) / 2 > kDegree);
    CHECK(format_ulp(a / 2, fmt) / 2 < kDegree);  // the binade below: [a/2, a)
  }
}

TEST_CASE("the naive angle: pair 0 exact up to 2^(p+1), then a whole radian off; float16 positions overflow") {
  // w = 1: fl(pos) * 1 = fl(pos), exact for whole positions up to 2^(p+1).
  for (double pos = 0; pos <= 256; ++pos) CHECK(naive_angle_error(FloatFormat::bfloat16, pos, 1.0) == 0.0);
  CHECK(naive_angle_error(FloatFormat::bfloat16, 257, 1.0) == 1.0);  // 257 -> 256
  CHECK(naive_angle_error(FloatFormat::float16, 2048, 1.0) == 0.0);
  CHECK(naive_angle_error(FloatFormat::float16, 2049, 1.0) == 1.0);
  CHECK(naive_angle_error(FloatFormat::float32, 16777217, 1.0) == 1.0);
  // float16: 65504 is stored; 65520 rounds to infinity, and so does the angle of any pair.
  CHECK(std::isfinite(naive_angle(FloatFormat::float16, 65504, 1e-4)));
  CHECK(std::isinf(naive_angle(FloatFormat::float16, 65520, 1e-4)));
  CHECK(std::isinf(naive_angle_error(FloatFormat::float16, 1e6, 1e-4)));
  // A hand-worked case: pair 1 of d = 32, base 10000 has w = 10000^(-1/16) = 0.5623413251903491.
  // bfloat16: fl(w) = 0.5625 (0.10010000 in binary: 0.5623 is 0.1000111111110... rounded to 8 bits);
  // pos = 100 is exact; 100 * 0.5625 = 56.25 rounds in [32, 64) (ulp 0.25) to 56.25 itself.
  // The exact angle is 56.23413251903491, so the error is 0.01586748096509 rad.
  const double w1 = std::pow(10000.0, -1.0 / 16);
  CHECK(round_to_format(w1, FloatFormat::bfloat16) == 0.5625);
  CHECK(naive_angle(FloatFormat::bfloat16, 100, w1) == 56.25);
  CHECK(naive_angle_error(FloatFormat::bfloat16, 100, w1) == Approx(0.01586748096509).margin(1e-12));
  // Whole turns do not count: the error is reduced to [0, pi].
  for (int f = 0; f < kFloatFormatCount; ++f)
    for (double pos : {3.0, 77.0, 1000.0, 12345.0, 999999.0}) {
      const double e = naive_angle_error(static_cast<FloatFormat>(f), pos, w1);
      if (std::isfinite(e)) {
        CHECK(e >= 0);
        CHECK(e <= 3.14159265358979323846);
      }
    }
}
