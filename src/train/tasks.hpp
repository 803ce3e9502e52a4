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
//   lookback with k in the input (lookbackK input): sequence s has its own ks in 1..k (drawn before its
//                 tokens); target[t] = x[t-ks]   mask: t >= k (the largest), the same positions for every ks.
//
// A Batch is n sequences of length T, row-major [n][T], each with the position of its first token (start:
// 0 except in training with startOffset) and its k (ks above; c.k otherwise). Training batches come from
// next_training_batch: tokens from Stream::train_batches at T = L (copyLengths random: an even T in 4..L
// per batch, drawn from the same stream first), starts from Stream::train_windows; evaluation sets from
// Stream::eval_sets at T = L, 2L, 4L (one generator per length), every start 0.
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
  std::vector<int> start;    // [n]: position of token 0 (what sinusoidal and learned see is start + t)
  std::vector<int> kseq;     // [n]: the lookback offset of each sequence
  int masked = 0;            // number of positions with mask 1

  void resize(int n_, int T_);  // allocates only when growing
};

// Fills b (already resized to n x T) with fresh sequences for the task drawn from rng; starts 0.
void fill_batch(const Config& c, Rng& rng, Batch& b);
// The next training batch of c.batch sequences: its length (L, or drawn for copyLengths random) and
// tokens from data, its starts from windows (startOffset > 0 and an encoding that reads absolute
// positions; otherwise every start is 0 and windows is not used). With every option at its default this
// draws exactly what fill_batch at L always did.
void next_training_batch(const Config& c, Rng& data, Rng& windows, Batch& b);
// The training length of the next batch: L, or for copyLengths random an even length in 4..L from data.
int training_length(const Config& c, Rng& data);
// Targets and mask for given tokens (b.tokens set; copy's second half must already repeat the first).
void set_targets(const Config& c, Batch& b);
// An evaluation set of n sequences at length T, from the config's seed and the eval stream: the same
// config always gives the same set, independent of training.
Batch eval_set(const Config& c, int n, int T);

}  // namespace train
