// ALiBi's head slopes (Press et al. 2022 and get_slopes in ofirpress/attention_with_linear_biases),
// against values worked by hand, including the rule for head counts that are not a power of two.
#include "catch2_any.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/alibi.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

namespace {
bool close(double a, double b, double rel) { return std::fabs(a - b) <= rel * std::fabs(b); }
bool mentions(const std::string& msg, const char* what) { return msg.find(what) != std::string::npos; }
}  // namespace

TEST_CASE("8 heads: 1/2, 1/4, ..., 1/256 exactly") {
  const std::vector<double> s = alibi_slopes(8);
  CHECK(s == std::vector<double>{1.0 / 2, 1.0 / 4, 1.0 / 8, 1.0 / 16, 1.0 / 32, 1.0 / 64, 1.0 / 128, 1.0 / 256});
}

TEST_CASE("1 head: 2^-8; 2 heads: 2^-4, 2^-8; 16 heads: 2^(-(h+1)/2)") {
  CHECK(alibi_slopes(1) == std::vector<double>{1.0 / 256});
  CHECK(alibi_slopes(2) == std::vector<double>{1.0 / 16, 1.0 / 256});
  // 16 heads: r = 2^(-8/16) = 1/sqrt(2); slopes r, r^2, ..., r^16 = 2^-0.5, 2^-1, ..., 2^-8.
  const std::vector<double> s = alibi_slopes(16);
  REQUIRE(s.size() == 16);
  CHECK_THAT(s[0], WithinAbs(0.70710678118654752, 1e-16));
  CHECK(s[1] == 0.5);
  CHECK_THAT(s[2], WithinAbs(0.35355339059327376, 1e-16));
  CHECK(s[15] == 1.0 / 256);
  // Each squared is 2^-(h+1), a power of two held exactly (squaring adds at most 2 roundings: 1e-15).
  for (int h = 0; h < 16; ++h) CHECK(close(s[static_cast<size_t>(h)] * s[static_cast<size_t>(h)], std::ldexp(1.0, -(h + 1)), 1e-15));
}

// The paper's rule (get_slopes): for H not a power of two, take the slopes of the largest power of two
// P < H, then every other slope of the 2P-head sequence (its 1st, 3rd, 5th, ...) until there are H.
// 12 heads: P = 8 gives 2^-1 ... 2^-8; the 16-head sequence is 2^-0.5, 2^-1, 2^-1.5, ...; every other
// one from the first: 2^-0.5, 2^-1.5, 2^-2.5, 2^-3.5 (four, for 12 - 8 missing heads).
TEST_CASE("12 heads: 8 slopes of the 8-head rule, then 2^-0.5, 2^-1.5, 2^-2.5, 2^-3.5") {
  const std::vector<double> s = alibi_slopes(12);
  REQUIRE(s.size() == 12);
  for (int h = 0; h < 8; ++h) CHECK(s[static_cast<size_t>(h)] == std::ldexp(1.0, -(h + 1)));
  CHECK_THAT(s[8], WithinAbs(0.70710678118654752, 1e-16));    // 2^-0.5
  CHECK_THAT(s[9], WithinAbs(0.35355339059327376, 1e-16));    // 2^-1.5
  CHECK_THAT(s[10], WithinAbs(0.17677669529663688, 1e-16));   // 2^-2.5
  CHECK_THAT(s[11], WithinAbs(0.088388347648318441, 1e-16));  // 2^-3.5
}

// 6 heads: P = 4 gives 2^-2, 2^-4, 2^-6, 2^-8; the 8-head sequence's 1st and 3rd: 2^-1, 2^-3.
// 3 heads: P = 2 gives 2^-4, 2^-8; the 4-head sequence's 1st: 2^-2.
TEST_CASE("6 and 3 heads, worked by hand") {
  CHECK(alibi_slopes(6) == std::vector<double>{1.0 / 4, 1.0 / 16, 1.0 / 64, 1.0 / 256, 1.0 / 2, 1.0 / 8});
  CHECK(alibi_slopes(3) == std::vector<double>{1.0 / 16, 1.0 / 256, 1.0 / 4});
}

TEST_CASE("any count up to 1024: H slopes in (0, 1), distinct, the first P halving geometrically") {
  for (int heads : {5, 7, 20, 24, 40, 96, 100, 513, 1000, 1023, 1024}) {
    INFO("heads " << heads);
    const std::vector<double> s = alibi_slopes(heads);
    REQUIRE(s.size() == static_cast<size_t>(heads));
    int p = 1;
    while (p * 2 <= heads) p *= 2;
    for (int h = 0; h < heads; ++h) {
      CHECK(s[static_cast<size_t>(h)] > 0);
      CHECK(s[static_cast<size_t>(h)] < 1);
    }
    // The P slopes: 2^(-8 (h+1) / P).
    for (int h = 0; h < p; ++h) CHECK(close(s[static_cast<size_t>(h)], std::exp2(-8.0 * (h + 1) / p), 1e-15));
    // The rest: 2^(-8 (2j+1) / (2P)), j = 0, 1, ...: they fall between the first P, none repeats.
    for (int j = 0; p + j < heads; ++j) CHECK(close(s[static_cast<size_t>(p + j)], std::exp2(-8.0 * (2 * j + 1) / (2 * p)), 1e-15));
  }
}

TEST_CASE("the bias: slope times (n - m), zero on the diagonal, more negative further back") {
  CHECK(alibi_bias(0.5, 10, 10) == 0.0);
  CHECK(alibi_bias(0.5, 10, 7) == -1.5);
  CHECK(alibi_bias(1.0 / 256, 1000, 0) == -1000.0 / 256);
}

TEST_CASE("heads: integers from 1 to 1024; anything else is refused with its value") {
  for (double h : {1.0, 12.0, 1024.0}) CHECK(check_heads(h).empty());
  for (double h : {0.0, -1.0, 1025.0, 2.5, std::nan(""), std::numeric_limits<double>::infinity()}) {
    INFO("heads " << h);
    CHECK(mentions(check_heads(h), "heads must be an integer from 1 to 1024"));
  }
  CHECK(mentions(check_heads(0), "(got 0)"));
  CHECK(mentions(check_heads(2.5), "(got 2.5)"));
  CHECK(alibi_slopes(0).empty());
}
