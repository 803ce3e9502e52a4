// Rotary position embedding (RoPE, Su et al. 2021), interleaved (RoFormer) convention.
//
// Pair i of a vector x, (x_2i, x_2i+1), at position p is turned by t = p * w_i, w_i = 1 / base^(2i/d):
//
//   x'_2i   = x_2i cos t - x_2i+1 sin t
//   x'_2i+1 = x_2i sin t + x_2i+1 cos t          i.e. x' = R(p w) x, R(t) = [cos -sin; sin cos]
//
// A query q at position m and a key k at position n then score
//
//   R(m w) q . R(n w) k = q^T R(m w)^T R(n w) k = q^T R((n - m) w) k
//
// which depends on the positions only through the offset n - m.
// Arguments are assumed valid (even length d >= 2, base > 1; see params.hpp). out holds x.size() values.
#pragma once
#include <span>

namespace pe {

// out = x rotated for position p (pairwise, as above); out may not alias x.
void rope_rotate(std::span<const double> x, double p, double base, std::span<double> out);
// Rotated q at position m dotted with rotated k at position n.
double rope_score(std::span<const double> q, std::span<const double> k, double m, double n, double base);
// out[j] = rope_score(q, k, ms[j], ms[j] + offset, base), with the frequencies computed once (for plots).
void rope_scores(std::span<const double> q, std::span<const double> k, std::span<const double> ms, double offset,
                 double base, std::span<double> out);
// q^T R(offset * w) k: the same score from the offset alone.
double rope_relative_score(std::span<const double> q, std::span<const double> k, double offset, double base);

}  // namespace pe
