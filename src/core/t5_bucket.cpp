#include "t5_bucket.hpp"

#include <algorithm>
#include <cmath>

#include "params.hpp"

namespace pe {

namespace {
bool is_integer(double v) { return std::isfinite(v) && std::floor(v) == v; }
}  // namespace

int t5_exact_buckets(const T5BucketOptions& o) { return (o.bidirectional ? o.num_buckets / 2 : o.num_buckets) / 2; }

std::string t5_bucket_error(double relative_position, bool bidirectional, double num_buckets, double max_distance) {
  std::string m;
  if (!is_integer(relative_position) || std::fabs(relative_position) > kMaxT5Distance) {
    m = "relativePosition must be an integer from -1e9 to 1e9 (got ";
    m.append(format_number(relative_position)).append(")");
    return m;
  }
  const int least = bidirectional ? 4 : 2;
  if (!is_integer(num_buckets) || num_buckets < least || num_buckets > kMaxT5Buckets || std::fmod(num_buckets, 2.0) != 0) {
    m = "numBuckets must be an even integer from ";
    m.append(std::to_string(least)).append(" to ").append(std::to_string(kMaxT5Buckets));
    m.append(bidirectional ? " when bidirectional" : " when causal").append(" (got ").append(format_number(num_buckets)).append(")");
    return m;
  }
  T5BucketOptions o;
  o.bidirectional = bidirectional;
  o.num_buckets = static_cast<int>(num_buckets);
  const int exact = t5_exact_buckets(o);
  if (!is_integer(max_distance) || max_distance <= exact || max_distance > kMaxT5Distance) {
    m = "maxDistance must be an integer greater than the ";
    m.append(std::to_string(exact)).append(" exact buckets and at most 1e9 (got ").append(format_number(max_distance)).append(")");
    return m;
  }
  return m;
}

int t5_bucket(long long relative_position, const T5BucketOptions& o) {
  int buckets = o.num_buckets;
  int out = 0;
  long long n = 0;
  if (o.bidirectional) {
    buckets /= 2;
    if (relative_position > 0) out += buckets;
    n = relative_position < 0 ? -relative_position : relative_position;
  } else {
    n = relative_position < 0 ? -relative_position : 0;
  }
  const int exact = buckets / 2;
  if (n < exact) return out + static_cast<int>(n);
  // As the reference code computes it: the ratio and its logarithm in float32, divided by the double
  // ln(max_distance / E) rounded to float32, then truncated toward zero (the value is >= 0 here).
  // Matching its rounding matters only where the exact value is a whole number (n = 2E, 4E, ... for the
  // defaults), and there both give the same bucket.
  const float ratio = static_cast<float>(n) / static_cast<float>(exact);
  const float scale = static_cast<float>(std::log(static_cast<double>(o.max_distance) / exact));
  const float large = std::log(ratio) / scale * static_cast<float>(buckets - exact);
  const long long whole = static_cast<long long>(large);
  return out + static_cast<int>(std::min<long long>(exact + whole, buckets - 1));
}

}  // namespace pe
