// The rotation-recurrence table against the direct formula.
#include "catch2_any.hpp"

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/table_recurrence.hpp"

using namespace pe;

static double worst_error(int n, int d, double base, int reanchor) {
  std::vector<double> fast(size_t(n) * size_t(d)), direct(size_t(n) * size_t(d));
  encoding_table_recurrence(n, d, base, fast, reanchor);
  encoding_table(0, n, d, base, direct);
  double worst = 0;
  for (size_t j = 0; j < fast.size(); ++j) worst = std::max(worst, std::fabs(fast[j] - direct[j]));
  return worst;
}

// Worst error against sin/cos in long double (64-bit or wider mantissa) of the same w_i times p: an
// independent truth about 2^11 times finer than double. Returns the largest error divided by the
// allowed one, 1e-13 + |w_i p| * 2^-52 (the anchor's own angle rounding plus the stated step bound).
static double worst_vs_long_double(int n, int d, double base, int reanchor) {
  std::vector<double> fast(size_t(n) * size_t(d));
  encoding_table_recurrence(n, d, base, fast, reanchor);
  const std::vector<double> w = omegas(d, base);
  double worst = 0;
  for (int r = 0; r < n; ++r)
    for (int i = 0; i < d / 2; ++i) {
      const long double angle = static_cast<long double>(w[size_t(i)]) * r;
      const double allowed = 1e-13 + static_cast<double>(angle) * std::ldexp(1.0, -52);
      const size_t at = size_t(r) * size_t(d) + size_t(2 * i);
      worst = std::max(worst, std::fabs(fast[at] - static_cast<double>(std::sin(angle))) / allowed);
      worst = std::max(worst, std::fabs(fast[at + 1] - static_cast<double>(std::cos(angle))) / allowed);
    }
  return worst;
}

TEST_CASE("hand-worked: d = 2, row 1 is one step from (0, 1): (sin 1, cos 1)") {
  std::vector<double> t(4);
  encoding_table_recurrence(2, 2, 10000, t, 1000);
  CHECK(t[0] == 0.0);
  CHECK(t[1] == 1.0);
  CHECK(t[2] == Approx(std::sin(1.0)).margin(1e-16));
  CHECK(t[3] == Approx(std::cos(1.0)).margin(1e-16));
}

TEST_CASE("default re-anchoring stays within 1e-13 + |w p| 2^-52 of long-double sin/cos") {
  CHECK(worst_vs_long_double(4096, 128, 10000, kDefaultReanchor) <= 1.0);
  CHECK(worst_vs_long_double(20000, 8, 10000, kDefaultReanchor) <= 1.0);
  CHECK(worst_vs_long_double(3000, 30, 77.5, kDefaultReanchor) <= 1.0);
}

// Against the direct double formula both sides carry the angle's rounding (|w p| 2^-53 each):
// for 65,536 rows and w_0 = 1 that is up to about 1.5e-11, and the recurrence adds < 1e-13.
TEST_CASE("agrees with the direct formula over 65,536 rows to 2e-11") {
  CHECK(worst_error(65536, 64, 10000, kDefaultReanchor) < 2e-11);
  CHECK(worst_error(2048, 512, 10000, kDefaultReanchor) < 1e-12);
}

TEST_CASE("re-anchoring every row reproduces the direct formula exactly") {
  CHECK(worst_error(500, 16, 10000, 1) == 0.0);
}

TEST_CASE("without re-anchoring the error grows with the number of steps (why re-anchoring exists)") {
  const double short_run = worst_error(64, 64, 10000, 1 << 30);
  const double long_run = worst_error(65536, 64, 10000, 1 << 30);
  CHECK(long_run > 10 * short_run);
  CHECK(worst_vs_long_double(65536, 64, 10000, 1 << 30) > 1.0);  // outside the stated bound
}

TEST_CASE("slices filled one after another join into the identical whole table") {
  const int n = 1000, d = 24;
  std::vector<double> whole(size_t(n) * d), joined(size_t(n) * d);
  encoding_table_recurrence(n, d, 10000, whole);
  for (long first = 0; first < n; first += 137) {
    const int rows = static_cast<int>(std::min<long>(137, n - first));
    encoding_table_recurrence(first, rows, d, 10000,
                              std::span<double>(joined).subspan(size_t(first) * d, size_t(rows) * d));
  }
  CHECK(joined == whole);
}
