// Shared by the training tests: a small model in double with jittered weights and one batch, and the
// central-difference gradient check.
#pragma once
#include <cmath>
#include <string>
#include <vector>

#include "train/model.hpp"
#include "train/rng.hpp"
#include "train/tasks.hpp"

namespace train_test {

using namespace train;

inline Config tiny(Encoding e, int layers, int heads, Task task = Task::lookback) {
  Config c;
  c.task = task;
  c.encoding = e;
  c.layers = layers;
  c.heads = heads;
  c.dModel = 8;
  c.vocab = 5;
  c.trainLength = 6;
  c.k = 2;
  c.batch = 2;
  c.seed = 7;
  return c;
}

// The trainer's first batch (next_training_batch: window starts, copy length and k as the options say).
template <class S>
Batch batch_for(const Config& c) {
  Rng data(c.seed, static_cast<std::uint64_t>(Stream::train_batches));
  Rng windows(c.seed, static_cast<std::uint64_t>(Stream::train_windows));
  Batch b;
  next_training_batch(c, data, windows, b);
  return b;
}

inline void jitter(Model<double>& m, std::uint32_t seed) {
  Rng r(seed, 99);
  for (double& p : m.params) p += r.symmetric(0.1);
}

struct GradError {
  std::string tensor;
  size_t index = 0;
  double analytic = 0, numeric = 0, excess = 0;  // excess > 0 fails: |a - n| - (rtol max(|a|,|n|) + atol)
};

constexpr double kStep = 1e-5;   // central difference step
constexpr double kRtol = 1e-6;   // relative tolerance
constexpr double kAtol = 1e-9;   // absolute floor (gradients are ~1e-3 .. 1)

// Compares `analytic` (one value per parameter) with central differences of the loss for every entry
// of every tensor; returns the worst entry (excess <= 0: all within tolerance).
inline GradError check_gradients(Model<double>& m, const Batch& b, const std::vector<double>& analytic) {
  Workspace<double> ws;
  GradError worst;
  worst.excess = -1e300;
  for (const TensorInfo& t : m.tensors)
    for (size_t j = 0; j < t.size(); ++j) {
      const size_t i = t.offset + j;
      const double p = m.params[i];
      m.params[i] = p + kStep;
      const double up = m.forward(b, ws);
      m.params[i] = p - kStep;
      const double down = m.forward(b, ws);
      m.params[i] = p;
      const double num = (up - down) / (2 * kStep);
      const double a = analytic[i];
      const double excess = std::fabs(a - num) - (kRtol * std::fmax(std::fabs(a), std::fabs(num)) + kAtol);
      if (excess > worst.excess) worst = {t.name, j, a, num, excess};
    }
  return worst;
}

}  // namespace train_test
