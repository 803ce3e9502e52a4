// The text alternatives of the encoding lessons (clock, order, input, formula, heatmap, waves) state
// the numbers their views draw. Every expected number here is worked independently of the code the
// views call: by hand, with std::sin / std::cos / std::pow directly, or from a closed form.
//
// Tolerances: the views print fixed decimals (fmt "%.4f", "%.3f", ...) or significant digits. A value
// worked here by another formula can differ from the view's in the last bits, which may flip the last
// printed digit, so most numbers are read back from the text and compared within half a unit of the
// last printed place (plus 1e-9 for that flip). Counts and hand-worked short numbers (0.01, 100, 0.5)
// are compared as exact text.
#include "catch2_any.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "shell/app.hpp"
#include "describe_checks.hpp"
#include "core/attention.hpp"  // the toy sentence's data (words, embeddings, projections), not its weights
#include "core/input.hpp"      // the embedding table's initial rows (data), not the terms or their RMS

using namespace app;
using namespace describe_checks;

namespace {

constexpr double kPi = 3.14159265358979323846;



// |printed - expected| within half a unit of the last printed place `unit`, plus 1e-9.
void check_near(const std::string& text, const std::string& prefix, double expected, double unit) {
  INFO("after \"" << prefix << "\" expecting " << expected);
  const double got = number_after(text, prefix);
  REQUIRE(std::isfinite(got));
  CHECK(std::fabs(got - expected) <= unit / 2 + 1e-9);
}

double omega(int pair, int d, double base) { return std::pow(base, -2.0 * pair / d); }
// An integer with thousands separators, as the views print counts: 1226 -> "1,226".
std::string grouped_int(int v) {
  std::string s = std::to_string(v);
  for (int at = static_cast<int>(s.size()) - 3; at > 0; at -= 3) s.insert(static_cast<size_t>(at), ",");
  return s;
}

// Max minus min of dimension j over the whole positions first..first+count-1, by evaluating every one.
double range_scanned(double first, int count, int j, int d, double base) {
  double lo = 2, hi = -2;
  for (int q = 0; q < count; ++q) {
    const double a = omega(j / 2, d, base) * (first + q);
    const double v = j % 2 ? std::cos(a) : std::sin(a);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  return hi - lo;
}

// The first dimension from which on every column changes by less than t over those positions, by scanning.
int still_scanned(double first, int count, int d, double base, double t) {
  int j = d;
  while (j > 0 && range_scanned(first, count, j - 1, d, base) < t) --j;
  return j;
}

State state_at(View v, int d, double pos, int pair) {
  State s;
  s.view = v;
  s.d = d;
  s.pos = pos;
  s.pair = pair;
  s.playing = false;
  return s;
}

// Attention of the toy sentence worked here from its data: x = E[perm] (+ PE(slot) with std::sin/cos,
// d = 8), q = x W_Q, k = x W_K, a_rc = softmax_c(q_r . k_c / sqrt(4)).
std::vector<double> toy_weights_worked(const std::vector<int>& perm, bool add_pe, double base) {
  const pe::ToyAttention& toy = pe::toy_attention();
  const int n = pe::ToyAttention::kTokens, d = pe::ToyAttention::kModel, dk = pe::ToyAttention::kKey;
  std::vector<double> x(static_cast<size_t>(n * d));
  for (int r = 0; r < n; ++r)
    for (int j = 0; j < d; ++j) {
      const double angle = r * omega(j / 2, d, base);
      x[static_cast<size_t>(r * d + j)] = toy.embed[static_cast<size_t>(perm[static_cast<size_t>(r)] * d + j)] +
                                          (add_pe ? (j % 2 ? std::cos(angle) : std::sin(angle)) : 0.0);
    }
  std::vector<double> q(static_cast<size_t>(n * dk), 0.0), k(static_cast<size_t>(n * dk), 0.0), a(static_cast<size_t>(n * n));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < dk; ++c)
      for (int j = 0; j < d; ++j) {
        q[static_cast<size_t>(r * dk + c)] += x[static_cast<size_t>(r * d + j)] * toy.w_q[static_cast<size_t>(j * dk + c)];
        k[static_cast<size_t>(r * dk + c)] += x[static_cast<size_t>(r * d + j)] * toy.w_k[static_cast<size_t>(j * dk + c)];
      }
  for (int r = 0; r < n; ++r) {
    double sum = 0;
    for (int c = 0; c < n; ++c) {
      double z = 0;
      for (int j = 0; j < dk; ++j) z += q[static_cast<size_t>(r * dk + j)] * k[static_cast<size_t>(c * dk + j)];
      a[static_cast<size_t>(r * n + c)] = std::exp(z / std::sqrt(static_cast<double>(dk)));
      sum += a[static_cast<size_t>(r * n + c)];
    }
    for (int c = 0; c < n; ++c) a[static_cast<size_t>(r * n + c)] /= sum;
  }
  return a;
}

// For the order `perm`: the largest |A'_rc - A_perm[r] perm[c]| and how many exceed 0.005 (the view's
// "visibly": more than half the grid's last decimal).
struct OrderDiff {
  double worst = 0;
  int changed = 0;
};
OrderDiff order_diff_worked(const std::vector<int>& perm, bool add_pe, double base) {
  const int n = pe::ToyAttention::kTokens;
  const std::vector<double> before = toy_weights_worked({0, 1, 2, 3, 4}, add_pe, base), after = toy_weights_worked(perm, add_pe, base);
  OrderDiff out;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const double diff = std::fabs(after[static_cast<size_t>(r * n + c)] -
                                    before[static_cast<size_t>(perm[static_cast<size_t>(r)] * n + perm[static_cast<size_t>(c)])]);
      out.worst = std::max(out.worst, diff);
      out.changed += diff > 0.005 ? 1 : 0;
    }
  return out;
}

