// The accuracy a model would score at length T if it were right at every target position it was trained
// on (t < L) and at chance after it: the reference an accuracy past L is read against ("does it do better
// than being right up to L and guessing after it?"). In closed form, from the tasks' masks (tasks.hpp):
//
//   targets(T):    lookback t in [k, T-1];  first t in [1, T-1];  copy t in [T/2-1, T-2]
//   n_T = |targets(T)|,  n_<L = |targets(T) ∩ [0, L-1]|
//   reference(T) = (n_<L + (n_T - n_<L) / vocab) / n_T
//
// Chance is 1/vocab: every target is a token drawn uniformly, independent of anything a model that does
// not know the answer could use. At T = L the reference is 1. Example (the defaults): lookback, L = 16,
// k = 3, vocab 16: at 2L = 32, (13 + 16/16) / 29 = 14/29 ≈ 0.483; at 4L = 64, (13 + 48/16) / 61 ≈ 0.262.
// (For copy the halves meet at T/2, which moves with T, so at 2L only t = L - 1 lies before L and the
// reference is close to chance.)
#pragma once

#include "config.hpp"

namespace train {

// Target positions of a sequence of length T for the config's task, and how many of them lie below `below`.
int target_count(const Config& c, int T);
int target_count_below(const Config& c, int T, int below);
// reference(T) above, for the config's task, k, trainLength and vocab; NaN where T has no target.
double right_then_chance(const Config& c, int T);

}  // namespace train
