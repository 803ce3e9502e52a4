#include "similarity.hpp"

#include <cmath>
#include <vector>

#include "encoding.hpp"
#include "frequency.hpp"

namespace pe {

double dot_direct(double pos, double k, int d, double base) {
  const std::vector<double> a = encoding_vector(pos, d, base);
  const std::vector<double> b = encoding_vector(pos + k, d, base);
  double sum = 0.0;
  for (size_t j = 0; j < a.size(); ++j) sum += a[j] * b[j];
  return sum;
}

double dot_closed_form(double k, int d, double base) {
  double sum = 0.0;
  for (int i = 0; i < d / 2; ++i) sum += std::cos(omega(i, d, base) * k);
  return sum;
}

}  // namespace pe
