#include "input.hpp"

#include <algorithm>
#include <cmath>

#include "encoding.hpp"
#include "frequency.hpp"

namespace pe {

std::uint64_t SplitMix64::next() {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

double SplitMix64::uniform() {
  // (k + 0.5) / 2^53 for k in [0, 2^53): strictly inside (0, 1).
  return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53;
}

void standard_normals(std::uint64_t seed, std::span<double> out) {
  SplitMix64 g{seed};
  for (size_t j = 0; j < out.size(); j += 2) {
    const double r = std::sqrt(-2.0 * std::log(g.uniform()));
    const double t = kTwoPi * g.uniform();
    out[j] = r * std::cos(t);
    if (j + 1 < out.size()) out[j + 1] = r * std::sin(t);
  }
}

void embedding_row(int token, int d, std::span<double> out, std::uint64_t seed) {
  // Each row gets its own stream: the seed mixed with the token id through one SplitMix64 step.
  SplitMix64 mix{seed ^ (static_cast<std::uint64_t>(token) * 0xD1B54A32D192ED03ULL)};
  standard_normals(mix.next(), out.first(static_cast<size_t>(d)));
  const double sd = 1.0 / std::sqrt(static_cast<double>(d));
  for (size_t j = 0; j < static_cast<size_t>(d); ++j) out[j] *= sd;
}

InputTerms input_terms(int token, double pos, int d, double base, std::uint64_t seed) {
  const size_t n = static_cast<size_t>(d);
  InputTerms t{std::vector<double>(n), std::vector<double>(n), std::vector<double>(n), std::vector<double>(n)};
  embedding_row(token, d, t.embed, seed);
  encoding_vector(pos, d, base, t.pos);
  const double scale = std::sqrt(static_cast<double>(d));
  for (size_t j = 0; j < n; ++j) {
    t.scaled[j] = t.embed[j] * scale;
    t.sum[j] = t.scaled[j] + t.pos[j];
  }
  return t;
}

double rms(std::span<const double> v) {
  if (v.empty()) return 0;
  double s = 0;
  for (double x : v) s += x * x;
  return std::sqrt(s / static_cast<double>(v.size()));
}

double max_abs(std::span<const double> v) {
  double m = 0;
  for (double x : v) m = std::max(m, std::fabs(x));
  return m;
}

}  // namespace pe
