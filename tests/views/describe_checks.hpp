// Reading numbers back out of describe() texts, shared by the tests/views/test_describe*.cpp files.
#pragma once
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace describe_checks {

// printf-formatted, for comparing with a number the text prints in the same format.
inline std::string fixed(const char* f, double v) {
  char b[64];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

inline int count_of(const std::string& text, const std::string& part) {
  int n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// The number printed right after `prefix` (thousands separators allowed); NaN if the prefix is absent.
inline double number_after(const std::string& text, const std::string& prefix) {
  const size_t at = text.find(prefix);
  if (at == std::string::npos) return std::nan("");
  std::string digits;
  for (size_t i = at + prefix.size(); i < text.size(); ++i) {
    const char ch = text[i];
    const bool sign = (ch == '-' || ch == '+') && (digits.empty() || digits.back() == 'e');
    const bool mark = ch == 'e' && !digits.empty() && i + 1 < text.size() &&
                      (std::isdigit(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '-' || text[i + 1] == '+');
    // A '.' or ',' counts only inside a number (not the full stop after it).
    const bool inner = (ch == '.' || ch == ',') && i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1]));
    if (std::isdigit(static_cast<unsigned char>(ch)) || sign || mark || inner) {
      if (ch != ',') digits += ch;
    } else {
      break;
    }
  }
  return digits.empty() ? std::nan("") : std::strtod(digits.c_str(), nullptr);
}

}  // namespace describe_checks
