// Numerical accuracy the module claims, for positions up to 1e7 and d up to 8192.
//
// 1. encoding_value (double) against long double sinl/cosl of the same double w_i times pos.
//    Claim: |error| <= |w_i pos| 2^-52 + 1e-15. Why: the double product w_i * pos is rounded once
//    (relative 2^-53, i.e. an angle error <= |w_i pos| 2^-53), sin/cos have slope <= 1, and the
//    library's sin/cos of the rounded angle is within one ulp of 1 (2.2e-16). The long double truth
//    carries 64 mantissa bits (product error |w pos| 2^-64: 2^-12 of the allowance).
// 2. The float32 mirror (core/float32_encoding.hpp): float32_naive_pair_errors flags a pair as
//    visible when it differs from the double by more than 2/255 (one colour step of the heatmap),
//    checked against an independent float computation in this file; the shader's integer-phase route
//    never reaches 2/255 below 2^31.
// Positions and pairs are sampled (a fixed LCG), not exhaustive.
#include "catch2_any.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

#include "core/encoding.hpp"
#include "core/float32_encoding.hpp"
#include "core/frequency.hpp"

namespace {

struct Lcg {
  std::uint64_t x;
  double next() {  // uniform in [0, 1)
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(x >> 11) * 0x1.0p-53;
  }
};

std::vector<double> sample_positions(double max_pos, int random, std::uint64_t seed) {
  std::vector<double> p = {0.0, 0.5, 1.0, 2.0, 3.5, 37.0, 100.0, 1000.0, 12345.678, 1e5, 999999.0, 1e6 + 0.25,
                           3.3e6, 8388607.5, 8388608.0, 1e7 - 1, 1e7, -1e7, -12345.678};
  Lcg g{seed};
  for (int i = 0; i < random; ++i) {
    const double u = g.next();
    p.push_back(std::floor(u * max_pos * 1000.0) / 1000.0);  // millesimal positions in [0, max)
    p.push_back(std::floor(g.next() * max_pos));             // integer positions
  }
  return p;
}

std::vector<int> sample_pairs(int d, int random, std::uint64_t seed) {
  std::vector<int> pairs = {0, 1, 2, d / 4, d / 2 - 2, d / 2 - 1};
  Lcg g{seed};
  for (int i = 0; i < random; ++i) pairs.push_back(static_cast<int>(g.next() * (d / 2)));
  std::vector<int> out;
  for (int p : pairs)
    if (p >= 0 && p < d / 2) out.push_back(p);
  return out;
}

constexpr double kVisible = 2.0 / 255.0;  // one colour step of the heatmap's ramps

}  // namespace

