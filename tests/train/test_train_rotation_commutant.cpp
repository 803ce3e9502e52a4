// The commuting fraction (train/rotation_commutant.hpp) against constructed matrices whose answer is
// known, against the property it stands for (a projected form PE(t) P PE(s)^T depends on t - s alone,
// with the PE table from the core), and qk_form against the model's own scores.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "core/encoding.hpp"
#include "train/evaluate.hpp"
#include "train/rng.hpp"
#include "train/rotation_commutant.hpp"

using namespace train;

namespace {
double sq(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x * x;
  return s;
}
}  // namespace

TEST_CASE("constructed: a commuting matrix gives 1, one orthogonal to the commutant 0, a mix its share") {
  const size_t d = 8;
  std::vector<double> C(d * d, 0.0), X(d * d, 0.0);
  for (size_t i = 0; i < d; i += 2) {
    const double a = 1.0 + static_cast<double>(i), b = 0.5 - static_cast<double>(i);
    C[i * d + i] = a, C[i * d + i + 1] = -b, C[(i + 1) * d + i] = b, C[(i + 1) * d + i + 1] = a;
    // [[p, q], [q, -p]]: a reflection-like block, orthogonal to every [[a, -b], [b, a]].
    X[i * d + i] = 1.0, X[(i + 1) * d + i + 1] = -1.0, X[i * d + i + 1] = 2.0, X[(i + 1) * d + i] = 2.0;
  }
  X[0 * d + 5] = 3.0;  // an off-diagonal block
  X[6 * d + 1] = -1.5;
  CHECK(commuting_fraction(C, d) == Approx(1.0).margin(1e-15));
  CHECK(commuting_fraction(X, d) == Approx(0.0).margin(1e-15));
  // C + s X with ||C||^2 = 3 ||s X||^2: the fraction is 3/4 (C and X are orthogonal).
  const double s = std::sqrt(sq(C) / (3 * sq(X)));
  std::vector<double> M(d * d);
  for (size_t i = 0; i < M.size(); ++i) M[i] = C[i] + s * X[i];
  CHECK(commuting_fraction(M, d) == Approx(0.75).margin(1e-12));
  CHECK(commuting_fraction(std::vector<double>(d * d, 0.0), d) == -1);
  // A random matrix: about 1/d (the reference); d = 32, averaged over 50: within 0.01 of 1/32.
  Rng rng(3, 1);
  double mean = 0;
  for (int k = 0; k < 50; ++k) {
    std::vector<double> R(32 * 32);
    for (double& v : R) v = rng.symmetric(1.0);
    mean += commuting_fraction(R, 32) / 50;
  }
  CHECK(mean == Approx(1.0 / 32).margin(0.01));
}

TEST_CASE("the projection's form on sinusoidal vectors depends on the offset alone; the rest does not") {
  const size_t d = 16;
  const int T = 40;
  std::vector<double> pe(static_cast<size_t>(T) * d);
  pe::encoding_table(0.0, T, static_cast<int>(d), 10000.0, pe);
  Rng rng(8, 1);
  std::vector<double> M(d * d);
  for (double& v : M) v = rng.symmetric(1.0);
  const std::vector<double> P = commutant_projection(M, d);
  std::vector<double> rest(d * d);
  for (size_t i = 0; i < M.size(); ++i) rest[i] = M[i] - P[i];
  auto form = [&](const std::vector<double>& A, int t, int s) {
    double v = 0;
    for (size_t i = 0; i < d; ++i)
      for (size_t j = 0; j < d; ++j) v += pe[static_cast<size_t>(t) * d + i] * A[i * d + j] * pe[static_cast<size_t>(s) * d + j];
    return v;
  };
  double worst_p = 0, worst_rest = 0;
  for (int k = 0; k < 8; ++k)
    for (int t = k; t + 20 < T; ++t) {
      worst_p = std::fmax(worst_p, std::fabs(form(P, t, t - k) - form(P, t + 20, t + 20 - k)));
      worst_rest = std::fmax(worst_rest, std::fabs(form(rest, t, t - k) - form(rest, t + 20, t + 20 - k)));
    }
  CHECK(worst_p <= 1e-12);
  CHECK(worst_rest > 0.1);
}

TEST_CASE("qk_form: PE(t) M_h PE(s)^T is head h's score q.k * sqrt(dh) on inputs LN1 passes unchanged") {
  // With LN1's gain g and bias 0 and an input h = n (already normalised), q.k over head h's columns is
  // n diag(g) W_Q,h W_K,h^T diag(g) n'^T = n M_h n'^T. Checked directly from the weights.
  Config c;
  c.encoding = Encoding::sinusoidal;
  c.heads = 4;
  Model<float> m(c);
  m.init(2);
  Rng rng(5, 1);
  for (size_t j = 0; j < m.d; ++j) m.params[m.lo[0].ln1_g + j] = static_cast<float>(0.5 + rng.uniform());
  const size_t d = m.d, dh = m.dh;
  std::vector<double> n1(d), n2(d);
  for (double& v : n1) v = rng.symmetric(1.0);
  for (double& v : n2) v = rng.symmetric(1.0);
  for (size_t h = 0; h < m.H; ++h) {
    const std::vector<double> M = qk_form(m, 0, h);
    double viaM = 0, direct = 0;
    for (size_t i = 0; i < d; ++i)
      for (size_t j = 0; j < d; ++j) viaM += n1[i] * M[i * d + j] * n2[j];
    for (size_t col = h * dh; col < (h + 1) * dh; ++col) {
      double q = 0, k = 0;
      for (size_t i = 0; i < d; ++i) {
        q += n1[i] * m.params[m.lo[0].ln1_g + i] * m.params[m.lo[0].wq + i * d + col];
        k += n2[i] * m.params[m.lo[0].ln1_g + i] * m.params[m.lo[0].wk + i * d + col];
      }
      direct += q * k;
    }
    CHECK(viaM == Approx(direct).epsilon(1e-9));
  }
  // In the evaluation: defined for the sinusoidal model's layer 0 only, a share in [0, 1].
  const Evaluation ev = evaluate(m, EvalOptions{2, false, false});
  for (const HeadMechanism& h : ev.mechanism) {
    CHECK(h.commutingFraction >= 0);
    CHECK(h.commutingFraction <= 1);
  }
}
