#include "rope_decay.hpp"

#include <algorithm>
#include <cmath>

#include "frequency.hpp"

namespace pe {

namespace {

size_t at(int i) { return static_cast<size_t>(i); }

// sum_j |S_j(r)| for j = 1 .. d/2, given the frequencies.
double sum_abs_partial(double r, std::span<const double> w) {
  double re = 0, im = 0, total = 0;
  for (double wi : w) {
    re += std::cos(r * wi);
    im -= std::sin(r * wi);
    total += std::hypot(re, im);
  }
  return total;
}

double bound_factor(const std::vector<std::complex<double>>& h) {
  double worst = 0;
  for (size_t i = 0; i < h.size(); ++i) {
    const std::complex<double> next = i + 1 < h.size() ? h[i + 1] : std::complex<double>(0, 0);
    worst = std::max(worst, std::abs(next - h[i]));
  }
  return worst;
}

}  // namespace

std::vector<std::complex<double>> rope_pair_products(std::span<const double> q, std::span<const double> k) {
  const int pairs = static_cast<int>(q.size()) / 2;
  std::vector<std::complex<double>> h(at(pairs));
  for (int i = 0; i < pairs; ++i) {
    const std::complex<double> qi(q[at(2 * i)], q[at(2 * i + 1)]), ki(k[at(2 * i)], k[at(2 * i + 1)]);
    h[at(i)] = qi * std::conj(ki);
  }
  return h;
}

double rope_bound_factor(std::span<const double> q, std::span<const double> k) { return bound_factor(rope_pair_products(q, k)); }

double rope_relative_bound(double r, int d, double base) {
  const std::vector<double> w = omegas(d, base);
  return sum_abs_partial(r, w) / (d / 2);
}

double rope_complex_score(std::span<const double> q, std::span<const double> k, double r, double base) {
  const int d = static_cast<int>(q.size());
  const std::vector<std::complex<double>> h = rope_pair_products(q, k);
  std::complex<double> sum(0, 0);
  for (int i = 0; i < d / 2; ++i) sum += h[at(i)] * std::polar(1.0, -r * omega(i, d, base));
  return sum.real();
}

RopeDecay rope_decay(std::span<const double> q, std::span<const double> k, std::span<const double> offsets, double base) {
  const int d = static_cast<int>(q.size());
  const std::vector<double> w = omegas(d, base);
  const std::vector<std::complex<double>> h = rope_pair_products(q, k);
  RopeDecay out;
  out.factor = bound_factor(h);
  out.score.resize(offsets.size());
  out.relative_bound.resize(offsets.size());
  out.bound.resize(offsets.size());
  for (size_t j = 0; j < offsets.size(); ++j) {
    const double r = offsets[j];
    double score = 0, re = 0, im = 0, total = 0;
    for (int i = 0; i < d / 2; ++i) {
      const double c = std::cos(r * w[at(i)]), s = std::sin(r * w[at(i)]);
      // Re[h e^{-i t}] = Re(h) cos t + Im(h) sin t.
      score += h[at(i)].real() * c + h[at(i)].imag() * s;
      re += c;
      im -= s;
      total += std::hypot(re, im);
    }
    out.score[j] = score;
    out.relative_bound[j] = total / (d / 2);
    out.bound[j] = out.factor * total;
  }
  return out;
}

}  // namespace pe
