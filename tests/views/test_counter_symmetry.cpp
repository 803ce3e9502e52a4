// The counter and symmetry lessons say the numbers they draw: the counter's bits against binary written
// out independently, its nearest pairs against the periods, the symmetry view's two sides, its first
// rise and the turned score's sign against sums worked here.
#include "catch2_any.hpp"

#include <cmath>
#include <cstdint>
#include <string>

#include "shell/app.hpp"
#include "describe_checks.hpp"
#include "headless.hpp"
#include "text/format.hpp"

using namespace app;
using namespace describe_checks;

namespace {

State at(const char* query, View v) {
  State s;
  REQUIRE(apply_query(s, query).empty());
  REQUIRE(set_view(s, v).empty());
  return s;
}

// The lowest `bits` bits of n, highest first, written out by repeated halving (two's complement for n < 0).
std::string binary(std::int64_t n, int bits) {
  std::string out(static_cast<size_t>(bits), '0');
  std::uint64_t u = static_cast<std::uint64_t>(n);
  for (int b = 0; b < bits; ++b, u /= 2) out[static_cast<size_t>(bits - 1 - b)] = (u % 2) ? '1' : '0';
  return out;
}

double dot_by_hand(double a, double b, int d, double base) {
  double sum = 0;
  for (int i = 0; i < d / 2; ++i) {
    const double w = std::pow(base, -2.0 * i / d);
    sum += std::sin(w * a) * std::sin(w * b) + std::cos(w * a) * std::cos(w * b);
  }
  return sum;
}

}  // namespace

TEST_CASE("counter: the bits of floor(pos) as described, for whole, fractional, negative and large positions") {
  struct Case {
    const char* query;
    std::int64_t n;
    int bits;
  };
  const Case cases[] = {{"pos=12", 12, 8},           {"pos=12.75", 12, 8},       {"pos=-3", -3, 8},
                        {"pos=-0.5", -1, 8},         {"pos=300", 300, 12},       {"pos=1e9", 1000000000, 32},
                        {"pos=-1e9", -1000000000, 32}, {"pos=65535.9", 65535, 16}};
  for (const Case& c : cases) {
    const std::string t = describe(at(c.query, View::counter));
    INFO(t);
    CHECK(has(t, "highest first: " + binary(c.n, c.bits) + "."));
    CHECK(unfit(t).empty());
    if (c.n < 0) CHECK(has(t, "two's complement"));
    if (std::string(c.query) == "pos=12.75") CHECK(has(t, "floor(pos) = 12;"));
  }
  // 1e9 written out: 111011100110101100101000000000 (30 bits), checked by hand against 2^29 + ... .
  CHECK(binary(1000000000, 32) == "00111011100110101100101000000000");
}

TEST_CASE("counter: each bit's nearest pair and the period ratio, at the article's d = 512") {
  const std::string t = describe(at("d=512&pos=5", View::counter));
  INFO(t);
  // Bit 2 has period 8; pair 7 has 2 pi 10000^(7/256) = 8.083 (hand-worked in test_binary_counter.cpp).
  CHECK(has(t, "Bit 2 has period 8; the nearest pair, 7, has period 8.083."));
  CHECK(has(t, "base^(2/d) = " + fixed("%.4f", std::pow(10000.0, 2.0 / 512))));
  CHECK(has(t, "19.3 pairs to double"));
  // Pair 0 turns 1 radian = 57.3 degrees per position; 710 steps is its closest return in 1000.
  CHECK(has(t, "turns 57.3"));
  CHECK(has(t, "after 710 steps"));
  CHECK(has(t, "misses by " + fixed("%.1e", 710 - 226 * 3.14159265358979323846)));
}

TEST_CASE("symmetry: both sides at k, the first rise and the turned score's sign, as described") {
  {
    // The article's k = 37 at d = 512: 139.05 from either side.
    const std::string t = describe(at("d=512&k=37&pos=100", View::symmetry));
    INFO(t);
    CHECK(has(t, "Both sums are " + fixed("%.4f", dot_by_hand(100, 137, 512, 10000))));
    CHECK(fixed("%.4f", dot_by_hand(100, 137, 512, 10000)) == fixed("%.4f", dot_by_hand(100, 63, 512, 10000)));
    CHECK(has(t, "up to k = 43, then rises at k = 44"));
    CHECK(has(t, "invisible on the full chart"));
    CHECK(unfit(t).empty());
  }
  {
    // d = 2: cos k falls to k = 3 and rises at 4; sin k first turns negative at 4.
    const std::string t = describe(at("d=2&k=3", View::symmetry));
    INFO(t);
    CHECK(has(t, "up to k = 3, then rises at k = 4, from " + fixed("%.4f", std::cos(3.0)) + " to " + fixed("%.4f", std::cos(4.0))));
    CHECK(!has(t, "invisible on the full chart"));  // a rise of 0.34 on a peak of 1
    CHECK(has(t, fixed("%.4f", std::sin(3.0)) + " at +k, " + fixed("%.4f", -std::sin(3.0)) + " at "));
    CHECK(has(t, "from 1 to 3, and first fails at 4"));
  }
}

TEST_CASE("counter and symmetry draw at pos = 1e6 and at scale 2 with finite vertices") {
  Headless h;
  for (const char* q : {"playing=0&pos=1e6&d=512", "playing=0&pos=1e6&scale=2", "playing=0&pos=-1e9&d=8192&base=1e12&k=5"}) {
    for (View v : {View::counter, View::symmetry}) {
      INFO(q << " " << view_id(v));
      h.app.state = State{};
      REQUIRE(apply_query(h.app.state, q).empty());
      REQUIRE(set_view(h.app.state, v).empty());
      const auto [vertices, finite] = h.frames(3);
      CHECK(finite);
      CHECK(vertices > 1000);
    }
  }
}
