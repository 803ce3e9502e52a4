// Turns of RoPE hands within a context and the sweeps of context extension (core/rope_turns.hpp),
// checked against the closed form of the count, hand-worked cases and the definitions written out here.
#include "catch2_any.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/frequency.hpp"
#include "core/rope_scaling.hpp"
#include "core/rope_turns.hpp"

using namespace pe;

namespace {

constexpr double kTau = 6.283185307179586;

// m = min(d/2, floor(d ln((n-1)/2π) / (2 ln base)) + 1), 0 when n - 1 < 2π; `edge` says the argument
// of floor lies within 1e-9 of a whole number, where rounding may decide either way.
int closed_form_count(double n, int d, double base, bool& edge) {
  edge = false;
  if (n - 1 < kTau) return 0;
  const double x = d * std::log((n - 1) / kTau) / (2 * std::log(base));
  edge = std::fabs(x - std::round(x)) < 1e-9;
  return std::min(d / 2, static_cast<int>(std::floor(x)) + 1);
}

}  // namespace

TEST_CASE("rope_turns: turns to the last position are w (n - 1) / 2π") {
  CHECK(turns_to_last(1.0, 1) == 0.0);
  CHECK(turns_to_last(1.0, 0) == 0.0);
  CHECK(turns_to_last(1.0, 2) == Approx(1.0 / kTau).epsilon(1e-15));
  // Pair 0 (w = 1) at n = 8192: 8191 / 2π = 1303.638 turns.
  CHECK(turns_to_last(1.0, 8192) == Approx(1303.638).epsilon(1e-6));
}

TEST_CASE("rope_turns: the pairs that complete a turn, hand-worked and against the closed form") {
  // d = 128, n = 8192: ln(8191 / 2π) = 7.1729; base 10,000: 64 · 7.1729 / 9.2103 = 49.84 -> pairs 0..49;
  // base 500,000: 64 · 7.1729 / 13.1224 = 34.98 -> pairs 0..34.
  CHECK(pairs_with_full_turn(8192, 128, 1e4) == 50);
  CHECK(pairs_with_full_turn(8192, 128, 5e5) == 35);
  // Pair 49's period 2π · 10000^(98/128) = 7,692 <= 8,191; pair 50's 2π · 10000^(100/128) = 8,960 > 8,191.
  CHECK(period(49, 128, 1e4) <= 8191);
  CHECK(period(50, 128, 1e4) > 8191);
  // Too short for any turn, and long enough for all.
  CHECK(pairs_with_full_turn(7, 64, 1e4) == 0);   // 6 < 2π
  CHECK(pairs_with_full_turn(8, 64, 1e4) == 1);   // 7 >= 2π: pair 0 only
  CHECK(pairs_with_full_turn(100000, 2, 1e12) == 1);
  CHECK(pairs_with_full_turn(100000, 4, 1.5) == 2);
  int compared = 0;
  for (int d : {2, 4, 16, 64, 128, 512, 8192})
    for (double base : {1.0001, 2.0, 1e4, 5e5, 1e6, 1e12})
      for (double n : {1.0, 7.0, 8.0, 64.0, 4096.0, 8192.0, 32768.0, 100000.0}) {
        bool edge = false;
        const int expected = closed_form_count(n, d, base, edge);
        if (edge) continue;
        INFO("d " << d << " base " << base << " n " << n);
        CHECK(pairs_with_full_turn(n, d, base) == expected);
        ++compared;
      }
  CHECK(compared > 300);
}

TEST_CASE("rope_turns: a larger base slows pair i by (b'/b)^(2i/d)") {
  CHECK(base_slowdown(0, 128, 1e4, 5e5) == 1.0);
  // The last pair of d = 128: 50^(126/128) = 47.035.
  CHECK(base_slowdown(63, 128, 1e4, 5e5) == Approx(47.0353).epsilon(1e-5));
  for (int i : {0, 1, 17, 63}) CHECK(base_slowdown(i, 128, 1e4, 5e5) == Approx(omega(i, 128, 1e4) / omega(i, 128, 5e5)).epsilon(1e-12));
}

