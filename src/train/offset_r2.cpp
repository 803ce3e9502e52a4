#include "offset_r2.hpp"

#include <algorithm>
#include <cmath>

namespace train {

OffsetR2 offset_r2(const std::vector<double>& A, int T) {
  OffsetR2 r;
  if (T < 1) return r;
  const size_t n = static_cast<size_t>(T);
  auto a = [&](size_t t, size_t s) { return A[t * n + s]; };
  // Plain: offset means.
  std::vector<double> f(n, 0.0), cnt(n, 0.0);
  double mean = 0, total = 0;
  for (size_t t = 0; t < n; ++t)
    for (size_t s = 0; s <= t; ++s) {
      f[t - s] += a(t, s);
      cnt[t - s] += 1;
      mean += a(t, s);
      total += 1;
    }
  mean /= total;
  for (size_t o = 0; o < n; ++o) f[o] /= cnt[o];
  double ss_tot = 0, ss_off = 0;
  for (size_t t = 0; t < n; ++t)
    for (size_t s = 0; s <= t; ++s) {
      ss_tot += (a(t, s) - mean) * (a(t, s) - mean);
      ss_off += (a(t, s) - f[t - s]) * (a(t, s) - f[t - s]);
    }
  // Both fits nest the one they are compared with, so R^2 lies in [0, 1]; clamped against rounding.
  r.spread = std::sqrt(ss_tot / total);
  if (ss_tot > 0) r.plain = std::clamp(1.0 - ss_off / ss_tot, 0.0, 1.0);

  // Within query: SS of the rows about their means, then backfitting c_t + f_o.
  std::vector<double> c(n, 0.0);
  double ss_rows = 0;
  for (size_t t = 0; t < n; ++t) {
    double m = 0;
    for (size_t s = 0; s <= t; ++s) m += a(t, s);
    m /= static_cast<double>(t + 1);
    c[t] = m;
    for (size_t s = 0; s <= t; ++s) ss_rows += (a(t, s) - m) * (a(t, s) - m);
  }
  if (!(ss_rows > 0)) return r;
  // f_1..f_{T-1} from the normal equations (f_0 = 0), then c_t = rowmean(A - f).
  std::fill(f.begin(), f.end(), 0.0);
  const size_t m = n - 1;
  if (m > 0) {
    std::vector<double> tail(n + 1, 0.0);  // tail[o] = sum_{t >= o} 1 / (t + 1)
    for (size_t t = n; t-- > 0;) tail[t] = tail[t + 1] + 1.0 / static_cast<double>(t + 1);
    std::vector<double> K(m * m), rhs(m, 0.0);
    for (size_t i = 0; i < m; ++i) {
      const size_t o = i + 1;
      for (size_t j = 0; j < m; ++j) {
        const size_t o2 = j + 1;
        K[i * m + j] = (o == o2 ? static_cast<double>(n - o) : 0.0) - tail[std::max(o, o2)];
      }
      for (size_t t = o; t < n; ++t) rhs[i] += a(t, t - o) - c[t];  // c holds the row means of A here
    }
    for (size_t col = 0; col < m; ++col) {
      size_t piv = col;
      for (size_t i = col + 1; i < m; ++i)
        if (std::fabs(K[i * m + col]) > std::fabs(K[piv * m + col])) piv = i;
      if (piv != col) {
        for (size_t j = 0; j < m; ++j) std::swap(K[col * m + j], K[piv * m + j]);
        std::swap(rhs[col], rhs[piv]);
      }
      for (size_t i = col + 1; i < m; ++i) {
        const double q = K[i * m + col] / K[col * m + col];
        if (q == 0) continue;
        for (size_t j = col; j < m; ++j) K[i * m + j] -= q * K[col * m + j];
        rhs[i] -= q * rhs[col];
      }
    }
    for (size_t i = m; i-- > 0;) {
      double s = rhs[i];
      for (size_t j = i + 1; j < m; ++j) s -= K[i * m + j] * f[j + 1];
      f[i + 1] = s / K[i * m + i];
    }
  }
  for (size_t t = 0; t < n; ++t) {
    double s = 0;
    for (size_t u = 0; u <= t; ++u) s += a(t, u) - f[t - u];
    c[t] = s / static_cast<double>(t + 1);
  }
  double ss_both = 0;
  for (size_t t = 0; t < n; ++t)
    for (size_t s = 0; s <= t; ++s) {
      const double e = a(t, s) - c[t] - f[t - s];
      ss_both += e * e;
    }
  r.withinQuery = std::clamp(1.0 - ss_both / ss_rows, 0.0, 1.0);
  return r;
}

}  // namespace train
