// The embedding scale: x = E[t]·√d + PE(pos), and how the first term's size depends on how E starts.
//
// The paper multiplies the embedding by √d_model (Vaswani et al. 2017, Section 3.4) and gives no reason.
// The scale only makes sense together with the table's initial spread σ: the entries of E[t]·√d then
// have standard deviation σ√d. Three starting points, all N or U with mean 0:
//
//   scaled_normal    N(0, 1/d)          tensor2tensor's initialiser (hidden_dim^-0.5)   E·√d: sd 1
//   standard_normal  N(0, 1)            PyTorch's nn.Embedding default                  E·√d: sd √d (22.63 at d = 512)
//   keras_uniform    U(-0.05, 0.05)     Keras's Embedding default ('uniform')            E·√d: sd 0.05·√(d/3)
//
// The position vector's entries lie in [-1, 1] and its RMS is exactly √(1/2) at every position: each
// sin/cos pair has sin² + cos² = 1, so ||PE||² = d/2. Over draws of E (w = E[t]·√d, p = PE(pos)):
//
//   E ||w||² = σ²d·d,    E (w·p) = 0,    so    E ||x||² = σ²d·d + d/2
//   position's share   ||p||² / (||w||² + ||p||²)  ≈  (1/2) / (σ²d + 1/2)         (1/3 for scaled_normal)
//   cos(x, p) = (w·p + ||p||²) / (||x|| ||p||)     ≈  √share                         (for large d)
//
// "≈": ratios of sums whose parts concentrate around their means as d grows (the expected values are
// exact for the sums themselves, not for the ratios).
//
// Draws use core/input.hpp's generator (SplitMix64 + Box-Muller), so they are the same on every platform.
// The two normal initialisations share their standard normal draws: switching between them rescales
// the same row by √d, which is exactly the difference being taught.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace pe {

enum class EmbeddingInit : int { scaled_normal, standard_normal, keras_uniform };
constexpr int kEmbeddingInitCount = 3;
constexpr double kKerasUniformLimit = 0.05;  // U(-0.05, 0.05)

// σ: the standard deviation of one entry of E as initialised, for width d.
double init_sd(EmbeddingInit init, int d);
// σ√d: the expected RMS of the entries of E[t]·√d (the root of their expected mean square).
double expected_word_rms(EmbeddingInit init, int d);
// √(1/2): the RMS of PE(pos), at every position and width.
double pe_rms();
// (1/2) / (σ²d + 1/2): the position's share of ||w||² + ||p||², with both replaced by their means.
double expected_position_share(EmbeddingInit init, int d);
// √(expected_position_share): what cos(x, PE(pos)) comes out near for large d.
double expected_cosine(EmbeddingInit init, int d);

// Row E[t] as initialised, d entries, from the draw numbered by `seed`.
void initial_row(EmbeddingInit init, int d, std::uint64_t seed, std::span<double> out);

// One word at one position, term by term, with the numbers the lesson shows.
struct EmbeddingMix {
  std::vector<double> word;  // w = E[t]·√d
  std::vector<double> pos;   // p = PE(pos)
  std::vector<double> x;     // w + p
  double word_rms = 0, pos_rms = 0, x_rms = 0;
  double word_max = 0;       // max |w_j|
  double position_share = 0; // ||p||² / (||w||² + ||p||²)
  double cosine = 0;         // cos(x, p), 0 when x = 0
};
EmbeddingMix embedding_mix(EmbeddingInit init, int d, double pos, double base, std::uint64_t seed);

}  // namespace pe
