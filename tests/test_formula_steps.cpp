// The worked formula against the primer's example, against the encoding itself, and (the double-double
// value) against the real formula evaluated with mpmath.
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

// Reference values from the real formula in 60-digit arithmetic (mpmath), independent of this code:
//   python3 -c "import mpmath as mp; mp.mp.dps = 60; pos, j, d, base = mp.mpf('1e6'), 2, 6, 100; \
//     a = mp.power(base, -mp.mpf(2 * (j // 2)) / d) * pos; print(mp.nstr(mp.sin(a) if j % 2 == 0 else mp.cos(a), 20))"
// (one line per row below, with that row's pos, j, d and base), printed to 20 digits.
struct Reference {
  double pos;
  int dim, d;
  double base;
  double value;
};
const Reference kReference[] = {
    {1e6, 0, 512, 10000, -3.4999350217129295212e-1},
    {1e6, 1, 512, 10000, 9.3675212753314478694e-1},
    {1e6, 2, 512, 10000, -8.6144454160506065547e-1},
    {1e6, 3, 512, 10000, -5.0785165327962349893e-1},
    {1e6, 37, 512, 10000, -6.3345944627522824594e-1},
    {1e6, 128, 512, 10000, 3.5748797972016509316e-2},
    {1e6, 129, 512, 10000, -9.9936080743821245189e-1},
    {1e6, 255, 512, 10000, 6.0065799578226335692e-1},
    {1e6, 300, 512, 10000, 9.8662042166098845761e-1},
    {1e6, 511, 512, 10000, -9.9995708274516327105e-1},
    {1e6, 0, 6, 100, -3.4999350217129295212e-1},
    {1e6, 1, 6, 100, 9.3675212753314478694e-1},
    {1e6, 2, 6, 100, -6.2254823378486114574e-1},
    {1e6, 3, 6, 100, 7.825814312973122617e-1},
    {1e6, 4, 6, 100, 9.0993224068005140853e-1},
    {1e6, 5, 6, 100, -4.1475693770084304231e-1},
    {1e9, 0, 512, 10000, 5.4584344944869956424e-1},
    {1e9, 1, 512, 10000, 8.3788718136390233439e-1},
    {1e9, 2, 512, 10000, 9.8217225029117452963e-1},
    {1e9, 3, 512, 10000, 1.879831661558300653e-1},
    {1e9, 37, 512, 10000, 4.0963804385914292766e-1},
    {1e9, 128, 512, 10000, 9.3163902710972600803e-1},
    {1e9, 129, 512, 10000, -3.6338508935569055387e-1},
    {1e9, 255, 512, 10000, -9.5611231533104158614e-1},
    {1e9, 300, 512, 10000, -3.9161347749775693674e-1},
    {1e9, 511, 512, 10000, -9.872187955096415412e-1},
    {1e9, 0, 6, 100, 5.4584344944869956424e-1},
    {1e9, 1, 6, 100, 8.3788718136390233439e-1},
    {1e9, 2, 6, 100, 3.0137597894666005864e-1},
    {1e9, 3, 6, 100, 9.5350538504716496074e-1},
    {1e9, 4, 6, 100, 4.0690608051901965396e-1},
    {1e9, 5, 6, 100, 9.1347000040321471635e-1},
    {-1e9, 0, 512, 10000, -5.4584344944869956424e-1},
    {-1e9, 1, 512, 10000, 8.3788718136390233439e-1},
    {-1e9, 2, 512, 10000, -9.8217225029117452963e-1},
    {-1e9, 3, 512, 10000, 1.879831661558300653e-1},
    {-1e9, 37, 512, 10000, 4.0963804385914292766e-1},
    {-1e9, 128, 512, 10000, -9.3163902710972600803e-1},
    {-1e9, 129, 512, 10000, -3.6338508935569055387e-1},
    {-1e9, 255, 512, 10000, -9.5611231533104158614e-1},
    {-1e9, 300, 512, 10000, 3.9161347749775693674e-1},
    {-1e9, 511, 512, 10000, -9.872187955096415412e-1},
    {-1e9, 0, 6, 100, -5.4584344944869956424e-1},
    {-1e9, 1, 6, 100, 8.3788718136390233439e-1},
    {-1e9, 2, 6, 100, -3.0137597894666005864e-1},
    {-1e9, 3, 6, 100, 9.5350538504716496074e-1},
    {-1e9, 4, 6, 100, -4.0690608051901965396e-1},
    {-1e9, 5, 6, 100, 9.1347000040321471635e-1},
    {123456.75, 0, 512, 10000, -9.9991941252276225579e-1},
    {123456.75, 1, 512, 10000, 1.269521406412672017e-2},
    {123456.75, 2, 512, 10000, 6.0316317138037503783e-1},
    {123456.75, 3, 512, 10000, -7.9761782119657302131e-1},
    {123456.75, 37, 512, 10000, 4.565808642753359689e-1},
    {123456.75, 128, 512, 10000, -7.062085002703760585e-1},
    {123456.75, 129, 512, 10000, 7.0800392240853175834e-1},
    {123456.75, 255, 512, 10000, -3.9464683694744543228e-1},
    {123456.75, 300, 512, 10000, 2.4846565360225063904e-1},
    {123456.75, 511, 512, 10000, 9.7330896545068750358e-1},
    {123456.75, 0, 6, 100, -9.9991941252276225579e-1},
    {123456.75, 1, 6, 100, 1.269521406412672017e-2},
    {123456.75, 2, 6, 100, 9.4151102452214025144e-1},
    {123456.75, 3, 6, 100, 3.3698218158126672398e-1},
    {123456.75, 4, 6, 100, 8.9601863552085727976e-2},
    {123456.75, 5, 6, 100, 9.959776634282484807e-1},
    {1e9, 8191, 8192, 1e12, 9.9999949320847613925e-1},
    {1e9, 4001, 8192, 1e12, 9.9744783636548723814e-1},
    {-999999999.5, 2, 8192, 1e12, -3.0415867360293729511e-1},
};

