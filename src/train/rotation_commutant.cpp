#include "rotation_commutant.hpp"

namespace train {

std::vector<double> commutant_projection(const std::vector<double>& M, size_t d) {
  std::vector<double> P(d * d, 0.0);
  for (size_t i = 0; i + 1 < d; i += 2) {
    const double p = M[i * d + i], q = M[i * d + i + 1], r = M[(i + 1) * d + i], s = M[(i + 1) * d + i + 1];
    const double a = (p + s) / 2, b = (r - q) / 2;
    P[i * d + i] = a;
    P[i * d + i + 1] = -b;
    P[(i + 1) * d + i] = b;
    P[(i + 1) * d + i + 1] = a;
  }
  return P;
}

double commuting_fraction(const std::vector<double>& M, size_t d) {
  double all = 0, part = 0;
  for (double v : M) all += v * v;
  for (double v : commutant_projection(M, d)) part += v * v;
  return all > 0 ? part / all : -1.0;
}

std::vector<double> qk_form(const Model<float>& m, size_t layer, size_t head) {
  const size_t d = m.d, dh = m.dh;
  const Model<float>::LayerOffsets& o = m.lo[layer];
  const float* wq = m.params.data() + o.wq;
  const float* wk = m.params.data() + o.wk;
  const float* g = m.params.data() + o.ln1_g;
  std::vector<double> M(d * d, 0.0);
  for (size_t i = 0; i < d; ++i)
    for (size_t j = 0; j < d; ++j) {
      double s = 0;
      for (size_t c = head * dh; c < (head + 1) * dh; ++c)
        s += static_cast<double>(wq[i * d + c]) * static_cast<double>(wk[j * d + c]);
      M[i * d + j] = static_cast<double>(g[i]) * s * static_cast<double>(g[j]);
    }
  return M;
}

}  // namespace train
