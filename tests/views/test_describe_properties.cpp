// Each lesson's describe_<id> states the numbers its canvas shows. Every expected number here is worked
// out independently of the view: by hand, with std::sin / std::cos directly, from a closed form or by a
// brute-force loop, never by calling the core function the view calls. The only shared inputs are the
// views' fixed stand-in vectors (pe::word_vector with the seeds the views document), which are data, not
// results. Numbers are compared as printed text where the view's format leaves a wide margin over the
// rounding error of the two routes (stated at each check), else parsed back and compared with a tolerance.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "core/mixing.hpp"

using namespace app;

namespace {

std::string fixed(const char* f, double v) {
  char b[64];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

int count_of(const std::string& text, const std::string& part) {
  int n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// The number printed right after `phrase` (NaN if the phrase is missing).
double number_after(const std::string& text, const std::string& phrase) {
  const size_t at = text.find(phrase);
  if (at == std::string::npos) return std::nan("");
  return std::strtod(text.c_str() + at + phrase.size(), nullptr);
}

// w_i = base^(-2i/d), written out here rather than taken from core/frequency.
double w_of(int i, int d, double base) { return 1.0 / std::pow(base, 2.0 * i / d); }

// PE(pos, j) with the paper's interleaved layout.
double pe_at(double pos, int j, int d, double base) {
  const double a = pos * w_of(j / 2, d, base);
  return j % 2 == 0 ? std::sin(a) : std::cos(a);
}

State lesson_state(View v, int d, int n, double k) {
  State s;
  s.view = v;
  s.d = d;
  s.n = n;
  s.k = k;
  s.playing = false;
  return s;
}

// The seven lessons of this file.
const View kMine[] = {View::ranges, View::similarity, View::learned, View::adding, View::rope, View::gotcha, View::precision};

}  // namespace

// ---- ranges ----------------------------------------------------------------------------------------

TEST_CASE("ranges: the counts below 0.1 and 0.5 and the selected pair's ranges, by brute force") {
  for (const int d : {512, 32}) {
    State s = lesson_state(View::ranges, d, 64, 37);
    s.pair = d == 512 ? 100 : 3;
    const std::string t = describe(s);
    INFO(t);
    // Every dimension over every whole position 0..63: max minus min.
    std::vector<double> range(static_cast<size_t>(d));
    int below_01 = 0, below_05 = 0, sin_01 = 0, cos_01 = 0;
    for (int j = 0; j < d; ++j) {
      double lo = 2, hi = -2;
      for (int p = 0; p < 64; ++p) lo = std::min(lo, pe_at(p, j, d, 1e4)), hi = std::max(hi, pe_at(p, j, d, 1e4));
      range[static_cast<size_t>(j)] = hi - lo;
      if (hi - lo < 0.1) ++below_01, ++(j % 2 == 0 ? sin_01 : cos_01);
      if (hi - lo < 0.5) ++below_05;
    }
    if (d == 512) {
      // The article's Figure 4 numbers for d = 512, N = 64.
      CHECK(below_01 == 194);
      CHECK(below_05 == 264);
    }
    const std::string ds = std::to_string(d);
    // Counts are whole numbers; a range within ~1e-15 of 0.1 or 0.5 could flip, and none is.
    CHECK(has(t, "Over positions 0 to 63 (window N = 64)"));
    CHECK(has(t, std::to_string(below_01) + " of " + ds + " dimensions change by less than 0.1 (" + std::to_string(sin_01) + " sin, " +
                     std::to_string(cos_01) + " cos)"));
    CHECK(has(t, std::to_string(below_05) + " of " + ds + " by less than 0.5"));
    // Six decimals: the two routes evaluate the same sin/cos at the same whole positions, so they agree
    // to ~1e-16, far below the 5e-7 half-step of the last printed digit.
    const int a = 2 * s.pair, b = a + 1;
    CHECK(has(t, "dimension " + std::to_string(a) + " (sin) changes by " + fixed("%.6f", range[static_cast<size_t>(a)])));
    CHECK(has(t, "dimension " + std::to_string(b) + " (cos) by " + fixed("%.6f", range[static_cast<size_t>(b)])));
  }
}

TEST_CASE("ranges: a window of one position changes nothing") {
  State s = lesson_state(View::ranges, 8, 1, 0);
  const std::string t = describe_ranges(s, RangesCache{});
  INFO(t);
  // One position: max = min for every dimension, so all 8 are below both thresholds; worked by hand.
  CHECK(has(t, "8 of 8 dimensions change by less than 0.1 (4 sin, 4 cos) and 8 of 8 by less than 0.5"));
  CHECK(has(t, "changes by 0.000000"));
}

// ---- similarity ------------------------------------------------------------------------------------

TEST_CASE("similarity: the dot product at k is the closed form, the same from every start") {
  State s = lesson_state(View::similarity, 512, 64, 37);
  s.pos = 12.5;
  const std::string t = describe(s);
  INFO(t);
  double closed = 0;
  for (int i = 0; i < 256; ++i) closed += std::cos(w_of(i, 512, 1e4) * 37);
  const auto direct = [](double pos) {
    double sum = 0;
    for (int j = 0; j < 512; ++j) sum += pe_at(pos, j, 512, 1e4) * pe_at(pos + 37, j, 512, 1e4);
    return sum;
  };
  // Six decimals of a sum near 139: the direct sums and the closed form agree to ~1e-12 at these
  // positions, far below the 5e-7 half-step of the last digit, so all five print alike.
  const std::string c = fixed("%.6f", closed);
  CHECK(c == fixed("%.6f", direct(0)));
  CHECK(c == fixed("%.6f", direct(300)));
  CHECK(has(t, "At offset k = 37 "));
  CHECK(has(t, fixed("%.6f", direct(0)) + " from pos 0, "));
  CHECK(has(t, fixed("%.6f", direct(100)) + " from pos 100, "));
  CHECK(has(t, fixed("%.6f", direct(300)) + " from pos 300, "));
  CHECK(has(t, fixed("%.6f", direct(12.5)) + " from the current pos 12.50"));
  CHECK(has(t, "gives " + c + "."));
  CHECK(count_of(t, c) == 5);
  // Its maximum d/2 = 512/2 = 256, by hand.
  CHECK(has(t, "d/2 = 256, at k = 0"));
}

TEST_CASE("similarity: at d = 2 the dot product is just cos k") {
  State s = lesson_state(View::similarity, 2, 64, 3);
  const std::string t = describe_similarity(s, SimilarityCache{});
  INFO(t);
  // d = 2: one pair with w = 1, so the dot product is cos 3 = -0.989992 (to six decimals).
  CHECK(count_of(t, fixed("%.6f", std::cos(3.0))) == 5);
  CHECK(has(t, "-0.989992"));
  CHECK(has(t, "d/2 = 1,"));
}

// ---- learned ---------------------------------------------------------------------------------------

TEST_CASE("learned: table size, whether pos has a row, and the formula's values") {
  State s = lesson_state(View::learned, 512, 64, 37);
  std::string t = describe(s);
  INFO(t);
  // n x d = 64 x 512 = 32768 trainable numbers, by hand; the paper's Table 3 values, copied from the paper.
  CHECK(has(t, "holds 32,768 trainable numbers"));
  CHECK(has(t, "perplexity 4.92 and BLEU 25.7, the sinusoids 4.92 and 25.8"));
  CHECK(has(t, "Position 0.00 has a row"));
  // pos 0: sin 0 = 0 and cos 0 = 1 for every pair.
  CHECK(has(t, "PE(pos, 0) = +0.000000, PE(pos, 1) = +1.000000"));

  s.pos = 2.5;
  s.pair = 3;
  t = describe(s);
  INFO(t);
  CHECK(has(t, "falls between rows 2 and 3"));
  // Six decimals of sin and cos of 2.5 w_3 (one std::sin each: exact to ~1e-16).
  const double a = 2.5 * w_of(3, 512, 1e4);
  CHECK(has(t, "PE(pos, 6) = " + fixed("%+.6f", std::sin(a)) + ", PE(pos, 7) = " + fixed("%+.6f", std::cos(a))));

  s.pos = 100;
  t = describe(s);
  INFO(t);
  CHECK(has(t, "lies outside rows 0 .. 63"));
}

// ---- adding ----------------------------------------------------------------------------------------

TEST_CASE("adding: word, position and cross parts, the concatenated score and the window's swing") {
  State s = lesson_state(View::adding, 512, 64, 37);
  const std::string t = describe(s);
  INFO(t);
  // The view's stand-in words (view_adding.cpp): seeds 1 and 2, w2 sharing half of w1's direction.
  const std::vector<double> w1 = pe::word_vector(1, 512);
  std::vector<double> w2 = pe::word_vector(2, 512);
  for (size_t j = 0; j < w2.size(); ++j) w2[j] = 0.5 * w1[j] + std::sqrt(0.75) * w2[j];
  double word = 0;
  for (size_t j = 0; j < 512; ++j) word += w1[j] * w2[j];
  // The position part from the closed form sum_i cos(w_i k), the cross terms summed by hand.
  double position = 0;
  for (int i = 0; i < 256; ++i) position += std::cos(w_of(i, 512, 1e4) * 37);
  const auto cross_at = [&](double p1) {
    double c = 0;
    for (int j = 0; j < 512; ++j)
      c += w1[static_cast<size_t>(j)] * pe_at(p1 + 37, j, 512, 1e4) + pe_at(p1, j, 512, 1e4) * w2[static_cast<size_t>(j)];
    return c;
  };
  const double cross = cross_at(0);
  // Four decimals of sums of a few hundred: the routes differ by ~1e-13, far below the 5e-5 half-step.
  CHECK(has(t, "Word 1 at p1 = 0.00, word 2 at p2 = 37.00"));
  CHECK(has(t, "their score is " + fixed("%+.4f", word + position + cross)));
  CHECK(has(t, "word " + fixed("%+.4f", word) + ", position " + fixed("%+.4f", position) + " and cross terms " + fixed("%+.4f", cross)));
  CHECK(has(t, "Concatenated, it is " + fixed("%+.4f", word + position)));
  // The window 0..63 holds 64 whole positions (fewer than the view's sample budget): brute force.
  double lo = 1e300, hi = -1e300;
  for (int p = 0; p < 64; ++p) {
    const double total = word + position + cross_at(p);
    lo = std::min(lo, total), hi = std::max(hi, total);
  }
  CHECK(has(t, "Over positions 0 to 63 at this k the added score moves between " + fixed("%+.4f", lo) + " and " + fixed("%+.4f", hi)));
}

// ---- rope ------------------------------------------------------------------------------------------

TEST_CASE("rope: the score from the offset alone, the additive score, and how flat each is") {
  State s = lesson_state(View::rope, 512, 64, 37);
  const std::string t = describe(s);
  INFO(t);
  // The view's stand-in query and key (view_rope.cpp): seeds 101 and 102.
  const std::vector<double> q = pe::word_vector(101, 512), k = pe::word_vector(102, 512);
  // q^T R(t) k per pair, t = (n - m) w_i = 37 w_i, with R(t) = [cos -sin; sin cos] written out.
  double rope = 0;
  for (size_t i = 0; i < 256; ++i) {
    const double a = 37 * w_of(static_cast<int>(i), 512, 1e4);
    const double qa = q[2 * i], qb = q[2 * i + 1], ka = k[2 * i], kb = k[2 * i + 1];
    rope += qa * (ka * std::cos(a) - kb * std::sin(a)) + qb * (ka * std::sin(a) + kb * std::cos(a));
  }
  const auto additive = [&](double m) {
    double sum = 0;
    for (int j = 0; j < 512; ++j)
      sum += (q[static_cast<size_t>(j)] + pe_at(m, j, 512, 1e4)) * (k[static_cast<size_t>(j)] + pe_at(m + 37, j, 512, 1e4));
    return sum;
  };
  // Six decimals of sums of a few hundred: rounding ~1e-13, far below the 5e-7 half-step.
  CHECK(has(t, "Query at m = 0.00, key at n = 37.00, offset n - m = 37.00"));
  CHECK(count_of(t, fixed("%+.6f", rope)) == 2);  // the rotated score and the one from the offset
  CHECK(has(t, "(q + PE(m)) · (k + PE(n)) is " + fixed("%+.6f", additive(0))));
  // The window m = 0..63 (64 whole positions): the additive score's spread by brute force, to three
  // decimals; the RoPE score's spread is rounding only.
  double lo = 1e300, hi = -1e300;
  for (int m = 0; m < 64; ++m) lo = std::min(lo, additive(m)), hi = std::max(hi, additive(m));
  CHECK(has(t, "the additive one by " + fixed("%.3f", hi - lo)));
  const double rope_spread = number_after(t, "the RoPE score spreads by ");
  CHECK(rope_spread >= 0);
  CHECK(rope_spread < 1e-9);
}

// ---- gotcha ----------------------------------------------------------------------------------------

TEST_CASE("gotcha: the right pairing is a rotation, the concatenated pairing misses by a brute-force amount") {
  State s = lesson_state(View::gotcha, 512, 64, 37);
  s.pos = 5;
  std::string t = describe(s);
  INFO(t);
  // Right pairing: the shift is exact up to rounding (sums of a few products of size 1: < 1e-12).
  const double right = number_after(t, "PE(pos+k)| = ");
  CHECK(right >= 0);
  CHECK(right < 1e-12);
  CHECK(has(t, "rounding only: the shift is a rotation."));
  // Wrong pairing on the interleaved vector: pair i turns dims i and 256 + i by 37 w_i, by the angle
  // addition formulas (s, c) -> (s cos t + c sin t, c cos t - s sin t); compared with PE(pos + 37).
  double worst = 0;
  for (int i = 0; i < 256; ++i) {
    const int a = i, b = 256 + i;
    const double va = pe_at(5, a, 512, 1e4), vb = pe_at(5, b, 512, 1e4);
    const double ang = 37 * w_of(i, 512, 1e4);
    worst = std::max(worst, std::fabs(va * std::cos(ang) + vb * std::sin(ang) - pe_at(42, a, 512, 1e4)));
    worst = std::max(worst, std::fabs(vb * std::cos(ang) - va * std::sin(ang) - pe_at(42, b, 512, 1e4)));
  }
  // Three significant digits of an error of order 1: rounding of ~1e-15 cannot move them.
  CHECK(has(t, "(i, d/2+i) it is " + fixed("%.2e", worst) + "; not a rotation"));

  s.k = 0;
  t = describe(s);
  INFO(t);
  // Nothing turns at k = 0, so both pairings give exactly PE(pos).
  CHECK(count_of(t, "0.00e+00; k = 0: nothing turns") == 2);
}

// ---- precision -------------------------------------------------------------------------------------

TEST_CASE("precision: float32 errors at the right chart's position 10,000,000") {
  State s = lesson_state(View::precision, 512, 64, 37);
  const std::string t = describe(s);
  INFO(t);
  CHECK(has(t, "At position 10,000,000, dimension 0 (sin of pair 0)"));
  // Pair 0, naive float32: fl(1e7) * fl(1) is exactly 1e7, so the error is sinf's float rounding of
  // sin(1e7) alone. Printed with three significant digits: compared within 1%.
  const double naive0 = std::fabs(static_cast<double>(std::sin(static_cast<float>(1e7) * 1.0f)) - std::sin(1e7));
  CHECK(number_after(t, "is off by ") == Approx(naive0).epsilon(0.01));
  // The shader's error: a 24-bit turn (2pi 2^-25 rad), fl(2pi) and the float product and sin: below 1e-6.
  const double shader0 = number_after(t, "naive float32 and by ");
  CHECK(shader0 >= 0);
  CHECK(shader0 < 1e-6);
  // Every pair, naive float32 by hand: the float angle fl(1e7) * fl(w_i), against double sin/cos of 1e7 w_i.
  int off = 0, slowest = -1;
  for (int i = 0; i < 256; ++i) {
    const double w = w_of(i, 512, 1e4);
    const float a = static_cast<float>(1e7) * static_cast<float>(w);
    const double e = std::max(std::fabs(static_cast<double>(std::sin(a)) - std::sin(1e7 * w)),
                              std::fabs(static_cast<double>(std::cos(a)) - std::cos(1e7 * w)));
    if (e > 2.0 / 255.0) ++off, slowest = i;
  }
  CHECK(has(t, "in " + std::to_string(off) + " of 256 pairs there (the slowest of them pair " + std::to_string(slowest) + ")"));
}

TEST_CASE("precision: the estimate |w pos| 2^-23 reaches 2/255 where the closed form says") {
  State s = lesson_state(View::precision, 512, 64, 37);
  s.pair = 10;
  const std::string t = describe_precision(s, PrecisionCache{});
  INFO(t);
  // pos = (2/255) 2^23 / w_10, w_10 = 1e4^(-20/512): about 2.0e5. Printed as a whole number: within 1.
  const double reach = (2.0 / 255.0) * 8388608.0 * std::pow(1e4, 20.0 / 512.0);
  // The number has thousands separators ("205,123"): read its digits without the commas.
  const std::string phrase = "reaches 2/255 near position ";
  const size_t at = t.find(phrase);
  REQUIRE(at != std::string::npos);
  std::string digits;
  for (size_t i = at + phrase.size(); i < t.size() && (std::isdigit(static_cast<unsigned char>(t[i])) || t[i] == ','); ++i)
    if (t[i] != ',') digits += t[i];
  CHECK(std::strtod(digits.c_str(), nullptr) == Approx(reach).margin(1.0));
  CHECK(has(t, "dimension 20 (sin of pair 10)"));
}

// ---- all seven -------------------------------------------------------------------------------------

TEST_CASE("the seven descriptions show no nan or inf at extreme and corner states") {
  State extreme;
  extreme.pos = 1e9;
  extreme.k = -1e9;
  extreme.d = 8192;
  extreme.base = 1e12;
  extreme.pair = 4095;
  extreme.n = 100000;
  State corner;
  corner.d = 2;
  corner.pos = -1e9;
  corner.k = 1e9;
  corner.base = 1.0000001;
  corner.n = 1;
  for (const State& base : {extreme, corner}) {
    for (const View v : kMine) {
      State s = base;
      s.view = v;
      const std::string t = describe(s);
      INFO(t);
      CHECK(t.size() > 150);
      CHECK_FALSE(has(t, "nan"));
      CHECK_FALSE(has(t, "inf"));
      CHECK_FALSE(has(t, "NaN"));
      CHECK_FALSE(has(t, "{"));  // every placeholder filled
    }
  }
}

// The texts themselves, for a reader of the test log: posenc_view_tests "[print]".
TEST_CASE("the seven descriptions, printed", "[.][print]") {
  for (const View v : kMine) {
    State s;
    s.view = v;
    WARN(describe(s));
    s = lesson_state(v, 512, 64, 37);
    WARN(describe(s));
  }
}
