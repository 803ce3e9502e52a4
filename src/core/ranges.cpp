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
double value_at(double w, bool is_cos, int p) {
  const double angle = w * static_cast<double>(p);
  return is_cos ? std::cos(angle) : std::sin(angle);
}

// The extreme of the wave over positions 0..last next to the crests (or troughs) at angles
// phi + 2*pi*m. `better(a, b)` says a beats b. The window ends are included by the caller.
template <class Better>
double best_near(double w, bool is_cos, int last, double phi, double start, Better better) {
  // Crests whose nearest whole position lies in the window: x_m = (phi + 2*pi*m) / w in [-0.5, last + 0.5].
  const double m0 = std::ceil((-0.5 * w - phi) / kTwoPi);
  const double m1 = std::floor(((last + 0.5) * w - phi) / kTwoPi);
  if (m1 < m0) return start;
  // One cheap pass (no sin/cos) finds how close any whole position comes to a crest, keeping the
  // positions that were within `slack` of the closest so far; the wave is then evaluated only at
  // those within `slack` of the final closest. The slack covers the rounding of w*p and x_m (about
  // 1e-11 rad at p = 1e5), so the position the brute force would pick is always among them.
  const double slack = 1e-9;
  const double x0 = phi / w, step = kTwoPi / w, top = static_cast<double>(last);
  double closest = INFINITY;
  struct Candidate {
    double gap;
    double p;
  };
  std::vector<Candidate> near;
  for (double m = m0; m <= m1; m += 1.0) {
    const double x = m * step + x0;
    const double p = std::clamp(std::floor(x + 0.5), 0.0, top);
    const double gap = w * std::fabs(x - p);
    if (gap <= closest + slack) {
      closest = std::min(closest, gap);
      near.push_back({gap, p});
    }
  }
  double best = start;
  for (const Candidate& c : near)
    if (c.gap <= closest + slack) {
      const double v = value_at(w, is_cos, static_cast<int>(c.p));
      if (better(v, best)) best = v;
    }
  return best;
}

}  // namespace

std::vector<double> dimension_ranges(int n, int d, double base) {
  std::vector<double> out(static_cast<size_t>(d));
  const int last = n - 1;
  for (int i = 0; i < d / 2; ++i) {
    const double w = omega(i, d, base);
    for (int c = 0; c < 2; ++c) {
      const bool is_cos = c == 1;
      const double v0 = value_at(w, is_cos, 0), v1 = value_at(w, is_cos, last);
      const double hi_phi = is_cos ? 0.0 : kPi / 2, lo_phi = is_cos ? kPi : 1.5 * kPi;
      const double hi = best_near(w, is_cos, last, hi_phi, std::max(v0, v1), [](double a, double b) { return a > b; });
      const double lo = best_near(w, is_cos, last, lo_phi, std::min(v0, v1), [](double a, double b) { return a < b; });
      out[static_cast<size_t>(2 * i + c)] = hi - lo;
    }
  }
  return out;
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
