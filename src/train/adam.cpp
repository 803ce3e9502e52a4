#include "adam.hpp"

#include <cmath>

namespace train {

Adam::Adam(size_t n, AdamSettings s) : s_(s), m_(n, 0.0), v_(n, 0.0) {}

template <class S>
double Adam::step(std::vector<S>& params, std::vector<S>& grads) {
  double sq = 0.0;
  for (const S g : grads) sq += static_cast<double>(g) * static_cast<double>(g);
  const double norm = std::sqrt(sq);
  const double gscale = (s_.clip > 0.0 && norm > s_.clip) ? s_.clip / norm : 1.0;
  ++t_;
  b1t_ *= s_.beta1;
  b2t_ *= s_.beta2;
  const double c1 = 1.0 / (1.0 - b1t_), c2 = 1.0 / (1.0 - b2t_);
  for (size_t i = 0; i < params.size(); ++i) {
    const double g = static_cast<double>(grads[i]) * gscale;
    m_[i] = s_.beta1 * m_[i] + (1.0 - s_.beta1) * g;
    v_[i] = s_.beta2 * v_[i] + (1.0 - s_.beta2) * g * g;
    const double upd = s_.lr * (m_[i] * c1) / (std::sqrt(v_[i] * c2) + s_.eps);
    params[i] = static_cast<S>(static_cast<double>(params[i]) - upd);
  }
  return norm;
}

template double Adam::step<float>(std::vector<float>&, std::vector<float>&);
template double Adam::step<double>(std::vector<double>&, std::vector<double>&);

}  // namespace train