// The input terms worked here: the embedding row is the table's data; sqrt(d), PE (std::sin/cos) and
// the sum x = E sqrt(d) + PE are computed in this test.
void input_worked(int token, double pos, int d, double base, std::vector<double>& e, std::vector<double>& x) {
  e.assign(static_cast<size_t>(d), 0.0);
  x.assign(static_cast<size_t>(d), 0.0);
  pe::embedding_row(token, d, e);
  for (int j = 0; j < d; ++j) {
    const double angle = pos * omega(j / 2, d, base);
    x[static_cast<size_t>(j)] = e[static_cast<size_t>(j)] * std::sqrt(static_cast<double>(d)) + (j % 2 ? std::cos(angle) : std::sin(angle));
  }
}

double rms_worked(const std::vector<double>& v) {
  double sum = 0;
  for (double a : v) sum += a * a;
  return std::sqrt(sum / static_cast<double>(v.size()));
}

double peak_worked(const std::vector<double>& v) {
  double peak = 0;
  for (double a : v) peak = std::max(peak, std::fabs(a));
  return peak;
}

}  // namespace

TEST_CASE("clock: the dials, the selected pair and the turn by k, worked for d = 4, pos = 1, k = 37") {
  State s = state_at(View::clock, 4, 1, 1);
  s.k = 37;
  const std::string t = describe_clock(s, ClockCache{});
  INFO(t);
  CHECK(has(t, "2 dials"));
  // Pair 1 of d = 4: w = 10000^(-2/4) = 1/100 exactly, period 200 pi = 628.319 (to 6 significant digits).
  CHECK(has(t, "frequency 0.01 radians per position"));
  CHECK(has(t, "period 628.319 positions"));
  CHECK(has(t, "sin = " + fixed("%.4f", std::sin(0.01))));
  CHECK(has(t, "cos = " + fixed("%.4f", std::cos(0.01))));
  // The turn w*k = 0.37 rad = 21.1994 degrees, already within (-180, 180].
  check_near(t, "turns it by ", 0.37, 1e-4);
  check_near(t, "radians (", 0.37 * 180 / kPi, 1e-4);
  check_near(t, "degrees, ", 0.37 / (2 * kPi), 1e-4);  // 0.0589 turns
  check_near(t, "shown on its dial, is ", 0.37 * 180 / kPi, 1e-2);
  // The dot product sum_i cos(w_i k) = cos(37) + cos(0.37), the same for every pos.
  check_near(t, "PE(pos + k) = ", std::cos(37.0) + std::cos(0.37), 1e-4);
  // Rotating PE(pos) agrees with PE(pos + k) up to double rounding.
  const double err = number_after(t, "to within ");
  REQUIRE(std::isfinite(err));
  CHECK(err < 1e-12);

  // Pair 0 turns 37 rad = 2119.94 degrees; on the dial that is 37 - 6 * 2 pi rad = -40.06 degrees.
  s.pair = 0;
  const std::string t0 = describe_clock(s, ClockCache{});
  INFO(t0);
  check_near(t0, "radians (", 37 * 180 / kPi, 1e-4);
  check_near(t0, "degrees, ", 37 / (2 * kPi), 1e-4);  // 5.8887 turns: the full angle
  check_near(t0, "shown on its dial, is ", (37 - 12 * kPi) * 180 / kPi, 1e-2);
}

