#include "float32_encoding.hpp"

#include <algorithm>
#include <cmath>

#include "encoding.hpp"
#include "frequency.hpp"

namespace pe {

namespace {

constexpr double kTwoTo32 = 4294967296.0;
// fl(2pi): the shader's constant 6.28318530718 parses to the same float.
constexpr float kTwoPiF = static_cast<float>(kTwoPi);
constexpr float kTwoToMinus24F = 1.0f / 16777216.0f;

}  // namespace

PhaseConstant phase_constant(int pair, int d, double base) {
  // f < 1/(2pi) since w_i <= 1; scaling by 2^32 and subtracting the integer part are exact in double.
  const double f = omega(pair, d, base) / kTwoPi;
  const double scaled = f * kTwoTo32;
  const double hi = std::floor(scaled);
  const double lo = std::min(std::floor((scaled - hi) * kTwoTo32 + 0.5), kTwoTo32 - 1.0);
  return PhaseConstant{static_cast<std::uint32_t>(hi), static_cast<std::uint32_t>(lo)};
}

std::uint32_t mul_hi_u32(std::uint32_t a, std::uint32_t b) {
  const std::uint32_t a0 = a & 0xFFFFu, a1 = a >> 16;
  const std::uint32_t b0 = b & 0xFFFFu, b1 = b >> 16;
  const std::uint32_t lo_lo = a0 * b0;
  const std::uint32_t hi_lo = a1 * b0;
  const std::uint32_t lo_hi = a0 * b1;
  const std::uint32_t hi_hi = a1 * b1;
  // Each partial product is below 2^32 and this sum cannot overflow: (2^16-1)^2 + 2 (2^16-1) < 2^32.
  const std::uint32_t cross = (lo_lo >> 16) + (hi_lo & 0xFFFFu) + lo_hi;
  return hi_hi + (hi_lo >> 16) + (cross >> 16);
}

std::uint32_t phase_turns_u32(PhaseConstant c, std::uint32_t pos) {
  return c.hi * pos + mul_hi_u32(c.lo, pos);  // unsigned arithmetic wraps mod 2^32, like GLSL's uint
}

float float32_angle_naive(double pos, int pair, int d, double base) {
  const float p = static_cast<float>(pos);
  const float w = static_cast<float>(omega(pair, d, base));
  return p * w;
}

float float32_angle_phase(std::uint32_t pos, PhaseConstant c) {
  const std::uint32_t q = (phase_turns_u32(c, pos) + 128u) >> 8;  // 24 bits: exact as a float
  float t = static_cast<float>(q) * kTwoToMinus24F;
  if (t >= 0.5f) t -= 1.0f;
  return t * kTwoPiF;
}

float float32_value_naive(double pos, int dim, int d, double base) {
  const float a = float32_angle_naive(pos, dim / 2, d, base);
  return (dim % 2 == 0) ? std::sin(a) : std::cos(a);
}

float float32_value_shader(std::uint32_t pos, int dim, int d, double base) {
  const float a = float32_angle_phase(pos, phase_constant(dim / 2, d, base));
  return (dim % 2 == 0) ? std::sin(a) : std::cos(a);
}

double float32_naive_error_bound(double pos, int pair, int d, double base) {
  const double w = omega(pair, d, base);
  const double rounded = static_cast<double>(static_cast<float>(pos));
  return w * std::fabs(pos - rounded) + std::fabs(w * pos) * std::ldexp(1.0, -23) + std::ldexp(1.0, -23);
}

double float32_shader_error_bound(double pos, int pair, int d, double base) {
  const double w = omega(pair, d, base);
  return kTwoPi * std::ldexp(1.0, -25) + kPi * std::ldexp(1.0, -24) + std::ldexp(1.0, -23) +
         kTwoPi * std::ldexp(1.0, -32) + std::fabs(w * pos) * std::ldexp(1.0, -50) + std::ldexp(1.0, -23);
}

double float32_spacing(double x) {
  const float f = std::fabs(static_cast<float>(x));
  if (!std::isfinite(f)) return 0;
  int e = 0;
  std::frexp(f, &e);  // f in [2^(e-1), 2^e)
  return f == 0 ? std::ldexp(1.0, -149) : std::ldexp(1.0, std::max(e - 24, -149));
}

double float32_naive_reach(int pair, int d, double base, double err) {
  return err / (omega(pair, d, base) * std::ldexp(1.0, -23));
}

// Per pair, the larger |float32 - double| of its sin and cos, for one way of computing in float32.
template <class Float32Value>
static std::vector<double> pair_errors(double pos, int d, double base, Float32Value value32) {
  std::vector<double> out(static_cast<size_t>(d / 2));
  for (int i = 0; i < d / 2; ++i) {
    const double es = std::fabs(static_cast<double>(value32(2 * i)) - encoding_value(pos, 2 * i, d, base));
    const double ec = std::fabs(static_cast<double>(value32(2 * i + 1)) - encoding_value(pos, 2 * i + 1, d, base));
    out[static_cast<size_t>(i)] = std::max(es, ec);
  }
  return out;
}

std::vector<double> float32_naive_pair_errors(double pos, int d, double base) {
  return pair_errors(pos, d, base, [&](int dim) { return float32_value_naive(pos, dim, d, base); });
}

std::vector<double> float32_shader_pair_errors(std::uint32_t pos, int d, double base) {
  return pair_errors(pos, d, base, [&](int dim) { return float32_value_shader(pos, dim, d, base); });
}

}  // namespace pe
