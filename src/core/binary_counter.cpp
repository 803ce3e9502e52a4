#include "binary_counter.hpp"

#include <algorithm>
#include <cmath>

#include "frequency.hpp"

namespace pe {

std::int64_t counter_value(double pos) { return static_cast<std::int64_t>(std::floor(pos)); }

// C++20 defines >> on a negative value as the arithmetic shift, which is floor(n / 2^b).
int counter_bit(double pos, int b) { return static_cast<int>((counter_value(pos) >> b) & 1); }

double bit_period(int b) { return std::ldexp(1.0, b + 1); }

int counter_width(double pos) {
  const std::int64_t n = counter_value(pos);
  std::uint64_t m = static_cast<std::uint64_t>(n >= 0 ? n : -(n + 1));
  int width = 0;
  while (m) {
    ++width;
    m >>= 1;
  }
  return n >= 0 ? std::max(width, 1) : width + 1;
}

int nearest_pair(double period, int d, double base) {
  const int pairs = d / 2;
  // period_i = 2 pi ratio^i, so i = log(period / 2 pi) / log(ratio), rounded on the log scale. Clamped
  // as a double first: for a base near 1 the quotient can exceed any int.
  const double step = 2.0 * std::log(base) / d;
  const double at = std::log(period / kTwoPi) / step;
  const double clamped = std::clamp(std::round(at), 0.0, static_cast<double>(pairs - 1));
  int i = static_cast<int>(clamped);
  // Rounding the quotient is rounding on the log scale; the neighbours settle a tie broken by rounding error.
  const auto miss = [&](int j) { return std::fabs(std::log(period / pe::period(j, d, base))); };
  if (i > 0 && miss(i - 1) < miss(i)) --i;
  if (i + 1 < pairs && miss(i + 1) < miss(i)) ++i;
  return i;
}

int nearest_bit(double period) { return static_cast<int>(std::clamp(std::round(std::log2(period)) - 1.0, 0.0, 62.0)); }

double pairs_per_doubling(int d, double base) { return d * std::log(2.0) / (2.0 * std::log(base)); }

Return closest_return(double w, long max_steps) {
  Return best{1, kPi + 1};
  for (long m = 1; m <= max_steps; ++m) {
    // Distance of w*m to the nearest whole number of turns.
    const double miss = std::fabs(std::remainder(w * static_cast<double>(m), kTwoPi));
    if (miss < best.miss) best = {m, miss};
  }
  return best;
}

}  // namespace pe