TEST_CASE("order: the starting swap moves the weights without PE and changes them with PE") {
  const State s = state_at(View::order, 32, 0, 0);
  const std::string t = describe(s);
  INFO(t);
  CHECK(has(t, "\"the dog bites a man\""));
  CHECK(has(t, "\"the man bites a dog\""));

  const std::vector<int> swapped{0, 4, 2, 3, 1};  // dog (1) <-> man (4)
  const OrderDiff with_pe = order_diff_worked(swapped, true, s.base);
  const double worst = with_pe.worst;
  const int changed = with_pe.changed;
  REQUIRE(changed > 0);

  // Without positions the difference is zero up to rounding (printed %.1e).
  const double zero = number_after(t, "P A P^T, is ");
  REQUIRE(std::isfinite(zero));
  CHECK(zero < 1e-12);
  CHECK(has(t, "the weights only move with their words"));
  // With positions: the largest difference (printed %.4f) and the count of visible changes.
  check_near(t, "that difference is ", worst, 1e-4);
  CHECK(has(t, std::to_string(changed) + " of 25 weights differ visibly"));
}

TEST_CASE("input: RMS and max of each term for the starting token, and the sentence's RMS range") {
  const State s = state_at(View::input, 512, 3, 0);
  const std::string t = describe_input(s, InputCache{});
  INFO(t);
  const int d = s.d;
  const auto terms = [&](int token, double pos, std::vector<double>& e, std::vector<double>& x) {
    input_worked(token, pos, d, s.base, e, x);
  };
  const auto rms = rms_worked;
  std::vector<double> e, x;
  terms(1, 3.0, e, x);  // token 1, "cat": the view's starting token
  const double peak = peak_worked(x);
  CHECK(has(t, "\"cat\""));
  check_near(t, "embedding row E[t] ", rms(e), 1e-4);
  check_near(t, "square root of d ", rms(e) * std::sqrt(512.0), 1e-4);
  check_near(t, "of PE(pos) ", std::sqrt(0.5), 1e-4);  // each pair: sin^2 + cos^2 = 1
  check_near(t, "sum x ", rms(x), 1e-4);
  check_near(t, "largest entry of x is ", peak, 1e-4);
  check_near(t, "square root of 3/2, ", std::sqrt(1.5), 1e-4);

  // "the cat sat on the mat": token ids 0 1 2 3 0 4 at positions 0..5.
  const int sentence[] = {0, 1, 2, 3, 0, 4};
  double lo = 1e300, hi = 0;
  for (int r = 0; r < 6; ++r) {
    terms(sentence[r], r, e, x);
    lo = std::min(lo, rms(x));
    hi = std::max(hi, rms(x));
  }
  CHECK(has(t, "\"the cat sat on the mat\" at positions 0 to 5"));
  check_near(t, "RMS of x runs from ", lo, 1e-4);
  check_near(t, fixed("%.4f", number_after(t, "RMS of x runs from ")) + " to ", hi, 1e-4);
}

