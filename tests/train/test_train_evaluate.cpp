// The evaluation's new-position and windowed figures (train/evaluate.hpp) against independent truths:
//  - causality: at 2L the outputs at t < L are those of the sequence cut to its first L tokens, so the
//    all-positions accuracy is the count-weighted mix of the cut set's and the new positions' accuracy;
//  - translation: for encodings that see offsets only (none, ALiBi), one layer, the windowed output at t
//    is the full model's output at the last position of the L-token window ending at t, so the windowed
//    new-position accuracy is the accuracy on those windows, bit for bit;
//  - the answer's key and the window, hand-worked per task.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "train/evaluate.hpp"
#include "train/trainer.hpp"

using namespace train;

namespace {

Model<float> trained(Config c, int steps) {
  c.steps = steps;
  Trainer t(c);
  while (!t.done()) t.step();
  return t.model();
}

// The first `len` tokens of every sequence of b, with the task's targets at that length.
Batch cut(const Config& c, const Batch& b, int len) {
  Batch o;
  o.resize(b.n, len);
  for (int s = 0; s < b.n; ++s)
    for (int t = 0; t < len; ++t)
      o.tokens[static_cast<size_t>(s * len + t)] = b.tokens[static_cast<size_t>(s * b.T + t)];
  set_targets(c, o);
  return o;
}

// For every sequence of b and every scored query t >= from: the window of W tokens ending at t, scored
// at its last position only, with t's target.
Batch windows(const Batch& b, int from, int W) {
  std::vector<std::pair<int, int>> at;
  for (int s = 0; s < b.n; ++s)
    for (int t = from; t < b.T; ++t)
      if (b.mask[static_cast<size_t>(s * b.T + t)]) at.push_back({s, t});
  Batch o;
  o.resize(static_cast<int>(at.size()), W);
  o.masked = 0;
  for (size_t i = 0; i < at.size(); ++i) {
    const auto [s, t] = at[i];
    for (int u = 0; u < W; ++u) {
      const size_t j = i * static_cast<size_t>(W) + static_cast<size_t>(u);
      o.tokens[j] = b.tokens[static_cast<size_t>(s * b.T + t - W + 1 + u)];
      const bool last = u == W - 1;
      o.targets[j] = last ? b.targets[static_cast<size_t>(s * b.T + t)] : -1;
      o.mask[j] = last ? 1 : 0;
      o.masked += last ? 1 : 0;
    }
  }
  return o;
}

}  // namespace

TEST_CASE("new positions: the all-positions accuracy at 2L and 4L is the mix of the first L and the new ones") {
  for (Task task : {Task::lookback, Task::first})
    for (Encoding e : {Encoding::sinusoidal, Encoding::learned, Encoding::none}) {
      Config c;
      c.task = task;
      c.encoding = e;
      const Model<float> m = trained(c, 150);
      const Evaluation ev = evaluate(m, EvalOptions{16, false, false});
      const int L = c.trainLength;
      REQUIRE(ev.accuracy.size() == 3);
      CHECK(ev.accuracy[0].targetsNew == 0);
      CHECK(ev.accuracy[0].accuracyNew < 0);  // nothing new at L: written null
      Workspace<float> ws;
      for (size_t i = 1; i < 3; ++i) {
        const int T = L << i;
        const Batch b = eval_set(c, 16, T);
        const Batch first_L = cut(c, b, L);
        const LengthAccuracy old = accuracy_on(m, first_L, ws);
        const LengthAccuracy& a = ev.accuracy[i];
        const double n_old = first_L.masked, n_new = a.targetsNew;
        INFO(task_name(task) << " " << encoding_name(e) << " at " << T << ": all " << a.accuracy << " first L "
                             << old.accuracy << " new " << a.accuracyNew);
        CHECK(n_old + n_new == b.masked);
        CHECK(a.targetsNew == 16 * (T - L));  // every t >= L has a target in both tasks
        CHECK(a.accuracy * (n_old + n_new) == Approx(old.accuracy * n_old + a.accuracyNew * n_new).margin(1e-9));
      }
    }
}

