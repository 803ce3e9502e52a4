// Frequencies and periods against hand-worked values and the article's stated numbers.
#include "catch2_any.hpp"

#include <cmath>

#include "core/frequency.hpp"

using namespace pe;
using Catch::Matchers::WithinRel;

TEST_CASE("pair 0 turns one radian per position: period 2*pi") {
  CHECK(omega(0, 512, 10000) == 1.0);
  CHECK_THAT(period(0, 512, 10000), WithinRel(6.283185307179586, 1e-15));
}

TEST_CASE("d = 4: pair 1 has w = 1/100 (hand-worked: 10000^(2/4) = 100)") {
  CHECK_THAT(omega(1, 4, 10000), WithinRel(0.01, 1e-15));
  CHECK_THAT(period(1, 4, 10000), WithinRel(200 * 3.141592653589793, 1e-15));
}

TEST_CASE("d = 512: the slowest period is about 60,611 positions (article, Figure 3)") {
  // 2*pi * 10000^(510/512), worked as 2*pi*10000 * exp(-ln(10000)/256).
  const double expected = 2 * 3.141592653589793 * 10000 * std::exp(-std::log(10000.0) / 256);
  CHECK_THAT(period(255, 512, 10000), WithinRel(expected, 1e-13));
  CHECK(std::round(period(255, 512, 10000)) == 60611);
}

TEST_CASE("neighbouring periods differ by base^(2/d): 1.036 for d = 512") {
  CHECK_THAT(period_ratio(512, 10000), WithinRel(std::exp(std::log(10000.0) / 256), 1e-14));
  // The article rounds down: "about 1.036", each period 3.6% longer than the last.
  CHECK(period_ratio(512, 10000) >= 1.036);
  CHECK(period_ratio(512, 10000) < 1.037);
  for (int i = 0; i + 1 < 256; i += 17)
    CHECK_THAT(period(i + 1, 512, 10000) / period(i, 512, 10000), WithinRel(period_ratio(512, 10000), 1e-12));
}

TEST_CASE("d = 512: from dimension 130 (pair 65) on, the period exceeds 64 positions") {
  CHECK(first_pair_with_period_above(64, 512, 10000) == 65);
  CHECK(period(64, 512, 10000) < 64);  // 2*pi*10 = 62.8
  CHECK(period(65, 512, 10000) > 64);
  CHECK(first_pair_with_period_above(1e9, 512, 10000) == 256);
}

TEST_CASE("omegas() lists the same values as omega(), decreasing") {
  const auto w = omegas(64, 500);
  REQUIRE(w.size() == 32);
  for (int i = 0; i < 32; ++i) CHECK(w[size_t(i)] == omega(i, 64, 500));
  for (size_t i = 1; i < w.size(); ++i) CHECK(w[i] < w[i - 1]);
}
