// Attention weights: softmax, a hand-worked case, and order blindness (and how PE breaks it).
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "core/attention.hpp"
#include "core/encoding.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

TEST_CASE("softmax: rows sum to 1, known values, and no overflow for huge scores") {
  std::vector<double> z{1.0, 2.0, 3.0}, out(3);
  softmax(z, out);
  // Hand-worked: e^k / (e + e^2 + e^3). Tolerance: a few ulps of numbers below 1.
  const double s = std::exp(1.0) + std::exp(2.0) + std::exp(3.0);
  CHECK_THAT(out[0], WithinAbs(std::exp(1.0) / s, 1e-15));
  CHECK_THAT(out[2], WithinAbs(std::exp(3.0) / s, 1e-15));
  CHECK_THAT(out[0] + out[1] + out[2], WithinAbs(1.0, 1e-15));
  // Shifting every score by the same amount does not change the result (and 1000 would overflow exp).
  std::vector<double> big{1001.0, 1002.0, 1003.0}, out2(3);
  softmax(big, out2);
  for (size_t j = 0; j < 3; ++j) CHECK_THAT(out2[j], WithinAbs(out[j], 1e-15));
  // Equal scores give equal weights.
  std::vector<double> flat{0.3, 0.3, 0.3, 0.3}, out3(4);
  softmax(flat, out3);
  for (double v : out3) CHECK(v == 0.25);
}

TEST_CASE("attention weights, 2 tokens, hand-worked") {
  // q = k = x with x_0 = (1, 0), x_1 = (1, 1), d_k = 2. Scores / sqrt(2):
  //   row 0: (1, 1)/sqrt2 -> equal weights 1/2, 1/2
  //   row 1: (1, 2)/sqrt2 -> a_11 = 1 / (1 + exp(-1/sqrt2)) = 1 / 1.493069 = 0.669762
  const std::vector<double> x{1, 0, 1, 1};
  const auto a = attention_weights(x, x, 2, 2);
  CHECK_THAT(a[0], WithinAbs(0.5, 1e-16));
  CHECK_THAT(a[1], WithinAbs(0.5, 1e-16));
  CHECK_THAT(a[3], WithinAbs(1.0 / (1.0 + std::exp(-1.0 / std::sqrt(2.0))), 1e-15));
  CHECK_THAT(a[3], WithinAbs(0.669762, 5e-7));  // the same number worked on paper to 6 decimals
  CHECK_THAT(a[2] + a[3], WithinAbs(1.0, 1e-15));
}

TEST_CASE("matmul against a hand-worked product") {
  // [1 2; 3 4] x [5 6; 7 8] = [19 22; 43 50]
  const auto c = matmul(std::vector<double>{1, 2, 3, 4}, 2, 2, std::vector<double>{5, 6, 7, 8}, 2);
  CHECK(c == std::vector<double>{19, 22, 43, 50});
}

TEST_CASE("permutation helpers") {
  const auto p = swap_permutation(4, 1, 3);
  CHECK(p == std::vector<int>{0, 3, 2, 1});
  CHECK(is_permutation(p));
  CHECK_FALSE(is_permutation(std::vector<int>{0, 0, 1}));
  CHECK_FALSE(is_permutation(std::vector<int>{0, 3}));
  const std::vector<double> a{0, 1, 2, 10, 11, 12, 20, 21, 22};  // a(r, c) = 10 r + c
  const auto b = permute_both(a, 3, std::vector<int>{2, 0, 1});
  CHECK(b == std::vector<double>{22, 20, 21, 2, 0, 1, 12, 10, 11});
  const auto rows = permute_rows(a, 3, 3, std::vector<int>{2, 0, 1});
  CHECK(rows == std::vector<double>{20, 21, 22, 0, 1, 2, 10, 11, 12});
}

TEST_CASE("the toy sentence: every row sums to 1 and the weights differ visibly") {
  const auto a = toy_weights(swap_permutation(ToyAttention::kTokens, 0, 0), false, 10000);
  const int n = ToyAttention::kTokens;
  double lo = 1, hi = 0;
  for (int i = 0; i < n; ++i) {
    double sum = 0;
    for (int j = 0; j < n; ++j) {
      sum += a[size_t(i * n + j)];
      lo = std::min(lo, a[size_t(i * n + j)]);
      hi = std::max(hi, a[size_t(i * n + j)]);
    }
    CHECK_THAT(sum, WithinAbs(1.0, 1e-15));
  }
  CHECK(hi - lo > 0.2);  // the grid must not look uniform
}

TEST_CASE("without PE, reordering the tokens permutes the weights: A(Px) = P A(x) P^T") {
  const int n = ToyAttention::kTokens;
  const auto id = swap_permutation(n, 0, 0);
  const auto a = toy_weights(id, false, 10000);
  // Every single swap, and one 5-cycle.
  std::vector<std::vector<int>> perms;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) perms.push_back(swap_permutation(n, i, j));
  perms.push_back({4, 0, 1, 2, 3});
  for (const auto& p : perms) {
    const auto moved = toy_weights(p, false, 10000);
    // Only the order of the additions inside a softmax row changes: a few ulps of numbers <= 1.
    CHECK(max_abs_diff(moved, permute_both(a, n, p)) < 1e-15);
    // ... and the check is not vacuous: the matrix itself did change.
    CHECK(max_abs_diff(moved, a) > 1e-3);
  }
}

TEST_CASE("with PE added, the weights after a swap are no longer a permutation of the old ones") {
  const int n = ToyAttention::kTokens;
  const auto a = toy_weights(swap_permutation(n, 0, 0), true, 10000);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const auto p = swap_permutation(n, i, j);
      const auto moved = toy_weights(p, true, 10000);
      // Clear margin: weights are at most 1, and the smallest change over all swaps is about 0.14.
      CHECK(max_abs_diff(moved, permute_both(a, n, p)) > 0.05);
    }
}

TEST_CASE("toy_weights with PE equals attention on E + PE built by hand") {
  const ToyAttention& t = toy_attention();
  const int n = ToyAttention::kTokens, d = ToyAttention::kModel;
  const auto p = swap_permutation(n, 1, 4);
  std::vector<double> x(size_t(n * d));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < d; ++c)
      x[size_t(r * d + c)] = t.embed[size_t(p[size_t(r)] * d + c)] + encoding_value(r, c, d, 100.0);
  const auto q = matmul(x, n, d, t.w_q, ToyAttention::kKey);
  const auto k = matmul(x, n, d, t.w_k, ToyAttention::kKey);
  CHECK(max_abs_diff(toy_weights(p, true, 100.0), attention_weights(q, k, n, ToyAttention::kKey)) < 1e-15);
}
