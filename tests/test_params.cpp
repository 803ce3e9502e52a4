// Bad parameters are rejected with a message naming the parameter and its range; good ones pass.
#include "catch2_any.hpp"

#include <cmath>
#include <limits>

#include "core/params.hpp"

using namespace pe;

static bool mentions(const std::string& msg, const char* what) { return msg.find(what) != std::string::npos; }

TEST_CASE("d: even integers from 2 to kMaxD pass") {
  for (double d : {2.0, 4.0, 512.0, 1024.0, double(kMaxD)}) CHECK(check_d(d).empty());
}

TEST_CASE("d: odd, non-positive, fractional, too large and non-finite values are rejected") {
  const double inf = std::numeric_limits<double>::infinity();
  for (double d : {3.0, 1.0, 0.0, -2.0, 2.5, double(kMaxD) + 2, std::nan(""), inf, -inf}) {
    const std::string msg = check_d(d);
    INFO("d = " << d);
    REQUIRE_FALSE(msg.empty());
    CHECK(mentions(msg, "d must be an even integer from 2 to 8192"));
  }
  CHECK(mentions(check_d(3), "(got 3)"));
  CHECK(mentions(check_d(std::nan("")), "(got NaN)"));
}

TEST_CASE("base must exceed 1 and be finite") {
  CHECK(check_base(10000).empty());
  CHECK(check_base(1.0001).empty());
  for (double b : {1.0, 0.5, 0.0, -10.0, std::nan(""), std::numeric_limits<double>::infinity(), 1e13}) {
    INFO("base = " << b);
    CHECK(mentions(check_base(b), "base must be"));
  }
}

TEST_CASE("positions and offsets must be finite and within +-1e9") {
  CHECK(check_position(0, "pos").empty());
  CHECK(check_position(-1e9, "k").empty());
  CHECK(check_position(12.75, "pos").empty());
  CHECK(mentions(check_position(2e9, "pos"), "pos must be"));
  CHECK(mentions(check_position(std::nan(""), "k"), "k must be"));
  CHECK(mentions(check_position(-std::numeric_limits<double>::infinity(), "k"), "(got -Infinity)"));
}

TEST_CASE("pair index must lie in [0, d/2)") {
  CHECK(check_pair(0, 8).empty());
  CHECK(check_pair(3, 8).empty());
  CHECK(mentions(check_pair(4, 8), "from 0 to 3 for d = 8"));
  CHECK_FALSE(check_pair(-1, 8).empty());
  CHECK_FALSE(check_pair(1.5, 8).empty());
}

TEST_CASE("lengths are positive integers up to a limit") {
  CHECK(check_length(64, 100000, "n").empty());
  CHECK_FALSE(check_length(0, 100000, "n").empty());
  CHECK_FALSE(check_length(100001, 100000, "n").empty());
  CHECK_FALSE(check_length(2.5, 100000, "n").empty());
}
