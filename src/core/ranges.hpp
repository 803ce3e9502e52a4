// How much each dimension changes over a window of positions.
//
//   range_j(n) = max_{p = 0..n-1} PE(p, j)  -  min_{p = 0..n-1} PE(p, j)
//
// with PE(p, 2i) = sin(w_i p), PE(p, 2i+1) = cos(w_i p), w_i = base^(-2i/d); p runs over whole
// token positions only. A dimension whose period 2*pi/w_i is much longer than n hardly moves:
// sin stays near sin 0 = 0, cos near cos 0 = 1, and its range is small.
//
// Two ways to the same numbers:
//   dimension_ranges_brute  evaluates every position: O(n*d).
//   dimension_ranges        evaluates the two ends of the window plus, for every interior crest or
//                           trough of the wave (angle phi + 2*pi*m, phi = pi/2 and 3*pi/2 for sin,
//                           0 and pi for cos), the whole position nearest to it. Since w_i <= 1, each
//                           crest has its own nearest position, so the best of those is the extreme.
//                           Cost O(d + sum_i w_i n / pi): fast for n up to 1e5 and d up to 8192.
// And the continuous counterpart used to draw a wave at any zoom: the extent of sin or cos over a
// real interval of angles [a0, a1], in closed form (1 or -1 if a crest or trough lies inside,
// otherwise the values at the ends).
// Arguments are assumed valid (see params.hpp): n >= 1, d even in [2, kMaxD], base > 1.
#pragma once
#include <span>
#include <vector>

namespace pe {

struct Extent {
  double lo;
  double hi;
  double size() const { return hi - lo; }
};

// Range of each of the d dimensions over positions 0..n-1 (exact, fast).
std::vector<double> dimension_ranges(int n, int d, double base);
// The same by evaluating every position (reference).
std::vector<double> dimension_ranges_brute(int n, int d, double base);

// Min and max of sin / cos over the real angles [a0, a1] (a0 <= a1).
Extent sin_extent(double a0, double a1);
Extent cos_extent(double a0, double a1);

// How many ranges are strictly below `threshold`.
int count_below(std::span<const double> ranges, double threshold);

}  // namespace pe
