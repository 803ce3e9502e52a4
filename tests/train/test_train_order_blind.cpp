// The order-blind ceiling (train/order_blind.hpp) against independent truths:
//  - m(n), the expected largest count: hand-worked values, and for V = 2 a second formula
//    (E max(C, n - C), C ~ Bin(n, 1/2), summed directly) up to n = 300, to 1e-12;
//  - the ceiling itself: exhaustive enumeration of every sequence of small cases, grouping them by what
//    the order-blind predictor knows (t, T, x_t, the multiset of x_0..x_t) and scoring the best guess of
//    each group -- the Bayes-optimal predictor built from the joint distribution, no derivation used
//    (to 1e-12); for copy the closed form must bound it from above;
//  - a Monte-Carlo simulation at the defaults (V = 16, L = 16, k = 3, at 2L and 4L): the predictor that
//    guesses a most frequent token among x_0..x_{t-1}, ties broken at random, scored on fresh sequences;
//    within 4 standard errors (the per-sequence mean accuracy being the independent unit).
#include "catch2_any.hpp"

#include <cmath>
#include <map>
#include <vector>

#include "train/order_blind.hpp"
#include "train/rng.hpp"
#include "train/tasks.hpp"

using namespace train;

namespace {

Config with(Task task, int vocab, int L, int k = 1) {
  Config c;
  c.task = task;
  c.vocab = vocab;
  c.trainLength = L;
  c.k = k;
  return c;
}

// Every sequence of the task at length T (tasks.cpp's rule: T fresh tokens, copy T/2 repeated), the
// best guess per state of knowledge, mean accuracy over the scored queries t >= from.
double enumerate_ceiling(const Config& c, int T, int from) {
  const int fresh = c.task == Task::copy ? T / 2 : T, V = c.vocab;
  long long count = 1;
  for (int i = 0; i < fresh; ++i) count *= V;
  std::map<std::vector<int>, std::vector<long long>> groups;  // state -> how often each target value
  Batch b;
  b.resize(1, T);
  std::vector<int> digits(static_cast<size_t>(fresh), 0);
  int scored = 0;
  for (long long s = 0; s < count; ++s) {
    long long r = s;
    for (int i = 0; i < fresh; ++i, r /= V) b.tokens[static_cast<size_t>(i)] = static_cast<int>(r % V);
    for (int t = fresh; t < T; ++t) b.tokens[static_cast<size_t>(t)] = b.tokens[static_cast<size_t>(t - T / 2)];
    set_targets(c, b);
    scored = 0;
    for (int t = from; t < T; ++t) {
      if (!b.mask[static_cast<size_t>(t)]) continue;
      ++scored;
      std::vector<int> state(static_cast<size_t>(V) + 2, 0);
      state[0] = t;
      state[1] = b.tokens[static_cast<size_t>(t)];
      for (int u = 0; u <= t; ++u) ++state[2 + static_cast<size_t>(b.tokens[static_cast<size_t>(u)])];
      std::vector<long long>& g = groups[state];
      g.resize(static_cast<size_t>(V), 0);
      ++g[static_cast<size_t>(b.targets[static_cast<size_t>(t)])];
    }
  }
  long long right = 0;
  for (const auto& [state, g] : groups) {
    long long best = 0;
    for (long long n : g) best = std::max(best, n);
    right += best;
  }
  return static_cast<double>(right) / (static_cast<double>(count) * scored);
}

}  // namespace

TEST_CASE("m(n), the expected largest count: hand-worked values and, for two tokens, a second formula") {
  const std::vector<double> m16 = expected_max_counts(3, 16);
  CHECK(m16[0] == 0);
  CHECK(m16[1] == Approx(1.0).margin(1e-15));
  CHECK(m16[2] == Approx(1.0 + 1.0 / 16).margin(1e-15));  // a pair with probability 1/16
  // n = 3: all distinct 15*14/256 (max 1), all equal 1/256 (max 3), else max 2: 1 + 46/256 + 1/256.
  CHECK(m16[3] == Approx(1.0 + 47.0 / 256).margin(1e-15));
  const std::vector<double> m1 = expected_max_counts(5, 1);  // one token: every count is n
  CHECK(m1[5] == Approx(5.0).margin(1e-12));
  const int N = 300;
  const std::vector<double> m2 = expected_max_counts(N, 2);
  for (int n : {1, 2, 7, 40, 121, 300}) {
    // sum_c C(n, c) 2^-n max(c, n - c), the binomial terms from their logarithms.
    double e = 0;
    for (int c = 0; c <= n; ++c)
      e += std::exp(std::lgamma(n + 1.0) - std::lgamma(c + 1.0) - std::lgamma(n - c + 1.0) - n * std::log(2.0)) *
           std::max(c, n - c);
    INFO("n " << n);
    CHECK(m2[static_cast<size_t>(n)] == Approx(e).epsilon(1e-12));
  }
}

