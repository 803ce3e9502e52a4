#include "rope_turns.hpp"

#include <algorithm>
#include <cmath>

#include "frequency.hpp"

namespace pe {

double turns_to_last(double w, double n) { return n <= 1 ? 0.0 : w * (n - 1) / kTwoPi; }

int pairs_with_full_turn(double n, int d, double base) {
  int m = 0;
  // w_i falls with i, so the pairs that complete a turn are a prefix.
  while (m < d / 2 && omega(m, d, base) * (n - 1) >= kTwoPi) ++m;
  return m;
}

double base_slowdown(int pair, int d, double from, double to) { return std::pow(to / from, 2.0 * pair / d); }

Sweep compare_sweep(double w_trained, double w_scaled, double length, double factor) {
  Sweep s;
  s.trained = w_trained * length;
  s.extended = w_scaled * (factor * length);
  if (s.trained < kTwoPi && s.extended > s.trained * (1 + 1e-9)) {
    s.leaves = true;
    s.unseen = std::min(s.extended, kTwoPi) - s.trained;
  }
  return s;
}

RopeScaling context_scaling(RopeScalingType type, double length, double factor) {
  RopeScaling sc;
  sc.type = type;
  sc.factor = factor;
  sc.original_length = length;
  return sc;
}

std::vector<Sweep> context_sweeps(RopeScalingType type, int d, double base, double length, double factor) {
  const std::vector<double> w = omegas(d, base);
  const std::vector<double> ws = scaled_frequencies(d, base, context_scaling(type, length, factor));
  std::vector<Sweep> out(w.size());
  for (size_t i = 0; i < w.size(); ++i) out[i] = compare_sweep(w[i], ws[i], length, factor);
  return out;
}

}  // namespace pe