TEST_CASE("formula: the primer's example d = 4, pos = 1, worked by hand") {
  const State s = state_at(View::formula, 4, 1, 1);
  const std::string t = describe_formula(s, FormulaCache{});
  INFO(t);
  // Dimension 2 = pair 1: exponent 2/4, divisor 10000^0.5 = 100, w = 0.01, angle 0.01, sin(0.01) = 0.0100.
  CHECK(has(t, "Dimension j = 2 at pos = 1"));
  CHECK(has(t, "exponent 2i/d = 0.5,"));
  CHECK(has(t, "divisor base^(2i/d) = 100,"));
  CHECK(has(t, "frequency 0.01 radians"));
  CHECK(has(t, "angle 0.01 radians"));
  CHECK(has(t, "sin of the angle, 0.0100"));
  // Its partner cos(0.01) = 0.99995, which rounds to 1.0000; one period is 200 pi = 628.32.
  CHECK(has(t, "dimension 3, is cos of the same angle, 1.0000"));
  CHECK(has(t, "repeats every 628.32 positions"));
  // The primer's vector: sin 1, cos 1, sin 0.01, cos 0.01.
  CHECK(has(t, "0.8415, 0.5403, 0.0100, 1.0000"));
  CHECK(has(t, "the primer cuts it to 0.9999"));
}

TEST_CASE("formula: a wide model, d = 512, pos = 37, pair 37") {
  const State s = state_at(View::formula, 512, 37, 37);
  const std::string t = describe_formula(s, FormulaCache{});
  INFO(t);
  // j = 74: exponent 74/512 = 0.14453125 exactly; divisor 10^(4 * 0.14453125) = 10^0.578125.
  const double divisor = std::pow(10.0, 0.578125);
  CHECK(has(t, "Dimension j = 74"));
  CHECK(has(t, "exponent 2i/d = 0.14453125,"));
  check_near(t, "divisor base^(2i/d) = ", divisor, 1e-9 * divisor);  // printed to 10 significant digits
  check_near(t, "frequency ", 1 / divisor, 1e-9 / divisor);
  check_near(t, "angle ", 37 / divisor, 1e-8 * 37 / divisor);
  check_near(t, "sin of the angle, ", std::sin(37 / divisor), 1e-4);
  check_near(t, "is cos of the same angle, ", std::cos(37 / divisor), 1e-4);
  check_near(t, "repeats every ", 2 * kPi * divisor, 1e-3);  // 23.778 (5 significant digits)
  CHECK_FALSE(has(t, "whole vector"));  // only listed for d <= 8
}

