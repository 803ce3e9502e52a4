#include "rope.hpp"

#include <cmath>
#include <vector>

#include "frequency.hpp"

namespace pe {

void rope_rotate(std::span<const double> x, double p, double base, std::span<double> out) {
  const int d = static_cast<int>(x.size());
  for (int i = 0; i < d / 2; ++i) {
    const double t = omega(i, d, base) * p;
    const double c = std::cos(t), s = std::sin(t);
    const auto a = static_cast<size_t>(2 * i), b = a + 1;
    out[a] = x[a] * c - x[b] * s;
    out[b] = x[a] * s + x[b] * c;
  }
}

double rope_score(std::span<const double> q, std::span<const double> k, double m, double n, double base) {
  std::vector<double> qr(q.size()), kr(k.size());
  rope_rotate(q, m, base, qr);
  rope_rotate(k, n, base, kr);
  double sum = 0.0;
  for (size_t j = 0; j < qr.size(); ++j) sum += qr[j] * kr[j];
  return sum;
}

void rope_scores(std::span<const double> q, std::span<const double> k, std::span<const double> ms, double offset,
                 double base, std::span<double> out) {
  const int d = static_cast<int>(q.size());
  const std::vector<double> w = omegas(d, base);
  for (size_t j = 0; j < ms.size(); ++j) {
    const double m = ms[j], n = ms[j] + offset;
    double sum = 0.0;
    for (int i = 0; i < d / 2; ++i) {
      const double tq = w[static_cast<size_t>(i)] * m, tk = w[static_cast<size_t>(i)] * n;
      const double cq = std::cos(tq), sq = std::sin(tq), ck = std::cos(tk), sk = std::sin(tk);
      const auto a = static_cast<size_t>(2 * i), b = a + 1;
      sum += (q[a] * cq - q[b] * sq) * (k[a] * ck - k[b] * sk) + (q[a] * sq + q[b] * cq) * (k[a] * sk + k[b] * ck);
    }
    out[j] = sum;
  }
}

double rope_relative_score(std::span<const double> q, std::span<const double> k, double offset, double base) {
  const int d = static_cast<int>(q.size());
  double sum = 0.0;
  for (int i = 0; i < d / 2; ++i) {
    const double t = omega(i, d, base) * offset;
    const double c = std::cos(t), s = std::sin(t);
    const auto a = static_cast<size_t>(2 * i), b = a + 1;
    // q^T [c -s; s c] k for this pair.
    sum += q[a] * (c * k[a] - s * k[b]) + q[b] * (s * k[a] + c * k[b]);
  }
  return sum;
}

}  // namespace pe
