#include "table_recurrence.hpp"

#include <cmath>
#include <vector>

#include "frequency.hpp"

namespace pe {

void encoding_table_recurrence(int n, int d, double base, std::span<double> out, int reanchor) {
  const size_t pairs = static_cast<size_t>(d / 2);
  const std::vector<double> w = omegas(d, base);
  std::vector<double> cw(pairs), sw(pairs), s(pairs), c(pairs);
  for (size_t i = 0; i < pairs; ++i) {
    cw[i] = std::cos(w[i]);
    sw[i] = std::sin(w[i]);
  }
  for (int r = 0; r < n; ++r) {
    double* row = out.data() + static_cast<size_t>(r) * static_cast<size_t>(d);
    if (r % reanchor == 0) {
      for (size_t i = 0; i < pairs; ++i) {
        const double angle = w[i] * r;
        s[i] = std::sin(angle);
        c[i] = std::cos(angle);
      }
    }
    for (size_t i = 0; i < pairs; ++i) {
      row[2 * i] = s[i];
      row[2 * i + 1] = c[i];
      const double s_next = s[i] * cw[i] + c[i] * sw[i];
      c[i] = c[i] * cw[i] - s[i] * sw[i];
      s[i] = s_next;
    }
  }
}

}  // namespace pe
