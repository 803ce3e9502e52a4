// The right-up-to-L-then-chance reference (train/chance_reference.hpp) against hand-worked values and
// against an independent count: the masks of real evaluation sets (tasks.cpp's set_targets), position by
// position, scored as a model right before L and right with probability 1/vocab after it.
#include "catch2_any.hpp"

#include <cmath>

#include "train/chance_reference.hpp"
#include "train/tasks.hpp"

using namespace train;

TEST_CASE("hand-worked references for the three tasks at the defaults (L = 16, k = 3, vocab 16)") {
  Config c;  // lookback, k = 3, L = 16, vocab 16
  CHECK(right_then_chance(c, 16) == Approx(1.0).margin(1e-15));
  CHECK(right_then_chance(c, 32) == Approx(14.0 / 29).margin(1e-15));  // (13 + 16/16) / 29 = 0.48276
  CHECK(right_then_chance(c, 64) == Approx(16.0 / 61).margin(1e-15));  // (13 + 48/16) / 61 = 0.26230
  c.task = Task::first;
  CHECK(right_then_chance(c, 32) == Approx(16.0 / 31).margin(1e-15));  // (15 + 16/16) / 31
  CHECK(right_then_chance(c, 64) == Approx(18.0 / 63).margin(1e-15));  // (15 + 48/16) / 63
  c.task = Task::copy;
  // At 32 the targets are t = 15..30 (16 of them); only t = 15 lies before L: (1 + 15/16) / 16.
  CHECK(right_then_chance(c, 32) == Approx((1 + 15.0 / 16) / 16).margin(1e-15));
  CHECK(right_then_chance(c, 16) == Approx(1.0).margin(1e-15));
  // A model that learned nothing scores chance everywhere; the reference is never below it.
  for (int T : {16, 32, 64, 128}) CHECK(right_then_chance(c, T) >= 1.0 / 16);
}

TEST_CASE("the closed form agrees with the masks of real evaluation sets, task by task") {
  for (Task task : {Task::lookback, Task::first, Task::copy})
    for (int L : {4, 8, 16, 30})
      for (int k : {1, 3}) {
        Config c;
        c.task = task;
        c.trainLength = L;
        c.k = k;
        c.vocab = 7;
        for (int T : {L, 2 * L, 4 * L}) {
          const Batch b = eval_set(c, 2, T);
          double inside = 0, beyond = 0;
          for (int t = 0; t < T; ++t)
            if (b.mask[static_cast<size_t>(t)]) (t < L ? inside : beyond) += 1;
          INFO("task " << static_cast<int>(task) << " L " << L << " k " << k << " T " << T);
          CHECK(target_count(c, T) == static_cast<int>(inside + beyond));
          CHECK(right_then_chance(c, T) == Approx((inside + beyond / 7) / (inside + beyond)).margin(1e-14));
        }
      }
}
