#include "tasks.hpp"

namespace train {

void Batch::resize(int n_, int T_) {
  n = n_;
  T = T_;
  const size_t sz = static_cast<size_t>(n_) * static_cast<size_t>(T_);
  tokens.resize(sz);
  targets.resize(sz);
  mask.resize(sz);
}

void set_targets(const Config& c, Batch& b) {
  b.masked = 0;
  const int T = b.T;
  for (int s = 0; s < b.n; ++s) {
    const int* x = &b.tokens[static_cast<size_t>(s) * static_cast<size_t>(T)];
    int* y = &b.targets[static_cast<size_t>(s) * static_cast<size_t>(T)];
    std::uint8_t* m = &b.mask[static_cast<size_t>(s) * static_cast<size_t>(T)];
    for (int t = 0; t < T; ++t) {
      int target = -1;
      switch (c.task) {
        case Task::lookback:
          if (t >= c.k) target = x[t - c.k];
          break;
        case Task::first:
          if (t >= 1) target = x[0];
          break;
        case Task::copy:
          if (t >= T / 2 - 1 && t + 1 < T) target = x[t + 1];
          break;
      }
      y[t] = target;
      m[t] = target >= 0 ? 1 : 0;
      b.masked += m[t];
    }
  }
}

void fill_batch(const Config& c, Rng& rng, Batch& b) {
  const int T = b.T;
  const std::uint32_t V = static_cast<std::uint32_t>(c.vocab);
  for (int s = 0; s < b.n; ++s) {
    int* x = &b.tokens[static_cast<size_t>(s) * static_cast<size_t>(T)];
    const int fresh = c.task == Task::copy ? T / 2 : T;
    for (int t = 0; t < fresh; ++t) x[t] = static_cast<int>(rng.below(V));
    for (int t = fresh; t < T; ++t) x[t] = x[t - T / 2];
  }
  set_targets(c, b);
}

Batch eval_set(const Config& c, int n, int T) {
  Rng rng(c.seed, static_cast<std::uint64_t>(Stream::eval_sets) * 1000003u + static_cast<std::uint64_t>(T));
  Batch b;
  b.resize(n, T);
  fill_batch(c, rng, b);
  return b;
}

}  // namespace train
