// The verdict rule (train/seed_verdict.hpp) against hand-worked cases, and its t quantiles against the t
// distribution itself: each quantile's CDF, integrated numerically from the density, is 0.975.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "train/seed_verdict.hpp"

using namespace train;

namespace {
// P(T <= x) for Student's t with ν degrees of freedom, x >= 0: 1/2 + the integral of the density from 0
// to x by Simpson's rule (20,000 intervals; the density is smooth, the error far below 1e-9 here).
double t_cdf(double x, int nu) {
  const double v = nu;
  const double c = std::exp(std::lgamma((v + 1) / 2) - std::lgamma(v / 2)) / std::sqrt(v * M_PI);
  const auto f = [&](double t) { return c * std::pow(1 + t * t / v, -(v + 1) / 2); };
  const int n = 20000;
  const double h = x / n;
  double s = f(0) + f(x);
  for (int i = 1; i < n; ++i) s += f(i * h) * (i % 2 ? 4 : 2);
  return 0.5 + s * h / 3;
}
}  // namespace

TEST_CASE("t quantiles: closed forms for 1 and 2 degrees of freedom, the CDF for every other") {
  // ν = 1 is the Cauchy distribution: t = tan(π (0.975 - 1/2)); ν = 2: t = (2p - 1) / sqrt(2 p (1 - p)).
  CHECK(student_t975(1) == Approx(std::tan(M_PI * 0.475)).margin(0.001));
  CHECK(student_t975(2) == Approx(0.95 / std::sqrt(2 * 0.975 * 0.025)).margin(0.001));
  // The table's three decimals move the CDF by at most the density there times 0.0005: below 1e-4.
  for (int nu = 1; nu <= 200; ++nu) {
    INFO("df " << nu << ", t " << student_t975(nu));
    CHECK(t_cdf(student_t975(nu), nu) == Approx(0.975).margin(1e-4));
  }
  CHECK(std::isnan(student_t975(0)));
}

TEST_CASE("a clear difference: three seeds far from zero against their spread") {
  // d = 0.30, 0.35, 0.40: m = 0.35, s = 0.05, M = 4.303 * 0.05 / sqrt 3 = 0.12422.
  const std::vector<double> d{0.30, 0.35, 0.40};
  const SeedVerdict v = seed_verdict(d);
  CHECK(v.verdict == Verdict::above);
  CHECK(v.n == 3);
  CHECK(v.mean == Approx(0.35).margin(1e-12));
  CHECK(v.spread == Approx(0.05).margin(1e-12));
  CHECK(v.margin == Approx(0.12422).margin(1e-5));
  CHECK(v.clear());
  // The same, negated: below.
  const std::vector<double> neg{-0.30, -0.35, -0.40};
  CHECK(seed_verdict(neg).verdict == Verdict::below);
}

TEST_CASE("a tie within the spread: the mean difference is smaller than its margin") {
  // d = 0.02, 0.10, 0.12: m = 0.08, s = sqrt(0.0056 / 2) = 0.052915, M = 4.303 * s / sqrt 3 = 0.13146.
  // Every seed is above zero, yet three seeds this scattered cannot tell 0.08 from nothing.
  const std::vector<double> d{0.02, 0.10, 0.12};
  const SeedVerdict v = seed_verdict(d);
  CHECK(v.verdict == Verdict::within);
  CHECK(v.mean == Approx(0.08).margin(1e-12));
  CHECK(v.spread == Approx(0.052915).margin(1e-6));
  CHECK(v.margin == Approx(0.13146).margin(1e-5));
  CHECK_FALSE(v.clear());
  // With six seeds of the same scatter the margin shrinks (t(5) = 2.571, sqrt 6): 0.08 now counts.
  const std::vector<double> six{0.02, 0.10, 0.12, 0.02, 0.10, 0.12};
  const SeedVerdict w = seed_verdict(six);
  CHECK(w.margin == Approx(2.571 * std::sqrt(0.0112 / 5) / std::sqrt(6.0)).margin(1e-9));
  CHECK(w.verdict == Verdict::above);
}

TEST_CASE("one seed cannot tell, however large the difference; none says nothing") {
  const std::vector<double> one{0.33};
  const SeedVerdict v = seed_verdict(one);
  CHECK(v.verdict == Verdict::single);
  CHECK(v.mean == 0.33);
  CHECK(v.spread == 0);
  CHECK(v.margin == 0);
  CHECK(seed_verdict(std::vector<double>{}).verdict == Verdict::none);
  // Two seeds: t(1) = 12.706, so M = 12.706 * s / sqrt 2 ≈ 9 s. 0.30 and 0.36 (s = 0.0424): M = 0.381.
  const std::vector<double> two{0.30, 0.36};
  CHECK(seed_verdict(two).verdict == Verdict::within);
}

TEST_CASE("seeds that agree exactly: any difference the view can show counts, a zero one does not") {
  const std::vector<double> same{0.20, 0.20, 0.20};
  const SeedVerdict v = seed_verdict(same);
  CHECK(v.spread == Approx(0).margin(1e-15));  // the mean of three 0.2s is 0.2 to the last bit or two
  CHECK(v.margin == kResolution);
  CHECK(v.verdict == Verdict::above);
  CHECK(seed_verdict(std::vector<double>{0, 0, 0}).verdict == Verdict::within);
  CHECK(seed_verdict(std::vector<double>{0.004, 0.004, 0.004}).verdict == Verdict::within);  // prints as 0.00
}
