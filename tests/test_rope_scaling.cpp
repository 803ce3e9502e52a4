// Context extension: how fast each RoPE hand turns under no scaling, position interpolation, NTK-aware
// scaling and YaRN, checked against numbers worked by hand and against a line-by-line transcription of
// the YaRN reference code (jquesnelle/yarn, scaled_rope/LlamaYaRNScaledRotaryEmbedding.py).
#include "catch2_any.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/frequency.hpp"
#include "core/rope_scaling.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

namespace {

size_t at(int i) { return static_cast<size_t>(i); }

RopeScaling scaling(RopeScalingType type, double factor, double original_length = 0) {
  RopeScaling sc;
  sc.type = type;
  sc.factor = factor;
  sc.original_length = original_length;
  return sc;
}

// |a - b| <= rel * |b|: the frequencies span many orders of magnitude, so a relative tolerance.
bool close(double a, double b, double rel) { return std::fabs(a - b) <= rel * std::fabs(b); }

bool mentions(const std::string& msg, const char* what) { return msg.find(what) != std::string::npos; }

// The reference code's yarn(), transcribed (in double; the reference computes pos_freqs in float32):
//   pos_freqs = base ** (arange(0, dim, 2) / dim)
//   inv_freq_extrapolation = 1 / pos_freqs;  inv_freq_interpolation = 1 / (scale * pos_freqs)
//   low = max(floor(find_correction_dim(beta_fast)), 0);  high = min(ceil(find_correction_dim(beta_slow)), dim - 1)
//     find_correction_dim(r) = dim * log(L / (r * 2 * pi)) / (2 * log(base))
//   if low == high: high += 0.001
//   inv_freq_mask = 1 - clamp((arange(dim // 2) - low) / (high - low), 0, 1)
//   inv_freq = inv_freq_interpolation * (1 - inv_freq_mask) + inv_freq_extrapolation * inv_freq_mask
std::vector<double> reference_yarn(int dim, double base, double scale, double L, double beta_fast, double beta_slow) {
  auto correction_dim = [&](double r) { return dim * std::log(L / (r * 2 * kPi)) / (2 * std::log(base)); };
  double low = std::max(std::floor(correction_dim(beta_fast)), 0.0);
  double high = std::min(std::ceil(correction_dim(beta_slow)), dim - 1.0);
  if (low == high) high += 0.001;
  std::vector<double> out;
  for (int j = 0; j < dim; j += 2) {
    const double pos_freq = std::pow(base, static_cast<double>(j) / dim);
    const double extrapolation = 1 / pos_freq, interpolation = 1 / (scale * pos_freq);
    const double ramp = std::min(std::max((j / 2 - low) / (high - low), 0.0), 1.0);
    const double mask = 1 - ramp;
    out.push_back(interpolation * (1 - mask) + extrapolation * mask);
  }
  return out;
}

}  // namespace

