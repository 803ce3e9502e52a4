// Similarity curves against the one-offset functions of similarity.hpp, the article's value and
// the sampling rules.
#include "catch2_any.hpp"

#include <cmath>

#include "core/similarity.hpp"
#include "core/similarity_curve.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

// Tolerance 1e-12: the same terms summed in the same order as dot_direct / dot_closed_form.
TEST_CASE("curves equal dot_direct and dot_closed_form point by point") {
  const std::vector<double> ks = {0, 1, 2, 5, 37, 100, 999, 10000};
  std::vector<double> direct(ks.size()), closed(ks.size());
  for (int d : {2, 16, 512, 1024})
    for (double base : {100.0, 10000.0}) {
      dot_curve_closed_form(ks, d, base, closed);
      for (double pos : {0.0, 100.0, 300.0, 12.75}) {
        dot_curve_direct(pos, ks, d, base, direct);
        for (size_t s = 0; s < ks.size(); ++s) {
          INFO("d=" << d << " base=" << base << " pos=" << pos << " k=" << ks[s]);
          CHECK_THAT(direct[s], WithinAbs(dot_direct(pos, ks[s], d, base), 1e-12));
          CHECK_THAT(closed[s], WithinAbs(dot_closed_form(ks[s], d, base), 1e-12));
          // Different sums of the same quantity: d/2 rounded terms each, 1e-9 covers |pos + k| <= 1e4.
          CHECK_THAT(direct[s], WithinAbs(closed[s], 1e-9));
        }
      }
    }
}

TEST_CASE("article, Figure 5: d = 512 curves start at 256 and read 139.05 at k = 37 for pos 0, 100, 300") {
  const std::vector<double> ks = {0, 37};
  std::vector<double> v(2);
  for (double pos : {0.0, 100.0, 300.0}) {
    dot_curve_direct(pos, ks, 512, 10000, v);
    CHECK_THAT(v[0], WithinAbs(256, 1e-12));
    CHECK(std::round(v[1] * 100) == 13905);
  }
  dot_curve_closed_form(ks, 512, 10000, v);
  CHECK(v[0] == 256);
  CHECK(std::round(v[1] * 100) == 13905);
}

TEST_CASE("d = 2 (hand-worked): the curve is cos k") {
  const std::vector<double> ks = {0, 1, 2, 3};
  std::vector<double> v(4);
  dot_curve_direct(7, ks, 2, 10000, v);
  for (size_t s = 0; s < ks.size(); ++s) CHECK_THAT(v[s], WithinAbs(std::cos(ks[s]), 1e-14));
}

TEST_CASE("integer_offsets: every whole k when they fit, otherwise evenly spread whole k from 0 to kmax") {
  const auto all = integer_offsets(100, 900);
  REQUIRE(all.size() == 101);
  for (size_t k = 0; k < all.size(); ++k) CHECK(all[k] == double(k));

  const auto some = integer_offsets(10000, 900);
  REQUIRE(some.size() == 900);
  CHECK(some.front() == 0);
  CHECK(some.back() == 10000);
  for (size_t j = 1; j < some.size(); ++j) {
    CHECK(some[j] == std::floor(some[j]));
    CHECK(some[j] > some[j - 1]);
    CHECK(some[j] - some[j - 1] <= 12);  // 10000 / 899 = 11.1, rounded either way
  }
  CHECK(integer_offsets(0, 900) == std::vector<double>{0});
  CHECK(integer_offsets(5, 2) == std::vector<double>{0, 5});
}
