// T5's relative position buckets (Raffel et al. 2020; the reference code's _relative_position_bucket):
// each head learns one scalar bias per bucket, added to the logit of query i and key j by the bucket of
// relative_position = j - i (key position minus query position).
//
// bidirectional: half the buckets for keys after the query (relative_position > 0 adds B/2), half for
// the rest, and n = |relative_position|; causal: n = max(-relative_position, 0) (keys after the query
// all fall in bucket 0). Then, with B' the buckets left (B/2 or B) and E = B'/2 exact buckets:
//
//   n < E:  bucket n                                         (one bucket per offset)
//   n >= E: E + floor( ln(n / E) / ln(max_distance / E) · (B' - E) ),  at most B' - 1
//
// so offsets up to E are told apart exactly, longer ones share logarithmically wider buckets, and every
// offset beyond max_distance shares the last one.
#pragma once
#include <string>

namespace pe {

constexpr int kMaxT5Buckets = 1024;
constexpr double kMaxT5Distance = 1e9;  // also the limit of |relative_position|, as of |pos| (params.hpp)

struct T5BucketOptions {
  bool bidirectional = true;
  int num_buckets = 32;
  int max_distance = 128;
};

// "" or a message naming the parameter (relativePosition, numBuckets, maxDistance) and the value received:
// relative_position an integer with |value| <= 1e9; num_buckets an even integer from 4 when bidirectional
// (2 when causal: E >= 1 either way) to kMaxT5Buckets; max_distance an integer > E (else ln(max_distance / E)
// is 0 or negative) and <= 1e9.
std::string t5_bucket_error(double relative_position, bool bidirectional, double num_buckets, double max_distance);
// The exact buckets E of these options: num_buckets / 4 when bidirectional, num_buckets / 2 when causal.
int t5_exact_buckets(const T5BucketOptions& o);

// Assumed valid (t5_bucket_error): num_buckets >= 2 (>= 4 when bidirectional, so that E >= 1), max_distance > E.
int t5_bucket(long long relative_position, const T5BucketOptions& o);

}  // namespace pe