// Worked by hand: d = 128, base 10000, trained length L = 4096, s = 16, beta_fast = 32, beta_slow = 1.
//   2 ln 10000 = 18.42068074
//   dim(32) = 128 ln(4096 / (64 pi)) / 18.42068 = 128 ln(20.371833) / 18.42068 = 128 * 3.0141532 / 18.42068 = 20.9445
//   dim(1)  = 128 ln(4096 / (2 pi))  / 18.42068 = 128 ln(651.89865) / 18.42068 = 128 * 6.4798891 / 18.42068 = 45.0269
//   low = floor(20.9445) = 20, high = ceil(45.0269) = 46 (inside [0, 127]: no clamping)
// Check by turns within L (L w_i / 2 pi): pair 20 turns 36.7 times (> 32: kept), pair 21 31.7 times,
// pair 45 1.004 times, pair 46 0.87 times (< 1: fully interpolated).
//   ramp_30 = (30 - 20) / (46 - 20) = 10/26 = 0.384615...
//   w_30 = 10000^(-60/128) = 10^(-1.875) = 0.0133352143
//   YaRN w_30 = w_30 (1 - ramp) + (w_30 / 16) ramp = w_30 (1 - (15/16)(10/26)) = w_30 * 266/416 = 0.0085268438
TEST_CASE("YaRN worked by hand: d = 128, base 10000, L = 4096, s = 16") {
  const RopeScaling sc = scaling(RopeScalingType::yarn, 16, 4096);
  CHECK_THAT(yarn_correction_dim(32, 128, 10000, 4096), WithinAbs(20.9445, 1e-4));
  CHECK_THAT(yarn_correction_dim(1, 128, 10000, 4096), WithinAbs(45.0269, 1e-4));
  const YarnRange r = yarn_correction_range(128, 10000, sc);
  CHECK(r.low == 20);
  CHECK(r.high == 46);
  CHECK(yarn_ramp(0, 128, 10000, sc) == 0.0);
  CHECK(yarn_ramp(20, 128, 10000, sc) == 0.0);
  CHECK_THAT(yarn_ramp(21, 128, 10000, sc), WithinAbs(1.0 / 26, 1e-15));
  CHECK_THAT(yarn_ramp(30, 128, 10000, sc), WithinAbs(10.0 / 26, 1e-15));
  CHECK_THAT(yarn_ramp(45, 128, 10000, sc), WithinAbs(25.0 / 26, 1e-15));
  CHECK(yarn_ramp(46, 128, 10000, sc) == 1.0);
  CHECK(yarn_ramp(63, 128, 10000, sc) == 1.0);

  const std::vector<double> w = scaled_frequencies(128, 10000, sc);
  REQUIRE(w.size() == 64);
  CHECK_THAT(w[30], WithinAbs(0.0085268438, 1e-10));
  CHECK(close(w[30], omega(30, 128, 10000) * 266.0 / 416.0, 1e-14));
  // Below the ramp the trained frequency, above it the interpolated one.
  for (int i = 0; i <= 20; ++i) CHECK(close(w[at(i)], omega(i, 128, 10000), 1e-15));
  for (int i = 46; i < 64; ++i) CHECK(close(w[at(i)], omega(i, 128, 10000) / 16, 1e-15));
  // Attention temperature for s = 16: 0.1 ln 16 + 1 = 1.27725887.
  CHECK_THAT(yarn_attention_factor(16), WithinAbs(1.2772588722, 1e-10));
}

TEST_CASE("YaRN's range is clamped to [0, d - 1], and an empty ramp becomes a step at low + 0.001") {
  // d = 64, base 10000: dim(r) = 64 ln(L / (2 pi r)) / 18.42068.
  // L = 1: dim(32) = -18.43, dim(1) = -6.39 -> low = high = 0 after clamping, so high = 0.001:
  // pair 0 keeps its frequency, every other pair is fully interpolated.
  RopeScaling sc = scaling(RopeScalingType::yarn, 4, 1);
  CHECK(yarn_correction_range(64, 10000, sc).low == 0);
  CHECK(yarn_correction_range(64, 10000, sc).high == 0);
  CHECK(yarn_ramp(0, 64, 10000, sc) == 0.0);
  CHECK(yarn_ramp(1, 64, 10000, sc) == 1.0);
  // L = 10: dim(32) = -10.43 -> low 0; dim(1) = 1.61 -> high 2: ramp_i = i / 2.
  sc.original_length = 10;
  CHECK(yarn_correction_range(64, 10000, sc).low == 0);
  CHECK(yarn_correction_range(64, 10000, sc).high == 2);
  CHECK(yarn_ramp(1, 64, 10000, sc) == 0.5);
  // L = 1e9: dim(32) = 53.57 -> low 53; dim(1) = 65.61 -> ceil 66, clamped to d - 1 = 63. Every pair
  // (0..31) is below low: YaRN keeps all the trained frequencies.
  sc.original_length = 1e9;
  CHECK(yarn_correction_range(64, 10000, sc).low == 53);
  CHECK(yarn_correction_range(64, 10000, sc).high == 63);
  const std::vector<double> w = scaled_frequencies(64, 10000, sc);
  for (int i = 0; i < 32; ++i) CHECK(w[at(i)] == omega(i, 64, 10000));
  // Extreme inputs do not overflow the int range: a base just above 1 makes dim(r) huge.
  sc.original_length = 4096;
  CHECK(yarn_correction_range(8192, 1.0000001, sc).low == 8191);
  CHECK(yarn_correction_range(8192, 1.0000001, sc).high == 8191);
}

