// Adam (Kingma and Ba 2015) with bias correction, over the model's flat parameter vector:
//
//   g <- g * min(1, clip / ||g||)                (global-norm clipping; clip <= 0 turns it off)
//   m <- b1 m + (1 - b1) g,   v <- b2 v + (1 - b2) g^2
//   p <- p - lr * (m / (1 - b1^t)) / (sqrt(v / (1 - b2^t)) + eps)
//
// b1^t and b2^t are running products (no pow), so every platform computes the same bits.
#pragma once
#include <cstddef>
#include <vector>

namespace train {

struct AdamSettings {
  double lr = 3e-3, beta1 = 0.9, beta2 = 0.999, eps = 1e-8, clip = 1.0;
};

class Adam {
 public:
  Adam(size_t n, AdamSettings s);
  // One update of params from grads (grads may be scaled in place by the clipping). Returns ||g|| before clipping.
  template <class S>
  double step(std::vector<S>& params, std::vector<S>& grads);
  long long t() const { return t_; }

 private:
  AdamSettings s_;
  std::vector<double> m_, v_;
  double b1t_ = 1.0, b2t_ = 1.0;
  long long t_ = 0;
};

}  // namespace train
