// Whether a difference measured over seeds stands out of the seeds' own spread: the rule that turns the
// experiment's numbers into a finding. The input is one difference per seed, d_1 .. d_n: a run against a
// fixed reference (accuracy at 2L minus right_then_chance), or two runs of the same seed, hence the same
// data, against each other (a paired difference: sinusoidal minus learned, the share past L minus the
// share at trained positions).
//
//   mean    m = (d_1 + ... + d_n) / n
//   spread  s = sqrt(sum (d_i - m)^2 / (n - 1))            the seeds' sample standard deviation, n >= 2
//   margin  M = max(t(n - 1) * s / sqrt(n), kResolution)   t(ν): Student's t, two-sided 95% (0.975 quantile)
//
//   n = 0: none.  n = 1: single (one run cannot tell: there is no spread to compare with).
//   |m| > M: above (m > 0) or below (m < 0).  Otherwise: within (too close to tell with these seeds).
//
// M is the half-width of the 95% confidence interval of the mean difference, so "above" says the seeds
// would have to be unusually unlucky for the true difference to be 0 or below. kResolution keeps a
// difference the view cannot show (it prints two decimals) from counting when every seed agrees exactly.
// With three seeds t(2) = 4.303, so M = 2.48 s: a finding over three seeds needs a difference of about
// two and a half seed spreads.
#pragma once
#include <span>

namespace train {

inline constexpr double kResolution = 0.01;

enum class Verdict { none, single, within, above, below };

struct SeedVerdict {
  Verdict verdict = Verdict::none;
  int n = 0;
  double mean = 0;    // m
  double spread = 0;  // s (0 for n < 2)
  double margin = 0;  // M (0 for n < 2)
  bool clear() const { return verdict == Verdict::above || verdict == Verdict::below; }
};

SeedVerdict seed_verdict(std::span<const double> differences);

// The 0.975 quantile of Student's t with `df` degrees of freedom (df >= 1): a table to df = 30 (three
// decimals), the Cornish-Fisher expansion in 1/df beyond (within 0.001 of the quantile there).
double student_t975(int df);

}  // namespace train
