// Before and after look the same to the dot product.
//
//   f(k) = PE(pos) . PE(pos + k) = sum_i cos(w_i k) = PE(pos) . PE(pos - k)      (cos is even)
//
// so the raw dot product of two position vectors cannot tell an offset k from -k. Nor does it fall
// steadily with |k|: first_rise() finds the first whole offset that scores higher than the one before.
//
// A score that first turns one vector can tell the sign. With Q the quarter turn of every pair forward
// (the clock's rotation R(pi/2): (s, c) -> (c, -s), so Q PE(pos) = the hands a quarter turn on),
//
//   g(k) = (Q PE(pos)) . PE(pos + k) = sum_i cos(w_i pos + pi/2 - w_i (pos + k)) = sum_i sin(w_i k),
//
// which is odd in k: g(-k) = -g(k). A product of learned matrices W_Q W_K^T can hold such a turn;
// the plain dot product has none.
// Arguments are assumed valid (see params.hpp); spans hold one value per offset.
#pragma once
#include <span>

namespace pe {

// (Q PE(pos)) . PE(pos + k), summed term by term from the two encoding vectors.
double turned_dot_direct(double pos, double k, int d, double base);
// sum_{i < d/2} sin(w_i k).
double turned_dot_closed_form(double k, int d, double base);
// sum_i sin(w_i k) for each k of ks.
void turned_dot_curve(std::span<const double> ks, int d, double base, std::span<double> out);

// The first whole offset k in 1..k_limit with f(k) > f(k - 1) + tolerance, f(k) = sum_i cos(w_i k),
// tolerance = 1e-9 d (far above the rounding of the sums, far below any rise that shows); k = 0 when
// f falls (or stays level) at every step up to k_limit.
struct Rise {
  int k = 0;
  double before = 0;  // f(k - 1)
  double after = 0;   // f(k)
};
Rise first_rise(int d, double base, int k_limit);
// The first whole offset k in 1..k_limit with g(k) = sum_i sin(w_i k) <= 0, or 0 if g stays positive
// up to k_limit: up to there the sign of g tells a later position from an earlier one.
int first_nonpositive_turned(int d, double base, int k_limit);
// How far first_rise and first_nonpositive_turned search at width d: at most 100000 offsets and about
// 4 million terms (d/2 per offset), at least 1000 offsets.
int offset_search_limit(int d);

}  // namespace pe
