#include "params.hpp"

#include <cmath>
#include <cstdio>

namespace pe {

std::string format_number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

static bool is_integer(double v) { return std::isfinite(v) && std::floor(v) == v; }

std::string check_d(double d) {
  if (!is_integer(d) || d < 2 || d > kMaxD || std::fmod(d, 2.0) != 0.0)
    return "d must be an even integer from 2 to " + std::to_string(kMaxD) + " (got " + format_number(d) + ")";
  return {};
}

std::string check_base(double base) {
  if (!std::isfinite(base) || base <= 1.0 || base > kMaxBase)
    return "base must be a number greater than 1 and at most 1e12 (got " + format_number(base) + ")";
  return {};
}

std::string check_position(double value, const char* name) {
  if (!std::isfinite(value) || std::fabs(value) > kMaxAbsPosition)
    return std::string(name) + " must be a finite number from -1e9 to 1e9 (got " + format_number(value) + ")";
  return {};
}

std::string check_pair(double pair, int d) {
  if (!is_integer(pair) || pair < 0 || pair >= d / 2)
    return "pair must be an integer from 0 to " + std::to_string(d / 2 - 1) + " for d = " + std::to_string(d) +
           " (got " + format_number(pair) + ")";
  return {};
}

std::string check_length(double n, double max_n, const char* name) {
  if (!is_integer(n) || n < 1 || n > max_n)
    return std::string(name) + " must be an integer from 1 to " + format_number(max_n) + " (got " + format_number(n) + ")";
  return {};
}

}  // namespace pe
