#include "tasks.hpp"

namespace train {

void Batch::resize(int n_, int T_) {
  n = n_;
  T = T_;
  const size_t sz = static_cast<size_t>(n_) * static_cast<size_t>(T_);
  tokens.resize(sz);
  targets.resize(sz);
  mask.resize(sz);
  start.assign(static_cast<size_t>(n_), 0);
  kseq.assign(static_cast<size_t>(n_), 0);
}

void set_targets(const Config& c, Batch& b) {
  b.masked = 0;
  const int T = b.T;
  for (int s = 0; s < b.n; ++s) {
    const int* x = &b.tokens[static_cast<size_t>(s) * static_cast<size_t>(T)];
    int* y = &b.targets[static_cast<size_t>(s) * static_cast<size_t>(T)];
    std::uint8_t* m = &b.mask[static_cast<size_t>(s) * static_cast<size_t>(T)];
    const int ks = b.kseq[static_cast<size_t>(s)] > 0 ? b.kseq[static_cast<size_t>(s)] : c.k;
    for (int t = 0; t < T; ++t) {
      int target = -1;
      switch (c.task) {
        case Task::lookback:
          if (t >= c.k) target = x[t - ks];  // ks <= c.k: the same scored positions for every ks
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
  const bool drawn_k = k_in_input(c);
  for (int s = 0; s < b.n; ++s) {
    // Drawn before the tokens only when k is an input, so that fixed k draws what it always did.
    b.kseq[static_cast<size_t>(s)] = drawn_k ? 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(c.k))) : c.k;
    b.start[static_cast<size_t>(s)] = 0;
    int* x = &b.tokens[static_cast<size_t>(s) * static_cast<size_t>(T)];
    const int fresh = c.task == Task::copy ? T / 2 : T;
    for (int t = 0; t < fresh; ++t) x[t] = static_cast<int>(rng.below(V));
    for (int t = fresh; t < T; ++t) x[t] = x[t - T / 2];
  }
  set_targets(c, b);
}

int training_length(const Config& c, Rng& data) {
  if (c.task != Task::copy || c.copyLengths == CopyLengths::fixed) return c.trainLength;
  const int choices = (c.trainLength - 4) / 2 + 1;  // 4, 6, ..., L (L even: validate())
  return 4 + 2 * static_cast<int>(data.below(static_cast<std::uint32_t>(choices)));
}

void next_training_batch(const Config& c, Rng& data, Rng& windows, Batch& b) {
  b.resize(c.batch, training_length(c, data));
  fill_batch(c, data, b);
  if (c.startOffset > 0 && absolute_positions(c))
    for (int& s : b.start) s = static_cast<int>(windows.below(static_cast<std::uint32_t>(c.startOffset) + 1u));
}

Batch eval_set(const Config& c, int n, int T) {
  Rng rng(c.seed, static_cast<std::uint64_t>(Stream::eval_sets) * 1000003u + static_cast<std::uint64_t>(T));
  Batch b;
  b.resize(n, T);
  fill_batch(c, rng, b);
  return b;
}

}  // namespace train
