// R^2 of a score matrix against the offset (train/offset_r2.hpp) against independent truths: scores
// built from an offset function (1), hand-worked small matrices, the two-way least-squares fit solved
// here a second way (the full design's normal equations in c_0..c_{T-1}, f_1..f_{T-1}, by Gaussian
// elimination: no elimination of c, no prefix sums), and a model whose scores are ALiBi's bias alone.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "train/evaluate.hpp"
#include "train/offset_r2.hpp"
#include "train/rng.hpp"

using namespace train;

namespace {

// SS of the residual of the least-squares fit A_ts ~ c_t + f_{t-s} (f_0 = 0), via the full normal equations.
double two_way_residual(const std::vector<double>& A, int T) {
  const int p = 2 * T - 1;  // c_0..c_{T-1}, f_1..f_{T-1}
  std::vector<double> N(static_cast<size_t>(p * p), 0.0), r(static_cast<size_t>(p), 0.0);
  std::vector<int> cols;
  for (int t = 0; t < T; ++t)
    for (int s = 0; s <= t; ++s) {
      cols = {t};
      if (t - s > 0) cols.push_back(T + t - s - 1);
      for (int i : cols) {
        r[static_cast<size_t>(i)] += A[static_cast<size_t>(t * T + s)];
        for (int j : cols) N[static_cast<size_t>(i * p + j)] += 1;
      }
    }
  std::vector<double> x(static_cast<size_t>(p), 0.0);
  for (int col = 0; col < p; ++col) {  // Gauss-Jordan with partial pivoting
    int piv = col;
    for (int i = col + 1; i < p; ++i)
      if (std::fabs(N[static_cast<size_t>(i * p + col)]) > std::fabs(N[static_cast<size_t>(piv * p + col)])) piv = i;
    for (int j = 0; j < p; ++j) std::swap(N[static_cast<size_t>(col * p + j)], N[static_cast<size_t>(piv * p + j)]);
    std::swap(r[static_cast<size_t>(col)], r[static_cast<size_t>(piv)]);
    for (int i = 0; i < p; ++i) {
      if (i == col) continue;
      const double q = N[static_cast<size_t>(i * p + col)] / N[static_cast<size_t>(col * p + col)];
      for (int j = 0; j < p; ++j) N[static_cast<size_t>(i * p + j)] -= q * N[static_cast<size_t>(col * p + j)];
      r[static_cast<size_t>(i)] -= q * r[static_cast<size_t>(col)];
    }
  }
  for (int i = 0; i < p; ++i) x[static_cast<size_t>(i)] = r[static_cast<size_t>(i)] / N[static_cast<size_t>(i * p + i)];
  double ss = 0;
  for (int t = 0; t < T; ++t)
    for (int s = 0; s <= t; ++s) {
      const double fit = x[static_cast<size_t>(t)] + (t - s > 0 ? x[static_cast<size_t>(T + t - s - 1)] : 0.0);
      const double e = A[static_cast<size_t>(t * T + s)] - fit;
      ss += e * e;
    }
  return ss;
}

}  // namespace

TEST_CASE("scores that are a function of the offset give 1; a constant per query costs only the plain R^2") {
  const int T = 12;
  std::vector<double> A(T * T, 0.0);
  for (int t = 0; t < T; ++t)
    for (int s = 0; s <= t; ++s) A[static_cast<size_t>(t * T + s)] = std::sin(0.7 * (t - s)) + 0.1 * (t - s);
  OffsetR2 r = offset_r2(A, T);
  CHECK(r.plain == Approx(1.0).margin(1e-12));
  CHECK(r.withinQuery == Approx(1.0).margin(1e-12));
  for (int t = 0; t < T; ++t)
    for (int s = 0; s <= t; ++s) A[static_cast<size_t>(t * T + s)] += 0.5 * t * t;  // per query
  r = offset_r2(A, T);
  CHECK(r.plain < 0.5);
  CHECK(r.withinQuery == Approx(1.0).margin(1e-10));
}

