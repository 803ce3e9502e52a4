// Similarity curves: PE(pos) . PE(pos + k) for many offsets k at once.
//
//   direct:       sum_j PE(pos, j) * PE(pos + k, j)       (j = 0..d-1)
//   closed form:  sum_i cos(w_i k)                         (i = 0..d/2-1)
//
// The same sums as dot_direct / dot_closed_form (similarity.hpp), with the frequencies and PE(pos)
// computed once per curve instead of once per offset.
//
// Sampling: token offsets are whole numbers, so curves are sampled at whole k only.
// integer_offsets(kmax, S) lists 0..kmax when that is at most S values; otherwise S whole numbers
// round(j * kmax / (S - 1)), j = 0..S-1, from 0 to kmax (roughly one per pixel column of a plot).
// Arguments are assumed valid (see params.hpp); out holds ks.size() values.
#pragma once
#include <span>
#include <vector>

namespace pe {

void dot_curve_direct(double pos, std::span<const double> ks, int d, double base, std::span<double> out);
void dot_curve_closed_form(std::span<const double> ks, int d, double base, std::span<double> out);
// kmax >= 0, max_samples >= 2.
std::vector<double> integer_offsets(int kmax, int max_samples);

}  // namespace pe
