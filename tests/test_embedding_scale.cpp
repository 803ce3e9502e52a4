// The embedding scale: each initialisation's spread, the closed forms of the word part, the position
// part and their mix, against sample statistics and hand-worked values.
#include "catch2_any.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

#include "core/embedding_scale.hpp"
#include "core/encoding.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {
constexpr EmbeddingInit kInits[] = {EmbeddingInit::scaled_normal, EmbeddingInit::standard_normal, EmbeddingInit::keras_uniform};
}

TEST_CASE("closed forms: sd of E, RMS of E*sqrt(d), the position's share, worked by hand") {
  // sqrt(512) = 16 sqrt(2) = 22.627417...: N(0, 1) entries times sqrt(d).
  CHECK_THAT(expected_word_rms(EmbeddingInit::standard_normal, 512), WithinAbs(16.0 * std::sqrt(2.0), 1e-12));
  CHECK_THAT(expected_word_rms(EmbeddingInit::standard_normal, 512), WithinAbs(22.63, 0.005));
  // tensor2tensor's 1/sqrt(d) start: exactly 1 at every width.
  for (int d : {2, 64, 512, 8192}) CHECK_THAT(expected_word_rms(EmbeddingInit::scaled_normal, d), WithinAbs(1.0, 1e-14));
  // U(-0.05, 0.05): variance 0.05^2 / 3, so at d = 512 the RMS is 0.05 sqrt(512 / 3) = 0.65320...
  CHECK_THAT(init_sd(EmbeddingInit::keras_uniform, 512), WithinAbs(0.028867513459481287, 1e-15));
  CHECK_THAT(expected_word_rms(EmbeddingInit::keras_uniform, 512), WithinAbs(0.6531972647421809, 1e-13));
  // Share of ||w||^2 + ||p||^2 from p: 1/2 over (1 + 1/2) = 1/3 for the scaled start; 1/1025 at d = 512 for N(0, 1).
  CHECK_THAT(expected_position_share(EmbeddingInit::scaled_normal, 512), WithinAbs(1.0 / 3.0, 1e-15));
  CHECK_THAT(expected_position_share(EmbeddingInit::standard_normal, 512), WithinAbs(1.0 / 1025.0, 1e-15));
  CHECK_THAT(expected_cosine(EmbeddingInit::scaled_normal, 512), WithinAbs(std::sqrt(1.0 / 3.0), 1e-15));
  CHECK_THAT(pe_rms(), WithinAbs(0.7071067811865476, 1e-16));
}

TEST_CASE("PE has RMS sqrt(1/2) at every position and width: ||PE||^2 = d/2") {
  for (int d : {2, 6, 64, 512, 8192})
    for (double pos : {0.0, 1.0, 37.5, 1e6, -1e9, 1e9}) {
      INFO("d = " << d << ", pos = " << pos);
      const EmbeddingMix m = embedding_mix(EmbeddingInit::scaled_normal, d, pos, 10000, 7);
      // Each sin^2 + cos^2 rounds to 1 within a few ulps; summed over d/2 pairs.
      CHECK_THAT(m.pos_rms, WithinAbs(std::sqrt(0.5), 1e-14));
      double sum = 0;
      for (double v : m.pos) sum += v * v;
      CHECK_THAT(sum, WithinAbs(d / 2.0, 1e-12 * d));
    }
}

TEST_CASE("the two normal starts share their draws: the word part differs by the factor sqrt(d)") {
  for (int d : {2, 64, 512}) {
    const EmbeddingMix a = embedding_mix(EmbeddingInit::scaled_normal, d, 3.0, 10000, 42);
    const EmbeddingMix b = embedding_mix(EmbeddingInit::standard_normal, d, 3.0, 10000, 42);
    for (size_t j = 0; j < a.word.size(); ++j) CHECK_THAT(b.word[j], WithinAbs(a.word[j] * std::sqrt(double(d)), 1e-12 * std::sqrt(double(d))));
  }
  // A new draw is another row; the same seed the same row.
  const EmbeddingMix a = embedding_mix(EmbeddingInit::keras_uniform, 64, 0, 10000, 1);
  CHECK(a.word == embedding_mix(EmbeddingInit::keras_uniform, 64, 0, 10000, 1).word);
  CHECK(a.word != embedding_mix(EmbeddingInit::keras_uniform, 64, 0, 10000, 2).word);
}