TEST_CASE("heatmap: the Figure 1 window at d = 512, n = 64 and where the slow columns start") {
  State s = state_at(View::heatmap, 512, 0, 0);
  s.n = 64;
  const std::string t = describe_heatmap(s, HeatmapCache{});
  INFO(t);
  CHECK(has(t, "positions 0 to 63"));
  CHECK(has(t, "dimensions 0 to 511 of d = 512"));
  // Measured over the 64 rows by evaluating every cell: the columns that change by less than 0.1 start
  // far right of dimension 130, where the period first exceeds 64 (the old, loose rule: dimension 131
  // still swings by about 2).
  const int still = still_scanned(0, 64, 512, 1e4, 0.1);
  REQUIRE(still > 130);
  REQUIRE(still < 512);
  CHECK(range_scanned(0, 64, 131, 512, 1e4) > 1.9);
  CHECK(has(t, "Over the 64 rows shown, every column from dimension " + std::to_string(still) + " on (pair " + std::to_string(still / 2) +
               ") changes by less than 0.1 from top to bottom: " + std::to_string(512 - still) + " of the 512 columns shown."));
  // The shader's bound at position 63 for pair 0 (w = 1), from its closed form in float32_encoding.hpp:
  // 2pi 2^-25 + pi 2^-24 + 2^-23 + 2pi 2^-32 + 63 * 2^-50 + 2^-23 = 6.14e-7, printed "%.0e".
  const double bound = 2 * kPi * std::ldexp(1, -25) + kPi * std::ldexp(1, -24) + std::ldexp(1, -23) +
                       2 * kPi * std::ldexp(1, -32) + 63 * std::ldexp(1, -50) + std::ldexp(1, -23);
  check_near(t, "stay within ", bound, 1e-7);

  // Beyond 4096 dimensions the window shows the first 4096. Over 100,000 rows the still columns (less
  // than 0.1) begin near w 99999 = 0.1, w = 1e-6: pair 2048 of 8192 at base 1e12, the edge of the
  // columns shown. No crest lies inside there (w 99999 < pi/2), so each range is sin(w 99999) or
  // 1 - cos(w 99999): a closed form for every column from the printed one on, a scan of the one before.
  State w = state_at(View::heatmap, 8192, 0, 0);
  w.base = 1e12;
  w.n = 100000;
  const std::string tw = describe_heatmap(w, HeatmapCache{});
  INFO(tw);
  CHECK(has(tw, "positions 0 to 99,999"));
  CHECK(has(tw, "dimensions 0 to 4,095 of d = 8192"));
  const double still_w = number_after(tw, "every column from dimension ");
  REQUIRE(still_w > 4000);
  REQUIRE(still_w < 4200);
  const int sw = static_cast<int>(still_w);
  for (int j = sw; j < 8192; ++j) {
    const double x = omega(j / 2, 8192, 1e12) * 99999;
    REQUIRE(x < kPi / 2);
    CHECK((j % 2 ? 1 - std::cos(x) : std::sin(x)) < 0.1);
  }
  CHECK(range_scanned(0, 100000, sw - 1, 8192, 1e12) >= 0.1);
  CHECK(has(tw, "changes by less than 0.1 from top to bottom: " + grouped_int(std::max(0, 4096 - sw)) + " of the 4,096 columns shown."));
}

TEST_CASE("waves: the window, the selected dimension and the default curves at d = 512") {
  State s = state_at(View::waves, 512, 10, 2);
  s.n = 64;
  const std::string t = describe_waves(s, WavesCache{});
  INFO(t);
  CHECK(has(t, "positions 0 to 63."));
  check_near(t, "repeats every 2\xCF\x80 \xE2\x89\x88 ", 2 * kPi, 1e-3);
  // Selected pair 2, dimension 4: period 2 pi 10^(4 * 4/512), 63 / period cycles, sin(w * 10) at pos 10.
  const double T4 = 2 * kPi * std::pow(10.0, 4.0 * 4 / 512);
  CHECK(has(t, "Selected dimension 4:"));
  check_near(t, "Selected dimension 4: period ", T4, 1e-2);
  check_near(t, ", so ", 63 / T4, 1e-3);
  check_near(t, "At pos = 10.00 it is ", std::sin(10 * 2 * kPi / T4), 1e-3);
  // The article's curves 0, 32, 128, 256, 500: periods 2 pi 10^(4j/512) (j = 2i), values at pos 10.
  for (int dim : {0, 32, 128, 256, 500}) {
    const double T = 2 * kPi * std::pow(10.0, 4.0 * dim / 512);
    const std::string prefix = "dimension " + std::to_string(dim) + ", period ";
    INFO(prefix);
    check_near(t, prefix, T, T < 100 ? 1e-2 : 1.0);
    const std::string printed = t.substr(t.find(prefix) + prefix.size());
    check_near(printed, ", ", std::sin(10 * 2 * kPi / T), 1e-3);
  }
  // Hand-worked: dimension 128 turns with w = 1/10, period 20 pi = 62.83; dimension 256: 200 pi = 628.
  CHECK(has(t, "dimension 128, period 62.83,"));
  CHECK(has(t, "dimension 256, period 628,"));
}

// The view-local settings: each view keeps some settings in its cache, changed on screen and not in
// the State. The tests below change them as the view's widgets do (see the draw code named in each)
// and check that describe_<id>(s, cache) states the new numbers.

