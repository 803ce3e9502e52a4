#include "attention.hpp"

#include <algorithm>
#include <cmath>

#include "encoding.hpp"

namespace pe {

void softmax(std::span<const double> z, std::span<double> out) {
  if (z.empty()) return;
  const double top = *std::max_element(z.begin(), z.end());
  double sum = 0;
  for (size_t j = 0; j < z.size(); ++j) {
    out[j] = std::exp(z[j] - top);
    sum += out[j];
  }
  // sum >= 1 because the largest term is exp(0) = 1: the division is always safe.
  for (size_t j = 0; j < z.size(); ++j) out[j] /= sum;
}

std::vector<double> matmul(std::span<const double> x, int n, int d, std::span<const double> w, int m) {
  std::vector<double> out(static_cast<size_t>(n) * static_cast<size_t>(m), 0.0);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < m; ++c) {
      double acc = 0;
      for (int t = 0; t < d; ++t)
        acc += x[static_cast<size_t>(r * d + t)] * w[static_cast<size_t>(t * m + c)];
      out[static_cast<size_t>(r * m + c)] = acc;
    }
  return out;
}

std::vector<double> attention_weights(std::span<const double> q, std::span<const double> k, int n, int dk) {
  std::vector<double> a(static_cast<size_t>(n) * static_cast<size_t>(n));
  const double scale = 1.0 / std::sqrt(static_cast<double>(dk));
  for (int i = 0; i < n; ++i) {
    std::span<double> row(a.data() + static_cast<size_t>(i * n), static_cast<size_t>(n));
    for (int j = 0; j < n; ++j) {
      double dot = 0;
      for (int t = 0; t < dk; ++t) dot += q[static_cast<size_t>(i * dk + t)] * k[static_cast<size_t>(j * dk + t)];
      row[static_cast<size_t>(j)] = dot * scale;
    }
    softmax(row, row);
  }
  return a;
}

std::vector<int> swap_permutation(int n, int i, int j) {
  std::vector<int> p(static_cast<size_t>(n));
  for (int r = 0; r < n; ++r) p[static_cast<size_t>(r)] = r;
  if (i >= 0 && j >= 0 && i < n && j < n) std::swap(p[static_cast<size_t>(i)], p[static_cast<size_t>(j)]);
  return p;
}

bool is_permutation(std::span<const int> perm) {
  std::vector<char> seen(perm.size(), 0);
  for (int p : perm) {
    if (p < 0 || static_cast<size_t>(p) >= perm.size() || seen[static_cast<size_t>(p)]) return false;
    seen[static_cast<size_t>(p)] = 1;
  }
  return true;
}

std::vector<double> permute_rows(std::span<const double> x, int n, int d, std::span<const int> perm) {
  std::vector<double> out(static_cast<size_t>(n) * static_cast<size_t>(d));
  for (int r = 0; r < n; ++r)
    for (int t = 0; t < d; ++t)
      out[static_cast<size_t>(r * d + t)] = x[static_cast<size_t>(perm[static_cast<size_t>(r)] * d + t)];
  return out;
}

std::vector<double> permute_both(std::span<const double> a, int n, std::span<const int> perm) {
  std::vector<double> out(static_cast<size_t>(n) * static_cast<size_t>(n));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      out[static_cast<size_t>(r * n + c)] =
          a[static_cast<size_t>(perm[static_cast<size_t>(r)] * n + perm[static_cast<size_t>(c)])];
  return out;
}

double max_abs_diff(std::span<const double> a, std::span<const double> b) {
  double m = 0;
  const size_t len = std::min(a.size(), b.size());
  for (size_t t = 0; t < len; ++t) m = std::max(m, std::fabs(a[t] - b[t]));
  return m;
}

const ToyAttention& toy_attention() {
  // Hand-picked: "dog" and "man" are similar nouns, "bites" is the verb, "the"/"a" small function words.
  static const ToyAttention toy{
      {"the", "dog", "bites", "a", "man"},
      {
          0.2, -0.1, 0.3, 0.0, -0.2, 0.1, 0.0, 0.3,   // the
          0.9, 0.4, -0.3, 0.6, 0.1, -0.5, 0.7, 0.2,   // dog
          -0.4, 0.8, 0.5, -0.6, 0.9, 0.3, -0.2, 0.4,  // bites
          0.1, 0.2, -0.2, 0.1, 0.0, 0.3, 0.1, -0.1,   // a
          0.7, 0.5, -0.1, 0.8, -0.3, -0.4, 0.6, 0.1,  // man
      },
      {
          1.0, 0.0, 0.5, -0.5,   //
          0.0, 1.0, -0.5, 0.5,   //
          0.5, 0.0, 1.0, 0.0,    //
          -0.5, 0.5, 0.0, 1.0,   //
          0.0, -1.0, 0.5, 0.0,   //
          1.0, 0.5, 0.0, -1.0,   //
          0.5, 0.0, -1.0, 0.5,   //
          0.0, 0.5, 0.5, 1.0,    //
      },
      {
          0.5, 1.0, 0.0, 0.5,    //
          1.0, -0.5, 0.5, 0.0,   //
          0.0, 0.5, 1.0, -0.5,   //
          0.5, 0.0, -0.5, 1.0,   //
          -1.0, 0.5, 0.0, 0.5,   //
          0.0, 1.0, 0.5, 0.0,    //
          1.0, 0.0, 0.5, -0.5,   //
          0.5, -0.5, 1.0, 0.0,   //
      },
  };
  return toy;
}

std::vector<double> toy_weights(std::span<const int> perm, bool add_pe, double base) {
  const ToyAttention& t = toy_attention();
  const int n = static_cast<int>(perm.size());
  std::vector<double> x = permute_rows(t.embed, n, ToyAttention::kModel, perm);
  if (add_pe) {
    std::vector<double> p(ToyAttention::kModel);
    for (int r = 0; r < n; ++r) {
      encoding_vector(static_cast<double>(r), ToyAttention::kModel, base, p);
      for (int c = 0; c < ToyAttention::kModel; ++c) x[static_cast<size_t>(r * ToyAttention::kModel + c)] += p[static_cast<size_t>(c)];
    }
  }
  const std::vector<double> q = matmul(x, n, ToyAttention::kModel, t.w_q, ToyAttention::kKey);
  const std::vector<double> k = matmul(x, n, ToyAttention::kModel, t.w_k, ToyAttention::kKey);
  return attention_weights(q, k, n, ToyAttention::kKey);
}

}  // namespace pe
