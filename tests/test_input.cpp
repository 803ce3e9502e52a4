// The input vector x = E*sqrt(d) + PE: the generator, the scale of each term, and the sum.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "core/encoding.hpp"
#include "core/input.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

TEST_CASE("SplitMix64 matches the reference sequence for seed 0") {
  // Published first outputs of Vigna's splitmix64.c from state 0 (also recomputed with Python ints).
  SplitMix64 g{0};
  CHECK(g.next() == 0xE220A8397B1DCDAFULL);
  CHECK(g.next() == 0x6E789E6AA1B965F4ULL);
  CHECK(g.next() == 0x06C45D188009454FULL);
}

TEST_CASE("Box-Muller: first two normals for seed 12345 match an independent Python computation") {
  // Python: u1, u2 from the same SplitMix64 bits, then sqrt(-2 ln u1) * (cos, sin)(2 pi u2).
  // Tolerance 1e-14: libm's log/cos/sin may differ by an ulp between platforms (glibc, wasm).
  std::vector<double> z(2);
  standard_normals(12345, z);
  CHECK_THAT(z[0], WithinAbs(0.5625435185875695, 1e-14));
  CHECK_THAT(z[1], WithinAbs(1.927993626780118, 1e-14));
}

TEST_CASE("the generator is deterministic and rows are independent of each other") {
  std::vector<double> a(512), b(512), c(512);
  embedding_row(7, 512, a);
  embedding_row(7, 512, b);
  embedding_row(8, 512, c);
  CHECK(a == b);
  CHECK(a != c);
  // Another seed gives another table.
  embedding_row(7, 512, b, kEmbeddingSeed + 1);
  CHECK(a != b);
}

TEST_CASE("E*sqrt(d) is the same standard normal sequence for every d") {
  std::vector<double> small(64), large(512);
  embedding_row(3, 64, small);
  embedding_row(3, 512, large);
  // Only the scale factor differs: two roundings of numbers of size about 1.
  for (size_t j = 0; j < 64; ++j) CHECK_THAT(small[j] * 8.0, WithinAbs(large[j] * std::sqrt(512.0), 1e-14));
}

TEST_CASE("d = 512: entries of E have sd d^-1/2, so E*sqrt(d) has RMS about 1") {
  const int d = 512;
  // One row: RMS^2 is a mean of 512 squared standard normals, sd sqrt(2/512) = 0.0625.
  // Tolerance 4 sd: RMS^2 in [0.75, 1.25].
  const InputTerms t = input_terms(0, 0.0, d, 10000);
  CHECK_THAT(rms(t.scaled) * rms(t.scaled), WithinAbs(1.0, 0.25));
  CHECK_THAT(rms(t.embed), WithinAbs(rms(t.scaled) / std::sqrt(512.0), 1e-15));

  // 200 rows pooled (N = 102400 draws): sd of the mean square sqrt(2/N) = 0.00442, of the mean
  // 1/sqrt(N) = 0.00313, of the fraction within one sd sqrt(0.683*0.317/N) = 0.00145. 4 sd each.
  double sum = 0, sq = 0, within = 0, n = 0;
  std::vector<double> row(d);
  for (int tok = 0; tok < 200; ++tok) {
    embedding_row(tok, d, row);
    for (double e : row) {
      const double z = e * std::sqrt(double(d));
      sum += z;
      sq += z * z;
      within += std::fabs(z) < 1.0 ? 1 : 0;
      n += 1;
    }
  }
  CHECK_THAT(sq / n, WithinAbs(1.0, 4 * 0.00442));
  CHECK_THAT(sum / n, WithinAbs(0.0, 4 * 0.00313));
  // P(|Z| < 1) = erf(1/sqrt 2) = 0.682689: catches a generator with the right variance but the wrong shape.
  CHECK_THAT(within / n, WithinAbs(std::erf(1 / std::sqrt(2.0)), 4 * 0.00145));
}

TEST_CASE("the PE term: entries in [-1, 1] and RMS exactly sqrt(1/2)") {
  for (double pos : {0.0, 1.0, 37.5, 1000.0}) {
    const InputTerms t = input_terms(5, pos, 512, 10000);
    // sin^2 + cos^2 = 1 per pair, so the mean square is 1/2; rounding over 512 terms stays below 1e-14.
    CHECK_THAT(rms(t.pos), WithinAbs(std::sqrt(0.5), 1e-14));
    CHECK(max_abs(t.pos) <= 1.0);
  }
}

TEST_CASE("the sum equals its parts, and the parts are what they claim") {
  const int d = 64;
  const double pos = 12.25, base = 500;
  const InputTerms t = input_terms(11, pos, d, base);
  std::vector<double> e(d);
  embedding_row(11, d, e);
  const std::vector<double> p = encoding_vector(pos, d, base);
  for (size_t j = 0; j < size_t(d); ++j) {
    CHECK(t.embed[j] == e[j]);
    CHECK(t.pos[j] == p[j]);
    CHECK(t.scaled[j] == e[j] * 8.0);  // sqrt(64) = 8 exactly
    CHECK(t.sum[j] == e[j] * 8.0 + p[j]);
  }
}

TEST_CASE("rms and max_abs on small hand-worked vectors") {
  CHECK(rms(std::vector<double>{3, 4}) == std::sqrt(12.5));
  CHECK(rms(std::vector<double>{}) == 0);
  CHECK(max_abs(std::vector<double>{0.5, -2, 1}) == 2);
}
