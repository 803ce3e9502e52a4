// Evenly spaced samples of a span (core/samples.hpp), against values worked out by hand.
#include "catch2_any.hpp"

#include <vector>

#include "core/samples.hpp"

using namespace pe;

TEST_CASE("even samples: both ends included, evenly spaced") {
  const std::vector<double> xs = even_samples(100, 9, 4);  // 100, 103, 106, 109
  REQUIRE(xs.size() == 4);
  CHECK(xs[0] == 100);
  CHECK(xs[1] == 103);
  CHECK(xs[2] == 106);
  CHECK(xs[3] == 109);
  // Whole positions when count = span + 1: start .. start + span one by one.
  const std::vector<double> whole = even_samples(4096, 31, 32);
  REQUIRE(whole.size() == 32);
  for (size_t j = 0; j < whole.size(); ++j) CHECK(whole[j] == 4096.0 + static_cast<double>(j));
}

TEST_CASE("even samples: one sample is the start, none for a count below one") {
  CHECK(even_samples(7, 10, 1) == std::vector<double>{7});
  CHECK(even_samples(7, 10, 0).empty());
  CHECK(even_samples(7, 10, -3).empty());
}
