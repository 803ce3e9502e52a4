// The encoding against the primer's worked example and its definition.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "core/encoding.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

TEST_CASE("primer example: d = 4, pos = 1 gives sin 1, cos 1, sin 0.01, cos 0.01") {
  const auto v = encoding_vector(1.0, 4, 10000);
  REQUIRE(v.size() == 4);
  // Hand-worked to 4 decimals in the primer: 0.8415, 0.5403, 0.0100, 0.9999(5).
  CHECK_THAT(v[0], WithinAbs(0.8415, 5e-5));
  CHECK_THAT(v[1], WithinAbs(0.5403, 5e-5));
  CHECK_THAT(v[2], WithinAbs(0.0100, 5e-5));
  CHECK_THAT(v[3], WithinAbs(0.99995, 5e-5));
  // Taylor series at x = 0.01, truncated where the next term is below 1e-17:
  // sin x = x - x^3/6 + x^5/120, cos x = 1 - x^2/2 + x^4/24 - x^6/720. Tolerance: 2 ulps near 1.
  CHECK_THAT(v[2], WithinAbs(0.01 - 1e-6 / 6 + 1e-10 / 120, 2.3e-16));
  CHECK_THAT(v[3], WithinAbs(1 - 1e-4 / 2 + 1e-8 / 24 - 1e-12 / 720, 2.3e-16));
}

TEST_CASE("position 0 is (0, 1, 0, 1, ...)") {
  const auto v = encoding_vector(0.0, 16, 10000);
  for (int j = 0; j < 16; ++j) CHECK(v[size_t(j)] == (j % 2 ? 1.0 : 0.0));
}

TEST_CASE("every pair lies on the unit circle") {
  const auto v = encoding_vector(12345.678, 512, 10000);
  for (size_t j = 0; j < v.size(); j += 2) CHECK_THAT(v[j] * v[j] + v[j + 1] * v[j + 1], WithinAbs(1.0, 1e-15));
}

TEST_CASE("value, vector and table agree, and fractional positions work") {
  const int d = 10, n = 7;
  const double base = 50, pos0 = 2.5;
  std::vector<double> table(size_t(n * d));
  encoding_table(pos0, n, d, base, table);
  for (int r = 0; r < n; ++r) {
    const auto row = encoding_vector(pos0 + r, d, base);
    for (int j = 0; j < d; ++j) {
      CHECK(table[size_t(r * d + j)] == row[size_t(j)]);
      CHECK(encoding_value(pos0 + r, j, d, base) == row[size_t(j)]);
    }
  }
}

TEST_CASE("a pair repeats after its period (a second route to the same value)") {
  // pair 1 of d = 4 has period 200*pi; sin/cos of pos and pos + period agree.
  const double p = 200 * 3.141592653589793;
  for (double pos : {0.0, 3.0, 77.7}) {
    CHECK_THAT(encoding_value(pos + p, 2, 4, 10000), WithinAbs(encoding_value(pos, 2, 4, 10000), 1e-12));
    CHECK_THAT(encoding_value(pos + p, 3, 4, 10000), WithinAbs(encoding_value(pos, 3, 4, 10000), 1e-12));
  }
}
