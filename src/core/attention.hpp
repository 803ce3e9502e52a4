// Scaled dot-product attention weights, and why they are blind to order.
//
//   q_i = x_i W_Q,   k_j = x_j W_K                     (x_i: row i of the n x d input)
//   a_ij = softmax_j( q_i . k_j / sqrt(d_k) )
//   softmax(z)_j = exp(z_j - max z) / sum_l exp(z_l - max z)   (the max is subtracted so exp never overflows)
//
// Permutations: `perm` lists, for each new slot r, the old index it takes: (P x)_r = x_{perm[r]}.
// Nothing in a_ij looks at i or j themselves, so A(P x) = P A(x) P^T, i.e. A'_{rc} = A_{perm[r] perm[c]}.
// Adding a position vector PE(r) to slot r breaks this: the content moves, its position vector does not.
//
// All matrices are row-major std::vector<double>; arguments are assumed consistent in size.
#pragma once
#include <span>
#include <string>
#include <vector>

namespace pe {

// softmax of one row; out may alias z.
void softmax(std::span<const double> z, std::span<double> out);

// out = x W: x is n x d, w is d x m, out is n x m.
std::vector<double> matmul(std::span<const double> x, int n, int d, std::span<const double> w, int m);

// The n x n weight matrix from n queries and n keys of dimension dk (each n x dk).
std::vector<double> attention_weights(std::span<const double> q, std::span<const double> k, int n, int dk);

// The identity order with slots i and j exchanged.
std::vector<int> swap_permutation(int n, int i, int j);
// True when perm holds each of 0..n-1 once.
bool is_permutation(std::span<const int> perm);
// (P x): row r of the result is row perm[r] of x (x is n x d).
std::vector<double> permute_rows(std::span<const double> x, int n, int d, std::span<const int> perm);
// P A P^T for an n x n matrix: element (r, c) is A(perm[r], perm[c]).
std::vector<double> permute_both(std::span<const double> a, int n, std::span<const int> perm);
// max_k |a_k - b_k| (0 for empty input).
double max_abs_diff(std::span<const double> a, std::span<const double> b);

// The toy sentence of the "order" lesson: five tokens with hand-picked 8-dimensional embeddings and
// fixed projections W_Q, W_K (8 x 4, so d_k = 4). Small numbers so every weight can be printed.
struct ToyAttention {
  static constexpr int kTokens = 5;
  static constexpr int kModel = 8;  // embedding width d; PE uses the same d
  static constexpr int kKey = 4;    // d_k
  std::vector<std::string> words;   // kTokens
  std::vector<double> embed;        // kTokens x kModel
  std::vector<double> w_q;          // kModel x kKey
  std::vector<double> w_k;          // kModel x kKey
};
const ToyAttention& toy_attention();

// Attention weights of the toy sentence in the order `perm` (perm[r] = the original token in slot r).
// With add_pe, slot r's input is E[token] + PE(r) (d = kModel, the given base); otherwise E[token].
std::vector<double> toy_weights(std::span<const int> perm, bool add_pe, double base);

}  // namespace pe