TEST_CASE("precise: the double-double value matches 60-digit references at pos = 1e6 and 1e9") {
  // Tolerance: the view's own bound, precise_error (1 ulp of sin/cos, the last rounding and the reduced
  // angle's ~1e-20 rad), which must itself stay below 4e-16 so 15 decimals can be right.
  int double_off = 0;
  for (const Reference& r : kReference) {
    INFO("pos " << r.pos << ", j = " << r.dim << ", d = " << r.d << ", base " << r.base);
    const FormulaSteps s = formula_steps(r.pos, r.dim, r.d, r.base);
    CHECK(s.precise_error < 4e-16);
    CHECK_THAT(s.precise, WithinAbs(r.value, s.precise_error));
    // The plain double route (w_i, then w_i * pos, each rounded to 53 bits) is what the table is checked against.
    if (std::fabs(s.value - r.value) > 1e-12) ++double_off;
  }
  // The references do tell the routes apart: at pos = 1e9 the plain double loses digits from the 8th decimal on.
  CHECK(double_off >= 20);
}

TEST_CASE("precise: the issue's case, d = 6, base 100, j = 2, pos = 10^6") {
  // The view showed -0.622548233767228 (plain double); the real value is -0.62254823378486114574 (mpmath).
  const FormulaSteps s = formula_steps(1e6, 2, 6, 100);
  CHECK(four(s.value) == "-0.6225");
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15f", s.value);
  CHECK(std::string(buf) == "-0.622548233767228");
  const int k = certain_decimals(s.precise, s.precise_error, 15);
  CHECK(k == 15);
  std::snprintf(buf, sizeof buf, "%.*f", k, s.precise);
  CHECK(std::string(buf) == "-0.622548233784861");
  // The reduced angle: 10^6 * 100^(-1/3) - 34289 * 2pi = -0.671994692468531361801286606699 (mpmath), as
  // two doubles: mp_hi = float(x) and mp_lo = float(x - mp_hi). The sum must match to 1e-20 rad.
  const double mp_hi = -0.6719946924685314, mp_lo = 2.3131075409416536e-17;
  const ReducedAngle r = reduced_angle(1e6, 1, 6, 100);
  CHECK(r.turns == 34289.0);
  CHECK_THAT(r.hi, WithinAbs(mp_hi, 1.2e-16));
  CHECK_THAT((r.hi - mp_hi) + (r.lo - mp_lo), WithinAbs(0.0, 1e-20));
}

TEST_CASE("precise: agrees with the plain double where the double is exact enough") {
  // Small positions: the double route's angle is off by at most |angle| 2^-52 (w_i and the product each
  // rounded once) and its sin/cos by an ulp; both routes must agree to that.
  for (int d : {2, 8, 64, 512})
    for (double base : {2.0, 100.0, 10000.0})
      for (double pos : {0.0, 1.0, 3.5, 999.0, -17.25})
        for (int j = 0; j < d; j += (d > 64 ? 37 : 1)) {
          const FormulaSteps s = formula_steps(pos, j, d, base);
          CHECK_THAT(s.precise, WithinAbs(s.value, std::fabs(s.angle) * std::ldexp(1.0, -52) + 5e-16));
        }
  // i = 0: w = 1 exactly, so the angle is pos itself and the C library's sin(pos) is within 1 ulp.
  CHECK_THAT(formula_steps(1e9, 0, 512, 10000).precise, WithinAbs(std::sin(1e9), 3e-16));
}

TEST_CASE("certain_decimals: only digits every value within the error shares") {
  CHECK(certain_decimals(0.1234567890123456, 1e-17, 15) == 15);
  // 0.12345 +- 1e-6 is 0.123449 .. 0.123451: five decimals round to 0.12345 and 0.12345, six do not agree.
  CHECK(certain_decimals(0.12345, 1e-6, 15) == 5);
  // A value on a rounding edge at 3 decimals: 0.1235 +- 1e-6 rounds to 0.123 or 0.124, so only 2 (0.12).
  CHECK(certain_decimals(0.1235, 1e-6, 3) == 2);
  // Around zero, "-0.000" and "0.000" are the same digits.
  CHECK(certain_decimals(-1e-17, 1e-16, 15) == 15);
  CHECK(certain_decimals(0.5, 0.6, 15) == 0);
  CHECK(certain_decimals(NAN, 1e-16, 15) == 0);
}
