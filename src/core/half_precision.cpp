#include "half_precision.hpp"

#include <cmath>
#include <limits>

namespace pe {

namespace {

constexpr double kPiHere = 3.14159265358979323846;
constexpr double kInf = std::numeric_limits<double>::infinity();

constexpr FloatFormatInfo kFormats[kFloatFormatCount] = {
    {FloatFormat::float32, "float32", 8, 23, -126, 127, 3.4028234663852886e38},
    {FloatFormat::float16, "float16", 5, 10, -14, 15, 65504.0},
    {FloatFormat::bfloat16, "bfloat16", 8, 7, -126, 127, 3.3895313892515355e38},
};

// The binade exponent e of a finite x != 0: |x| in [2^e, 2^(e+1)).
int binade(double x) {
  int e = 0;
  std::frexp(x, &e);  // |x| = m 2^e, m in [0.5, 1)
  return e - 1;
}

// The 16-bit pattern of a value already in the format (finite, infinite or NaN), for a 16-bit format
// with E exponent bits and p fraction bits (E + p = 15).
std::uint16_t pack16(double r, const FloatFormatInfo& f) {
  const int p = f.fraction_bits;
  const std::uint16_t sign = std::signbit(r) ? 0x8000u : 0u;
  const std::uint16_t exp_all = static_cast<std::uint16_t>(((1u << f.exponent_bits) - 1u) << p);
  if (std::isnan(r)) return static_cast<std::uint16_t>(exp_all | (1u << (p - 1)));
  if (std::isinf(r)) return static_cast<std::uint16_t>(sign | exp_all);
  const double a = std::fabs(r);
  if (a == 0) return sign;
  const int e = binade(a);
  if (e < f.min_exponent)  // subnormal: a = frac 2^(emin - p), biased exponent 0
    return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(std::ldexp(a, p - f.min_exponent)));
  const int biased = e + f.max_exponent;  // the bias is emax
  const auto frac = static_cast<std::uint16_t>(std::ldexp(a, p - e) - std::ldexp(1.0, p));
  return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(biased << p) | frac);
}

double unpack16(std::uint16_t bits, const FloatFormatInfo& f) {
  const int p = f.fraction_bits;
  const double sign = (bits & 0x8000u) ? -1.0 : 1.0;
  const unsigned biased = (bits >> p) & ((1u << f.exponent_bits) - 1u);
  const unsigned frac = bits & ((1u << p) - 1u);
  if (biased == (1u << f.exponent_bits) - 1u) return frac ? std::numeric_limits<double>::quiet_NaN() : sign * kInf;
  if (biased == 0) return sign * std::ldexp(static_cast<double>(frac), f.min_exponent - p);
  return sign * std::ldexp(static_cast<double>(frac + (1u << p)), static_cast<int>(biased) - f.max_exponent - p);
}

}  // namespace

const FloatFormatInfo& float_format_info(FloatFormat f) { return kFormats[static_cast<int>(f)]; }

double round_to_format(double x, FloatFormat f) {
  if (!std::isfinite(x) || x == 0) return x;
  const FloatFormatInfo& info = float_format_info(f);
  const int e = binade(x);
  // The quantum of x's binade (fixed below the smallest normal): x / q is exact in double (a power of
  // two scaling that stays normal), and rint rounds it to the nearest whole number, ties to even (the
  // default rounding mode). A carry into the next binade gives its first number, which is exact there.
  const int q = (e < info.min_exponent ? info.min_exponent : e) - info.fraction_bits;
  const double r = std::ldexp(std::rint(std::ldexp(x, -q)), q);
  if (std::fabs(r) > info.max_finite) return std::copysign(kInf, x);
  return r;  // may be +-0 for a tiny x: rint keeps the sign
}

std::uint16_t float16_bits(double x) {
  return pack16(round_to_format(x, FloatFormat::float16), float_format_info(FloatFormat::float16));
}
std::uint16_t bfloat16_bits(double x) {
  return pack16(round_to_format(x, FloatFormat::bfloat16), float_format_info(FloatFormat::bfloat16));
}
double float16_from_bits(std::uint16_t bits) { return unpack16(bits, float_format_info(FloatFormat::float16)); }
double bfloat16_from_bits(std::uint16_t bits) { return unpack16(bits, float_format_info(FloatFormat::bfloat16)); }

double format_ulp(double x, FloatFormat f) {
  const double r = round_to_format(x, f);
  if (!std::isfinite(r)) return kInf;
  const FloatFormatInfo& info = float_format_info(f);
  const int e = r == 0 ? info.min_exponent : binade(r);
  return std::ldexp(1.0, (e < info.min_exponent ? info.min_exponent : e) - info.fraction_bits);
}

double exact_integer_limit(FloatFormat f) { return std::ldexp(1.0, float_format_info(f).fraction_bits + 1); }

double angle_where_half_ulp_exceeds(FloatFormat f, double err) {
  const FloatFormatInfo& info = float_format_info(f);
  if (!(err >= 0) || !std::isfinite(err)) return kInf;
  // Half an ulp of [2^e, 2^(e+1)) is 2^(e - p - 1); the subnormal range shares emin's.
  for (int e = info.min_exponent; e <= info.max_exponent; ++e)
    if (std::ldexp(1.0, e - info.fraction_bits - 1) > err) return std::ldexp(1.0, e);
  return kInf;
}

double naive_angle(FloatFormat f, double pos, double w) {
  return round_to_format(round_to_format(pos, f) * round_to_format(w, f), f);
}

double naive_angle_error(FloatFormat f, double pos, double w) {
  const double a = naive_angle(f, pos, w);
  if (!std::isfinite(a)) return kInf;
  const double e = std::fabs(std::remainder(a - pos * w, 2.0 * kPiHere));
  return std::isfinite(e) ? e : kInf;
}

}  // namespace pe
