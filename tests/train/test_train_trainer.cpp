// Training: determinism (bit-identical twice), chunked == one call, cancel, no allocation in step(), and
// learning sanity with the default configuration.
#include "catch2_any.hpp"

#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include "train/result.hpp"
#include "train/trainer.hpp"

using namespace train;

// Counts every allocation in this test executable, to show that step() makes none.
namespace {
std::atomic<long long> g_allocations{0};
}
void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
// Every form that pairs with these (the nothrow and array forms too), so that no allocation made by one
// family is freed by another (AddressSanitizer reports such a mismatch).
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  ++g_allocations;
  return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return operator new(n, std::nothrow); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

TEST_CASE("the same config twice gives bit-identical losses and weights; another seed does not") {
  // What we found: with fixed summation orders, our own exp and -ffp-contract=off, repeated runs are
  // identical natively; tests/train/compare_native_wasm.sh compares native with wasm (see the report).
  Config c;
  c.steps = 60;
  c.encoding = Encoding::sinusoidal;
  c.layers = 2;
  Trainer a(c), b(c);
  std::vector<double> la, lb;
  while (!a.done()) la.push_back(a.step());
  while (!b.done()) lb.push_back(b.step());
  CHECK(la == lb);
  CHECK(a.model().params == b.model().params);
  c.seed = 2;
  Trainer other(c);
  CHECK(other.step() != la[0]);
}

TEST_CASE("run() in chunks gives the same losses as stepping; progress and cancel between chunks") {
  Config c;
  c.steps = 40;
  Trainer t(c);
  while (!t.done()) t.step();
  int calls = 0;
  const Result r = run(c, [&](const Progress& p) {
    ++calls;
    CHECK(p.steps == 40);
    CHECK(p.log != nullptr);
  }, {}, 10, EvalOptions{8, false, false});
  CHECK(calls == 4);
  REQUIRE(r.loss.size() == t.loss_log().size());
  for (size_t i = 0; i < r.loss.size(); ++i) {
    CHECK(r.loss[i].step == t.loss_log()[i].step);
    CHECK(r.loss[i].loss == t.loss_log()[i].loss);
  }
  const Result cancelled = run(c, {}, [] { return true; }, 10, EvalOptions{8, false, false});
  CHECK(cancelled.cancelled);
  CHECK(cancelled.steps == 10);
}

TEST_CASE("the loss log: one entry every steps/100 steps, and one at the last step") {
  Config c;
  c.steps = 250;
  Trainer t(c);
  while (!t.done()) t.step();
  CHECK(t.log_every() == 2);
  REQUIRE(t.loss_log().size() == 125);
  CHECK(t.loss_log().front().step == 2);
  CHECK(t.loss_log().back().step == 250);
}

TEST_CASE("step() allocates nothing") {
  Config c;
  c.steps = 20;
  c.encoding = Encoding::learned;
  c.layers = 2;
  Trainer t(c);
  t.step();
  const long long before = g_allocations.load();
  for (int i = 0; i < 10; ++i) t.step();
  CHECK(g_allocations.load() == before);
}

TEST_CASE("a bad config: Trainer reports it and does nothing, run() returns it as the result's error") {
  Config c;
  c.steps = -5;  // refused, and must not size anything
  Trainer neg(c);
  CHECK(neg.done());
  CHECK(neg.loss_log().empty());
  c = Config{};
  c.heads = 3;
  Trainer t(c);
  CHECK(!t.error().empty());
  CHECK(t.done());
  CHECK(t.step() == 0.0);
  const Result r = run(c);
  CHECK(r.error == validate(c));
  CHECK(to_json(r).find("\"error\":\"dModel must be divisible by heads") != std::string::npos);
}

TEST_CASE("the default run learns: loss falls by 90% or more, accuracy at L at least 0.9") {
  // Default config (lookback k=3, rope, one layer): measured 1.00 at L for seeds 1-3 (see the report).
  // Asserted loosely, not tuned to a seed.
  const Result r = run(Config{});
  REQUIRE(r.error.empty());
  REQUIRE(r.loss.size() >= 2);
  INFO("first " << r.loss.front().loss << " last " << r.loss.back().loss);
  CHECK(r.loss.back().loss <= 0.1 * r.loss.front().loss);
  CHECK(r.eval.accuracy[0].accuracy >= 0.9);
}