TEST_CASE("rope_turns: sweeps at d = 4, L = 100, s = 4, worked by hand") {
  // w = (1, 0.01). Trained: pair 0 sweeps 100 rad (a full turn and more), pair 1 sweeps 1 rad.
  {
    const std::vector<Sweep> none = context_sweeps(RopeScalingType::none, 4, 1e4, 100, 4);
    CHECK_FALSE(none[0].leaves);  // it has seen every angle
    CHECK(none[1].trained == Approx(1.0));
    CHECK(none[1].extended == Approx(4.0));
    CHECK(none[1].leaves);
    CHECK(none[1].unseen == Approx(3.0));
  }
  {
    // PI: pair 1 at 0.0025 rad per position reaches 0.0025 · 400 = 1 rad, the trained end exactly.
    const std::vector<Sweep> pi = context_sweeps(RopeScalingType::linear, 4, 1e4, 100, 4);
    CHECK(pi[0].extended == Approx(100.0));
    CHECK(pi[1].extended == Approx(1.0));
    CHECK_FALSE(pi[1].leaves);
  }
  {
    // NTK: base' = 10000 · 4^(4/2) = 160,000, w1' = 1/400: 1 rad at 400 positions, again the trained end.
    const std::vector<Sweep> ntk = context_sweeps(RopeScalingType::ntk, 4, 1e4, 100, 4);
    CHECK(ntk[0].extended == Approx(400.0));
    CHECK(ntk[1].extended == Approx(1.0));
    CHECK_FALSE(ntk[1].leaves);
  }
  {
    // YaRN: dim(32) = 2 ln(100 / 64π) / ln 10^4 = -0.15 -> low 0; dim(1) = 2 ln(100 / 2π) / ln 10^4 = 0.60
    // -> high 1. Pair 0 keeps w = 1 (400 rad), pair 1 is interpolated (1 rad).
    const std::vector<Sweep> yarn = context_sweeps(RopeScalingType::yarn, 4, 1e4, 100, 4);
    CHECK(yarn[0].extended == Approx(400.0));
    CHECK(yarn[1].extended == Approx(1.0));
    CHECK_FALSE(yarn[1].leaves);
  }
}

TEST_CASE("rope_turns: the unseen share of the circle stops at a full turn") {
  // d = 2 (w = 1), L = 3: trained 3 rad; at s = 4 the hand sweeps 12 rad, so every angle above 3 is new.
  const Sweep s = compare_sweep(1.0, 1.0, 3, 4);
  CHECK(s.leaves);
  CHECK(s.unseen == Approx(kTau - 3).epsilon(1e-12));
  // s = 1.5: 4.5 rad, 1.5 of them new.
  CHECK(compare_sweep(1.0, 1.0, 3, 1.5).unseen == Approx(1.5).epsilon(1e-12));
  // Exactly the trained sweep (and a hair above it from rounding) does not count as leaving.
  CHECK_FALSE(compare_sweep(0.25, 0.25 / 3, 10, 3).leaves);
}

TEST_CASE("rope_turns: which pairs leave the trained range, method by method, at d = 128, L = 4096, s = 8") {
  const int d = 128;
  const double L = 4096, s = 8, base = 1e4;
  const std::vector<Sweep> none = context_sweeps(RopeScalingType::none, d, base, L, s);
  const std::vector<Sweep> pi = context_sweeps(RopeScalingType::linear, d, base, L, s);
  const std::vector<Sweep> ntk = context_sweeps(RopeScalingType::ntk, d, base, L, s);
  const std::vector<Sweep> yarn = context_sweeps(RopeScalingType::yarn, d, base, L, s);
  // A trained sweep under a turn: w_i · 4096 < 2π, i.e. i > 64 ln(4096 / 2π) / ln 10^4 = 45.03: pairs 46..63.
  for (int i = 0; i < d / 2; ++i) {
    INFO("pair " << i);
    const bool short_sweep = i >= 46;
    CHECK((none[static_cast<size_t>(i)].trained < kTau) == short_sweep);
    // No scaling: every short sweep grows by s and leaves.
    CHECK(none[static_cast<size_t>(i)].leaves == short_sweep);
    // PI never leaves.
    CHECK_FALSE(pi[static_cast<size_t>(i)].leaves);
    // NTK: w_i' s L = w_i L · s^(1 - 2i/(d-2)) > w_i L for every pair but the last.
    CHECK(ntk[static_cast<size_t>(i)].extended ==
          Approx(none[static_cast<size_t>(i)].trained * std::pow(s, 1 - 2.0 * i / (d - 2))).epsilon(1e-10));
    CHECK(ntk[static_cast<size_t>(i)].leaves == (short_sweep && i < d / 2 - 1));
    // YaRN: low = 20, high = 46 (dim(32) = 20.94, dim(1) = 45.03): the short sweeps are all interpolated.
    CHECK_FALSE(yarn[static_cast<size_t>(i)].leaves);
  }
  // YaRN's blended pair 30: ramp (30 - 20) / 26, so s L w (1 - r + r / s).
  const double r = 10.0 / 26;
  CHECK(yarn[30].extended == Approx(omega(30, d, base) * s * L * (1 - r + r / s)).epsilon(1e-12));
}
