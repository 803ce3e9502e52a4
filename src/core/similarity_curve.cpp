#include "similarity_curve.hpp"

#include <cmath>

#include "encoding.hpp"
#include "frequency.hpp"

namespace pe {

void dot_curve_direct(double pos, std::span<const double> ks, int d, double base, std::span<double> out) {
  const std::vector<double> w = omegas(d, base);
  const std::vector<double> a = encoding_vector(pos, d, base);
  for (size_t s = 0; s < ks.size(); ++s) {
    const double q = pos + ks[s];
    double sum = 0.0;
    // Same order of terms as dot_direct: dimension 0, 1, 2, ...
    for (size_t i = 0; i < w.size(); ++i) {
      const double angle = w[i] * q;
      sum += a[2 * i] * std::sin(angle);
      sum += a[2 * i + 1] * std::cos(angle);
    }
    out[s] = sum;
  }
}

void dot_curve_closed_form(std::span<const double> ks, int d, double base, std::span<double> out) {
  const std::vector<double> w = omegas(d, base);
  for (size_t s = 0; s < ks.size(); ++s) {
    double sum = 0.0;
    for (double wi : w) sum += std::cos(wi * ks[s]);
    out[s] = sum;
  }
}

std::vector<double> integer_offsets(int kmax, int max_samples) {
  std::vector<double> ks;
  if (kmax + 1 <= max_samples) {
    ks.resize(static_cast<size_t>(kmax) + 1);
    for (int k = 0; k <= kmax; ++k) ks[static_cast<size_t>(k)] = k;
    return ks;
  }
  ks.resize(static_cast<size_t>(max_samples));
  for (int j = 0; j < max_samples; ++j)
    ks[static_cast<size_t>(j)] = std::round(static_cast<double>(j) * kmax / (max_samples - 1));
  return ks;
}

}  // namespace pe