// The transcription agrees to rounding: the same operations in another order (pow and divisions),
// values below 1, so 1e-14 relative. Compared where the reference's one-sided clamping gives the same
// range as clamping both ends (rope_scaling.hpp): floor(dim(beta_fast)) <= d - 1 and ceil(dim(beta_slow)) >= 0;
// the settings outside it are checked in the test after this one.
TEST_CASE("YaRN frequencies equal the reference code's yarn(), transcribed") {
  int compared = 0, skipped = 0;
  for (int d : {2, 4, 64, 128, 8192})
    for (double base : {10000.0, 500000.0, 1e12, 1.5})
      for (double s : {1.0, 2.0, 16.0, 1e6})
        for (double L : {1.0, 100.0, 2048.0, 4096.0, 131072.0, 1e9})
          for (double fast : {32.0, 8.0})
            for (double slow : {1.0, 0.5}) {
              RopeScaling sc = scaling(RopeScalingType::yarn, s, L);
              sc.beta_fast = fast, sc.beta_slow = slow;
              REQUIRE(rope_scaling_error(sc, d).empty());
              if (std::floor(yarn_correction_dim(fast, d, base, L)) > d - 1 || std::ceil(yarn_correction_dim(slow, d, base, L)) < 0) {
                ++skipped;
                continue;
              }
              ++compared;
              const std::vector<double> want = reference_yarn(d, base, s, L, fast, slow);
              const std::vector<double> got = scaled_frequencies(d, base, sc);
              REQUIRE(got.size() == want.size());
              double worst = 0;
              for (size_t i = 0; i < got.size(); ++i) worst = std::max(worst, std::fabs(got[i] - want[i]) / want[i]);
              INFO("d=" << d << " base=" << base << " s=" << s << " L=" << L << " betas " << fast << ", " << slow);
              CHECK(worst <= 1e-14);
            }
  // Most of the grid is compared: all but base 1.5 with L >= 100 (every pair turns > 32 times) and L = 1.
  CHECK(compared > 1000);
  CHECK(skipped < compared);
}

// Where the reference's range would be inverted (rope_scaling.hpp): every pair turns more than beta_fast
// times (base 1.5: pair i of d = 128 has wavelength 2 pi 1.5^(i/64) <= 9.4, so > 430 turns in L = 4096) and
// is kept, as the paper says (the reference interpolates them all); and with L = 1 no pair turns even
// once: pair 0 is kept (the step at low = high = 0), every other pair interpolated, as the paper says
// (the reference keeps them all).
TEST_CASE("YaRN outside the reference's range: both ends clamped, the paper's rule kept where it can be") {
  RopeScaling sc = scaling(RopeScalingType::yarn, 16, 4096);
  CHECK(std::floor(yarn_correction_dim(32, 128, 1.5, 4096)) > 127);
  CHECK(yarn_correction_range(128, 1.5, sc).low == 127);
  CHECK(yarn_correction_range(128, 1.5, sc).high == 127);
  const std::vector<double> w = scaled_frequencies(128, 1.5, sc);
  for (int i = 0; i < 64; ++i) CHECK(w[at(i)] == omega(i, 128, 1.5));
  sc.original_length = 1;
  CHECK(std::ceil(yarn_correction_dim(1, 128, 10000, 1)) < 0);
  const std::vector<double> v = scaled_frequencies(128, 10000, sc);
  CHECK(v[0] == 1.0);
  for (int i = 1; i < 64; ++i) CHECK(v[at(i)] == omega(i, 128, 10000) / 16);
}