TEST_CASE("windowed: for offset-only encodings with one layer, the accuracy on the L-token windows themselves") {
  for (Encoding e : {Encoding::none, Encoding::alibi})
    for (Task task : {Task::lookback, Task::copy}) {
      Config c;
      c.task = task;
      c.encoding = e;
      c.heads = 4;  // ALiBi's slopes then differ visibly within L
      const Model<float> m = trained(c, 150);
      const Evaluation ev = evaluate(m, EvalOptions{8, false, false});
      const int L = c.trainLength;
      Workspace<float> ws;
      for (size_t i = 1; i < 3; ++i) {
        const int T = L << i;
        const Batch b = eval_set(c, 8, T);
        const LengthAccuracy w = accuracy_on(m, windows(b, L, L), ws);
        INFO(task_name(task) << " " << encoding_name(e) << " at " << T);
        CHECK(ev.accuracy[i].window == L);
        CHECK(ev.accuracy[i].accuracyWindowedNew == w.accuracy);  // the same floats: exact
        // The windowed pass forwards the whole set with the mask; accuracy_on's window agrees with it.
        CHECK(accuracy_on(m, b, ws, L, static_cast<size_t>(L)).accuracyNew == w.accuracy);
      }
    }
}

TEST_CASE("windowed at L is the full evaluation; at 2L and 4L it differs where the window hides keys") {
  Config c;  // lookback, rope
  const Model<float> m = trained(c, 100);
  const Evaluation ev = evaluate(m, EvalOptions{16, false, false});
  CHECK(ev.accuracy[0].window == 0);
  CHECK(ev.accuracy[0].accuracyWindowed == ev.accuracy[0].accuracy);
  Workspace<float> ws;
  const Batch b = eval_set(c, 16, 32);
  // Window >= T: the full figures, exactly.
  const LengthAccuracy wide = accuracy_on(m, b, ws, 16, 32), full = accuracy_on(m, b, ws, 16);
  CHECK(wide.accuracy == full.accuracy);
  CHECK(wide.accuracyNew == full.accuracyNew);
  CHECK(full.accuracy == ev.accuracy[1].accuracy);
  CHECK(full.accuracyNew == ev.accuracy[1].accuracyNew);
}

TEST_CASE("which new targets a window of L keys shows: hand-worked per task (L = 16, k = 3)") {
  Config c;
  c.steps = 1;
  struct Want {
    Task task;
    double at2L, at4L;
  };
  // lookback: key t - 3, always inside. first: key 0, outside for every t >= L. copy at 2L: key
  // t + 1 - L, offset L - 1 (inside); at 4L: offset 2L - 1 (outside).
  for (const Want& w : {Want{Task::lookback, 1, 1}, Want{Task::first, 0, 0}, Want{Task::copy, 1, 0}}) {
    c.task = w.task;
    const Model<float> m = trained(c, 1);
    const Evaluation ev = evaluate(m, EvalOptions{2, false, false});
    INFO(task_name(w.task));
    CHECK(ev.accuracy[1].answerInWindowNew == w.at2L);
    CHECK(ev.accuracy[2].answerInWindowNew == w.at4L);
    for (const HeadShare& h : ev.relative.heads) {
      // A hidden answer has no share to report (-1, null in the JSON); a shown one is a share in [0, 1].
      CHECK((w.at2L == 0 ? h.meanBeyondWindowed == -1 : (h.meanBeyondWindowed >= 0 && h.meanBeyondWindowed <= 1)));
      CHECK((w.at4L == 0 ? h.meanNew4LWindowed == -1 : (h.meanNew4LWindowed >= 0 && h.meanNew4LWindowed <= 1)));
      CHECK(h.meanNew4L >= 0);
    }
  }
}
