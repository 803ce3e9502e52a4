#include "order_blind.hpp"

#include <algorithm>

namespace train {

std::vector<double> expected_max_counts(int nmax, int V) {
  const size_t N = static_cast<size_t>(std::max(nmax, 0));
  std::vector<double> m(N + 1, 0.0), g(N + 1), h(N + 1);
  if (V < 1) return m;
  for (size_t b = 0; b < N; ++b) {
    for (size_t n = 0; n <= N; ++n) g[n] = n <= b ? 1.0 : 0.0;  // G_1
    for (int v = 2; v <= V; ++v) {
      const double keep = static_cast<double>(v - 1) / v, odds = 1.0 / static_cast<double>(v - 1);
      double none = 1.0;  // Bin(0; n, 1/v) = ((v-1)/v)^n
      for (size_t n = 0; n <= N; ++n) {
        if (n <= b) {  // n tokens cannot put more than b on any symbol
          h[n] = 1.0;
          none *= keep;
          continue;
        }
        double pmf = none, sum = 0.0;
        const size_t top = std::min(b, n);
        for (size_t c = 0;; ++c) {
          sum += pmf * g[n - c];
          if (c == top) break;
          pmf = pmf * static_cast<double>(n - c) / static_cast<double>(c + 1) * odds;
          if (pmf < 1e-250) pmf = 0.0;
        }
        // Below 1e-250 a probability adds nothing to m (which is >= 1) but would sink into subnormal
        // numbers, which are a hundred times slower: flushed to 0 (the same on every platform).
        h[n] = sum < 1e-250 ? 0.0 : sum;
        none *= keep;
      }
      std::swap(g, h);
    }
    // g = Q_b. Counts above b add 1 - Q_b(n) to m(n) for every n > b.
    double largest = 0.0;
    for (size_t n = b + 1; n <= N; ++n) {
      const double above = std::max(0.0, 1.0 - g[n]);
      m[n] += above;
      largest = std::max(largest, above);
    }
    if (largest < 1e-12) {
      // P(max > b) is below 1e-12 for every n <= nmax and falls faster than geometrically as b grows:
      // the rest adds less than about 1e-12 to any m(n). (1 - Q_b is a difference, so it never gets far
      // below the rounding of Q_b, ~1e-16 times the terms summed: waiting for 1e-18 would run b to nmax.)
      break;
    }
  }
  return m;
}

double order_blind_at(const Config& c, int t, int T, const std::vector<double>& m) {
  auto ratio = [&](int n) { return n >= 1 ? m[static_cast<size_t>(n)] / n : -1.0; };
  switch (c.task) {
    case Task::lookback: return t >= c.k && t < T ? ratio(t) : -1.0;
    case Task::first: return t >= 1 && t < T ? ratio(t) : -1.0;
    case Task::copy: {
      const int P = T / 2;
      if (t < P - 1 || t > T - 2) return -1.0;
      return t == P - 1 ? ratio(P - 1) : ratio(T - 1 - t);
    }
  }
  return -1.0;
}

double order_blind(const Config& c, int T, int from) { return order_blind(c, T, from, expected_max_counts(T, c.vocab)); }

double order_blind(const Config& c, int T, int from, const std::vector<double>& m) {
  double sum = 0.0;
  int n = 0;
  for (int t = std::max(from, 0); t < T; ++t) {
    const double v = order_blind_at(c, t, T, m);
    if (v < 0) continue;
    sum += v;
    ++n;
  }
  return n > 0 ? sum / n : -1.0;
}

bool order_blind_exact(const Config& c) { return c.task != Task::copy; }

}  // namespace train
