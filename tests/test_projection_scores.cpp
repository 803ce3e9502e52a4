// What attention scores through one head: the four terms against the full score and against dense
// matrix products, the position–position term against the offset for heads that commute with the
// pair rotations and for a random head, and the shift part.
#include "catch2_any.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/encoding.hpp"
#include "core/input.hpp"
#include "core/projection_scores.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

namespace {

constexpr HeadChoice kChoices[] = {HeadChoice::random, HeadChoice::identity, HeadChoice::rotation};

std::vector<double> normals(std::uint64_t seed, int d) {
  std::vector<double> v(static_cast<size_t>(d));
  standard_normals(seed, v);
  return v;
}

// a M bᵀ with M = W_Q W_Kᵀ formed entry by entry from the dense matrices: the textbook order of work.
double bilinear_dense(const Head& head, const std::vector<double>& a, const std::vector<double>& b) {
  const std::vector<double> wq = dense(head.q), wk = dense(head.k);
  const size_t d = static_cast<size_t>(head.q.d), h = static_cast<size_t>(head.q.h);
  std::vector<double> m(d * d, 0.0);
  for (size_t r = 0; r < d; ++r)
    for (size_t c = 0; c < d; ++c)
      for (size_t j = 0; j < h; ++j) m[r * d + c] += wq[r * h + j] * wk[c * h + j];
  double s = 0;
  for (size_t r = 0; r < d; ++r)
    for (size_t c = 0; c < d; ++c) s += a[r] * m[r * d + c] * b[c];
  return s;
}

double plain_dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (size_t j = 0; j < a.size(); ++j) s += a[j] * b[j];
  return s;
}

}  // namespace

TEST_CASE("the four terms add up to the score of the summed inputs") {
  for (HeadChoice c : kChoices)
    for (int d : {2, 6, 64, 512})
      for (double m : {0.0, 7.0, 1e6}) {
        INFO("head " << static_cast<int>(c) << ", d = " << d << ", m = " << m);
        const Head head = make_head(c, d, 10000, 3, -5);
        const std::vector<double> xm = normals(11, d), xn = normals(12, d);
        const std::vector<double> pm = encoding_vector(m, d, 10000), pn = encoding_vector(m + 9, d, 10000);
        const ScoreTerms t = score_terms(head, xm, pm, xn, pn);
        // Relative 1e-9 of the largest term: the two sums round differently, nothing more.
        const double scale = std::max({std::fabs(t.word_word), std::fabs(t.word_pos), std::fabs(t.pos_word), std::fabs(t.pos_pos), 1.0});
        CHECK_THAT(t.parts_sum(), WithinAbs(t.total, 1e-9 * scale));
      }
}

TEST_CASE("each term equals the dense product a W_Q W_K^T b^T, summed entry by entry") {
  for (HeadChoice c : kChoices)
    for (int d : {2, 8, 16}) {
      INFO("head " << static_cast<int>(c) << ", d = " << d);
      const Head head = make_head(c, d, 100, 8, 3);
      const std::vector<double> xm = normals(21, d), xn = normals(22, d);
      const std::vector<double> pm = encoding_vector(4.0, d, 100), pn = encoding_vector(-2.5, d, 100);
      const ScoreTerms t = score_terms(head, xm, pm, xn, pn);
      CHECK_THAT(t.word_word, WithinAbs(bilinear_dense(head, xm, xn), 1e-12 * d));
      CHECK_THAT(t.word_pos, WithinAbs(bilinear_dense(head, xm, pn), 1e-12 * d));
      CHECK_THAT(t.pos_word, WithinAbs(bilinear_dense(head, pm, xn), 1e-12 * d));
      CHECK_THAT(t.pos_pos, WithinAbs(bilinear_dense(head, pm, pn), 1e-12 * d));
    }
}

TEST_CASE("head shapes: the random head is d x min(d, 64) with entries of variance 1/d; the others are d x d") {
  CHECK(make_head(HeadChoice::random, 512, 10000, 1).q.h == 64);
  CHECK(make_head(HeadChoice::random, 16, 10000, 1).k.h == 16);
  CHECK(make_head(HeadChoice::identity, 8192, 10000, 1).q.h == 8192);
  // 512 x 64 = 32768 entries per matrix: the mean square times d has sd sqrt(2 / 32768) = 0.0078; 5 sd.
  const Head head = make_head(HeadChoice::random, 512, 10000, 77);
  for (const Projection* p : {&head.q, &head.k}) {
    double sq = 0;
    for (double v : p->values) sq += v * v;
    CHECK_THAT(sq / static_cast<double>(p->values.size()) * 512, WithinAbs(1.0, 5 * 0.0078));
  }
  CHECK(head.q.values != head.k.values);
  CHECK(make_head(HeadChoice::random, 512, 10000, 77).q.values == head.q.values);  // seeded
  CHECK(make_head(HeadChoice::random, 512, 10000, 78).q.values != head.q.values);
}