TEST_CASE("sample statistics of many draws match each start's closed form") {
  // 400 rows of d = 512 (N = 204,800 entries) per start. The mean of w^2 / (sigma^2 d):
  //   normal:  sd sqrt(2 / N) = 0.00313       (var z^2 = 2)
  //   uniform: sd sqrt(0.8 / N) = 0.00198     (u = a t, t ~ U(-1, 1): E t^4 / (E t^2)^2 = 9/5, var 4/5)
  // Tolerance 5 sd. The mean of w / (sigma sqrt d): sd 1/sqrt(N) = 0.00221, tolerance 5 sd.
  const int d = 512, rows = 400;
  const double N = double(d) * rows;
  for (EmbeddingInit init : kInits) {
    INFO("start " << static_cast<int>(init));
    const double s = expected_word_rms(init, d);
    double sq = 0, sum = 0, biggest = 0;
    for (int r = 0; r < rows; ++r) {
      const EmbeddingMix m = embedding_mix(init, d, r, 10000, 1000 + static_cast<std::uint64_t>(r));
      for (double w : m.word) {
        sq += (w / s) * (w / s);
        sum += w / s;
        biggest = std::max(biggest, std::fabs(w) / std::sqrt(double(d)));
      }
    }
    const double sd_sq = init == EmbeddingInit::keras_uniform ? std::sqrt(0.8 / N) : std::sqrt(2.0 / N);
    CHECK_THAT(sq / N, WithinAbs(1.0, 5 * sd_sq));
    CHECK_THAT(sum / N, WithinAbs(0.0, 5 / std::sqrt(N)));
    // Uniform entries never leave [-0.05, 0.05]; normal ones do (N(0,1) beyond 0.05 is most entries).
    if (init == EmbeddingInit::keras_uniform) CHECK(biggest <= 0.05);
    if (init == EmbeddingInit::standard_normal) CHECK(biggest > 3.0);
  }
}

TEST_CASE("one wide draw lands near the expected share and cosine") {
  // d = 8192, scaled start: ||w||^2 / d has sd sqrt(2/d) = 0.0156; the share 0.5 / (||w||^2/d + 0.5) moves by
  // 0.5 / 1.5^2 = 0.222 per unit of it, sd 0.0035: tolerance 0.015 (> 4 sd). The cosine moves by about
  // as much again through w.p (sd sqrt(d/2), relative to ||p||^2 = d/2: 0.016): tolerance 0.02.
  for (std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
    const EmbeddingMix m = embedding_mix(EmbeddingInit::scaled_normal, 8192, 12345.0, 10000, seed);
    CHECK_THAT(m.position_share, WithinAbs(1.0 / 3.0, 0.015));
    CHECK_THAT(m.cosine, WithinAbs(std::sqrt(1.0 / 3.0), 0.02));
    CHECK_THAT(m.word_rms, WithinAbs(1.0, 4 * std::sqrt(0.5 / 8192)));
  }
  // N(0, 1) at d = 512: expected share 1/1025, cosine 0.0312; the word part drowns the position.
  const EmbeddingMix big = embedding_mix(EmbeddingInit::standard_normal, 512, 40.0, 10000, 9);
  CHECK_THAT(big.position_share, WithinRel(1.0 / 1025.0, 0.25));
  CHECK(std::fabs(big.cosine) < 0.1);
  CHECK(big.word_max > 22.63);  // the largest of 512 normal entries times sqrt(512) is beyond one sd
}

TEST_CASE("the mix's numbers, recomputed from the vectors another way (d = 2 worked by hand)") {
  // d = 2, pos = 0: PE = (sin 0, cos 0) = (0, 1), so x = (w0, w1 + 1) and cos(x, PE) = (w1 + 1) / |x|.
  const EmbeddingMix m = embedding_mix(EmbeddingInit::standard_normal, 2, 0.0, 10000, 5);
  REQUIRE(m.pos.size() == 2);
  CHECK(m.pos[0] == 0.0);
  CHECK(m.pos[1] == 1.0);
  const double w0 = m.word[0], w1 = m.word[1];
  CHECK_THAT(m.x[0], WithinAbs(w0, 1e-15));
  CHECK_THAT(m.x[1], WithinAbs(w1 + 1, 1e-15));
  CHECK_THAT(m.cosine, WithinAbs((w1 + 1) / std::hypot(w0, w1 + 1), 1e-14));
  CHECK_THAT(m.position_share, WithinAbs(1.0 / (w0 * w0 + w1 * w1 + 1), 1e-14));
  CHECK_THAT(m.word_rms, WithinAbs(std::sqrt((w0 * w0 + w1 * w1) / 2), 1e-14));
  // d = 64 at pos = 3.5 against encoding_vector and plain loops.
  const EmbeddingMix k = embedding_mix(EmbeddingInit::keras_uniform, 64, 3.5, 100, 11);
  const std::vector<double> p = encoding_vector(3.5, 64, 100);
  double xp = 0, xx = 0;
  for (size_t j = 0; j < 64; ++j) {
    CHECK(k.pos[j] == p[j]);
    xp += (k.word[j] + p[j]) * p[j];
    xx += (k.word[j] + p[j]) * (k.word[j] + p[j]);
  }
  CHECK_THAT(k.cosine, WithinAbs(xp / std::sqrt(xx * 32.0), 1e-12));
}
