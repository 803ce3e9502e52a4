// Adding word and position vectors: the four parts must add up to the directly summed total, and
// concatenating must leave no cross terms.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "core/encoding.hpp"
#include "core/mixing.hpp"
#include "core/similarity.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

TEST_CASE("hand-worked d = 2: w1 = (1, 2), w2 = (3, -1), p1 = (0, 1), p2 = (1, 0)") {
  const std::vector<double> w1{1, 2}, w2{3, -1}, p1{0, 1}, p2{1, 0};
  const MixParts m = mix_added(w1, p1, w2, p2);
  CHECK(m.word == 1.0);      // 1*3 + 2*(-1)
  CHECK(m.position == 0.0);  // 0*1 + 1*0
  CHECK(m.cross == 0.0);     // w1.p2 = 1, p1.w2 = -1
  CHECK(m.total == 1.0);     // (1, 3) . (4, -1) = 4 - 3
  CHECK(dot_concatenated(w1, p1, w2, p2) == 1.0);
  const std::vector<double> p3{2, 5};
  const MixParts n = mix_added(w1, p1, w2, p3);
  CHECK(n.cross == 12.0 - 1.0);  // w1.p3 = 2 + 10, p1.w2 = -1
  CHECK(n.total == 1.0 * 5.0 + 3.0 * 4.0);  // (1, 3) . (5, 4)
}

// Tolerance: 1e-12. Entries are about 1, d <= 512: each sum carries rounding of about
// sqrt(d) * 1e-16 * (size of the sum, < 1e3), well under 1e-12.
TEST_CASE("the four parts add up to the directly summed total (identity)") {
  for (int d : {2, 4, 64, 512})
    for (double pos : {0.0, 3.0, 41.5, 1000.0})
      for (double k : {1.0, 4.0, -7.0, 37.0}) {
        const auto w1 = word_vector(1, d), w2 = word_vector(2, d);
        const auto p1 = encoding_vector(pos, d, 10000), p2 = encoding_vector(pos + k, d, 10000);
        const MixParts m = mix_added(w1, p1, w2, p2);
        INFO("d=" << d << " pos=" << pos << " k=" << k);
        CHECK_THAT(m.word + m.position + m.cross, WithinAbs(m.total, 1e-12));
      }
}

TEST_CASE("concatenation has no cross terms") {
  for (int d : {2, 16, 256}) {
    const auto w1 = word_vector(7, d), w2 = word_vector(8, d);
    for (double pos : {0.0, 5.0, 99.0}) {
      const auto p1 = encoding_vector(pos, d, 10000), p2 = encoding_vector(pos + 4, d, 10000);
      const MixParts m = mix_added(w1, p1, w2, p2);
      INFO("d=" << d << " pos=" << pos);
      // Same tolerance reasoning as above.
      CHECK_THAT(dot_concatenated(w1, p1, w2, p2), WithinAbs(m.word + m.position, 1e-12));
      // ...while adding does have them: for these stand-in words they are far from 0.
      CHECK(std::fabs(m.cross) > 1e-3);
    }
    // With the word halves zero only position is left, and with the position halves zero only words.
    const std::vector<double> zero(static_cast<size_t>(d), 0.0);
    const auto p1 = encoding_vector(3, d, 10000), p2 = encoding_vector(10, d, 10000);
    CHECK_THAT(dot_concatenated(zero, p1, zero, p2), WithinAbs(dot_closed_form(7, d, 10000), 1e-12));
    CHECK(dot_concatenated(w1, zero, w2, zero) == dot(w1, w2));
  }
}

// Tolerance 1e-9 as in test_similarity: angles up to 1e3 rad carry ~1e-13 rounding per term.
TEST_CASE("the position part equals the closed form sum_i cos(w_i k) (second formula)") {
  for (int d : {4, 64, 1024})
    for (double pos : {0.0, 12.0, 777.0})
      for (double k : {1.0, 4.0, 37.0}) {
        const auto w1 = word_vector(1, d), w2 = word_vector(2, d);
        const auto p1 = encoding_vector(pos, d, 10000), p2 = encoding_vector(pos + k, d, 10000);
        INFO("d=" << d << " pos=" << pos << " k=" << k);
        CHECK_THAT(mix_added(w1, p1, w2, p2).position, WithinAbs(dot_closed_form(k, d, 10000), 1e-9));
      }
}

TEST_CASE("the cross terms change with pos at a fixed offset, the concatenated total does not") {
  const int d = 64;
  const auto w1 = word_vector(1, d), w2 = word_vector(2, d);
  double lo = 1e300, hi = -1e300, clo = 1e300, chi = -1e300;
  for (int pos = 0; pos < 64; ++pos) {
    const auto p1 = encoding_vector(pos, d, 10000), p2 = encoding_vector(pos + 4, d, 10000);
    const double cross = mix_added(w1, p1, w2, p2).cross, cat = dot_concatenated(w1, p1, w2, p2);
    lo = std::min(lo, cross), hi = std::max(hi, cross);
    clo = std::min(clo, cat), chi = std::max(chi, cat);
  }
  CHECK(hi - lo > 1.0);
  CHECK(chi - clo < 1e-12);
}

// Tolerance 1e-12: the batch computes the same angles (the same w_i times the same positions),
// so only the order of operations could differ.
TEST_CASE("mix_added_along equals mix_added with PE computed per position") {
  for (int d : {2, 64, 512}) {
    const auto w1 = word_vector(1, d), w2 = word_vector(2, d);
    const std::vector<double> ps{0.0, 1.0, 7.5, 100.0, -3.0};
    std::vector<MixParts> out(ps.size());
    mix_added_along(w1, w2, ps, 4.0, 10000, out);
    for (size_t j = 0; j < ps.size(); ++j) {
      const MixParts m = mix_added(w1, encoding_vector(ps[j], d, 10000), w2, encoding_vector(ps[j] + 4.0, d, 10000));
      INFO("d=" << d << " pos=" << ps[j]);
      CHECK_THAT(out[j].word, WithinAbs(m.word, 1e-12));
      CHECK_THAT(out[j].position, WithinAbs(m.position, 1e-12));
      CHECK_THAT(out[j].cross, WithinAbs(m.cross, 1e-12));
      CHECK_THAT(out[j].total, WithinAbs(m.total, 1e-12));
    }
  }
}

TEST_CASE("stand-in word vectors: deterministic, mean about 0, standard deviation about 1") {
  CHECK(word_vector(3, 8) == word_vector(3, 8));
  CHECK(word_vector(3, 8) != word_vector(4, 8));
  const auto v = word_vector(1, 8192);
  double mean = 0, sq = 0;
  for (double x : v) mean += x, sq += x * x;
  mean /= 8192;
  const double sd = std::sqrt(sq / 8192 - mean * mean);
  // Sampling error of the mean is 1/sqrt(8192) ~ 0.011; 5 sigma bounds.
  CHECK(std::fabs(mean) < 0.06);
  CHECK(std::fabs(sd - 1.0) < 0.04);
  bool finite = true;
  for (double x : v) finite = finite && std::isfinite(x);
  CHECK(finite);
  CHECK(word_vector(1, 3).size() == 3);  // odd lengths are filled too
}