TEST_CASE("encoding_value is within |w pos| 2^-52 + 1e-15 of long double sin/cos, pos <= 1e7, d <= 8192") {
  const double two52 = std::ldexp(1.0, -52);
  int checked = 0;
  double worst_ratio = 0;  // largest error / allowance seen, for the log
  for (int d : {4, 512, 8192}) {
    for (double base : {10000.0, 500.0, 1e12}) {
      for (int i : sample_pairs(d, 24, 7u + static_cast<std::uint64_t>(d))) {
        const double w = pe::omega(i, d, base);
        for (double pos : sample_positions(1e7, 40, 99u + static_cast<std::uint64_t>(i))) {
          const long double angle = static_cast<long double>(w) * static_cast<long double>(pos);
          const double allow = std::fabs(w * pos) * two52 + 1e-15;
          const double es = std::fabs(pe::encoding_value(pos, 2 * i, d, base) - static_cast<double>(std::sin(angle)));
          const double ec = std::fabs(pe::encoding_value(pos, 2 * i + 1, d, base) - static_cast<double>(std::cos(angle)));
          INFO("d " << d << " base " << base << " pair " << i << " pos " << pos);
          CHECK(es <= allow);
          CHECK(ec <= allow);
          worst_ratio = std::fmax(worst_ratio, std::fmax(es, ec) / allow);
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 10000);
  // The allowance is not vacuous: a float32 angle (what the module must NOT compute) breaks it.
  const double pos = 1234567.0, w = pe::omega(1, 512, 10000.0);
  const double f32 = std::sin(static_cast<double>(static_cast<float>(pos) * static_cast<float>(w)));
  CHECK(std::fabs(f32 - static_cast<double>(std::sin(static_cast<long double>(w) * pos))) > std::fabs(w * pos) * two52 + 1e-15);
  WARN("encoding_value: " << checked << " (pair, pos) samples; worst error / allowance " << worst_ratio);
}

TEST_CASE("the vector and table forms give the same numbers as encoding_value at large positions") {
  // Truth: encoding_value, checked above. The vector and the direct table use the same formula:
  // equal to the last bit.
  const int d = 8192;
  for (double pos : {0.0, 9999999.0, 1e7, 3333333.0}) {
    const std::vector<double> v = pe::encoding_vector(pos, d, 10000.0);
    std::vector<double> row(static_cast<size_t>(d));
    pe::encoding_table(pos, 1, d, 10000.0, row);
    for (int dim : {0, 1, 2, 3, 4095, 4096, 8190, 8191}) {
      CHECK(v[static_cast<size_t>(dim)] == pe::encoding_value(pos, dim, d, 10000.0));
      CHECK(row[static_cast<size_t>(dim)] == v[static_cast<size_t>(dim)]);
    }
  }
}

TEST_CASE("float32 mirror: pairs off by more than 2/255 are flagged as visible, and only those") {
  int flagged = 0, checked = 0;
  for (int d : {512, 8192}) {
    const double base = 10000.0;
    const std::vector<double> positions = sample_positions(1e7, 15, 5u + static_cast<std::uint64_t>(d));
    const std::vector<int> pairs = sample_pairs(d, 30, 11u + static_cast<std::uint64_t>(d));
    for (double pos : positions) {
      const std::vector<double> err = pe::float32_naive_pair_errors(pos, d, base);
      REQUIRE(err.size() == static_cast<size_t>(d / 2));
      for (int i : pairs) {
        // Independent: float32 arithmetic as written in the header, against long double sin/cos.
        const double w = pe::omega(i, d, base);
        const float a = static_cast<float>(pos) * static_cast<float>(w);
        const long double exact = static_cast<long double>(w) * static_cast<long double>(pos);
        const double mine = std::fmax(std::fabs(static_cast<double>(std::sin(a)) - static_cast<double>(std::sin(exact))),
                                      std::fabs(static_cast<double>(std::cos(a)) - static_cast<double>(std::cos(exact))));
        const double theirs = err[static_cast<size_t>(i)];
        INFO("d " << d << " pair " << i << " pos " << pos << " module " << theirs << " independent " << mine);
        // Tolerance: the module's truth is the double encoding (|w pos| 2^-52 + 1e-15 from the above).
        const double tol = std::fabs(w * pos) * std::ldexp(1.0, -52) + 2e-15;
        CHECK(std::fabs(theirs - mine) <= tol);
        if (std::fabs(mine - kVisible) > tol) {
          CHECK((theirs > kVisible) == (mine > kVisible));
          flagged += mine > kVisible;
        }
        // Only where the module's own bound allows it can a pair be visible.
        CHECK(theirs <= pe::float32_naive_error_bound(pos, i, d, base));
        if (pe::float32_naive_error_bound(pos, i, d, base) < kVisible) CHECK(theirs < kVisible);
        ++checked;
      }
    }
  }
  CHECK(checked > 1000);
  CHECK(flagged > 0);  // the sample reaches visible errors (pair 0 is visible from about pos 3e4)
  // Hand-worked: at pos 1e7 + 0.5 float32 holds 1e7 (spacing 1 above 2^23, ties to even), so pair 0
  // (w = 1) is off by the angle 0.5 rad; the larger of the sin and cos errors is 2 sin(0.25) times
  // max(|cos(x + 0.25)|, |sin(x + 0.25)|) >= 2 sin(0.25) / sqrt(2) = 0.3497, far past 2/255.
  const std::vector<double> e = pe::float32_naive_pair_errors(1e7 + 0.5, 512, 10000.0);
  CHECK(e[0] > 0.3);
  CHECK(e[0] > kVisible);
  // Small positions: nothing visible at d = 8192.
  for (double pos : {0.0, 1.0, 10.0, 100.0}) {
    const std::vector<double> small = pe::float32_naive_pair_errors(pos, 8192, 10000.0);
    for (double x : small) CHECK(x < kVisible);
  }
  // Where the estimate says pair 0 reaches 2/255: 2/255 * 2^23 / w_0 = 65793 positions.
  CHECK(pe::float32_naive_reach(0, 512, 10000.0, kVisible) == Approx(2.0 / 255.0 * 8388608.0).epsilon(1e-12));
}

TEST_CASE("float32 shader route: never visible below 1e7 (the angle never grows)") {
  Lcg g{2024};
  for (int d : {512, 8192}) {
    for (int k = 0; k < 40; ++k) {
      const auto pos = static_cast<std::uint32_t>(g.next() * 1e7);
      const std::vector<double> err = pe::float32_shader_pair_errors(pos, d, 10000.0);
      for (int i : sample_pairs(d, 20, 3u + static_cast<std::uint64_t>(k))) {
        INFO("d " << d << " pos " << pos << " pair " << i);
        CHECK(err[static_cast<size_t>(i)] <= pe::float32_shader_error_bound(pos, i, d, 10000.0));
        CHECK(err[static_cast<size_t>(i)] < kVisible);
      }
    }
  }
}
