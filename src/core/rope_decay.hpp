// RoPE's long-term decay and RoFormer's bound on it (Su et al., "RoFormer", section 3.4.3).
//
// Read pair i of q and of k (interleaved pairs, rope.hpp) as complex numbers, q_[i] = q_2i + i q_2i+1,
// and let h_i = q_[i] conj(k_[i]). With r = n - m, the RoPE score of rope.hpp is
//
//   score(r) = R(m w) q . R(n w) k = Re[ sum_{i<d/2} h_i e^{-i r w_i} ]     (RoFormer's eq. 35 writes the
//                                                                         exponent as i (m - n) theta_i)
// Abel summation, with S_j(r) = sum_{i<j} e^{-i r w_i} (S_0 = 0) and h_{d/2} = 0:
//
//   sum_{i<d/2} h_i e^{-i r w_i} = sum_{i<d/2} h_i (S_{i+1} - S_i) = -sum_{i<d/2} S_{i+1} (h_{i+1} - h_i)
//
// hence the bound
//
//   |score(r)| <= (max_{i<d/2} |h_{i+1} - h_i|) * sum_{j=1}^{d/2} |S_j(r)|
//
// whose first factor depends on q and k only and whose second on d, base and r only. RoFormer's
// Figure 2 plots the second, per pair: the relative upper bound
//
//   (1 / (d/2)) * sum_{j=1}^{d/2} |S_j(r)|,
//
// which is (d/2 + 1) / 2 at r = 0 (every S_j = j) and shrinks, with ripples, as |r| grows. It is even
// in r (|S_j(-r)| = |S_j(r)|) even where the score is not. The bound is loose: for q = k = all ones
// (h_i = 2, so the first factor is |0 - 2| = 2) it is (d/2)(d/2 + 1) at r = 0 against the true score d.
//
// Arguments are assumed valid (q and k of the same even length d >= 2, base > 1; see params.hpp).
#pragma once
#include <complex>
#include <span>
#include <vector>

namespace pe {

// h_i = q_[i] conj(k_[i]), i = 0 .. d/2 - 1.
std::vector<std::complex<double>> rope_pair_products(std::span<const double> q, std::span<const double> k);
// The bound's first factor: max over i = 0 .. d/2 - 1 of |h_{i+1} - h_i|, with h_{d/2} = 0.
double rope_bound_factor(std::span<const double> q, std::span<const double> k);
// The relative upper bound (1/(d/2)) sum_{j=1}^{d/2} |S_j(r)|, the curve of RoFormer's Figure 2.
double rope_relative_bound(double r, int d, double base);
// Re[sum_i h_i e^{-i r w_i}]: the score from the offset alone, by the complex route (rope.hpp's
// rope_relative_score is the same number by real 2 x 2 rotations).
double rope_complex_score(std::span<const double> q, std::span<const double> k, double r, double base);

// The curves at many offsets, with the frequencies and h computed once.
struct RopeDecay {
  double factor = 0;                   // max_i |h_{i+1} - h_i|
  std::vector<double> score;           // score(r)
  std::vector<double> relative_bound;  // (1/(d/2)) sum_j |S_j(r)|
  std::vector<double> bound;           // factor * sum_j |S_j(r)| = factor * (d/2) * relative_bound
};
RopeDecay rope_decay(std::span<const double> q, std::span<const double> k, std::span<const double> offsets, double base);

}  // namespace pe
