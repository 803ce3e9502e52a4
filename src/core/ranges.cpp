#include "ranges.hpp"

#include <algorithm>
#include <cmath>

#include "frequency.hpp"

namespace pe {

namespace {

// True if some angle phi + 2*pi*m lies in [a0, a1].
bool contains_angle(double a0, double a1, double phi) {
  return std::ceil((a0 - phi) / kTwoPi) <= std::floor((a1 - phi) / kTwoPi);
}

// Value of one dimension at a whole position, computed exactly as encoding_table does.
double value_at(double w, bool is_cos, double p) {
  const double angle = w * p;
  return is_cos ? std::cos(angle) : std::sin(angle);
}

// The extreme of the wave over the whole positions first..last next to the crests (or troughs) at
// angles phi + 2*pi*m. `better(a, b)` says a beats b. The window ends are included by the caller.
template <class Better>
double best_near(double w, bool is_cos, double first, double last, double phi, double start, Better better) {
  // Crests whose nearest whole position lies in the window: x_m = (phi + 2*pi*m) / w in [first - 0.5, last + 0.5].
  const double m0 = std::ceil(((first - 0.5) * w - phi) / kTwoPi);
  const double m1 = std::floor(((last + 0.5) * w - phi) / kTwoPi);
  if (m1 < m0) return start;
  // One cheap pass (no sin/cos) finds how close any whole position comes to a crest, keeping the
  // positions that were within `slack` of the closest so far; the wave is then evaluated only at
  // those within `slack` of the final closest. The slack covers the rounding of w*p and x_m (about
  // 1e-11 rad at p = 1e5, 1e-7 rad at p = 1e9), so the position the brute force would pick is always
  // among them.
  const double slack = 1e-9 + 1e-15 * w * std::max(std::fabs(first), std::fabs(last));
  const double x0 = phi / w, step = kTwoPi / w;
  double closest = INFINITY;
  struct Candidate {
    double gap;
    double p;
  };
  std::vector<Candidate> near;
  for (double m = m0; m <= m1; m += 1.0) {
    const double x = m * step + x0;
    const double p = std::clamp(std::floor(x + 0.5), first, last);
    const double gap = w * std::fabs(x - p);
    if (gap <= closest + slack) {
      closest = std::min(closest, gap);
      near.push_back({gap, p});
    }
  }
  double best = start;
  for (const Candidate& c : near)
    if (c.gap <= closest + slack) {
      const double v = value_at(w, is_cos, c.p);
      if (better(v, best)) best = v;
    }
  return best;
}

}  // namespace

double dimension_range(double first, int count, int dim, int d, double base) {
  const double w = omega(dim / 2, d, base);
  const bool is_cos = dim % 2 == 1;
  const double last = first + (count - 1);
  const double v0 = value_at(w, is_cos, first), v1 = value_at(w, is_cos, last);
  const double hi_phi = is_cos ? 0.0 : kPi / 2, lo_phi = is_cos ? kPi : 1.5 * kPi;
  const double hi = best_near(w, is_cos, first, last, hi_phi, std::max(v0, v1), [](double a, double b) { return a > b; });
  const double lo = best_near(w, is_cos, first, last, lo_phi, std::min(v0, v1), [](double a, double b) { return a < b; });
  return hi - lo;
}

std::vector<double> dimension_ranges(int n, int d, double base) {
  std::vector<double> out(static_cast<size_t>(d));
  for (int j = 0; j < d; ++j) out[static_cast<size_t>(j)] = dimension_range(0.0, n, j, d, base);
  return out;
}

int first_still_dimension(double first, int count, int d, double base, double threshold) {
  int j = d;
  while (j > 0 && dimension_range(first, count, j - 1, d, base) < threshold) --j;
  return j;
}

int first_pair_cos_below_sin(int n, int d, double base) {
  if (n <= 1) return d / 2;
  int i = d / 2;
  // w_i falls with i: walk down while the pair below still turns less than a quarter turn.
  while (i > 0 && omega(i - 1, d, base) * (n - 1) < kPi / 2) --i;
  return i;
}

std::vector<double> dimension_ranges_brute(int n, int d, double base) {
  std::vector<double> out(static_cast<size_t>(d));
  for (int i = 0; i < d / 2; ++i) {
    const double w = omega(i, d, base);
    for (int c = 0; c < 2; ++c) {
      double lo = INFINITY, hi = -INFINITY;
      for (int p = 0; p < n; ++p) {
        const double v = value_at(w, c == 1, p);
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
      out[static_cast<size_t>(2 * i + c)] = hi - lo;
    }
  }
  return out;
}

Extent sin_extent(double a0, double a1) {
  const double s0 = std::sin(a0), s1 = std::sin(a1);
  return {contains_angle(a0, a1, 1.5 * kPi) ? -1.0 : std::min(s0, s1),
          contains_angle(a0, a1, 0.5 * kPi) ? 1.0 : std::max(s0, s1)};
}

Extent cos_extent(double a0, double a1) {
  const double c0 = std::cos(a0), c1 = std::cos(a1);
  return {contains_angle(a0, a1, kPi) ? -1.0 : std::min(c0, c1), contains_angle(a0, a1, 0.0) ? 1.0 : std::max(c0, c1)};
}

int count_below(std::span<const double> ranges, double threshold) {
  return static_cast<int>(std::count_if(ranges.begin(), ranges.end(), [&](double r) { return r < threshold; }));
}

}  // namespace pe