TEST_CASE("order: the description follows the tokens the student swaps, the picked slot and the PE box") {
  State s = state_at(View::order, 32, 0, 0);
  OrderCache cache;  // starts with dog <-> man: "the man bites a dog", PE off (the setting addPE)
  // draw_chips(): click slot 0 ("the"), then slot 2 ("bites"): the two swap. Then tick the PE box
  // (draw_order's checkbox) and click slot 3 ("a") once, so it waits for a second click.
  cache.picked = 0;
  std::swap(cache.perm[0], cache.perm[2]);
  cache.picked = -1;
  REQUIRE(set_number(s, Field::addPE, 1).empty());
  cache.picked = 3;
  const std::vector<int> perm{2, 4, 0, 3, 1};  // bites man the a dog
  REQUIRE(cache.perm == perm);
  const std::string t = describe_order(s, cache);
  INFO(t);
  CHECK(has(t, "reordered to \"bites man the a dog\"."));
  CHECK_FALSE(has(t, "\"the man bites a dog\""));
  CHECK(has(t, "Slot 3 (\"a\") is picked"));

  // The canvas now shows the weights with PE: that difference comes first, then the one without.
  const OrderDiff with_pe = order_diff_worked(perm, true, s.base);
  REQUIRE(with_pe.changed > 0);
  CHECK(has(t, "With PE(slot) added to each input (base 10000, the view's setting now)"));
  check_near(t, "P A P^T, is ", with_pe.worst, 1e-4);  // printed %.4f
  CHECK(has(t, std::to_string(with_pe.changed) + " of 25 weights differ visibly"));
  // Without positions the new order still only moves the weights: zero up to rounding (printed %.1e).
  const OrderDiff without = order_diff_worked(perm, false, s.base);
  CHECK(without.worst < 1e-12);
  const double zero = number_after(t, "Without positions, that difference is ");
  REQUIRE(std::isfinite(zero));
  CHECK(zero < 1e-12);

  // The same order with the starting PE setting (off) differs from the fresh cache's only in the order.
  REQUIRE(set_number(s, Field::addPE, 0).empty());
  cache.picked = -1;
  const std::string off = describe_order(s, cache);
  INFO(off);
  check_near(off, "that difference is ", with_pe.worst, 1e-4);
  CHECK_FALSE(has(off, "is picked"));

  // The "original order" button: P is the identity and both weight grids are the same.
  cache.perm = {0, 1, 2, 3, 4};
  const std::string id = describe_order(s, cache);
  INFO(id);
  CHECK(has(id, "d_k = 4), in their original order."));
  CHECK(has(id, "P is the identity"));
  CHECK_FALSE(has(id, "that difference is"));
  CHECK(number_after(id, "P A P^T, is ") == 0.0);
}

TEST_CASE("input: the description follows the token and the first dimension the student picks") {
  State s = state_at(View::input, 512, 3, 0);
  InputCache cache;
  // draw_input(): the token combo picks "dog" (id 5); the "first dim" slider (d = 512 > 64 dimensions
  // per strip) is dragged to 131, which the view makes even: 130.
  cache.token = 5;
  const int slider = 131;
  cache.first_dim = slider - slider % 2;
  const std::string t = describe_input(s, cache);
  INFO(t);
  std::vector<double> e, x;
  input_worked(5, 3.0, 512, s.base, e, x);
  CHECK(has(t, "The token \"dog\" (id 5) at position 3.00"));
  check_near(t, "embedding row E[t] ", rms_worked(e), 1e-4);  // all printed %.4f
  check_near(t, "square root of d ", rms_worked(e) * std::sqrt(512.0), 1e-4);
  check_near(t, "of PE(pos) ", std::sqrt(0.5), 1e-4);
  check_near(t, "sum x ", rms_worked(x), 1e-4);
  check_near(t, "largest entry of x is ", peak_worked(x), 1e-4);
  // 64 dimensions per strip from 130: 130 to 193.
  CHECK(has(t, "The strips show dimensions 130 to 193 of 512"));
  // "dog" is not in the table's sentence: no row is marked.
  CHECK_FALSE(has(t, "of that table."));

  // draw_table(): clicking row 4 ("the" at position 4) picks token 0 and moves the State to pos 4.
  cache.token = 0;
  s.pos = 4;
  const std::string r = describe_input(s, cache);
  INFO(r);
  input_worked(0, 4.0, 512, s.base, e, x);
  CHECK(has(r, "The token \"the\" (id 0) at position 4.00"));
  check_near(r, "embedding row E[t] ", rms_worked(e), 1e-4);
  check_near(r, "sum x ", rms_worked(x), 1e-4);
  check_near(r, "largest entry of x is ", peak_worked(x), 1e-4);
  CHECK(has(r, "The token above is row 4 of that table."));

  // The slider past the end: the view keeps 64 dimensions inside d, 448 to 511.
  cache.first_dim = 500;
  CHECK(has(describe_input(s, cache), "The strips show dimensions 448 to 511 of 512"));
}

