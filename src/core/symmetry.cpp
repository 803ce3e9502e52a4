#include "symmetry.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "encoding.hpp"
#include "frequency.hpp"
#include "similarity.hpp"

namespace pe {

double turned_dot_direct(double pos, double k, int d, double base) {
  const std::vector<double> a = encoding_vector(pos, d, base);
  const std::vector<double> b = encoding_vector(pos + k, d, base);
  double sum = 0.0;
  // Q PE(pos) holds (c, -s) where PE(pos) holds (s, c).
  for (size_t j = 0; j + 1 < a.size(); j += 2) sum += a[j + 1] * b[j] - a[j] * b[j + 1];
  return sum;
}

double turned_dot_closed_form(double k, int d, double base) {
  double sum = 0.0;
  for (int i = 0; i < d / 2; ++i) sum += std::sin(omega(i, d, base) * k);
  return sum;
}

void turned_dot_curve(std::span<const double> ks, int d, double base, std::span<double> out) {
  const std::vector<double> w = omegas(d, base);
  for (size_t s = 0; s < ks.size(); ++s) {
    double sum = 0.0;
    for (double wi : w) sum += std::sin(wi * ks[s]);
    out[s] = sum;
  }
}

namespace {

// Walks k = 1, 2, ... k_limit with f(k) and g(k) from the rotation recurrence (every pair's hand turned
// by w_i per step: four multiplications instead of a cos and a sin), reseeded from cos/sin every 256
// steps so the rounding stays below 256 * 2^-52 per term. Calls stop(k, f, g) until it returns true.
template <class Stop>
void scan(int d, double base, int k_limit, Stop stop) {
  const std::vector<double> w = omegas(d, base);
  std::vector<double> c(w.size()), s(w.size()), cw(w.size()), sw(w.size());
  for (size_t i = 0; i < w.size(); ++i) {
    c[i] = 1;
    s[i] = 0;
    cw[i] = std::cos(w[i]);
    sw[i] = std::sin(w[i]);
  }
  for (int k = 1; k <= k_limit; ++k) {
    double f = 0, g = 0;
    const bool reseed = k % 256 == 0;
    for (size_t i = 0; i < w.size(); ++i) {
      if (reseed) {
        c[i] = std::cos(w[i] * k);
        s[i] = std::sin(w[i] * k);
      } else {
        const double cn = c[i] * cw[i] - s[i] * sw[i];
        s[i] = s[i] * cw[i] + c[i] * sw[i];
        c[i] = cn;
      }
      f += c[i];
      g += s[i];
    }
    if (stop(k, f, g)) return;
  }
}

}  // namespace

Rise first_rise(int d, double base, int k_limit) {
  const double tol = 1e-9 * d;
  Rise found;
  double prev = d / 2.0;  // f(0)
  // The scan proposes, the closed form decides: the answer is the one the definition gives.
  scan(d, base, k_limit, [&](int k, double f, double) {
    if (f - prev > -tol) {
      const double before = dot_closed_form(k - 1, d, base), after = dot_closed_form(k, d, base);
      if (after - before > tol) {
        found = {k, before, after};
        return true;
      }
    }
    prev = f;
    return false;
  });
  return found;
}

int first_nonpositive_turned(int d, double base, int k_limit) {
  const double tol = 1e-9 * d;
  int found = 0;
  scan(d, base, k_limit, [&](int k, double, double g) {
    if (g <= tol && turned_dot_closed_form(k, d, base) <= 0) {
      found = k;
      return true;
    }
    return false;
  });
  return found;
}

int offset_search_limit(int d) { return std::clamp(4000000 / std::max(1, d / 2), 1000, 100000); }

}  // namespace pe
