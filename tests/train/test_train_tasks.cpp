// Targets and masks against hand-worked sequences; the random streams and the deterministic exp/log.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "train/detmath.hpp"
#include "train/rng.hpp"
#include "train/tasks.hpp"

using namespace train;

namespace {
Batch one(const std::vector<int>& tokens, const Config& c) {
  Batch b;
  b.resize(1, static_cast<int>(tokens.size()));
  b.tokens = tokens;
  set_targets(c, b);
  return b;
}
}  // namespace

TEST_CASE("lookback k=2: target x[t-2] from t=2 on") {
  Config c;
  c.task = Task::lookback;
  c.k = 2;
  const Batch b = one({3, 1, 4, 1, 5, 9}, c);
  CHECK(b.targets == std::vector<int>{-1, -1, 3, 1, 4, 1});
  CHECK(b.mask == std::vector<std::uint8_t>{0, 0, 1, 1, 1, 1});
  CHECK(b.masked == 4);
}

TEST_CASE("first: target x[0] from t=1 on") {
  Config c;
  c.task = Task::first;
  const Batch b = one({3, 1, 4, 1, 5, 9}, c);
  CHECK(b.targets == std::vector<int>{-1, 3, 3, 3, 3, 3});
  CHECK(b.masked == 5);
}

TEST_CASE("copy, T=6: halves 3,1,4 | 3,1,4; targets the next token from t = 2 to 4") {
  Config c;
  c.task = Task::copy;
  const Batch b = one({3, 1, 4, 3, 1, 4}, c);
  CHECK(b.targets == std::vector<int>{-1, -1, 3, 1, 4, -1});
  CHECK(b.masked == 3);
}

TEST_CASE("fill_batch: tokens in range, copy's second half repeats the first, eval sets fixed per config") {
  Config c;
  c.task = Task::copy;
  c.vocab = 5;
  Rng rng(1, 2);
  Batch b;
  b.resize(8, 10);
  fill_batch(c, rng, b);
  for (int s = 0; s < 8; ++s)
    for (int t = 0; t < 10; ++t) {
      const int x = b.tokens[static_cast<size_t>(s * 10 + t)];
      CHECK(x >= 0);
      CHECK(x < 5);
      if (t >= 5) CHECK(x == b.tokens[static_cast<size_t>(s * 10 + t - 5)]);
    }
  const Batch e1 = eval_set(c, 4, 10), e2 = eval_set(c, 4, 10);
  CHECK(e1.tokens == e2.tokens);
  Rng train_rng(c.seed, static_cast<std::uint64_t>(Stream::train_batches));
  Batch tb;
  tb.resize(4, 10);
  fill_batch(c, train_rng, tb);
  CHECK(tb.tokens != e1.tokens);  // evaluation data is not the training stream
}

TEST_CASE("Rng: streams differ, below() stays in range and covers it, uniform() in [0, 1)") {
  Rng a(5, 1), b(5, 2), a2(5, 1);
  CHECK(a.next() != b.next());
  CHECK(a2.next() != a.next());  // a has advanced twice now
  Rng r(9, 1);
  std::vector<int> seen(7, 0);
  for (int i = 0; i < 7000; ++i) {
    const std::uint32_t x = r.below(7);
    REQUIRE(x < 7);
    ++seen[x];
  }
  for (int n : seen) CHECK(n > 800);  // expected 1000 each; 800 is > 6 sigma away
  for (int i = 0; i < 1000; ++i) {
    const double u = r.uniform();
    CHECK(u >= 0.0);
    CHECK(u < 1.0);
  }
  // The published first output of splitmix64 from state 0 (Vigna's reference code).
  std::uint64_t s = 0;
  CHECK(splitmix64(s) == 0xE220A8397B1DCDAFull);
}

TEST_CASE("det_exp within 2 float ulps of exp; det_log within 1e-15 relative of log") {
  for (float x = -80.0f; x <= 80.0f; x += 0.37f) {
    const double want = std::exp(static_cast<double>(x));
    CHECK(std::fabs(static_cast<double>(det_exp(x)) - want) <= 2.4e-7 * want);
  }
  CHECK(det_exp(-100.0f) == 0.0f);
  CHECK(det_exp(0.0f) == 1.0f);
  for (double x : {1e-30, 0.001, 0.5, 0.7071, 1.0, 1.5, 2.0, 16.0, 12345.678, 1e300}) {
    INFO(x);
    CHECK(std::fabs(det_log(x) - std::log(x)) <= 1e-15 * std::fmax(1.0, std::fabs(std::log(x))));
  }
}
