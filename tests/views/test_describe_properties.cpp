// Each lesson's describe_<id> states the numbers its canvas shows. Every expected number here is worked
// out independently of the view: by hand, with std::sin / std::cos directly, from a closed form or by a
// brute-force loop, never by calling the core function the view calls. The only shared inputs are the
// views' fixed stand-in vectors (pe::word_vector with the seeds the views document), which are data, not
// results. Numbers are compared as printed text where the view's format leaves a wide margin over the
// rounding error of the two routes (stated at each check), else parsed back and compared with a tolerance.
#include "catch2_any.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "shell/app.hpp"
#include "describe_checks.hpp"
#include "core/mixing.hpp"

using namespace app;
using namespace describe_checks;

namespace {

// The number printed right before `phrase`, after the previous blank (NaN if the phrase is missing).
double number_before(const std::string& text, const std::string& phrase) {
  const size_t at = text.find(phrase);
  if (at == std::string::npos || at == 0) return std::nan("");
  const size_t from = text.rfind(' ', at - 1);
  const size_t start = from == std::string::npos ? 0 : from + 1;
  return std::strtod(text.substr(start, at - start).c_str(), nullptr);
}

// w_i = base^(-2i/d), written out here rather than taken from core/frequency.
double w_of(int i, int d, double base) { return 1.0 / std::pow(base, 2.0 * i / d); }

// PE(pos, j) with the paper's interleaved layout.
double pe_at(double pos, int j, int d, double base) {
  const double a = pos * w_of(j / 2, d, base);
  return j % 2 == 0 ? std::sin(a) : std::cos(a);
}

// PE(pos, j) in either layout, written out: interleaved (sin 2i, cos 2i+1) or concatenated (sin i,
// cos d/2 + i), base 1e4.
double layout_at(double pos, int j, int d, bool concatenated) {
  if (!concatenated) return pe_at(pos, j, d, 1e4);
  const int h = d / 2;
  const double a = pos * w_of(j < h ? j : j - h, d, 1e4);
  return j < h ? std::sin(a) : std::cos(a);
}

// The gotcha view's numbers by hand: PE(pos) in a layout with pair i = (sin_dim, cos_dim) = pairs[i]
// turned by t = k w_i as (s, c) -> (s cos t + c sin t, c cos t - s sin t), against PE(pos + k).
struct HandTurn {
  std::vector<double> now, turned, target;
  double worst = 0;  // max_j |turned_j - target_j|
};
HandTurn turn_by_hand(double pos, double k, int d, bool concatenated, const std::vector<std::pair<int, int>>& pairs) {
  HandTurn h;
  for (int j = 0; j < d; ++j) h.now.push_back(layout_at(pos, j, d, concatenated)), h.target.push_back(layout_at(pos + k, j, d, concatenated));
  h.turned = h.now;
  for (size_t i = 0; i < pairs.size(); ++i) {
    const auto a = static_cast<size_t>(pairs[i].first), b = static_cast<size_t>(pairs[i].second);
    const double t = k * w_of(static_cast<int>(i), d, 1e4);
    h.turned[a] = h.now[a] * std::cos(t) + h.now[b] * std::sin(t);
    h.turned[b] = h.now[b] * std::cos(t) - h.now[a] * std::sin(t);
  }
  for (int j = 0; j < d; ++j) h.worst = std::max(h.worst, std::fabs(h.turned[static_cast<size_t>(j)] - h.target[static_cast<size_t>(j)]));
  return h;
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

TEST_CASE("ranges: the description follows the thresholds a student sets on the sliders") {
  State s = lesson_state(View::ranges, 512, 64, 37);
  s.pair = 40;
  // What the two sliders do (draw_ranges): each writes its own threshold in [0, 2]; nothing keeps them
  // in order, so the "small" slider may end up above the "medium" one. The view then counts with the
  // smaller one first, and so must the description.
  ViewCaches caches;
  caches.ranges.small = 0.3;
  caches.ranges.medium = 0.05;
  // A stale derived table (as if from another d): the description must not read it.
  caches.ranges.range.assign(512, 0.0);
  const std::string t = describe(s, caches);
  INFO(t);
  // Brute force over the whole positions 0..63, as in the first ranges test.
  int below_005 = 0, below_03 = 0, sin_005 = 0, cos_005 = 0;
  double nearest = 1;  // how close any range comes to either threshold
  std::vector<double> range(512);
  for (int j = 0; j < 512; ++j) {
    double lo = 2, hi = -2;
    for (int p = 0; p < 64; ++p) lo = std::min(lo, pe_at(p, j, 512, 1e4)), hi = std::max(hi, pe_at(p, j, 512, 1e4));
    const double r = hi - lo;
    range[static_cast<size_t>(j)] = r;
    nearest = std::min({nearest, std::fabs(r - 0.05), std::fabs(r - 0.3)});
    if (r < 0.05) ++below_005, ++(j % 2 == 0 ? sin_005 : cos_005);
    if (r < 0.3) ++below_03;
  }
  // Counts are whole numbers; they could only differ between the two routes (~1e-16 apart) if some
  // range lay that close to a threshold, and none lies within 1e-9.
  REQUIRE(nearest > 1e-9);
  CHECK(below_005 < below_03);
  CHECK(has(t, std::to_string(below_005) + " of 512 dimensions change by less than 0.05 (" + std::to_string(sin_005) + " sin, " +
                   std::to_string(cos_005) + " cos) and " + std::to_string(below_03) + " of 512 by less than 0.3."));
  CHECK_FALSE(has(t, "less than 0.1 "));
  CHECK_FALSE(has(t, "less than 0.5."));
  // The selected pair's ranges do not depend on the thresholds (and not on the stale table): six
  // decimals, ~1e-16 apart, as in the first ranges test.
  CHECK(has(t, "dimension 80 (sin) changes by " + fixed("%.6f", range[80]) + ", dimension 81 (cos) by " + fixed("%.6f", range[81])));
  // describe_ranges itself, given the same cache, says the same.
  CHECK(has(describe_ranges(s, caches.ranges), "less than 0.05 ("));

  // Both sliders at 2, the top of their range (no range of a sine or cosine exceeds 2): the count below
  // 2, by brute force, for both thresholds.
  caches.ranges.small = 2.0;
  caches.ranges.medium = 2.0;
  const std::string t2 = describe(s, caches);
  INFO(t2);
  int below_2 = 0, sin_2 = 0, cos_2 = 0;
  for (int j = 0; j < 512; ++j)
    if (range[static_cast<size_t>(j)] < 2.0) ++below_2, ++(j % 2 == 0 ? sin_2 : cos_2);
  CHECK(has(t2, std::to_string(below_2) + " of 512 dimensions change by less than 2 (" + std::to_string(sin_2) + " sin, " +
                    std::to_string(cos_2) + " cos) and " + std::to_string(below_2) + " of 512 by less than 2."));
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

TEST_CASE("similarity: the description follows the starting positions and offset range a student sets") {
  State s = lesson_state(View::similarity, 512, 64, 37);
  s.pos = 12.5;
  // What the widgets do (draw_similarity): three integer fields write cache.starts (clamped to
  // 0 .. 1,000,000) and a slider writes the setting similarityMaxK (10 .. 10000).
  SimilarityCache cache;
  cache.starts = {7, 2500, 40000};
  REQUIRE(set_number(s, Field::similarityMaxK, 20).empty());
  const std::string t = describe_similarity(s, cache);
  INFO(t);
  const auto direct = [](double pos) {
    double sum = 0;
    for (int j = 0; j < 512; ++j) sum += pe_at(pos, j, 512, 1e4) * pe_at(pos + 37, j, 512, 1e4);
    return sum;
  };
  double closed = 0;
  for (int i = 0; i < 256; ++i) closed += std::cos(w_of(i, 512, 1e4) * 37);
  // Printed with six decimals (half-step 5e-7); the brute-force sums and the view's differ by rounding
  // only (angles up to 4e4 rad: ~1e-11), so each printed value is within 6e-7 of the brute-force one.
  CHECK(number_before(t, " from pos 7, ") == Approx(direct(7)).margin(6e-7));
  CHECK(number_before(t, " from pos 2,500, ") == Approx(direct(2500)).margin(6e-7));
  CHECK(number_before(t, " from pos 40,000, ") == Approx(direct(40000)).margin(6e-7));
  CHECK(number_before(t, " from the current pos 12.50") == Approx(direct(12.5)).margin(6e-7));
  // ... and all of them the closed form, which no start changes (the brute-force sum at 40,000 carries
  // angle roundings of ~4e-12 rad in each of 512 terms: within 1e-8).
  CHECK(direct(40000) == Approx(closed).margin(1e-8));
  CHECK(number_after(t, "which has no pos in it, gives ") == Approx(closed).margin(6e-7));
  // The starting values are gone.
  CHECK_FALSE(has(t, " from pos 0, "));
  CHECK_FALSE(has(t, " from pos 100, "));
  CHECK_FALSE(has(t, " from pos 300, "));
  // k = 37 lies beyond a chart of offsets 0 to 20: the view's note, in the description too.
  CHECK(has(t, "The chart plots offsets k from 0 to 20."));
  CHECK(has(t, "|k| = 37 lies beyond the chart"));

  // The slider at its top, 10000: k = 37 is on the chart, and the note goes.
  REQUIRE(set_number(s, Field::similarityMaxK, 10000).empty());
  const std::string t2 = describe_similarity(s, cache);
  INFO(t2);
  CHECK(has(t2, "The chart plots offsets k from 0 to 10,000."));
  CHECK_FALSE(has(t2, "beyond the chart"));
  // The default setting: the chart starts at offsets 0 to 100.
  REQUIRE(set_number(s, Field::similarityMaxK, State{}.similarityMaxK).empty());
  CHECK(has(describe_similarity(s, SimilarityCache{}), "The chart plots offsets k from 0 to 100."));
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
  // The view's stand-in words (adding.cpp): seeds 1 and 2, w2 sharing half of w1's direction.
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
  // The view's stand-in query and key (rope.cpp): seeds 101 and 102.
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

TEST_CASE("gotcha: the description follows the layout and pairing a student picks") {
  State s = lesson_state(View::gotcha, 512, 64, 37);
  s.pos = 5;
  s.pair = 3;
  // What the radio buttons do (draw_gotcha): cache.layout 0 or 1, cache.pairing one of the four.
  // Errors printed as %.2e (three significant digits, half-step at most 0.5% of the value) are read back
  // and compared within 0.51%; %.1e (two digits) within 5.1%; the hand's length (%.3f) within 6e-4.
  // The hand-turned vectors and the view's agree to ~1e-15.
  GotchaCache cache;

  SECTION("concatenated layout turned by the interleaved pairing (2i, 2i+1)") {
    cache.layout = 1;
    cache.pairing = GotchaPairing::other_layout;
    const std::string t = describe_gotcha(s, cache);
    INFO(t);
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < 256; ++i) pairs.emplace_back(2 * i, 2 * i + 1);
    const HandTurn h = turn_by_hand(5, 37, 512, true, pairs);
    REQUIRE(h.worst > 0.1);  // of order 1: far from rounding
    const std::string head = "Concatenated layout (sin at i, cos at d/2+i), shifted by k = 37. With the interleaved pairing (2i, 2i+1), "
                             "max |R_k PE(pos) - PE(pos+k)| = ";
    REQUIRE(has(t, head));
    CHECK(number_after(t, head) == Approx(h.worst).epsilon(0.0051));
    // Concatenated dims 6 and 7 hold sin of w_6 and sin of w_7: one hand made of two sines.
    CHECK(has(t, "; not a rotation: the turned vector is not PE(pos + k). Selected pair 3 turns dims 6 (sin of ω_6) and 7 (sin of ω_7) by ω_3·k"));
    CHECK(number_after(t, "its hand has length ") == Approx(std::hypot(std::sin(5 * w_of(6, 512, 1e4)), std::sin(5 * w_of(7, 512, 1e4)))).margin(6e-4));
    const double miss = std::max(std::fabs(h.turned[6] - h.target[6]), std::fabs(h.turned[7] - h.target[7]));
    REQUIRE(miss > 1e-3);
    CHECK(number_after(t, "the turned hand misses the target by ") == Approx(miss).epsilon(0.051));
    // For contrast, the pairing that follows the layout: rounding only.
    const double right = number_after(t, "With the pairing that follows the layout it is ");
    CHECK(right >= 0);
    CHECK(right < 1e-12);
    CHECK(has(t, "; rounding only: the shift is a rotation. Nothing raises an error either way."));
    CHECK_FALSE(has(t, "Interleaved layout"));
  }

  SECTION("interleaved layout, sin and cos of the selected pair swapped: a closed form") {
    cache.pairing = GotchaPairing::swap_within;
    const std::string t = describe_gotcha(s, cache);
    INFO(t);
    // Pair 3 turns (cos a, sin a) with a = 5 w_3 by t = 37 w_3 as if it were (sin, cos): dim 7 becomes
    // cos a cos t + sin a sin t = cos(a - t) against cos(a + t), dim 6 sin(a - t) against sin(a + t); the
    // differences are 2 |sin a sin t| and 2 |cos a sin t|. Every other pair turns right.
    const double a = 5 * w_of(3, 512, 1e4), th = 37 * w_of(3, 512, 1e4);
    const double closed = 2 * std::fabs(std::sin(th)) * std::max(std::fabs(std::sin(a)), std::fabs(std::cos(a)));
    REQUIRE(closed > 0.1);
    const std::string head = "Interleaved layout (sin at 2i, cos at 2i+1), shifted by k = 37. With the pairing that swaps the sin and cos "
                             "of pair 3 (dims 6 and 7), max |R_k PE(pos) - PE(pos+k)| = ";
    REQUIRE(has(t, head));
    CHECK(number_after(t, head) == Approx(closed).epsilon(0.0051));
    CHECK(has(t, "; not a rotation: the turned vector is not PE(pos + k). Selected pair 3 turns dims 7 (cos of ω_3) and 6 (sin of ω_3) by ω_3·k: "
                 "its hand has length 1.000 and the turned hand misses the target by "));
    CHECK(number_after(t, "misses the target by ") == Approx(closed).epsilon(0.051));
    CHECK(number_after(t, "With the pairing that follows the layout it is ") < 1e-12);
  }

  SECTION("concatenated layout, cos dims of pairs i and i+1 swapped; then k = 0") {
    cache.layout = 1;
    cache.pairing = GotchaPairing::swap_across;
    std::string t = describe_gotcha(s, cache);
    INFO(t);
    // Concatenated: pair i = (i, 256 + i), except pair 3 = (3, 260) and pair 4 = (4, 259).
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < 256; ++i) pairs.emplace_back(i, 256 + i);
    pairs[3].second = 260;
    pairs[4].second = 259;
    const HandTurn h = turn_by_hand(5, 37, 512, true, pairs);
    REQUIRE(h.worst > 0.1);
    const std::string head = "With the pairing that swaps the cos dims of pairs 3 and 4 (dims 259 and 260), max |R_k PE(pos) - PE(pos+k)| = ";
    REQUIRE(has(t, head));
    CHECK(number_after(t, head) == Approx(h.worst).epsilon(0.0051));
    CHECK(has(t, "Selected pair 3 turns dims 3 (sin of ω_3) and 260 (cos of ω_4) by ω_3·k"));
    CHECK(number_after(t, "its hand has length ") ==
          Approx(std::hypot(std::sin(5 * w_of(3, 512, 1e4)), std::cos(5 * w_of(4, 512, 1e4)))).margin(6e-4));
    const double miss = std::max(std::fabs(h.turned[3] - h.target[3]), std::fabs(h.turned[260] - h.target[260]));
    CHECK(number_after(t, "misses the target by ") == Approx(miss).epsilon(0.051));

    // The last pair swaps with the one before it: cos dims 511 and 510.
    s.pair = 255;
    CHECK(has(describe_gotcha(s, cache), "the pairing that swaps the cos dims of pairs 255 and 254 (dims 511 and 510)"));

    // k = 0: nothing turns, so even this pairing gives PE(pos) exactly (angles 0: cos 1, sin 0).
    s.pair = 3;
    s.k = 0;
    t = describe_gotcha(s, cache);
    INFO(t);
    CHECK(count_of(t, "= 0.00e+00; k = 0: nothing turns, so no pairing can show its error.") == 1);
    CHECK(count_of(t, "it is 0.00e+00; k = 0: nothing turns, so no pairing can show its error.") == 1);
    CHECK(has(t, "the turned hand is on target (miss 0.0e+00)."));
    CHECK_FALSE(has(t, "not a rotation"));
  }
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

TEST_CASE("precision: the description follows the position and sin/cos component a student picks") {
  State s = lesson_state(View::precision, 512, 64, 37);
  s.pair = 5;
  // What the widgets do (draw_precision): the "cos (2i+1)" radio button sets cache.component = 1; the
  // position slider (or a click on the left chart) sets precisionPos to a whole position in 1 .. 1e7.
  PrecisionCache cache;
  cache.component = 1;
  s.precisionPos = 250000;
  const std::string t = describe_precision(s, cache);
  INFO(t);
  CHECK(has(t, "At position 250,000, dimension 11 (cos of pair 5) is off by "));
  CHECK_FALSE(has(t, "10,000,000"));
  // Naive float32 by hand: cos of the float angle fl(250000) * fl(w_5) against the double cos(250000 w_5).
  // The float angle near 2.1e5 is a multiple of 2^-6, so the error can reach 2^-7 and is far above
  // rounding (it is 4.9e-4); printed with three significant digits: compared within 1%.
  const double w5 = w_of(5, 512, 1e4);
  const double naive = std::fabs(static_cast<double>(std::cos(static_cast<float>(250000.0) * static_cast<float>(w5))) - std::cos(250000 * w5));
  REQUIRE(naive > 1e-6);
  CHECK(number_after(t, "is off by ") == Approx(naive).epsilon(0.01));
  // The shader's route keeps its angle error below ~6e-7 rad whatever the position (float32_encoding.hpp).
  const double shader = number_after(t, "naive float32 and by ");
  CHECK(shader >= 0);
  CHECK(shader < 1e-6);
  // Every pair at 250,000, naive float32 by hand (larger of sin and cos), against one colour step 2/255.
  int off = 0, slowest = -1;
  double nearest = 1;  // how close any pair's error comes to 2/255
  for (int i = 0; i < 256; ++i) {
    const double w = w_of(i, 512, 1e4);
    const float a = static_cast<float>(250000.0) * static_cast<float>(w);
    const double e = std::max(std::fabs(static_cast<double>(std::sin(a)) - std::sin(250000 * w)),
                              std::fabs(static_cast<double>(std::cos(a)) - std::cos(250000 * w)));
    nearest = std::min(nearest, std::fabs(e - 2.0 / 255.0));
    if (e > 2.0 / 255.0) ++off, slowest = i;
  }
  // The two routes' errors differ by ~1e-11 (the double angle's rounding); no pair lies that close to the line.
  REQUIRE(nearest > 1e-9);
  REQUIRE(off > 0);
  CHECK(has(t, "in " + std::to_string(off) + " of 256 pairs there (the slowest of them pair " + std::to_string(slowest) + ")"));

  // Back to the sin radio button, same position: dimension 10, sin of the same float angle.
  cache.component = 0;
  const std::string t2 = describe_precision(s, cache);
  INFO(t2);
  CHECK(has(t2, "At position 250,000, dimension 10 (sin of pair 5) is off by "));
  const double naive_sin = std::fabs(static_cast<double>(std::sin(static_cast<float>(250000.0) * static_cast<float>(w5))) - std::sin(250000 * w5));
  REQUIRE(naive_sin > 1e-6);
  CHECK(number_after(t2, "is off by ") == Approx(naive_sin).epsilon(0.01));
}

// ---- all seven -------------------------------------------------------------------------------------

TEST_CASE("the descriptions with changed view-local settings show no nan or inf at extreme and corner states") {
  // At d = 2 (one pair) the gotcha view's "cos of pairs i, i+1 swapped" falls back to swapping within it.
  // Each setting at an end of its widget's range.
  ViewCaches caches;
  caches.ranges.small = 2.0;
  caches.ranges.medium = 0.0;
  caches.similarity.starts = {1000000, 0, 1000000};
  caches.gotcha.layout = 1;
  caches.gotcha.pairing = GotchaPairing::swap_across;
  caches.precision.component = 1;
  for (const State& base : corner_states()) {
    for (const View v : kMine) {
      State s = base;
      s.view = v;
      s.similarityMaxK = 10;  // the similarity view's own setting at its lower end
      const std::string t = describe(s, caches);
      INFO(t);
      CHECK(t.size() > 150);
      CHECK(unfit(t) == "");
    }
  }
  State s = corner_states()[1];  // d = 2
  s.view = View::gotcha;
  CHECK(has(describe(s, caches), "the pairing that swaps the sin and cos of pair 0 (dims 0 and 1)"));
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
