// How much of a head's attention score the offset alone explains. A is a content-averaged score matrix
// (A[t][s], s <= t: the pre-softmax score of query t on key s, averaged over evaluation sequences, so
// that what remains depends on positions only), n = T(T+1)/2 entries, offset o = t - s.
//
//   plain:        R^2 = 1 - sum (A_ts - f_{t-s})^2 / sum (A_ts - mean A)^2,  f_o = mean of A over offset o
//                 (the least-squares fit by offset alone): the "R^2 against the offset".
//   within query: R^2 = 1 - SS(c_t + f_{t-s}) / SS(c_t),  the least-squares fits with a constant per
//                 query plus one per offset, against a constant per query alone. The softmax ignores a
//                 constant per query (it shifts every score of the row), so this asks: of what the
//                 softmax sees, how much is offset? A score f(t - s) + c_t gives 1 here, less in plain.
//                 SS(c_t) is the sum of squares within rows. The two-way fit on the triangle: for given f
//                 the best c_t is the row mean of A - f; put in, the normal equations for f are, with
//                 F_t = f_0 + ... + f_t and f_0 = 0 fixing the shift that c and f can trade,
//                   (T - o) f_o - sum_{t >= o} F_t / (t + 1) = sum_{t >= o} (A[t][t-o] - rowmean_t(A)),
//                 o = 1..T-1: a symmetric (T-1) x (T-1) system, K[o][o'] = (T - o)[o = o'] - sum_{t >=
//                 max(o, o')} 1 / (t + 1), solved by Gaussian elimination with partial pivoting (exact
//                 to rounding; O(T^3), a few ms at T = 256).
// Either is -1 where the denominator is 0 (a constant score, or T = 1): nothing to explain.
// spread = sqrt(sum (A_ts - mean A)^2 / n), the size of what there is to explain: an R^2 near 1 of a
// spread near 0 says little (NoPE's averaged scores differ only between a query's own key and the rest).
#pragma once
#include <vector>

namespace train {

struct OffsetR2 {
  double plain = -1, withinQuery = -1;
  double spread = 0;
};

// A is [T][T] row-major; entries above the diagonal are ignored.
OffsetR2 offset_r2(const std::vector<double>& A, int T);

}  // namespace train
