// The encoding in float32, step by step the way a GPU computes it. The double functions in
// encoding.hpp are the truth; these say what 24-bit floats make of it.
//
// Naive float32 (what float32 code gets from the formula as written):
//   a = fl(fl(pos) * fl(w_i)),   PE = sin(a) or cos(a)
//   fl() rounds to float32 (24-bit mantissa, relative error <= 2^-24), so
//   |a - w_i pos| <= |w_i| |pos - fl(pos)| + |w_i pos| (2^-24 + 2^-24) + tiny  ~  |w_i pos| * 2^-23.
//   The angle error grows with pos: about pos * 6e-8 radians for pair 0's size of angle. Pair 0 is
//   exact at integer positions below 2^24 because w_0 = 1 is exact in float32.
//
// Phase float32 (MIRRORS shaders/heatmap.frag.glsl; keep the two in step):
//   f_i = w_i / 2pi turns per position, kept as a 64-bit fixed-point fraction F = hi * 2^-32 + lo * 2^-64
//   (precomputed on the CPU, uploaded as two uint32). For an integer position p in [0, 2^31):
//     phase = hi * p + mulhi(lo, p)   (mod 2^32, exact uint32 arithmetic) = frac(f_i p) in 2^-32 turns
//     q     = ((phase + 128) mod 2^32) >> 8          (rounded to 24 bits: exact in float32)
//     t     = fl(q) * 2^-24 - (0 or 1)               (turns in [-1/2, 1/2), exact)
//     a     = fl(t * fl(2pi)),  PE = sin(a) or cos(a)
//   |a - (w_i p mod 2pi)| <= 2^-25 turns (1.9e-7 rad) + 2^-24 * pi (1.9e-7 rad, product and fl(2pi))
//                         + p * 2^-53 * f_i turns (the double f_i), whatever p is: the angle never grows.
// The mirror evaluates sin/cos of the float32 angle with the C library (float overloads). A GPU's
// sin/cos may be less accurate than that: the mirror is the shader's arithmetic, not its hardware.
#pragma once
#include <cstdint>
#include <vector>

namespace pe {

// f_i = w_i / 2pi in units of 2^-64 turns, split into two uint32 (what the shader's texture holds).
struct PhaseConstant {
  std::uint32_t hi = 0;  // turns * 2^32, integer part
  std::uint32_t lo = 0;  // the next 32 bits
};

PhaseConstant phase_constant(int pair, int d, double base);
// High 32 bits of the 64-bit product a * b, from 16-bit halves exactly as the shader does it
// (GLSL ES 3.00 has no umulExtended).
std::uint32_t mul_hi_u32(std::uint32_t a, std::uint32_t b);
// frac(f_i * pos) in units of 2^-32 turns, for an integer pos in [0, 2^32).
std::uint32_t phase_turns_u32(PhaseConstant c, std::uint32_t pos);

// The float32 angle w_i * pos, naive: fl(fl(pos) * fl(w_i)).
float float32_angle_naive(double pos, int pair, int d, double base);
// The shader's float32 angle for integer pos: the reduced angle in [-pi, pi].
float float32_angle_phase(std::uint32_t pos, PhaseConstant c);

// PE(pos, dim) computed by the naive float32 formula (pos may be any real, rounded to float32 first).
float float32_value_naive(double pos, int dim, int d, double base);
// PE(pos, dim) as shaders/heatmap.frag.glsl computes it (pos an integer position in [0, 2^31)).
float float32_value_shader(std::uint32_t pos, int dim, int d, double base);
// The shader's "naive float32" switch computes float32_value_naive(pos, ...) with the same fl(w_i).

// Upper bound on |float32_value_naive - encoding_value| from the estimate above:
//   w_i |pos - fl(pos)| + |w_i pos| * 2^-23 + 2^-23 (sin/cos rounding and the angle's own rounding at small pos).
double float32_naive_error_bound(double pos, int pair, int d, double base);
// Upper bound on |float32_value_shader - encoding_value| (for a correctly rounded sin/cos):
//   2pi * 2^-25 (q) + pi * 2^-24 (fl(2pi)) + 2^-23 (product) + 2pi * 2^-32 (dropped low bits)
//   + |w_i pos| * 2^-50 (f_i and the double truth's own rounding) + 2^-23 (sin/cos rounding).
double float32_shader_error_bound(double pos, int pair, int d, double base);

// Gap between |x| and the next larger float32 (x rounded to float32 first): 2^(e-24) for |x| in
// [2^(e-1), 2^e). Around 1e7 it is 1: float32 angles there are whole radians.
double float32_spacing(double x);
// The position where the naive estimate |w_i pos| 2^-23 reaches `err` (radians): err * 2^23 / w_i.
double float32_naive_reach(int pair, int d, double base, double err);
// For each pair, the larger of its sin and cos naive float32 errors at position pos (d/2 values).
std::vector<double> float32_naive_pair_errors(double pos, int d, double base);
// Same for the shader's integer-phase route (pos a whole position in [0, 2^31)).
std::vector<double> float32_shader_pair_errors(std::uint32_t pos, int d, double base);

}  // namespace pe
