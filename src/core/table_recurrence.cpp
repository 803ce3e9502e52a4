#include "table_recurrence.hpp"

#include <cmath>
#include <vector>

#include "frequency.hpp"

namespace pe {

void encoding_table_recurrence(int n, int d, double base, std::span<double> out, int reanchor) {
  encoding_table_recurrence(0L, n, d, base, out, reanchor);
}

void encoding_table_recurrence(long first, int n, int d, double base, std::span<double> out, int reanchor) {
  const size_t pairs = static_cast<size_t>(d / 2);
  const std::vector<double> w = omegas(d, base);
  std::vector<double> cw(pairs), sw(pairs), s(pairs), c(pairs);
  for (size_t i = 0; i < pairs; ++i) {
    cw[i] = std::cos(w[i]);
    sw[i] = std::sin(w[i]);
  }
  const auto anchor = [&](long p) {
    for (size_t i = 0; i < pairs; ++i) {
      const double angle = w[i] * static_cast<double>(p);
      s[i] = std::sin(angle);
      c[i] = std::cos(angle);
    }
  };
  const auto step = [&] {
    for (size_t i = 0; i < pairs; ++i) {
      const double s_next = s[i] * cw[i] + c[i] * sw[i];
      c[i] = c[i] * cw[i] - s[i] * sw[i];
      s[i] = s_next;
    }
  };
  // A slice that starts between anchors walks from the anchor before it, so every row has the value
  // it has in the whole table.
  if (n > 0) {
    const long a = first - first % reanchor;
    anchor(a);
    for (long p = a; p < first; ++p) step();
  }
  for (int r = 0; r < n; ++r) {
    const long p = first + r;
    if (r > 0 && p % reanchor == 0) anchor(p);
    double* row = out.data() + static_cast<size_t>(r) * static_cast<size_t>(d);
    for (size_t i = 0; i < pairs; ++i) {
      row[2 * i] = s[i];
      row[2 * i + 1] = c[i];
    }
    step();
  }
}

}  // namespace pe
