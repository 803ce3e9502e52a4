// How much each dimension changes over a window of positions.
//
//   range_j(n) = max_{p = 0..n-1} PE(p, j)  -  min_{p = 0..n-1} PE(p, j)
//
// (or over any window of whole positions first..first+count-1, as the heatmap shows them)
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
// For a window that starts at 0, the order of a pair's two ranges follows from the window's angle
// x = w_i (n-1): with no crest inside, sin moves by sin x and cos by 1 - cos x, and 1 - cos x < sin x
// exactly while tan(x/2) < 1, i.e. x < pi/2. From pi/2 to pi the sin tops out at 1 while the cos
// drops past 0, so the cos moves at least as much: the first pair with x < pi/2 is where "a slow cos
// moves less than its sin" starts to hold.
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

// Range of dimension `dim` over the whole positions first..first+count-1 (count >= 1, |first| <= 1e9).
double dimension_range(double first, int count, int dim, int d, double base);
// Over those positions, the first dimension from which on every dimension changes by less than
// `threshold`; d if the last one does not. Scans down from the last dimension and stops at the first
// that moves by `threshold` or more, so its cost hardly depends on how many positions are shown.
int first_still_dimension(double first, int count, int d, double base, double threshold);

// Over positions 0..n-1, the first pair from which on every cos dimension changes less than its sin
// partner: the first pair whose window angle w_i (n-1) is below pi/2 (see above). d/2 if none is, and
// for n = 1, where nothing moves.
int first_pair_cos_below_sin(int n, int d, double base);

// Min and max of sin / cos over the real angles [a0, a1] (a0 <= a1).
Extent sin_extent(double a0, double a1);
Extent cos_extent(double a0, double a1);

// How many ranges are strictly below `threshold`.
int count_below(std::span<const double> ranges, double threshold);

}  // namespace pe
