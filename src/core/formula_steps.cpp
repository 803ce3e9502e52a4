#include "formula_steps.hpp"

#include <cmath>

#include "encoding.hpp"
#include "frequency.hpp"

namespace pe {

FormulaSteps formula_steps(double pos, int dim, int d, double base) {
  FormulaSteps s{};
  s.pair = dim / 2;
  s.exponent = 2.0 * s.pair / d;
  s.base_pow = std::pow(base, s.exponent);
  s.omega = omega(s.pair, d, base);
  s.angle = s.omega * pos;
  s.is_sin = dim % 2 == 0;
  s.value = encoding_value(pos, dim, d, base);
  return s;
}

}  // namespace pe
