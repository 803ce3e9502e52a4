// What a trained model does, measured on evaluation sets (tasks.hpp: a separate seed stream) at lengths
// L, 2L and 4L. Cheap enough to run every few hundred steps (a few forward passes, no backward).
//
// accuracy:  share of masked positions whose argmax logit is the target.
//            accuracyNew: the same over the new positions only (queries t >= L) at 2L and 4L: what the
//            model does where it was never trained (all positions at 2L mostly re-measure the first L).
//            Windowed (2L and 4L): the same sets, each query attending to its last L keys only (keys
//            t-L+1..t; model.hpp's window, the same rule for every encoding), so every offset and every
//            key count it meets was met in training and only the absolute positions are new.
//            accuracyWindowed over all positions, accuracyWindowedNew over t >= L. At L the window holds
//            every key: the windowed figures are the full ones. Where the answer's key lies outside the
//            window (first for t >= L; copy at 4L) the windowed query cannot see it: answerInWindowNew
//            says which share of the new targets can.
// attention: softmax weights of every layer and head for one sample sequence (the first of the set) at L.
// relative ("attention on the answer"): for each query t with a defined target, the weight the head puts
//            on the key holding the answer: t - k (lookback), 0 (first), t + 1 - T/2 (copy, T the sequence's
//            length); averaged over the evaluation sequences, per query position, on the set at L (shareL)
//            and the set at 2L (share2L). Summaries per head: mean and spread (standard deviation over query
//            positions) of shareL over its queries (trained positions) and of share2L over queries L..2L-1
//            (never trained). A relative mechanism keeps the same share as t moves past L.
//            meanNew4L/spreadNew4L: queries L <= t < 4L of the set at 4L. Windowed (window L) on the new
//            queries at 2L and 4L: meanBeyondWindowed, meanNew4LWindowed, over the queries whose answer's
//            key lies in the window (no such query: -1, written null).
// mechanism, per head (the two numbers of issue 25 that show a relative mechanism directly):
//            offsetR2 (offset_r2.hpp): the pre-softmax scores q_t.k_s / sqrt(dh) + ALiBi's bias, averaged
//            over the evaluation sequences (content averaged out), and how much of them the offset t - s
//            alone explains: plain, and within query (after a constant per query, which the softmax
//            ignores); on the set at L (trained positions) and at 2L.
//            commutingFraction (rotation_commutant.hpp; sinusoidal, layer 0, else -1): the share of
//            M_h = diag(g) W_Q,h W_K,h^T diag(g) that commutes with the PE rotations R_k, the part through
//            which "PE(t + k) is a rotation of PE(t)" can make a score depend on the offset alone
//            (about 1/dModel for a random matrix).
// ablation (sinusoidal only): accuracy at L and 2L with the fastest quarter of PE dimensions (the first
//            d/4 columns: the highest frequencies) zeroed, then with the slowest quarter (the last d/4)
//            zeroed, and the accuracy each loses against the intact model. Zeroing removes a constant as
//            well as information (a slow dimension that barely turns over the window is a constant), so two
//            ablations remove the information only, each on the same quarters and sets:
//            mean:    PE(t, j) -> (1/L) sum_{s<L} PE(s, j) for every evaluated t (the mean over the trained
//                     positions 0..L-1; the same constant at 2L), so the dimension keeps its average and
//                     tells nothing about t;
//            shuffle: PE(t, j) -> PE(pi(t), j), pi a fixed permutation of 0..T-1 for a set of length T
//                     (Fisher-Yates on Stream::pe_shuffle of the seed, one pi per set, the same for every
//                     dimension of the quarter), so each dimension keeps its values, and their spread,
//                     but at the wrong positions.
//            A dimension constant over positions is unchanged by both; the identity pi changes nothing.
//            peWeightQ[j] = |g_j| * ||Wq[j,:]|| * rms_j (and K alike), layer 0: how strongly PE dimension j
//            reaches the queries (keys). g = LN1's gain, Wq[j,:] the weights from input dimension j,
//            rms_j = sqrt(mean over t < L of PE(t, j)^2). It ignores LN1's per-row normalisation (the
//            same factor for every j of a row), so it ranks dimensions rather than measuring them.
#pragma once
#include <string>
#include <vector>

#include "config.hpp"
#include "model.hpp"
#include "offset_r2.hpp"

