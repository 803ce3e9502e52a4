// One encoding value, worked step by step the way a student would compute it by hand.
//
//   i        = floor(j / 2)               (dimensions 2i and 2i+1 form pair i)
//   e        = 2i / d                     (the exponent)
//   b^e      = base^(2i/d)                (the divisor of the position)
//   w_i      = 1 / base^(2i/d)            (radians per position)
//   angle    = w_i * pos
//   PE(pos, j) = sin(angle) for even j, cos(angle) for odd j
//
// `omega` and `value` come from frequency.hpp / encoding.hpp, so the worked value is the value every
// other lesson shows. `base_pow` is computed separately; omega * base_pow = 1 up to rounding.
//
// `value` rounds w_i to 53 bits and then rounds the product w_i * pos: at pos = 10^6 the angle is off
// by up to about 1e-10 rad, which shows from the 11th decimal on. `precise` carries w_i and the angle
// in double-double arithmetic (two doubles, about 32 significant digits):
//   ln(base)   a double's log refined by one Newton step, t = ln(base) * 2i / d,
//   w_i        = exp(-t): t - k ln 2 scaled by 2^-6, a Taylor series, squared back six times, times 2^-k,
//   angle      = w_i * pos (exact product of the two parts), minus n * 2pi (2pi to 107 bits),
//   value      = sin(r) for the reduced r = r_hi + r_lo in [-pi, pi]: sin(r_hi) + cos(r_hi) r_lo
//                (cos(r_hi) - sin(r_hi) r_lo for odd j).
// The reduced angle is right to far better than 1e-18 rad at any |pos| <= 1e9, so what is left is the
// C library's sin/cos of r_hi (under 1 ulp) and the last additions: `precise_error` bounds the total.
#pragma once

namespace pe {

struct FormulaSteps {
  int pair;              // i
  double exponent;       // 2i/d
  double base_pow;       // base^(2i/d)
  double omega;          // w_i
  double angle;          // w_i * pos (radians)
  bool is_sin;           // j even
  double value;          // PE(pos, j), in double as every lesson computes it
  double precise;        // PE(pos, j) from the double-double angle reduced modulo 2pi
  double precise_error;  // bound on |precise - PE(pos, j)| for the exact real formula
};

// Arguments are assumed valid (see params.hpp): 0 <= dim < d, |pos| <= 1e9.
FormulaSteps formula_steps(double pos, int dim, int d, double base);

// The angle w_i * pos reduced to [-pi, pi], as a double-double hi + lo (see above).
struct ReducedAngle {
  double hi;
  double lo;
  double turns;  // n: the whole turns taken off (angle = n * 2pi + hi + lo)
};
ReducedAngle reduced_angle(double pos, int pair, int d, double base);

// The number of decimals, at most max_decimals, to which every number within `error` of `value`
// rounds alike: printed with that many decimals, `value` shows only digits that are certainly right.
int certain_decimals(double value, double error, int max_decimals);

}  // namespace pe
