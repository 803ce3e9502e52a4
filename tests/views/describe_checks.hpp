// Reading numbers back out of describe() texts, shared by the tests/views/test_describe*.cpp files.
#pragma once
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "state/state_io.hpp"

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

// The corners of the valid range, reached through the validated path (so the page can be in them).
inline std::vector<app::State> corner_states() {
  std::vector<app::State> out;
  for (const char* q : {"d=8192&pair=4095&pos=1e9&k=-1e9&base=1e12&n=100000", "d=2&pos=-1e9&k=1e9&base=1.0000001&n=1",
                        "d=8192&pair=0&pos=1e9&base=1e12&n=1"}) {
    app::State s;
    app::apply_query(s, q);
    out.push_back(s);
  }
  return out;
}

// "" if a description is fit to read out, else what is wrong with it: a NaN or an infinity, or a
// {placeholder} of a lesson text left unfilled.
inline std::string unfit(const std::string& t) {
  for (const char* bad : {"nan", "NaN", "inf", "Inf"})
    if (has(t, bad)) return std::string("shows ") + bad;
  if (has(t, "{")) return "a placeholder is unfilled";
  return {};
}

}  // namespace describe_checks
