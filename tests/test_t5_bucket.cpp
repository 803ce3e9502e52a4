// T5's relative position buckets (the reference _relative_position_bucket of Mesh TensorFlow and Hugging
// Face), against buckets worked by hand on both sides of the exact/log boundary, and against the bucket
// edges computed the other way round (the offset at which each log bucket starts).
#include "catch2_any.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "core/t5_bucket.hpp"

using namespace pe;

namespace {

T5BucketOptions opts(bool bidirectional, int num_buckets = 32, int max_distance = 128) {
  T5BucketOptions o;
  o.bidirectional = bidirectional;
  o.num_buckets = num_buckets;
  o.max_distance = max_distance;
  return o;
}

bool mentions(const std::string& msg, const char* what) { return msg.find(what) != std::string::npos; }

// The inverse: log bucket b (E <= b < B') starts at offset E (M/E)^((b - E)/(B' - E)). The bucket of
// n >= E is E plus the number of later starts at or below n (capped at B' - 1 by construction). Where n
// is a start exactly (n = 16, 32, 64 for the defaults) the exact value is a whole number and its floor
// is that bucket: the 1e-12 lets such a start count despite rounding in pow.
int bucket_from_edges(long long relative_position, bool bidirectional, int num_buckets, int max_distance) {
  int buckets = num_buckets, out = 0;
  long long n = 0;
  if (bidirectional) {
    buckets /= 2;
    out = relative_position > 0 ? buckets : 0;
    n = relative_position < 0 ? -relative_position : relative_position;
  } else {
    n = relative_position < 0 ? -relative_position : 0;
  }
  const int exact = buckets / 2;
  if (n < exact) return out + static_cast<int>(n);
  int b = exact;
  for (int next = exact + 1; next < buckets; ++next) {
    const double start = exact * std::pow(static_cast<double>(max_distance) / exact, static_cast<double>(next - exact) / (buckets - exact));
    if (static_cast<double>(n) >= start * (1 - 1e-12)) b = next;
  }
  return out + b;
}

}  // namespace

// Bidirectional, 32 buckets, max distance 128: 16 buckets a side (keys after the query: + 16), E = 8
// exact ones, then 8 log buckets: bucket = 8 + floor(ln(n/8) / ln(128/8) * 8) = 8 + floor(2 log2(n/8)).
//   n = 7: exact, 7              n = 8: 8 + floor(0) = 8          n = 9: 8 + floor(2 * 0.17) = 8
//   n = 15: 8 + floor(2 * 0.907) = 9      n = 16: 8 + 2 = 10      n = 127: 8 + floor(2 * 3.989) = 15
//   n = 128: 8 + 8 = 16, capped at 15     n = 1000: capped at 15
TEST_CASE("bidirectional defaults (32, 128), worked by hand on both sides of the boundary at 8") {
  const T5BucketOptions o = opts(true);
  CHECK(t5_bucket(0, o) == 0);
  CHECK(t5_bucket(-1, o) == 1);
  CHECK(t5_bucket(-7, o) == 7);
  CHECK(t5_bucket(-8, o) == 8);
  CHECK(t5_bucket(-9, o) == 8);
  CHECK(t5_bucket(-15, o) == 9);
  CHECK(t5_bucket(-16, o) == 10);
  CHECK(t5_bucket(-31, o) == 11);
  CHECK(t5_bucket(-32, o) == 12);
  CHECK(t5_bucket(-64, o) == 14);
  CHECK(t5_bucket(-127, o) == 15);
  CHECK(t5_bucket(-128, o) == 15);
  CHECK(t5_bucket(-1000, o) == 15);
  CHECK(t5_bucket(-1000000000, o) == 15);
  // Keys after the query: the same, plus 16.
  CHECK(t5_bucket(1, o) == 17);
  CHECK(t5_bucket(7, o) == 23);
  CHECK(t5_bucket(8, o) == 24);
  CHECK(t5_bucket(9, o) == 24);
  CHECK(t5_bucket(15, o) == 25);
  CHECK(t5_bucket(16, o) == 26);
  CHECK(t5_bucket(127, o) == 31);
  CHECK(t5_bucket(128, o) == 31);
  CHECK(t5_bucket(1000, o) == 31);
  CHECK(t5_exact_buckets(o) == 8);
}

