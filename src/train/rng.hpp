// The engine's own random numbers, identical on every platform (std:: distributions differ between
// libstdc++ and libc++, so none are used):
//
//   splitmix64 (Steele, Lea, Flood 2014) turns a seed and a stream id into the 256-bit state of
//   xoshiro256** (Blackman and Vigna 2018), which produces the numbers.
//
// below(n) is Lemire's multiply-shift with rejection (exactly uniform); uniform() is the top 53 bits / 2^53.
// Streams: the seed plus a stream id (weights, training batches, evaluation sets) give independent
// generators, so evaluation data never overlaps the training stream's sequence of draws.
#pragma once
#include <cstdint>

namespace train {

// train_windows: where each training window starts (startOffset); its own stream, so that the tokens of
// every batch stay those of startOffset 0. pe_shuffle: the fixed permutation of positions of the shuffle
// ablation (evaluate.hpp), drawn at evaluation only, so no training draw moves.
enum class Stream : std::uint64_t { weights = 1, train_batches = 2, eval_sets = 3, train_windows = 4, pe_shuffle = 5 };

std::uint64_t splitmix64(std::uint64_t& state);

class Rng {
 public:
  Rng(std::uint64_t seed, std::uint64_t stream);
  std::uint64_t next();
  // Uniform integer in [0, n), n >= 1.
  std::uint32_t below(std::uint32_t n);
  // Uniform double in [0, 1).
  double uniform();
  // Uniform in [-a, a).
  double symmetric(double a) { return (2.0 * uniform() - 1.0) * a; }

 private:
  std::uint64_t s_[4];
};

}  // namespace train
