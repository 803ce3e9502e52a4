// The precomputed slow-dimension ablation as the view reads it (slow_precomputed.hpp), against a second
// implementation: Python's statistics module on the same data file (mean and sample standard deviation
// of intact minus ablated, per task and length, seeds 1-10), and the turn worked by hand. The view
// stores the accuracies as floats: the tolerance 1e-6 covers that.
#include "lessons/experiment/slow_precomputed.hpp"

#include "catch2_any.hpp"

using namespace app;

TEST_CASE("the slowest quarter's turn over the trained positions, by hand") {
  // d = 32, L = 16 (the page's runs): pair (32 - 8) / 2 = 12, w = 10000^(-24/32) = 1e-3, times 15.
  CHECK(slow_quarter_turn(32, 16) == Approx(0.015).epsilon(1e-12));
  // d = 64: pair 24, w = 10000^(-48/64) = 1e-3; L = 64 -> 0.063, L = 128 -> 0.127.
  CHECK(slow_quarter_turn(64, 64) == Approx(0.063).epsilon(1e-12));
  CHECK(slow_quarter_turn(64, 128) == Approx(0.127).epsilon(1e-12));
}

TEST_CASE("costs per task and length: the data file's numbers, with their verdicts") {
  const std::vector<SlowPrecomputedRow> rows = slow_precomputed();
  REQUIRE(rows.size() == 4);
  CHECK(std::string(rows[0].task) == "lookback");
  CHECK(rows[0].length == 64);
  CHECK(std::string(rows[3].task) == "first");
  CHECK(rows[3].length == 128);
  struct Expect { int row, ablation; double mean, sd; train::Verdict v; };
  // statistics.mean / statistics.stdev of base - ablated at L over the 10 seeds (python3, 2026-12-03).
  const Expect expect[] = {
      {0, 0, 0.035733, 0.023801, train::Verdict::above},   // lookback 64, slow zeroed
      {0, 1, 0.0, 0.0, train::Verdict::within},            // slow replaced by its mean
      {0, 2, 0.0, 0.0, train::Verdict::within},            // slow shuffled
      {0, 3, 0.798156, 0.008899, train::Verdict::above},   // fast zeroed
      {1, 0, 0.106838, 0.063632, train::Verdict::above},   // lookback 128
      {2, 0, 0.0, 0.0, train::Verdict::within},            // first 64
      {3, 0, 0.000111, 0.000350, train::Verdict::within},  // first 128: one seed of ten lost 0.0011
      {3, 3, 0.679528, 0.085393, train::Verdict::above},
  };
  for (const Expect& e : expect) {
    INFO("row " << e.row << ", ablation " << e.ablation);
    const train::SeedVerdict& v = rows[static_cast<size_t>(e.row)].cost[0][static_cast<size_t>(e.ablation)];
    CHECK(v.n == 10);
    CHECK(v.mean == Approx(e.mean).margin(1e-6));
    CHECK(v.spread == Approx(e.sd).margin(1e-6));
    CHECK(v.verdict == e.v);
  }
  // Intact at L: every seed scored 1 on lookback 64.
  CHECK(rows[0].intact[0] == Approx(1.0).margin(1e-9));
  CHECK(slow_use(rows) == SlowUse::constant);
}

TEST_CASE("what the rows say follows their verdicts") {
  std::vector<SlowPrecomputedRow> rows(1);
  CHECK(slow_use(rows) == SlowUse::unused);  // no verdict at all: nothing costs
  rows[0].cost[0][0].verdict = train::Verdict::above;
  CHECK(slow_use(rows) == SlowUse::constant);
  rows[0].cost[0][2].verdict = train::Verdict::above;
  CHECK(slow_use(rows) == SlowUse::information);
  rows[0].cost[0][2].verdict = train::Verdict::within;
  rows[0].cost[1][1].verdict = train::Verdict::above;  // at 2L only: the question is about trained positions
  CHECK(slow_use(rows) == SlowUse::constant);
}