TEST_CASE("identity head: the position-position term is PE(m).PE(n), the same from every start") {
  // The article's number: d = 512, k = 37 gives 139.05 from pos 0, 100 and 300.
  const Head head = make_head(HeadChoice::identity, 512, 10000, 0);
  const std::vector<double> starts = {0, 100, 300, 1e6};
  const std::vector<double> ks = {-37, 0, 37};
  const PositionCurves c = position_curves(head, starts, ks, 10000);
  for (size_t s = 0; s < starts.size(); ++s) {
    CHECK_THAT(c.by_start[s][2], WithinAbs(139.05, 0.005));
    CHECK_THAT(c.by_start[s][1], WithinAbs(256.0, 1e-9));
    // Against PE vectors made independently and multiplied: angle rounding at 1e6 is ~1e-10 per entry.
    const double direct = plain_dot(encoding_vector(starts[s], 512, 10000), encoding_vector(starts[s] + 37, 512, 10000));
    CHECK_THAT(c.by_start[s][2], WithinAbs(direct, 1e-7));
  }
  CHECK_THAT(c.shift[2], WithinAbs(139.05, 0.005));
  for (double sp : spread_across_starts(c)) CHECK(sp < 1e-7);
}

TEST_CASE("rotation head: the term is sum cos(w_i (k - k0)), largest at k = k0, from every start") {
  const int d = 64;
  const double base = 10000, k0 = -5;
  const Head head = make_head(HeadChoice::rotation, d, base, 0, k0);
  const std::vector<double> starts = {0, 100, 300, 123456.5};
  const std::vector<double> ks = symmetric_offsets(40, 1000);
  REQUIRE(ks.size() == 81);
  const PositionCurves c = position_curves(head, starts, ks, base);
  size_t best = 0;
  for (size_t j = 0; j < ks.size(); ++j) {
    double closed = 0;
    for (int i = 0; i < d / 2; ++i) closed += std::cos(std::pow(base, -2.0 * i / d) * (ks[j] - k0));
    CHECK_THAT(c.shift[j], WithinAbs(closed, 1e-11));
    for (size_t s = 0; s < starts.size(); ++s) CHECK_THAT(c.by_start[s][j], WithinAbs(closed, 1e-8));
    if (c.shift[j] > c.shift[best]) best = j;
  }
  CHECK(ks[best] == k0);
  for (double sp : spread_across_starts(c)) CHECK(sp < 1e-8);
  // Not even in k: the head tells before from after (k = -5 scores d/2, k = +5 does not).
  CHECK(c.shift[static_cast<size_t>(40 - 5)] > c.shift[static_cast<size_t>(40 + 5)] + 1.0);
}

TEST_CASE("random head: the term moves with the start by far more than rounding") {
  const int d = 64;
  const Head head = make_head(HeadChoice::random, d, 10000, 2024);
  const std::vector<double> starts = {0, 100, 300};
  const std::vector<double> ks = symmetric_offsets(32, 1000);
  const PositionCurves c = position_curves(head, starts, ks, 10000);
  const std::vector<double> spread = spread_across_starts(c);
  // The size the spread is measured against: the RMS of the shift part over these offsets.
  double shift_rms = 0;
  for (double v : c.shift) shift_rms += v * v;
  shift_rms = std::sqrt(shift_rms / static_cast<double>(c.shift.size()));
  REQUIRE(shift_rms > 0.01);
  // At every offset the starts disagree by more than 1e6 times the tolerance the commuting heads meet
  // (1e-8), and on average by more than a tenth of the shift part's own size.
  double mean_spread = 0;
  for (double sp : spread) {
    CHECK(sp > 1e-2);
    mean_spread += sp / static_cast<double>(spread.size());
  }
  CHECK(mean_spread > 0.1 * shift_rms);
  // Each curve against the direct product with PE vectors made independently.
  for (size_t s = 0; s < starts.size(); ++s)
    for (size_t j = 0; j < ks.size(); j += 8) {
      const std::vector<double> pm = encoding_vector(starts[s], d, 10000), pn = encoding_vector(starts[s] + ks[j], d, 10000);
      CHECK_THAT(c.by_start[s][j], WithinAbs(bilinear_dense(head, pm, pn), 1e-10));
    }
}