TEST_CASE("hand-worked: T = 3") {
  // Rows: t=0: [a00]; t=1: [a10, a11]; t=2: [a20, a21, a22], offsets t - s.
  // A key-position score A_ts = [s = 0] (the first key marked): offset 0 entries 0,0,0 (t=1,2 have s=t>0)
  // except a00 = 1; offset 1: a10 = 1, a21 = 0; offset 2: a20 = 1.
  std::vector<double> A = {1, 0, 0, 1, 0, 0, 1, 0, 0};
  const OffsetR2 r = offset_r2(A, 3);
  // Mean 3/6 = 0.5, SS_tot = 6 * 0.25 = 1.5. Offset means: o0 {1,0,0} 1/3, o1 {1,0} 1/2, o2 {1} 1;
  // SS_res = (4/9 + 1/9 + 1/9) + (1/4 + 1/4) + 0 = 2/3 + 1/2 = 7/6; R^2 = 1 - (7/6) / 1.5 = 2/9.
  CHECK(r.plain == Approx(2.0 / 9).margin(1e-14));
  CHECK(r.spread == Approx(0.5).margin(1e-14));  // sqrt(1.5 / 6)
  // Within query: row SS: t=1 {1,0}: 1/2, t=2 {1,0,0}: 2/3; total 7/6. The fit c_t + f_o (f_0 = 0):
  // a00 and a20 (the only entries of c_0 and f_2) fit exactly; the other four give 2c1 + f1 = 1,
  // 2c2 + f1 = 0, c1 + c2 + 2f1 = 1: f1 = 1/2, c1 = 1/4, c2 = -1/4, residuals +-1/4, SS 1/4.
  // R^2 = 1 - (1/4) / (7/6) = 11/14; the second way agrees.
  CHECK(r.withinQuery == Approx(11.0 / 14).margin(1e-12));
  CHECK(two_way_residual(A, 3) == Approx(0.25).margin(1e-12));
  CHECK(r.withinQuery < 1.0 - 1e-6);  // a marked first key is not an offset
}

TEST_CASE("the within-query fit agrees with the full normal equations on random scores") {
  Rng rng(4, 1);
  for (int T : {2, 5, 16, 40}) {
    std::vector<double> A(static_cast<size_t>(T * T), 0.0);
    for (double& v : A) v = rng.symmetric(1.0);
    double ss_rows = 0;
    for (int t = 0; t < T; ++t) {
      double m = 0;
      for (int s = 0; s <= t; ++s) m += A[static_cast<size_t>(t * T + s)];
      m /= t + 1;
      for (int s = 0; s <= t; ++s) ss_rows += (A[static_cast<size_t>(t * T + s)] - m) * (A[static_cast<size_t>(t * T + s)] - m);
    }
    const OffsetR2 r = offset_r2(A, T);
    INFO("T " << T);
    CHECK(r.withinQuery == Approx(1.0 - two_way_residual(A, T) / ss_rows).margin(1e-10));
    if (T >= 16) CHECK(r.plain < 0.2);  // noise: the offset explains little
  }
  CHECK(offset_r2(std::vector<double>(9, 2.0), 3).plain == -1);  // constant: nothing to explain
}

TEST_CASE("in the model: ALiBi with W_Q = W_K = 0 scores by offset alone, R^2 = 1 at L and 2L") {
  Config c;
  c.encoding = Encoding::alibi;
  c.heads = 4;
  Model<float> m(c);
  m.init(1);
  for (const Model<float>::LayerOffsets& o : m.lo)
    for (size_t i = 0; i < m.d * m.d; ++i) m.params[o.wq + i] = m.params[o.wk + i] = 0.0f;
  const Evaluation ev = evaluate(m, EvalOptions{4, false, false});
  REQUIRE(ev.mechanism.size() == 4);
  for (const HeadMechanism& h : ev.mechanism) {
    INFO("head " << h.head);
    CHECK(h.atL.plain == Approx(1.0).margin(1e-12));
    CHECK(h.at2L.plain == Approx(1.0).margin(1e-12));
    CHECK(h.atL.withinQuery == Approx(1.0).margin(1e-12));
    CHECK(h.commutingFraction == -1);  // not sinusoidal
  }
  // With its weights the same model's scores hold content too: below 1.
  Model<float> w(c);
  w.init(1);
  const Evaluation e2 = evaluate(w, EvalOptions{4, false, false});
  CHECK(e2.mechanism[0].atL.plain < 1.0 - 1e-6);
}