TEST_CASE("heatmap: the description follows the window and the naive switch the student sets") {
  State s = state_at(View::heatmap, 512, 0, 0);
  s.n = 64;
  HeatmapCache cache;
  // Positions 1000 to 1199 (200 rows), dimensions 128 to 255 (128 columns), the exact shader.
  heatmap_set_window(cache, s, 1000, 200, 128, 128, false);
  const std::string t = describe_heatmap(s, cache);
  INFO(t);
  CHECK(has(t, "positions 1,000 to 1,199 down the rows and dimensions 128 to 255 of d = 512"));
  // Measured over rows 1000..1199 by scanning every cell: the still columns (change < 0.1) start beyond
  // the columns shown (128..255), so none of the 128 is among them.
  const int still = still_scanned(1000, 200, 512, 1e4, 0.1);
  REQUIRE(still > 255);
  CHECK(has(t, "Over the 200 rows shown, every column from dimension " + std::to_string(still) + " on (pair " + std::to_string(still / 2) +
               ") changes by less than 0.1 from top to bottom: 0 of the 128 columns shown."));
  // The selected pair 0 (dimensions 0, 1) lies left of dimension 128.
  CHECK(has(t, "The selected pair 0 (dimensions 0 and 1) is left of the window."));
  // The shader's bound at the last row, 1199, for pair 0 (w = 1), printed "%.0e".
  const double bound = 2 * kPi * std::ldexp(1, -25) + kPi * std::ldexp(1, -24) + std::ldexp(1, -23) +
                       2 * kPi * std::ldexp(1, -32) + 1199 * std::ldexp(1, -50) + std::ldexp(1, -23);
  check_near(t, "stay within ", bound, 1e-7);

  // The State's n changes (the sidebar): the view refits the rows to n = 128 and keeps the first row.
  s.n = 128;
  const std::string n128 = describe_heatmap(s, cache);
  INFO(n128);
  CHECK(has(n128, "positions 1,000 to 1,127 down the rows and dimensions 128 to 255"));
  s.n = 64;

  // Naive float32 angles from position 10,000,000 (64 rows, every dimension): the last row is
  // 10,000,063, a whole float32 (spacing 1 between 2^23 and 2^24), so the bound for pair 1 is
  // w_1 * 10000063 * 2^-23 + 2^-23 with w_1 = 10^(-4 * 2/512) = 0.96466: about 1.15 rad, printed "%.2g".
  heatmap_set_window(cache, s, 1e7, 64, 0, 512, true);
  const std::string nv = describe_heatmap(s, cache);
  INFO(nv);
  CHECK(has(nv, "positions 10,000,000 to 10,000,063 down the rows and dimensions 0 to 511"));
  CHECK(has(nv, "The selected pair 0 (dimensions 0 and 1) is outlined."));
  // From position 10^7 the slow columns are no longer near sin 0 and cos 0, yet still barely move: scanned.
  const int still_nv = still_scanned(1e7, 64, 512, 1e4, 0.1);
  REQUIRE(still_nv < 512);
  CHECK(has(nv, "every column from dimension " + std::to_string(still_nv) + " on (pair " + std::to_string(still_nv / 2) + ")"));
  CHECK(has(nv, std::to_string(512 - still_nv) + " of the 512 columns shown."));
  const double naive = std::pow(10.0, -4 * 2.0 / 512) * 10000063 * std::ldexp(1, -23) + std::ldexp(1, -23);
  REQUIRE(naive > 1.1);
  REQUIRE(naive < 1.2);
  CHECK(has(nv, "naive float32 way"));
  check_near(nv, "off by up to about ", naive, 0.1);
  CHECK_FALSE(has(nv, "stay within"));

  // The State's d changes: the view refits the columns to all of them and keeps the rows.
  s.d = 64;
  const std::string d64 = describe_heatmap(s, cache);
  INFO(d64);
  CHECK(has(d64, "positions 10,000,000 to 10,000,063 down the rows and dimensions 0 to 63 of d = 64"));
}