// Causal, 32 buckets, 128: keys after the query all go to bucket 0; for keys before it n = -relative
// position, E = 16 exact buckets, 16 log ones: bucket = 16 + floor(ln(n/16) / ln(8) * 16).
//   n = 15: 15      n = 16: 16      n = 17: 16 + floor(16 * 0.0292) = 16
//   n = 32: 16 + floor(16/3) = 21   n = 127: 16 + floor(16 * 0.99626) = 31    n = 128: 32, capped at 31
TEST_CASE("causal defaults (32, 128), worked by hand on both sides of the boundary at 16") {
  const T5BucketOptions o = opts(false);
  CHECK(t5_bucket(0, o) == 0);
  for (long long after : {1LL, 7LL, 9LL, 1000LL}) CHECK(t5_bucket(after, o) == 0);
  CHECK(t5_bucket(-7, o) == 7);
  CHECK(t5_bucket(-8, o) == 8);
  CHECK(t5_bucket(-9, o) == 9);
  CHECK(t5_bucket(-15, o) == 15);
  CHECK(t5_bucket(-16, o) == 16);
  CHECK(t5_bucket(-17, o) == 16);
  CHECK(t5_bucket(-32, o) == 21);
  CHECK(t5_bucket(-127, o) == 31);
  CHECK(t5_bucket(-128, o) == 31);
  CHECK(t5_bucket(-1000, o) == 31);
  CHECK(t5_exact_buckets(o) == 16);
}

TEST_CASE("every offset up to 3000 agrees with the bucket edges, for several settings") {
  struct Case {
    bool bidirectional;
    int buckets, distance;
  };
  for (const Case c : {Case{true, 32, 128}, Case{false, 32, 128}, Case{true, 64, 256}, Case{false, 64, 1000},
                       Case{true, 4, 2}, Case{false, 2, 2}, Case{true, 16, 50}, Case{false, 128, 2048},
                       Case{true, 1024, 1000000}, Case{false, 10, 6}}) {
    const T5BucketOptions o = opts(c.bidirectional, c.buckets, c.distance);
    REQUIRE(t5_bucket_error(0, c.bidirectional, c.buckets, c.distance).empty());
    int mismatches = 0, prev = -1;
    for (long long r = -3000; r <= 3000; ++r) {
      const int got = t5_bucket(r, o);
      if (got != bucket_from_edges(r, c.bidirectional, c.buckets, c.distance) && ++mismatches <= 5) {
        UNSCOPED_INFO("r = " << r << ": " << got << " vs " << bucket_from_edges(r, c.bidirectional, c.buckets, c.distance));
      }
      CHECK(got >= 0);
      CHECK(got < c.buckets);
      // Moving the key further back never decreases the bucket of keys before the query.
      if (r <= 0 && prev >= 0) CHECK(got <= prev);
      if (r <= 0) prev = got;
    }
    INFO("bidirectional " << c.bidirectional << ", " << c.buckets << " buckets, max distance " << c.distance);
    CHECK(mismatches == 0);
  }
}

TEST_CASE("options and relative positions: bad values are refused with a message naming the parameter") {
  CHECK(t5_bucket_error(0, true, 32, 128).empty());
  CHECK(t5_bucket_error(-1e9, false, 2, 2).empty());
  CHECK(t5_bucket_error(1e9, true, 4, 2).empty());
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  for (double r : {0.5, -7.25, 1e9 + 1, nan, inf})
    CHECK(mentions(t5_bucket_error(r, true, 32, 128), "relativePosition must be an integer from -1e9 to 1e9"));
  CHECK(mentions(t5_bucket_error(0.5, true, 32, 128), "(got 0.5)"));
  for (double b : {31.0, 2.0, 0.0, -4.0, 1026.0, 32.5, nan})
    CHECK(mentions(t5_bucket_error(0, true, b, 128), "numBuckets must be an even integer from 4 to 1024 when bidirectional"));
  CHECK(mentions(t5_bucket_error(0, false, 3, 128), "numBuckets must be an even integer from 2 to 1024 when causal (got 3)"));
  CHECK(t5_bucket_error(0, false, 2, 128).empty());
  // max distance above the exact buckets E: E = 8 bidirectional, 16 causal, for 32 buckets.
  CHECK(mentions(t5_bucket_error(0, true, 32, 8), "maxDistance must be an integer greater than the 8 exact buckets"));
  CHECK(t5_bucket_error(0, true, 32, 9).empty());
  CHECK(mentions(t5_bucket_error(0, false, 32, 16), "maxDistance must be an integer greater than the 16 exact buckets"));
  CHECK(mentions(t5_bucket_error(0, false, 32, 100.5), "(got 100.5)"));
  CHECK(mentions(t5_bucket_error(0, false, 32, 2e9), "maxDistance"));
}