// base' = 10000 * 16^(128/126) = 167198.739213 (by hand: 16^(128/126) = 2^(4 * 1.015873) = 2^4.063492 = 16.7198739).
TEST_CASE("NTK: base * s^(d/(d-2)); the last pair slowed by exactly s, pair 0 not at all") {
  CHECK_THAT(ntk_base(10000, 16, 128), WithinAbs(167198.739213, 1e-5));
  CHECK(ntk_base(10000, 1, 128) == 10000.0);
  for (int d : {4, 6, 64, 128, 8192})
    for (double base : {10000.0, 500000.0, 1.5, 1e12})
      for (double s : {1.0, 2.0, 16.0, 1e6}) {
        INFO("d=" << d << " base=" << base << " s=" << s);
        const std::vector<double> w = scaled_frequencies(d, base, scaling(RopeScalingType::ntk, s));
        CHECK(w[0] == 1.0);
        const int last = d / 2 - 1;
        CHECK(close(w[at(last)], omega(last, d, base) / s, 1e-12));
        // Every pair in between is slowed by s^(2i/(d-2)): between 1 and s.
        for (int i = 1; i < last; ++i) {
          const double slowed = omega(i, d, base) / w[at(i)];
          CHECK(close(slowed, std::pow(s, 2.0 * i / (d - 2)), 1e-11));
        }
      }
  // Hand-picked middle: d = 130, pair 32 is slowed by s^(64/128) = sqrt(s) = 4 for s = 16.
  const std::vector<double> w = scaled_frequencies(130, 10000, scaling(RopeScalingType::ntk, 16));
  CHECK(close(omega(32, 130, 10000) / w[32], 4.0, 1e-13));
}

TEST_CASE("linear: every hand slowed by s; none: the trained frequencies; angles are pos * w") {
  for (double s : {1.0, 2.5, 16.0}) {
    const std::vector<double> lin = scaled_frequencies(64, 10000, scaling(RopeScalingType::linear, s));
    for (int i = 0; i < 32; ++i) CHECK(lin[at(i)] == omega(i, 64, 10000) / s);
  }
  const std::vector<double> none = scaled_frequencies(64, 500000, RopeScaling{});
  for (int i = 0; i < 32; ++i) CHECK(none[at(i)] == omega(i, 64, 500000));
  // Position interpolation at s * L reaches exactly the angle the model saw at L: pos s L with w / s.
  const std::vector<double> at_sl = rope_angles(16 * 4096.0, 128, 10000, scaling(RopeScalingType::linear, 16));
  const std::vector<double> at_l = rope_angles(4096.0, 128, 10000, RopeScaling{});
  for (size_t i = 0; i < at_l.size(); ++i) CHECK(close(at_sl[i], at_l[i], 1e-15));
  const RopeScaling yarn = scaling(RopeScalingType::yarn, 8, 2048);
  const std::vector<double> w = scaled_frequencies(256, 10000, yarn);
  for (double pos : {0.0, 1.0, -3.5, 1e9}) {
    const std::vector<double> a = rope_angles(pos, 256, 10000, yarn);
    REQUIRE(a.size() == 128);
    for (size_t i = 0; i < a.size(); ++i) CHECK(a[i] == pos * w[i]);
  }
}

TEST_CASE("YaRN lies between the two, pair by pair: w / s <= yarn <= w") {
  const RopeScaling sc = scaling(RopeScalingType::yarn, 32, 4096);
  const std::vector<double> w = scaled_frequencies(128, 500000, sc);
  for (int i = 0; i < 64; ++i) {
    const double trained = omega(i, 128, 500000);
    CHECK(w[at(i)] <= trained * (1 + 1e-15));
    CHECK(w[at(i)] >= trained / 32 * (1 - 1e-15));
  }
}

