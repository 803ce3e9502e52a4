// The order-blind ceiling: the best expected accuracy of a predictor that, at query t, knows which tokens
// came so far but not in which order -- the multiset of x_0..x_t -- plus its own token x_t, the position
// count t + 1 and the sequence length T. That is everything a one-layer causal model without position
// information has: its attention output is a function of x_t and of the multiset of keys (the scores
// depend on content only, so permuting the keys permutes nothing it can see), its residual carries x_t,
// and how many keys there are is the multiset's size. No such model can beat this; the question is how
// close NoPE comes (issue 25).
//
// Tokens are i.i.d. uniform over V (tasks.hpp). Let m(n) = E[max_v C_v], C ~ Multinomial(n; 1/V, ...,
// 1/V), the expected largest count among n tokens, and m(0) / 0 := 1 (not used: every n below is >= 1).
//
// lookback(k), query t >= k, target x_{t-k}. Knowing x_t and the multiset of x_0..x_t is knowing x_t and
// the multiset of x_0..x_{t-1}, which are independent of x_t. Those t tokens are exchangeable, so given
// their multiset (counts c_v) every arrangement is equally likely and x_{t-k} (one of them, k >= 1) is
// token v with probability c_v / t. The best guess is a most frequent token, right with probability
// max_v c_v / t; in expectation  ceiling(t) = m(t) / t,  the same for every k.
// first, query t >= 1, target x_0: the same argument, x_0 is one of the exchangeable x_0..x_{t-1}:
// ceiling(t) = m(t) / t.
// copy, P = T/2, targets at P-1 <= t <= T-2 (x_{t+1}, which is x_{t+1-P} for t >= P):
//   t = P-1: the first half so far, x_{P-1} known; target x_0 is one of x_0..x_{P-2}: m(P-1) / (P-1),
//            exact.
//   t >= P:  j = t - P + 1 tokens of the first half have been repeated. A predictor told the first half's
//            multiset f and the repeated prefix's p separately knows the multiset r = f - p of the
//            n = P - j = T - 1 - t tokens not yet repeated, the target is one of them, exchangeable:
//            m(n) / n. The order-blind predictor knows only f + p (and x_t = x_{j-1}), less, so this is an
//            UPPER BOUND on its ceiling (exact at t = P, where x_t = x_0 tells p; the test enumerates
//            small cases and finds it strict from t = P + 1 on). Hence orderBlindExact() is false for copy.
// The ceiling over a set is the mean of ceiling(t) over its scored queries (each sequence has the same
// ones), over all of them or over t >= from (the new positions).
//
// m(n) in closed form as a finite sum: m(n) = sum_{b=0}^{n-1} (1 - Q_b(n)), Q_b(n) = P(every count <= b),
// and Q_b by adding one symbol at a time: with G_1(n) = [n <= b] and, for v = 2..V,
//   G_v(n) = sum_{c=0}^{min(b, n)} Bin(c; n, 1/v) G_{v-1}(n - c)     (the count of the v-th symbol among
// n tokens that fall on v symbols is Bin(n, 1/v), the rest fall on the other v - 1),  Q_b = G_V.
// Only +, -, *, / (Bin from its ratio recurrence), so native and wasm agree to the bit. The sum over b
// stops once P(max > b) < 1e-12 for every n (m to about 1e-12).
#pragma once
#include <vector>

#include "config.hpp"

namespace train {

// m(n) for n = 0..nmax with V equally likely tokens (m(0) = 0).
std::vector<double> expected_max_counts(int nmax, int V);
// ceiling(t) above at query t of a sequence of length T (m from expected_max_counts, nmax >= T); -1 where
// t has no target.
double order_blind_at(const Config& c, int t, int T, const std::vector<double>& m);
// The mean of ceiling(t) over the scored queries t >= from at length T; -1 if there are none.
double order_blind(const Config& c, int T, int from = 0);
// The same with m given (expected_max_counts(nmax >= T, vocab)), to share one table between lengths.
double order_blind(const Config& c, int T, int from, const std::vector<double>& m);
// True where order_blind is the ceiling itself (lookback, first), false where it bounds it (copy).
bool order_blind_exact(const Config& c);

}  // namespace train
