#include "encoding.hpp"

#include <cmath>

#include "frequency.hpp"

namespace pe {

double encoding_value(double pos, int dim, int d, double base) {
  const double angle = omega(dim / 2, d, base) * pos;
  return (dim % 2 == 0) ? std::sin(angle) : std::cos(angle);
}

void encoding_vector(double pos, int d, double base, std::span<double> out) {
  for (int i = 0; i < d / 2; ++i) {
    const double angle = omega(i, d, base) * pos;
    out[static_cast<size_t>(2 * i)] = std::sin(angle);
    out[static_cast<size_t>(2 * i + 1)] = std::cos(angle);
  }
}

std::vector<double> encoding_vector(double pos, int d, double base) {
  std::vector<double> v(static_cast<size_t>(d));
  encoding_vector(pos, d, base, v);
  return v;
}

void encoding_table(double pos0, int n, int d, double base, std::span<double> out) {
  const std::vector<double> w = omegas(d, base);
  for (int r = 0; r < n; ++r) {
    const double pos = pos0 + r;
    double* row = out.data() + static_cast<size_t>(r) * static_cast<size_t>(d);
    for (int i = 0; i < d / 2; ++i) {
      const double angle = w[static_cast<size_t>(i)] * pos;
      row[2 * i] = std::sin(angle);
      row[2 * i + 1] = std::cos(angle);
    }
  }
}

}  // namespace pe