TEST_CASE("waves: the description follows the dimensions the student adds and removes") {
  State s = state_at(View::waves, 512, 10, 2);
  s.n = 64;
  WavesCache cache;
  // draw_waves(): the first frame makes the list for d = 512 (the article's 0, 32, 128, 256, 500);
  // then "add" with 7 in the field, and the x beside dimension 256 removes it.
  cache.key.changed(512);
  cache.dims = {0, 32, 128, 256, 500};
  cache.add_dim = 7;
  cache.dims.push_back(cache.add_dim);
  std::sort(cache.dims.begin(), cache.dims.end());
  cache.dims.erase(std::find(cache.dims.begin(), cache.dims.end(), 256));
  const std::string t = describe_waves(s, cache);
  INFO(t);
  // The selected dimension 4 is unchanged: period 2 pi 10^(4 * 4/512).
  check_near(t, "Selected dimension 4: period ", 2 * kPi * std::pow(10.0, 4.0 * 4 / 512), 1e-2);
  CHECK_FALSE(has(t, "dimension 256,"));
  // Dimension 7 is the cos of pair 3: w_3 = 10^(-4 * 6/512), period 2 pi / w_3 = 7.0, cos(10 w_3) at pos 10.
  const double w3 = std::pow(10.0, -4.0 * 6 / 512);
  check_near(t, "dimension 7, period ", 2 * kPi / w3, 1e-2);  // printed with 2 decimals below 100
  check_near(t, "dimension 7, period " + fixed("%.2f", number_after(t, "dimension 7, period ")) + ", ", std::cos(10 * w3), 1e-3);
  // The other curves in the legend's order: 0, 7, 32, 128, 500 (sin of pairs 0, 16, 64, 250).
  size_t at = 0;
  for (int dim : {0, 7, 32, 128, 500}) {
    const std::string prefix = "dimension " + std::to_string(dim) + ", period ";
    INFO(prefix);
    const size_t next = t.find(prefix);
    REQUIRE(next != std::string::npos);
    CHECK(next >= at);
    at = next;
    if (dim % 2 == 0) {
      const double T = 2 * kPi * std::pow(10.0, 4.0 * dim / 512);
      check_near(t, prefix, T, T < 100 ? 1e-2 : 1.0);
      check_near(t.substr(next + prefix.size()), ", ", std::sin(10 * 2 * kPi / T), 1e-3);
    }
  }

  // The State's d changes to 256: the view makes a new list, 0, 256/16, 256/4, 256/2, 256 - 12.
  s.d = 256;
  s.pair = 2;
  const std::string d256 = describe_waves(s, cache);
  INFO(d256);
  CHECK_FALSE(has(d256, "dimension 7,"));
  for (int dim : {0, 16, 64, 128, 244}) CHECK(has(d256, "dimension " + std::to_string(dim) + ", period "));
  // Dimension 128 of d = 256: w = 10^(-4 * 128/256) = 1/100, period 200 pi = 628.
  CHECK(has(d256, "dimension 128, period 628,"));
}
