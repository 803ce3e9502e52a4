// The Transformer's input vector: word embedding, scaled, plus the position vector.
//
//   x_i = E[t_i] * sqrt(d) + PE(i)
//
// E is a learned table; here it holds its *initial* values, the way tensor2tensor draws them:
// every entry normal with mean 0 and standard deviation d^(-1/2). Scaled by sqrt(d), the entries
// have standard deviation 1, the same order as the PE entries, which lie in [-1, 1]
// (and whose root mean square is exactly sqrt(1/2): each sin/cos pair has sin^2 + cos^2 = 1).
//
// The generator is written out here (SplitMix64 + Box-Muller) so every platform draws the same table.
// Row t is drawn from its own stream, so a row does not depend on how many other rows exist, and
// E[t][j] * sqrt(d) is the same standard normal number for every d > j.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace pe {

constexpr std::uint64_t kEmbeddingSeed = 20170612;  // any fixed number; the paper's arXiv date

// SplitMix64 (Steele, Lea, Flood 2014): a 64-bit state advanced by a constant and mixed.
struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next();
  // Uniform in (0, 1): 53 random bits, never exactly 0 (so log() below is finite).
  double uniform();
};

// n standard normal draws (Box-Muller, both outputs used) from a generator seeded with `seed`.
void standard_normals(std::uint64_t seed, std::span<double> out);

// Row `token` of the initial embedding table for width d: entries N(0, 1/d).
void embedding_row(int token, int d, std::span<double> out, std::uint64_t seed = kEmbeddingSeed);

// The three terms of x for one token at one position (each d values) and their sum.
struct InputTerms {
  std::vector<double> embed;   // E[t]
  std::vector<double> scaled;  // E[t] * sqrt(d)
  std::vector<double> pos;     // PE(pos)
  std::vector<double> sum;     // scaled + pos
};
InputTerms input_terms(int token, double pos, int d, double base, std::uint64_t seed = kEmbeddingSeed);

// Root mean square sqrt(sum v^2 / n) and the largest |v| (both 0 for empty input).
double rms(std::span<const double> v);
double max_abs(std::span<const double> v);

}  // namespace pe