TEST_CASE("attention factor: 0.1 ln s + 1 for s > 1, and 1 for s <= 1") {
  CHECK(yarn_attention_factor(1) == 1.0);
  CHECK(yarn_attention_factor(0.5) == 1.0);
  CHECK(yarn_attention_factor(0) == 1.0);
  CHECK_THAT(yarn_attention_factor(2), WithinAbs(1.0693147181, 1e-10));  // 0.1 * 0.6931471806 + 1
  CHECK_THAT(yarn_attention_factor(4), WithinAbs(1.1386294361, 1e-10));
  CHECK_THAT(yarn_attention_factor(std::exp(1.0)), WithinAbs(1.1, 1e-15));
  CHECK_THAT(yarn_attention_factor(1e6), WithinAbs(1 + 0.1 * 6 * std::log(10.0), 1e-14));
}

TEST_CASE("scaling settings: bad values are rejected with a message naming the parameter") {
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  CHECK(rope_scaling_error(RopeScaling{}, 2).empty());
  CHECK(rope_scaling_error(scaling(RopeScalingType::linear, 1), 2).empty());
  CHECK(rope_scaling_error(scaling(RopeScalingType::ntk, 1e6), 4).empty());
  CHECK(rope_scaling_error(scaling(RopeScalingType::yarn, 16, 4096), 128).empty());
  for (double f : {0.5, 0.0, -2.0, 1e6 * 1.0001, nan, inf}) {
    INFO("factor " << f);
    CHECK(mentions(rope_scaling_error(scaling(RopeScalingType::linear, f), 64), "factor must be a number from 1 to 1e6"));
    CHECK(mentions(check_scaling_factor(f, "factor"), "factor must be a number from 1 to 1e6"));
  }
  CHECK(mentions(rope_scaling_error(scaling(RopeScalingType::linear, 0.5), 64), "(got 0.5)"));
  CHECK(mentions(rope_scaling_error(scaling(RopeScalingType::ntk, 0.5), 64, "scaling."), "scaling.factor must be"));
  CHECK(mentions(rope_scaling_error(scaling(RopeScalingType::ntk, 2), 2), "d must be at least 4"));
  CHECK(rope_scaling_error(scaling(RopeScalingType::linear, 2), 2).empty());
  for (double L : {0.0, 0.5, nan, 2e9})
    CHECK(mentions(rope_scaling_error(scaling(RopeScalingType::yarn, 2, L), 64, "scaling."), "scaling.originalLength must be"));
  RopeScaling sc = scaling(RopeScalingType::yarn, 2, 4096);
  sc.beta_fast = 0;
  CHECK(mentions(rope_scaling_error(sc, 64), "betaFast must be a number > 0"));
  sc.beta_fast = 1, sc.beta_slow = nan;
  CHECK(mentions(rope_scaling_error(sc, 64), "betaSlow must be a number > 0"));
  sc.beta_fast = 1, sc.beta_slow = 1;
  CHECK(mentions(rope_scaling_error(sc, 64), "betaFast must be larger than betaSlow (got 1 and 1)"));
  // A factor of 1 leaves every method at the trained frequencies.
  for (RopeScalingType t : {RopeScalingType::linear, RopeScalingType::ntk, RopeScalingType::yarn}) {
    const std::vector<double> w = scaled_frequencies(64, 10000, scaling(t, 1, 4096));
    for (int i = 0; i < 32; ++i) CHECK(close(w[at(i)], omega(i, 64, 10000), 1e-15));
  }
}

TEST_CASE("scaling type names round-trip; other names are refused") {
  for (RopeScalingType t : {RopeScalingType::none, RopeScalingType::linear, RopeScalingType::ntk, RopeScalingType::yarn}) {
    RopeScalingType back = RopeScalingType::none;
    CHECK(rope_scaling_from_name(rope_scaling_name(t), back));
    CHECK(back == t);
  }
  CHECK(std::string(rope_scaling_name(RopeScalingType::yarn)) == "yarn");
  RopeScalingType t = RopeScalingType::linear;
  for (const char* bad : {"", "YaRN", "dynamic", "ntk ", "Linear"}) CHECK_FALSE(rope_scaling_from_name(bad, t));
  CHECK(t == RopeScalingType::linear);
}
