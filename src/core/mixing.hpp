// Adding a position vector to a word vector mixes the two inside every dot product.
//
//   (w1 + p1) . (w2 + p2) = w1.w2  +  p1.p2  +  (w1.p2 + p1.w2)
//                           word     position   cross terms
//
// Concatenating instead, [w; p], keeps them apart: [w1; p1] . [w2; p2] = w1.w2 + p1.p2, with no
// cross terms. With p1 = PE(pos) and p2 = PE(pos + k), the position part is sum_i cos(w_i k)
// (similarity.hpp), but the cross terms depend on pos itself.
//
// Word vectors here are stand-ins for scaled embeddings: deterministic pseudo-random entries with
// mean 0 and standard deviation 1 (an embedding initialised with std d^-1/2, times sqrt(d)).
// All spans passed together have the same length.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace pe {

struct MixParts {
  double word;      // w1 . w2
  double position;  // p1 . p2
  double cross;     // w1 . p2 + p1 . w2
  double total;     // (w1 + p1) . (w2 + p2), summed directly from the added vectors
};

double dot(std::span<const double> a, std::span<const double> b);
// The four numbers above for added vectors.
MixParts mix_added(std::span<const double> w1, std::span<const double> p1, std::span<const double> w2,
                   std::span<const double> p2);
// out[j] = mix_added(w1, PE(positions[j]), w2, PE(positions[j] + k)), with the frequencies computed once (for plots).
void mix_added_along(std::span<const double> w1, std::span<const double> w2, std::span<const double> positions, double k,
                     double base, std::span<MixParts> out);
// [w1; p1] . [w2; p2], summed directly over the 2d entries of the concatenated vectors.
double dot_concatenated(std::span<const double> w1, std::span<const double> p1, std::span<const double> w2,
                        std::span<const double> p2);
// d standard-normal entries, the same for the same (seed, d) on every platform.
std::vector<double> word_vector(std::uint64_t seed, int d);

}  // namespace pe
