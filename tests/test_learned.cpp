// Learned positions: the paper's Table 3 numbers and the size of a learned table.
#include "catch2_any.hpp"

#include <limits>
#include <string>

#include "core/learned.hpp"

using namespace pe;

TEST_CASE("Table 3 numbers as the article states them (row E and the base model)") {
  CHECK(kPaperLearned.perplexity == 4.92);
  CHECK(kPaperLearned.bleu == 25.7);
  CHECK(kPaperBaseSinusoid.perplexity == 4.92);
  CHECK(kPaperBaseSinusoid.bleu == 25.8);
  CHECK(std::string(kPaperLearned.encoding).find("learned") != std::string::npos);
}

TEST_CASE("a learned table holds n * d numbers (hand-worked)") {
  CHECK(learned_parameter_count(64, 32) == 2048);
  CHECK(learned_parameter_count(512, 512) == 262144);
  CHECK(learned_parameter_count(100000, 8192) == 819200000.0);  // no int overflow
}

TEST_CASE("a learned table has rows for positions 0 .. n-1 only") {
  CHECK(learned_table_covers(0, 64));
  CHECK(learned_table_covers(63, 64));
  CHECK_FALSE(learned_table_covers(64, 64));
  CHECK_FALSE(learned_table_covers(-1, 64));
  CHECK_FALSE(learned_table_covers(std::numeric_limits<double>::infinity(), 64));
}

TEST_CASE("rows sit at whole positions: 2.94 lies between rows 2 and 3 and has none of its own") {
  CHECK(learned_table_has_row(2, 64));
  CHECK(learned_table_has_row(0, 64));
  CHECK(learned_table_has_row(63, 64));
  CHECK(learned_table_covers(2.94, 64));     // inside the span of rows ...
  CHECK_FALSE(learned_table_has_row(2.94, 64));  // ... but not a row
  CHECK_FALSE(learned_table_has_row(62.5, 64));
  CHECK_FALSE(learned_table_has_row(64, 64));    // a whole position beyond the table
  CHECK_FALSE(learned_table_has_row(-2, 64));
  CHECK_FALSE(learned_table_has_row(std::numeric_limits<double>::quiet_NaN(), 64));
}
