// The synthetic tasks: sequences of random tokens 0..vocab-1 and, per position t, a target and a mask
// (1 where the target is defined; the loss and the accuracy use masked positions only).
//
//   lookback(k):  target[t] = x[t-k]                       mask: t >= k
//                 Purely relative: the answer sits at a fixed offset behind every query.
//   first:        target[t] = x[0]                         mask: t >= 1
//                 Purely absolute: the answer sits at position 0 whatever the query's position.
//   copy:         P = T/2 (T the sequence's own length); x[t] = x[t-P] for t >= P (the second half
//                 repeats the first); target[t] = x[t+1] (the next token)   mask: P-1 <= t <= T-2
//                 At the training length the answer sits at offset P-1 (relative), but P grows with the
//                 length, so beyond L only a model that finds the repeat by content (or knows where the
//                 halves meet, absolute) still answers: it needs more than one fixed offset.
//
// A Batch is n sequences of length T, row-major [n][T]. Training batches come from Stream::train_batches
// at T = L; evaluation sets from Stream::eval_sets at T = L, 2L, 4L (one generator per length).
#pragma once
#include <cstdint>
#include <vector>

#include "config.hpp"
#include "rng.hpp"

namespace train {

struct Batch {
  int n = 0, T = 0;
  std::vector<int> tokens;   // [n][T]
  std::vector<int> targets;  // [n][T], -1 where not defined
  std::vector<std::uint8_t> mask;  // [n][T]
  int masked = 0;            // number of positions with mask 1

  void resize(int n_, int T_);  // allocates only when growing
};

// Fills b (already resized to n x T) with fresh sequences for the task drawn from rng.
void fill_batch(const Config& c, Rng& rng, Batch& b);
// Targets and mask for given tokens (b.tokens set; copy's second half must already repeat the first).
void set_targets(const Config& c, Batch& b);
// An evaluation set of n sequences at length T, from the config's seed and the eval stream: the same
// config always gives the same set, independent of training.
Batch eval_set(const Config& c, int n, int T);

}  // namespace train
