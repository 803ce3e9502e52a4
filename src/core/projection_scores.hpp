// What attention scores when the input is word plus position, seen through one head's projections.
//
// Row vectors throughout (as the paper writes q = x W^Q). Token m enters as the row x_m + p_m
// (word part x_m, position part p_m = PE(m), d entries each); the head makes a query and a key from it,
//
//   q_m = (x_m + p_m) W_Q,   k_n = (x_n + p_n) W_K           (W_Q, W_K: d rows, h columns)
//
// and scores query m against key n by their dot product. With M = W_Q W_Kᵀ (d × d):
//
//   q_m · k_n = x_m M x_nᵀ  +  x_m M p_nᵀ  +  p_m M x_nᵀ  +  p_m M p_nᵀ
//               word–word      word–position  position–word  position–position
//
// (the paper divides by √h before the softmax: one factor for all four terms, left out here).
//
// The position–position term against the offset k = n − m. As a column, pair i of PE is (sin, cos)ᵀ,
// and pair i of p_n is pair i of p_m turned by θ_i = ω_i k: R(θ) (sin, cos)ᵀ with
// R(θ) = [[cos θ, sin θ], [−sin θ, cos θ]] = cos θ I + sin θ J, J = [[0, 1], [−1, 0]]. Split each 2×2
// diagonal block B_i of M (rows and columns 2i, 2i+1) into a_i I + b_i J, the part that commutes with
// every rotation, a_i = (B_00 + B_11)/2, b_i = (B_01 − B_10)/2, and the rest. Then
//
//   p_m M p_nᵀ = Σ_i (a_i cos θ_i − b_i sin θ_i)        the shift part: the offset alone decides it
//              + the rest of the diagonal blocks (sinusoids in ω_i (m + n)) and the off-diagonal
//                blocks (sinusoids in (ω_i ± ω_j) m): these move with the start m.
//
// So the term is a function of k alone, the same from every start, when M is block-diagonal with
// blocks a_i I + b_i J, which commute with every pair's rotation. W_Q = W_K = I gives Σ cos(ω_i k),
// the similarity curve PE(m)·PE(n). For a random M the shift part is still there; the rest moves
// with m, and averaged over many starts it fades (the shift part is what remains).
//
// The heads offered:
//   random:    W_Q, W_K with h = min(d, 64) columns (the paper's base model has d_k = 64 per head),
//              entries N(0, 1/d), drawn from the seed;
//   identity:  W_Q = W_K = I (h = d), the four terms are plain dot products;
//   rotation:  W_K = I and W_Q block-diagonal, block i = R(ω_i k0)ᵀ = cos(ω_i k0) I − sin(ω_i k0) J:
//              the query of position m carries PE(m + k0) (a linear map of PE(m), as the paper
//              pointed out), so the position–position term is Σ cos(ω_i (k − k0)), largest at k = k0.
// The last two are stored as 2×2 blocks, so any d up to 8192 costs O(d); a random head costs O(d h).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace pe {

enum class HeadChoice : int { random, identity, rotation };
constexpr int kHeadChoiceCount = 3;
constexpr int kRandomHeadWidth = 64;  // the paper's d_k = d_model / h = 512 / 8

// A projection matrix W with d rows and h columns: dense row-major, or block-diagonal (h = d) with
// the 2×2 block of pair i in blocks[4i .. 4i+3] as B_00, B_01, B_10, B_11.
struct Projection {
  int d = 0, h = 0;
  bool block_diagonal = false;
  std::vector<double> values;
};

struct Head {
  Projection q, k;  // W_Q, W_K
};

// k0 is used by HeadChoice::rotation only; seed by HeadChoice::random only.
Head make_head(HeadChoice choice, int d, double base, std::uint64_t seed, double k0 = 0);

// out (h entries) = v W.
void project(const Projection& w, std::span<const double> v, std::span<double> out);
// out (d entries) = u Wᵀ, for u with h entries.
void project_transposed(const Projection& w, std::span<const double> u, std::span<double> out);
// W as a dense d × h row-major matrix (for tests and small d).
std::vector<double> dense(const Projection& w);

struct ScoreTerms {
  double word_word = 0, word_pos = 0, pos_word = 0, pos_pos = 0;
  double total = 0;  // q_m · k_n from the summed inputs, not from the four terms
  double parts_sum() const { return word_word + word_pos + pos_word + pos_pos; }
};
ScoreTerms score_terms(const Head& head, std::span<const double> x_m, std::span<const double> p_m, std::span<const double> x_n,
                       std::span<const double> p_n);
// The same from inputs already projected: xq = x_m W_Q, pq = p_m W_Q, xk = x_n W_K, pk = p_n W_K (h entries each),
// and the sums (x_m + p_m) W_Q and (x_n + p_n) W_K for the total.
ScoreTerms score_terms_projected(std::span<const double> xq, std::span<const double> pq, std::span<const double> xk,
                                 std::span<const double> pk, std::span<const double> sum_q, std::span<const double> sum_k);

// a_i and b_i of each diagonal block of M = W_Q W_Kᵀ (d/2 entries each).
void commuting_parts(const Head& head, std::span<double> a, std::span<double> b);

// The position–position term p_m M PE(m + k)ᵀ from each start m at each offset k, and the shift part
// Σ a_i cos(ω_i k) − b_i sin(ω_i k). PE(m + k) is formed by angle addition from PE(m) and (sin, cos)(ω_i k).
struct PositionCurves {
  std::vector<std::vector<double>> by_start;  // [start][offset]
  std::vector<double> shift;                  // [offset]
};
PositionCurves position_curves(const Head& head, std::span<const double> starts, std::span<const double> ks, double base);
// Per offset, the largest minus the smallest value over the starts (0 for fewer than two starts).
std::vector<double> spread_across_starts(const PositionCurves& c);

// Whole offsets from -kmax to kmax: all of them when that is at most max_samples values, otherwise
// max_samples whole numbers spread evenly, with 0 among them (kmax >= 1, max_samples >= 3).
std::vector<double> symmetric_offsets(int kmax, int max_samples);

}  // namespace pe
