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
#pragma once

namespace pe {

struct FormulaSteps {
  int pair;         // i
  double exponent;  // 2i/d
  double base_pow;  // base^(2i/d)
  double omega;     // w_i
  double angle;     // w_i * pos (radians)
  bool is_sin;      // j even
  double value;     // PE(pos, j)
};

// Arguments are assumed valid (see params.hpp): 0 <= dim < d.
FormulaSteps formula_steps(double pos, int dim, int d, double base);

}  // namespace pe