namespace train {

struct LengthAccuracy {
  int length;
  double accuracy;
  double loss;
  int targetsNew = 0;        // scored positions t >= L (0 at L)
  double accuracyNew = -1;   // -1 where targetsNew is 0 (written null)
  int window = 0;            // L at 2L and 4L; 0 at L (no window needed: the figures below are the full ones)
  double accuracyWindowed = 0, accuracyWindowedNew = -1;
  double answerInWindowNew = -1;  // share of the new targets whose answer's key lies in the window
  // References to read the accuracies against (no model involved): chance 1/vocab, right up to L and at
  // chance after it (chance_reference.hpp), and the order-blind ceiling (order_blind.hpp) over all
  // scored positions and over t >= L (-1 where none).
  double chance = 0, rightThenChance = 0, orderBlind = 0, orderBlindNew = -1;
};

struct AttentionMap {
  int layer, head, length;
  std::vector<float> weights;  // [length][length], row = query, zero above the diagonal
};

struct HeadShare {
  int layer, head;
  double meanTrained, spreadTrained;  // queries t < L
  double meanBeyond, spreadBeyond;    // queries L <= t < 2L
  std::vector<double> shareL, share2L;  // per query position (-1 where the target is undefined)
  double meanNew4L = -1, spreadNew4L = -1;  // queries L <= t < 4L at 4L
  double meanBeyondWindowed = -1, meanNew4LWindowed = -1;  // window L; -1: no query sees its answer
};

struct Relative {
  std::string answerAt;  // "t-k", "0", "t+1-T/2"
  int length = 0;        // 2L, the longer set
  int bestLayer = 0, bestHead = 0;  // the head with the largest meanTrained
  std::vector<HeadShare> heads;
};

struct Ablation {
  bool defined = false;  // sinusoidal only
  int quarter = 0;       // d/4 dimensions removed in each case
  double baseL = 0, noFastL = 0, noSlowL = 0;     // accuracy at L
  double base2L = 0, noFast2L = 0, noSlow2L = 0;  // accuracy at 2L
  int meanOver = 0;                               // L: the mean ablation averages rows t < meanOver
  double meanFastL = 0, meanSlowL = 0, shuffleFastL = 0, shuffleSlowL = 0;      // accuracy at L
  double meanFast2L = 0, meanSlow2L = 0, shuffleFast2L = 0, shuffleSlow2L = 0;  // accuracy at 2L
  std::vector<double> peRms, peWeightQ, peWeightK;  // per PE dimension j
};

struct HeadMechanism {
  int layer = 0, head = 0;
  OffsetR2 atL, at2L;             // R^2 of the content-averaged scores against the offset
  double commutingFraction = -1;  // sinusoidal layer 0 only
};

struct Evaluation {
  std::vector<LengthAccuracy> accuracy;  // L, 2L, 4L
  bool orderBlindExact = true;           // false: orderBlind is an upper bound of the ceiling (copy)
  std::vector<AttentionMap> attention;   // layer-major, at L
  Relative relative;
  std::vector<HeadMechanism> mechanism;  // layer-major
  Ablation ablation;
};

struct EvalOptions {
  int sequences = 64;        // per length
  bool ablation = true;      // sinusoidal only in any case
  bool attentionMaps = true;
};

// Accuracy and mean loss of the model on set b, forwarding at most `chunk` sequences at a time; with
// new_from > 0 also accuracyNew over the queries t >= new_from; window as Model::forward's.
LengthAccuracy accuracy_on(const Model<float>& m, const Batch& b, Workspace<float>& ws, int new_from = 0,
                           size_t window = 0);
Evaluation evaluate(const Model<float>& m, const EvalOptions& opt = {});

// The ablations' changes to a sinusoidal model's PE table (dimensions [from, to), rows 0..rows-1; the
// forward pass of an evaluation set reads rows 0..T-1):
// every row of those columns set to the column's mean over rows t < mean_over (summed in double);
void pe_replace_mean(Model<float>& m, size_t from, size_t to, int rows, int mean_over);
// row t of those columns set to the original row perm[t] (perm a permutation of 0..perm.size()-1);
void pe_shuffle(Model<float>& m, size_t from, size_t to, const std::vector<int>& perm);
// the shuffle ablation's permutation of 0..T-1 for the set of length T: Fisher-Yates on
// Rng(seed, Stream::pe_shuffle) restarted per T, so the same config always gets the same one.
std::vector<int> ablation_permutation(const Config& c, int T);

}  // namespace train
