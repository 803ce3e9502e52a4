// Half precision beside float32: bfloat16 and float16, and what rounding to them does to the RoPE
// angle theta = pos * w_i.
//
// A binary floating-point format with E exponent bits and p fraction bits stores
//   x = (-1)^s * 1.f * 2^e     (normal, e from 2 - 2^(E-1) to 2^(E-1) - 1, p bits of f)
//   x = (-1)^s * 0.f * 2^emin  (subnormal, below 2^emin)
//            sign  exponent E  fraction p  significant bits  largest finite        smallest subnormal
//   float32    1       8          23            24           (2 - 2^-23) 2^127      2^-149
//   float16    1       5          10            11           65504                  2^-24
//   bfloat16   1       8           7             8           (2 - 2^-7) 2^127       2^-133
// Rounding is IEEE 754 round to nearest, ties to even, done once from the exact double: values at or
// beyond the largest finite plus half its ulp become +-infinity (1e6 in float16), values below half
// the smallest subnormal become 0, and the subnormal range keeps the fixed quantum 2^(emin - p).
//
// The ulp (unit in the last place) of x in [2^e, 2^(e+1)) is 2^(e - p), so rounding x errs by at most
// half an ulp, 2^(e - p - 1). For the angle theta that passes one degree (pi/180 = 0.01745 rad) once
//   2^(e - p - 1) > pi/180   <=>   e >= p - 4   <=>   theta >= 2^(p - 4)  radians:
// 2^19 = 524288 rad in float32, 64 rad in float16, 8 rad in bfloat16. For pair i (w_i radians per
// position) that is position 2^(p - 4) / w_i. The naive route below also rounds w_i and the position,
// each adding an error of the same size, so "error ~ half an ulp of the angle" is an estimate of its
// order, not a bound. One exception: w_0 = 1 is exact, and so are whole positions up to 2^(p+1), so
// pair 0's naive angle is exact there (up to 256 in bfloat16, 2048 in float16, 16777216 in float32)
// and the first error, at 2^(p+1) + 1, is a whole radian.
#pragma once
#include <cstdint>

namespace pe {

enum class FloatFormat : int { float32, float16, bfloat16 };
constexpr int kFloatFormatCount = 3;

struct FloatFormatInfo {
  FloatFormat format;
  const char* name;      // "float32", "float16", "bfloat16"
  int exponent_bits;     // E
  int fraction_bits;     // p (stored bits after the point; p + 1 significant bits)
  int min_exponent;      // emin = 2 - 2^(E-1): the smallest normal number is 2^emin
  int max_exponent;      // emax = 2^(E-1) - 1
  double max_finite;     // (2 - 2^-p) 2^emax
};

const FloatFormatInfo& float_format_info(FloatFormat f);

// x rounded to the format (nearest, ties to even), as a double; +-infinity past the range, NaN stays NaN.
double round_to_format(double x, FloatFormat f);
// The 16-bit patterns (sign, exponent, fraction) of x rounded to float16 or bfloat16; NaN gives a
// quiet NaN (0x7E00, 0x7FC0).
std::uint16_t float16_bits(double x);
std::uint16_t bfloat16_bits(double x);
// The value a 16-bit pattern stands for.
double float16_from_bits(std::uint16_t bits);
double bfloat16_from_bits(std::uint16_t bits);

// The ulp of x in the format: the gap from |x| (rounded to the format first) to the next larger
// number, 2^(e - p), or the subnormal quantum below 2^emin. Infinity for a non-finite or overflowing x.
double format_ulp(double x, FloatFormat f);
// Whole numbers from 0 to this are exact in the format: 2^(p+1) (float16's 2048, bfloat16's 256).
double exact_integer_limit(FloatFormat f);
// The smallest angle (radians) whose half ulp exceeds `err`: 2^e for the smallest e with
// 2^(e - p - 1) > err (one degree: 2^(p - 4)). Infinity if no finite angle of the format has it.
double angle_where_half_ulp_exceeds(FloatFormat f, double err);

// The naive reduced-precision angle: fl(fl(pos) * fl(w)), every rounding to the format (the product
// of two format numbers is exact in double, so it is rounded once, as the format's own multiply
// rounds it). +-infinity once fl(pos) or the product overflows (float16 from position 65520).
double naive_angle(FloatFormat f, double pos, double w);
// Its error as the sin and cos see it: |naive_angle - pos * w| reduced to [0, pi] (whole turns do not
// matter); infinity when the naive angle is not finite. The exact angle is the double product.
double naive_angle_error(FloatFormat f, double pos, double w);

}  // namespace pe
