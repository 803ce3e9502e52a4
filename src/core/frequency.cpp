#include "frequency.hpp"

#include <cmath>

namespace pe {

// base^(-2i/d) via pow: exact for i = 0 and monotone in i.
double omega(int pair, int d, double base) { return std::pow(base, -2.0 * pair / d); }

double period(int pair, int d, double base) { return kTwoPi * std::pow(base, 2.0 * pair / d); }

double period_ratio(int d, double base) { return std::pow(base, 2.0 / d); }

std::vector<double> omegas(int d, double base) {
  std::vector<double> w(static_cast<size_t>(d / 2));
  for (int i = 0; i < d / 2; ++i) w[static_cast<size_t>(i)] = omega(i, d, base);
  return w;
}

int first_pair_with_period_above(double n, int d, double base) {
  for (int i = 0; i < d / 2; ++i)
    if (period(i, d, base) > n) return i;
  return d / 2;
}

}  // namespace pe
