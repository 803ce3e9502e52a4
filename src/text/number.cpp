#include "text/number.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

namespace app {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

// The length of the number's syntax at the start of t (0 if none), by the grammar in number.hpp.
size_t number_length(std::string_view t) {
  size_t i = 0;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
  size_t digits = 0;
  while (i < t.size() && digit(t[i])) ++i, ++digits;
  if (i < t.size() && t[i] == '.') {
    ++i;
    while (i < t.size() && digit(t[i])) ++i, ++digits;
  }
  if (digits == 0) return 0;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    size_t j = i + 1;
    if (j < t.size() && (t[j] == '+' || t[j] == '-')) ++j;
    const size_t first = j;
    while (j < t.size() && digit(t[j])) ++j;
    if (j == first) return 0;  // "1e": an exponent without digits
    i = j;
  }
  return i;
}

}  // namespace

bool parse_number(std::string_view text, double& out) {
  if (text.size() > 40) return false;
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.empty() || number_length(text) != text.size()) return false;
  // The syntax is checked; strtod only converts (and rounds correctly). A copy ends it with a NUL.
  const std::string t(text);
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

}  // namespace app
