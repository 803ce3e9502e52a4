// The dot product of two position vectors depends only on their distance.
#include "catch2_any.hpp"

#include <cmath>

#include "core/similarity.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

TEST_CASE("d = 2: PE(pos).PE(pos+k) = cos(k) (hand-worked)") {
  for (double k : {0.0, 1.0, 2.0, 10.0})
    for (double pos : {0.0, 5.0, 42.0}) CHECK_THAT(dot_direct(pos, k, 2, 10000), WithinAbs(std::cos(k), 1e-12));
}

TEST_CASE("k = 0 gives the maximum d/2") {
  CHECK_THAT(dot_direct(123, 0, 512, 10000), WithinAbs(256, 1e-12));
  CHECK(dot_closed_form(0, 512, 10000) == 256);
}

TEST_CASE("article, Figure 5: d = 512, k = 37 gives 139.05 at pos 0, 100 and 300") {
  for (double pos : {0.0, 100.0, 300.0}) CHECK(std::round(dot_direct(pos, 37, 512, 10000) * 100) == 13905);
  CHECK(std::round(dot_closed_form(37, 512, 10000) * 100) == 13905);
}

// Tolerance: d/2 terms each within a few ulps of their angle's rounding; 1e-9 for |pos| <= 1e6.
TEST_CASE("direct sum equals closed form and does not depend on pos") {
  for (int d : {4, 64, 512, 1024})
    for (double k : {1.0, 7.0, 37.0, 1000.0, -12.5})
      for (double pos : {0.0, 3.0, 999.0, 1e6}) {
        INFO("d=" << d << " k=" << k << " pos=" << pos);
        CHECK_THAT(dot_direct(pos, k, d, 10000), WithinAbs(dot_closed_form(k, d, 10000), 1e-9));
      }
}

TEST_CASE("the closed form is even in k") {
  for (double k : {1.0, 37.0, 500.5}) CHECK(dot_closed_form(k, 128, 10000) == dot_closed_form(-k, 128, 10000));
}