TEST_CASE("random head: averaged over many starts, the term tends to the shift part") {
  // Starts drawn uniformly from [0, 1e7): every sinusoid in m of the rest (frequencies w_i + w_j, and
  // |w_i - w_j| >= 1e-5 here) averages out like independent noise, so the mean over N starts is the
  // shift part within 5 standard errors (sd of the sample / sqrt N).
  const int d = 16;
  const double base = 100;  // frequencies 1 .. 0.0178: their differences are all above 1e-3
  const Head head = make_head(HeadChoice::random, d, base, 5);
  const int N = 4000;
  std::vector<double> starts(N);
  SplitMix64 g{99};
  for (double& m : starts) m = std::floor(1e7 * g.uniform());
  const std::vector<double> ks = {-3, 0, 1, 10};
  const PositionCurves c = position_curves(head, starts, ks, base);
  for (size_t j = 0; j < ks.size(); ++j) {
    double sum = 0, sq = 0;
    for (int s = 0; s < N; ++s) {
      sum += c.by_start[static_cast<size_t>(s)][j];
      sq += c.by_start[static_cast<size_t>(s)][j] * c.by_start[static_cast<size_t>(s)][j];
    }
    const double mean = sum / N, sd = std::sqrt(std::max(0.0, sq / N - mean * mean));
    INFO("k = " << ks[j] << ": mean " << mean << ", shift part " << c.shift[j] << ", sd " << sd);
    CHECK(sd > 0.05);  // the start matters for a random head
    CHECK_THAT(mean, WithinAbs(c.shift[j], 5 * sd / std::sqrt(double(N))));
  }
}

TEST_CASE("the commuting parts are the diagonal blocks of the dense M, split by hand") {
  const int d = 8;
  const Head head = make_head(HeadChoice::random, d, 10000, 31);
  const std::vector<double> wq = dense(head.q), wk = dense(head.k);
  const size_t h = static_cast<size_t>(head.q.h);
  const auto M = [&](size_t r, size_t c) {
    double s = 0;
    for (size_t j = 0; j < h; ++j) s += wq[r * h + j] * wk[c * h + j];
    return s;
  };
  std::vector<double> a(d / 2), b(d / 2);
  commuting_parts(head, a, b);
  for (size_t i = 0; i < static_cast<size_t>(d / 2); ++i) {
    CHECK_THAT(a[i], WithinAbs(0.5 * (M(2 * i, 2 * i) + M(2 * i + 1, 2 * i + 1)), 1e-14));
    CHECK_THAT(b[i], WithinAbs(0.5 * (M(2 * i, 2 * i + 1) - M(2 * i + 1, 2 * i)), 1e-14));
  }
  // Identity: a = 1, b = 0 for every pair.
  commuting_parts(make_head(HeadChoice::identity, d, 10000, 0), a, b);
  for (size_t i = 0; i < a.size(); ++i) CHECK((a[i] == 1.0 && b[i] == 0.0));
}

TEST_CASE("offsets for the plot: whole numbers from -kmax to kmax, with 0") {
  const std::vector<double> all = symmetric_offsets(5, 100);
  REQUIRE(all.size() == 11);
  CHECK(all.front() == -5);
  CHECK(all.back() == 5);
  const std::vector<double> few = symmetric_offsets(1000, 100);
  CHECK(few.size() == 99);
  CHECK(few.front() == -1000);
  CHECK(few.back() == 1000);
  CHECK(std::find(few.begin(), few.end(), 0.0) != few.end());
  for (double k : few) CHECK(k == std::round(k));
  CHECK(std::is_sorted(few.begin(), few.end()));
}

TEST_CASE("wide models stay affordable: d = 8192 in blocks, a random head 8192 x 64") {
  const Head rot = make_head(HeadChoice::rotation, 8192, 10000, 0, 3);
  CHECK(rot.q.values.size() == 2 * 8192);  // 2x2 blocks, never 8192 x 8192
  const Head rnd = make_head(HeadChoice::random, 8192, 10000, 1);
  CHECK(rnd.q.values.size() == 8192 * 64);
  const std::vector<double> starts = {0, 1e9};
  const std::vector<double> ks = {-1, 0, 1};
  const PositionCurves c = position_curves(rot, starts, ks, 10000);
  // Largest at k = k0 = 3? Not among these offsets; the values are finite and equal across the starts.
  for (size_t j = 0; j < ks.size(); ++j) {
    CHECK(std::isfinite(c.shift[j]));
    CHECK_THAT(c.by_start[0][j], WithinAbs(c.shift[j], 1e-6 * 4096));
  }
}
