#include "layout.hpp"

#include <algorithm>
#include <cmath>

#include "encoding.hpp"
#include "rotation.hpp"

namespace pe {

DimPair layout_dims(Layout L, int pair, int d) {
  return L == Layout::interleaved ? DimPair{2 * pair, 2 * pair + 1} : DimPair{pair, d / 2 + pair};
}

std::vector<DimPair> pairing_for(Layout L, int d) {
  std::vector<DimPair> p(static_cast<size_t>(d / 2));
  for (int i = 0; i < d / 2; ++i) p[static_cast<size_t>(i)] = layout_dims(L, i, d);
  return p;
}

std::vector<DimPair> swap_dims(std::span<const DimPair> pairing, int a, int b) {
  auto swap_one = [a, b](int x) { return x == a ? b : x == b ? a : x; };
  std::vector<DimPair> out(pairing.begin(), pairing.end());
  for (DimPair& p : out) p = {swap_one(p.sin_dim), swap_one(p.cos_dim)};
  return out;
}

std::vector<int> layout_permutation(Layout from, Layout to, int d) {
  std::vector<int> perm(static_cast<size_t>(d));
  for (int i = 0; i < d / 2; ++i) {
    const DimPair t = layout_dims(to, i, d), f = layout_dims(from, i, d);
    perm[static_cast<size_t>(t.sin_dim)] = f.sin_dim;
    perm[static_cast<size_t>(t.cos_dim)] = f.cos_dim;
  }
  return perm;
}

void convert_layout(std::span<const double> v, Layout from, Layout to, std::span<double> out) {
  const std::vector<int> perm = layout_permutation(from, to, static_cast<int>(v.size()));
  for (size_t j = 0; j < perm.size(); ++j) out[j] = v[static_cast<size_t>(perm[j])];
}

double layout_value(double pos, int dim, int d, double base, Layout L) {
  if (L == Layout::interleaved) return encoding_value(pos, dim, d, base);
  const int half = d / 2;
  // Concatenated dim j holds what the interleaved layout keeps at 2j (sines) or 2(j - d/2) + 1 (cosines).
  return dim < half ? encoding_value(pos, 2 * dim, d, base) : encoding_value(pos, 2 * (dim - half) + 1, d, base);
}

void encoding_in_layout(double pos, int d, double base, Layout L, std::span<double> out) {
  if (L == Layout::interleaved) {
    encoding_vector(pos, d, base, out);
    return;
  }
  const std::vector<double> v = encoding_vector(pos, d, base);
  convert_layout(v, Layout::interleaved, L, out);
}

void shift_by_pairing(std::span<const double> v, double k, int d, double base, std::span<const DimPair> pairing,
                      std::span<double> out) {
  std::copy(v.begin(), v.end(), out.begin());
  for (size_t i = 0; i < pairing.size(); ++i) {
    const auto a = static_cast<size_t>(pairing[i].sin_dim), b = static_cast<size_t>(pairing[i].cos_dim);
    const Pair q = rotate(shift_rotation(static_cast<int>(i), k, d, base), {v[a], v[b]});
    out[a] = q.s;
    out[b] = q.c;
  }
}

double shift_error(double pos, double k, int d, double base, Layout L, std::span<const DimPair> pairing) {
  const auto n = static_cast<size_t>(d);
  std::vector<double> now(n), turned(n), target(n);
  encoding_in_layout(pos, d, base, L, now);
  encoding_in_layout(pos + k, d, base, L, target);
  shift_by_pairing(now, k, d, base, pairing, turned);
  double worst = 0.0;
  for (size_t j = 0; j < n; ++j) worst = std::max(worst, std::fabs(turned[j] - target[j]));
  return worst;
}

}  // namespace pe