TEST_CASE("hand-worked: V = 2, lookback k = 1, T = 3 scores (1 + 3/4) / 2") {
  // t = 1: x_1 and the multiset {x_0, x_1} give x_0 exactly. t = 2: the multiset of x_0, x_1 is known;
  // equal (probability 1/2): right; different: a coin. Mean over the two targets: 0.875.
  const Config c = with(Task::lookback, 2, 4, 1);
  CHECK(order_blind(c, 3) == Approx(0.875).margin(1e-15));
  CHECK(enumerate_ceiling(c, 3, 0) == Approx(0.875).margin(1e-15));
  CHECK(order_blind(c, 3, 2) == Approx(0.75).margin(1e-15));  // the queries t >= 2 only
}

TEST_CASE("lookback and first: the closed form is the enumerated Bayes-optimal order-blind predictor") {
  struct Case {
    Task task;
    int V, T, k, from;
  };
  for (const Case& x : {Case{Task::lookback, 3, 8, 1, 0}, Case{Task::lookback, 3, 8, 3, 0},
                        Case{Task::lookback, 2, 12, 2, 0}, Case{Task::lookback, 2, 12, 5, 6},
                        Case{Task::lookback, 4, 7, 2, 4}, Case{Task::first, 3, 8, 1, 0},
                        Case{Task::first, 2, 12, 1, 6}, Case{Task::first, 5, 6, 1, 3}}) {
    const Config c = with(x.task, x.V, 6, x.k);
    INFO(task_name(x.task) << " V " << x.V << " T " << x.T << " k " << x.k << " from " << x.from);
    REQUIRE(order_blind_exact(c));
    CHECK(order_blind(c, x.T, x.from) == Approx(enumerate_ceiling(c, x.T, x.from)).margin(1e-12));
  }
}

TEST_CASE("copy: the closed form bounds the enumerated ceiling, exact where the halves meet") {
  for (int V : {2, 3})
    for (int T : {8, 12, 16}) {
      if (V == 3 && T == 16) continue;  // 3^8 sequences: fine, but the cases above already tell
      const Config c = with(Task::copy, V, T / 2);
      REQUIRE(!order_blind_exact(c));
      const double bound = order_blind(c, T), exact = enumerate_ceiling(c, T, 0);
      INFO("V " << V << " T " << T << ": bound " << bound << " enumerated " << exact);
      CHECK(bound >= exact - 1e-12);
      CHECK(bound > exact + 1e-6);  // strict: from t = P + 1 on the multiset f + p does not tell r
      // t = P-1 (target x_0) and t = P (x_t = x_0 tells the repeated prefix): exact there.
      const int P = T / 2;
      const std::vector<double> m = expected_max_counts(T, V);
      for (int t : {P - 1, P}) {
        Config one = c;
        // Queries t alone: enumerate from t and subtract the later ones, weighted by their counts.
        const int later = T - 2 - t;
        const double from_t = enumerate_ceiling(one, T, t), from_next = later > 0 ? enumerate_ceiling(one, T, t + 1) : 0;
        const double at_t = from_t * (later + 1) - from_next * later;
        INFO("t " << t);
        CHECK(order_blind_at(c, t, T, m) == Approx(at_t).margin(1e-12));
      }
    }
}

TEST_CASE("Monte-Carlo at the defaults: a most-frequent-token guesser scores the ceiling (4 standard errors)") {
  for (Task task : {Task::lookback, Task::first})
    for (int T : {32, 64})
      for (int from : {0, 16}) {
        Config c;  // V = 16, L = 16, k = 3
        c.task = task;
        Rng rng(12345u + static_cast<unsigned>(T + from), 7);
        const int sequences = 80000;
        double sum = 0, sum2 = 0;
        std::vector<int> x(static_cast<size_t>(T)), counts(16);
        for (int s = 0; s < sequences; ++s) {
          for (int& v : x) v = static_cast<int>(rng.below(16));
          int right = 0, scored = 0;
          std::fill(counts.begin(), counts.end(), 0);
          for (int t = 0; t < T; ++t) {
            // counts holds x_0..x_{t-1} here.
            const int target = task == Task::lookback ? (t >= c.k ? x[static_cast<size_t>(t - c.k)] : -1)
                                                      : (t >= 1 ? x[0] : -1);
            if (target >= 0 && t >= from) {
              int best = 0, ties = 0, guess = 0;
              for (int v = 0; v < 16; ++v) best = std::max(best, counts[static_cast<size_t>(v)]);
              for (int v = 0; v < 16; ++v) ties += counts[static_cast<size_t>(v)] == best ? 1 : 0;
              int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(ties)));
              for (int v = 0; v < 16; ++v)
                if (counts[static_cast<size_t>(v)] == best && pick-- == 0) guess = v;
              right += guess == target ? 1 : 0;
              ++scored;
            }
            ++counts[static_cast<size_t>(x[static_cast<size_t>(t)])];
          }
          const double a = static_cast<double>(right) / scored;
          sum += a;
          sum2 += a * a;
        }
        const double mean = sum / sequences, se = std::sqrt((sum2 / sequences - mean * mean) / sequences);
        const double closed = order_blind(c, T, from);
        INFO(task_name(task) << " T " << T << " from " << from << ": simulated " << mean << " +- " << se
                             << ", closed form " << closed);
        CHECK(std::fabs(mean - closed) <= 4 * se);
        CHECK(se < 0.0015);  // enough sequences for the check to mean something
      }
}
