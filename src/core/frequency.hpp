// Frequencies and periods of the sin/cos pairs.
//
//   w_i = 1 / base^(2i/d)          (angular frequency of pair i, radians per position)
//   period_i = 2*pi / w_i = 2*pi * base^(2i/d)   (positions per full turn)
//
// Pair 0 is the fastest (w = 1, period 2*pi); pair d/2-1 the slowest. Neighbouring periods differ
// by the constant factor base^(2/d), so periods grow geometrically.
// Arguments are assumed valid (see params.hpp).
#pragma once
#include <vector>

namespace pe {

constexpr double kPi = 3.14159265358979323846;
constexpr double kTwoPi = 2.0 * kPi;

double omega(int pair, int d, double base);
double period(int pair, int d, double base);
// Ratio period_{i+1} / period_i = base^(2/d).
double period_ratio(int d, double base);
// All d/2 frequencies, pair 0 first.
std::vector<double> omegas(int d, double base);
// The first pair whose period exceeds n positions, or d/2 if none does.
int first_pair_with_period_above(double n, int d, double base);

}  // namespace pe
