#include "seed_verdict.hpp"

#include <algorithm>
#include <cmath>

namespace train {

double student_t975(int df) {
  // t(ν) for ν = 1 .. 30 (any statistics table; tests/train/test_train_seed_verdict.cpp checks each
  // against the t distribution's CDF, integrated numerically).
  static constexpr double kTable[30] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                        2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                        2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (df < 1) return std::nan("");
  if (df <= 30) return kTable[df - 1];
  const double z = 1.959963984540054, z3 = z * z * z, z5 = z3 * z * z, v = df;
  return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v);
}

SeedVerdict seed_verdict(std::span<const double> d) {
  SeedVerdict r;
  r.n = static_cast<int>(d.size());
  if (r.n == 0) return r;
  double sum = 0;
  for (double x : d) sum += x;
  r.mean = sum / r.n;
  if (r.n == 1) {
    r.verdict = Verdict::single;
    return r;
  }
  double ss = 0;
  for (double x : d) ss += (x - r.mean) * (x - r.mean);
  r.spread = std::sqrt(ss / (r.n - 1));
  r.margin = std::max(student_t975(r.n - 1) * r.spread / std::sqrt(static_cast<double>(r.n)), kResolution);
  r.verdict = std::fabs(r.mean) > r.margin ? (r.mean > 0 ? Verdict::above : Verdict::below) : Verdict::within;
  return r;
}

}  // namespace train
