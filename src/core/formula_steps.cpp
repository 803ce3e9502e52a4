#include "formula_steps.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string_view>

#include "encoding.hpp"
#include "frequency.hpp"

namespace pe {

namespace {

// A double-double: the unevaluated sum hi + lo with |lo| <= ulp(hi) / 2, about 106 significant bits.
// The building blocks are Knuth's two-sum and the fma form of the exact product; each operation below
// loses a few units of 2^-104 relative at most.
struct DD {
  double hi;
  double lo;
};

DD two_sum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

DD fast_two_sum(double a, double b) {  // needs |a| >= |b|
  const double s = a + b;
  return {s, b - (s - a)};
}

DD two_prod(double a, double b) {
  const double p = a * b;
  return {p, std::fma(a, b, -p)};
}

DD add(DD a, DD b) {
  DD s = two_sum(a.hi, b.hi);
  const DD t = two_sum(a.lo, b.lo);
  s.lo += t.hi;
  s = fast_two_sum(s.hi, s.lo);
  s.lo += t.lo;
  return fast_two_sum(s.hi, s.lo);
}

DD neg(DD a) { return {-a.hi, -a.lo}; }

DD mul(DD a, DD b) {
  DD p = two_prod(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return fast_two_sum(p.hi, p.lo);
}

DD mul(DD a, double b) {
  DD p = two_prod(a.hi, b);
  p.lo += a.lo * b;
  return fast_two_sum(p.hi, p.lo);
}

// a / b by long division: three double quotients, each taking the remainder's leading digits.
DD div(DD a, double b) {
  const double q1 = a.hi / b;
  DD r = add(a, neg(two_prod(q1, b)));
  const double q2 = r.hi / b;
  r = add(r, neg(two_prod(q2, b)));
  const double q3 = r.hi / b;
  const DD q = fast_two_sum(q1, q2);
  return add(q, DD{q3, 0.0});
}

// ln 2 and 2pi to 107 bits (hi is the double nearest; lo the double nearest the rest).
constexpr DD kLn2{6.931471805599452862e-01, 2.319046813846299558e-17};
constexpr DD kTwoPiDD{6.283185307179586232e+00, 2.449293598294706414e-16};

// e^a for |a| below about 700. a = k ln 2 + r with |r| <= ln 2 / 2; e^(r / 64) - 1 by its Taylor series
// (|r / 64| < 0.0055: the 13th term is below 1e-35), then squared back: (1 + s)^2 - 1 = 2s + s^2 six
// times, which keeps the small s exact instead of rounding 1 + s; last, 1 + s times 2^k.
DD exp_dd(DD a) {
  const double k = std::nearbyint(a.hi / kLn2.hi);
  DD r = add(a, neg(mul(kLn2, k)));
  r = {std::ldexp(r.hi, -6), std::ldexp(r.lo, -6)};
  DD s = r, term = r;
  for (int n = 2; n <= 14; ++n) {
    term = div(mul(term, r), static_cast<double>(n));
    s = add(s, term);
  }
  for (int m = 0; m < 6; ++m) s = add(mul(s, 2.0), mul(s, s));
  s = add(s, DD{1.0, 0.0});
  const int e = static_cast<int>(k);
  return {std::ldexp(s.hi, e), std::ldexp(s.lo, e)};
}

// ln x for x > 0: y = log(x) in double, then one Newton step y + x e^-y - 1, which squares the error
// (1e-16 to about 1e-32).
DD log_dd(double x) {
  const double y = std::log(x);
  const DD t = add(mul(exp_dd(DD{-y, 0.0}), x), DD{-1.0, 0.0});
  return add(DD{y, 0.0}, t);
}

// w_i = base^(-2i/d) = e^(-ln(base) 2i / d), the exponent kept as the exact fraction 2i/d.
DD omega_dd(int pair, int d, double base) {
  if (pair == 0) return {1.0, 0.0};
  const DD t = div(mul(log_dd(base), 2.0 * pair), static_cast<double>(d));
  return exp_dd(neg(t));
}

std::string_view trimmed_sign(const char* s) {
  // "-0.000" and "0.000" are the same number: drop the sign when every digit is zero.
  if (s[0] == '-' && std::strspn(s + 1, "0.") == std::strlen(s + 1)) return s + 1;
  return s;
}

}  // namespace

ReducedAngle reduced_angle(double pos, int pair, int d, double base) {
  const DD angle = mul(omega_dd(pair, d, base), pos);
  // n < 2^31 for |pos| <= 1e9: n * 2pi_hi is exact as a two_prod, n * 2pi_lo is off by < 2^-53 of 1e-7.
  const double n = std::nearbyint(angle.hi / kTwoPiDD.hi);
  DD r = add(angle, neg(two_prod(n, kTwoPiDD.hi)));
  r = add(r, DD{-n * kTwoPiDD.lo, 0.0});
  return {r.hi, r.lo, n};
}

FormulaSteps formula_steps(double pos, int dim, int d, double base) {
  FormulaSteps s{};
  s.pair = dim / 2;
  s.exponent = 2.0 * s.pair / d;
  s.base_pow = std::pow(base, s.exponent);
  s.omega = omega(s.pair, d, base);
  s.angle = s.omega * pos;
  s.is_sin = dim % 2 == 0;
  s.value = encoding_value(pos, dim, d, base);
  const ReducedAngle r = reduced_angle(pos, s.pair, d, base);
  // sin(hi + lo) = sin(hi) + cos(hi) lo - sin(hi) lo^2 / 2 ...; |lo| < 5e-16, so the square is below 1e-31.
  s.precise = s.is_sin ? std::sin(r.hi) + std::cos(r.hi) * r.lo : std::cos(r.hi) - std::sin(r.hi) * r.lo;
  // sin/cos of r.hi within 1 ulp (2^-52 for values up to 1), the sum's rounding (2^-53), and the reduced
  // angle's own error: a few 2^-100 of the angle (w_i and the product) and of n 2pi (2pi's 107 bits).
  s.precise_error = std::ldexp(1.0, -52) + std::ldexp(1.0, -53) + (std::fabs(s.angle) + 8.0) * std::ldexp(1.0, -95);
  return s;
}

int certain_decimals(double value, double error, int max_decimals) {
  if (!std::isfinite(value) || !std::isfinite(error)) return 0;
  char lo[64], hi[64];
  for (int k = max_decimals; k > 0; --k) {
    std::snprintf(lo, sizeof lo, "%.*f", k, value - error);
    std::snprintf(hi, sizeof hi, "%.*f", k, value + error);
    if (trimmed_sign(lo) == trimmed_sign(hi)) return k;
  }
  return 0;
}

}  // namespace pe
