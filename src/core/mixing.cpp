#include "mixing.hpp"

#include <cmath>

#include "frequency.hpp"

namespace pe {

double dot(std::span<const double> a, std::span<const double> b) {
  double sum = 0.0;
  for (size_t j = 0; j < a.size(); ++j) sum += a[j] * b[j];
  return sum;
}

MixParts mix_added(std::span<const double> w1, std::span<const double> p1, std::span<const double> w2,
                   std::span<const double> p2) {
  MixParts m{dot(w1, w2), dot(p1, p2), dot(w1, p2) + dot(p1, w2), 0.0};
  for (size_t j = 0; j < w1.size(); ++j) m.total += (w1[j] + p1[j]) * (w2[j] + p2[j]);
  return m;
}

void mix_added_along(std::span<const double> w1, std::span<const double> w2, std::span<const double> positions, double k,
                     double base, std::span<MixParts> out) {
  const int d = static_cast<int>(w1.size());
  const std::vector<double> w = omegas(d, base);
  std::vector<double> p1(w1.size()), p2(w1.size());
  for (size_t j = 0; j < positions.size(); ++j) {
    for (size_t i = 0; i < w.size(); ++i) {
      p1[2 * i] = std::sin(w[i] * positions[j]);
      p1[2 * i + 1] = std::cos(w[i] * positions[j]);
      p2[2 * i] = std::sin(w[i] * (positions[j] + k));
      p2[2 * i + 1] = std::cos(w[i] * (positions[j] + k));
    }
    out[j] = mix_added(w1, p1, w2, p2);
  }
}

double dot_concatenated(std::span<const double> w1, std::span<const double> p1, std::span<const double> w2,
                        std::span<const double> p2) {
  std::vector<double> a(w1.begin(), w1.end()), b(w2.begin(), w2.end());
  a.insert(a.end(), p1.begin(), p1.end());
  b.insert(b.end(), p2.begin(), p2.end());
  return dot(a, b);
}

namespace {

// splitmix64: a tiny, well-mixed generator whose output is fixed by the seed alone.
std::uint64_t next(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Uniform in (0, 1): 53 random bits, never exactly 0 (log below).
double uniform(std::uint64_t& state) { return (static_cast<double>(next(state) >> 11) + 0.5) * 0x1.0p-53; }

}  // namespace

std::vector<double> word_vector(std::uint64_t seed, int d) {
  std::vector<double> v(static_cast<size_t>(d));
  std::uint64_t state = seed;
  // Box-Muller: two uniforms give two independent standard normals.
  for (size_t j = 0; j < v.size(); j += 2) {
    const double r = std::sqrt(-2.0 * std::log(uniform(state)));
    const double t = kTwoPi * uniform(state);
    v[j] = r * std::cos(t);
    if (j + 1 < v.size()) v[j + 1] = r * std::sin(t);
  }
  return v;
}

}  // namespace pe
