#include "text/format.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "text/json_write.hpp"

namespace app {

std::string fmt(const char* format, double v) {
  if (!std::isfinite(v)) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string shortest_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  const bool plain = v == 0 || (std::fabs(v) >= 1e-4 && std::fabs(v) < 1e15);
  for (int p = 1; p <= 17; ++p) {
    char b[32];
    std::snprintf(b, sizeof b, "%.*g", p, v);
    if (plain && std::strchr(b, 'e')) continue;
    if (std::strtod(b, nullptr) == v) return b;
  }
  return buf;
}

std::string fill(std::string_view text, std::initializer_list<std::pair<std::string_view, std::string>> values) {
  std::string out;
  while (!text.empty()) {
    const size_t open = text.find('{');
    const size_t close = open == std::string_view::npos ? open : text.find('}', open);
    if (close == std::string_view::npos) break;
    out += text.substr(0, open);
    const std::string_view name = text.substr(open + 1, close - open - 1);
    const std::string* value = nullptr;
    for (const auto& [k, v] : values)
      if (k == name) value = &v;
    out += value ? *value : std::string(text.substr(open, close - open + 1));
    text.remove_prefix(close + 1);
  }
  return out + std::string(text);
}

std::string json_string(std::string_view text) {
  JsonWriter w;  // the one escaper (text/json_write.hpp)
  w.str(text);
  return std::move(w.out);
}

}  // namespace app
