#include "detmath.hpp"

#include <cmath>

namespace train {

double det_log(double x) {
  int e = 0;
  double m = std::frexp(x, &e);  // x = m 2^e, m in [0.5, 1)
  if (m < 0.70710678118654752) {
    m *= 2.0;
    e -= 1;
  }
  const double s = (m - 1.0) / (m + 1.0);
  const double s2 = s * s;
  double sum = 0.0;
  for (int k = 21; k >= 3; k -= 2) sum = (sum + 1.0 / k) * s2;
  const double atanh = s * (1.0 + sum);
  return e * 0.69314718055994530942 + 2.0 * atanh;
}

}  // namespace train
