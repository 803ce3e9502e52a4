// The worked formula against the primer's example and against the encoding itself.
#include "catch2_any.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "core/encoding.hpp"
#include "core/formula_steps.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

static std::string four(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  return buf;
}

TEST_CASE("primer: d = 4, pos = 1, every step of every dimension") {
  // Dimension 0: pair 0, exponent 0, 10000^0 = 1, w = 1, angle 1, sin 1.
  const FormulaSteps s0 = formula_steps(1, 0, 4, 10000);
  CHECK(s0.pair == 0);
  CHECK(s0.exponent == 0.0);
  CHECK(s0.base_pow == 1.0);
  CHECK(s0.omega == 1.0);
  CHECK(s0.angle == 1.0);
  CHECK(s0.is_sin);
  // Dimension 1: the cos partner of dimension 0.
  const FormulaSteps s1 = formula_steps(1, 1, 4, 10000);
  CHECK(s1.pair == 0);
  CHECK_FALSE(s1.is_sin);
  CHECK(s1.angle == 1.0);
  // Dimensions 2 and 3: pair 1, exponent 2/4 = 0.5, 10000^0.5 = 100, w = 0.01.
  // Tolerance: pow is accurate to an ulp or so on every libm we build with.
  for (int j : {2, 3}) {
    const FormulaSteps s = formula_steps(1, j, 4, 10000);
    CHECK(s.pair == 1);
    CHECK(s.exponent == 0.5);
    CHECK_THAT(s.base_pow, WithinRel(100.0, 1e-15));
    CHECK_THAT(s.omega, WithinRel(0.01, 1e-15));
    CHECK_THAT(s.angle, WithinRel(0.01, 1e-15));
    CHECK(s.is_sin == (j == 2));
  }
  // The primer's four numbers, as the view prints them (4 decimals, rounded).
  CHECK(four(s0.value) == "0.8415");
  CHECK(four(s1.value) == "0.5403");
  CHECK(four(formula_steps(1, 2, 4, 10000).value) == "0.0100");
  // cos(0.01) = 0.99995000042: the primer writes 0.9999 (four digits kept, not rounded); rounded it is 1.0000.
  const double v3 = formula_steps(1, 3, 4, 10000).value;
  CHECK(four(v3) == "1.0000");
  CHECK(std::floor(v3 * 1e4) / 1e4 == 0.9999);
  // Taylor series truth for the last two (see test_encoding.cpp), tolerance 2 ulps near 1.
  CHECK_THAT(formula_steps(1, 2, 4, 10000).value, WithinAbs(0.01 - 1e-6 / 6 + 1e-10 / 120, 2.3e-16));
  CHECK_THAT(v3, WithinAbs(1 - 1e-4 / 2 + 1e-8 / 24 - 1e-12 / 720, 2.3e-16));
}

TEST_CASE("the worked steps agree with each other and with encoding_value") {
  for (int d : {2, 8, 64, 512, 1024})
    for (double base : {2.0, 100.0, 10000.0})
      for (double pos : {0.0, 1.0, 3.5, 999.0})
        for (int j = 0; j < d; j += (d > 64 ? 37 : 1)) {
          const FormulaSteps s = formula_steps(pos, j, d, base);
          CHECK(s.pair == j / 2);
          CHECK(s.exponent == double(2 * (j / 2)) / d);
          // 1 / base^(2i/d) and base^(-2i/d) are two routes to w_i: they agree to a few ulps.
          CHECK_THAT(s.omega * s.base_pow, WithinAbs(1.0, 4e-16));
          CHECK(s.angle == s.omega * pos);
          CHECK(s.value == (s.is_sin ? std::sin(s.angle) : std::cos(s.angle)));
          CHECK(s.value == encoding_value(pos, j, d, base));
        }
}

TEST_CASE("the last pair of d = 512 has exponent 510/512 and divisor about 10000^0.996") {
  const FormulaSteps s = formula_steps(100, 511, 512, 10000);
  CHECK(s.pair == 255);
  CHECK(s.exponent == 510.0 / 512.0);
  // 10000^(510/512) = 10000 / 10000^(1/256) = 9646.616...; worked with exp(ln(10000) * 510/512).
  CHECK_THAT(s.base_pow, WithinRel(std::exp(std::log(10000.0) * 510.0 / 512.0), 1e-13));
  CHECK_THAT(s.base_pow, WithinAbs(9646.6161, 1e-3));
}
