#include "text/format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "text/json_write.hpp"
#include "text/number_style.hpp"

namespace app {

std::string fmt_c(const char* format, double v) {
  if (!std::isfinite(v)) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string fmt(const char* format, double v) { return styled_number(fmt_c(format, v), number_style(), false); }

std::string shown_number(double v) { return styled_number(shortest_number(v), number_style(), false); }

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

std::string tick_label(double v, double step) {
  step = std::fabs(step);
  if (std::fabs(v) >= 1e6 && step >= 1e5) {
    // Short form only when three significant digits hold the value exactly: 1e6, 2.5e7 (a decade of a
    // log axis, or ticks so far apart that neighbours differ in those digits).
    const double e = std::floor(std::log10(std::fabs(v)) + 1e-9);
    const double mant = v / std::pow(10.0, e);
    if (std::fabs(mant * 100 - std::round(mant * 100)) < 1e-6) return fmt("%.3g", mant) + "e" + fmt("%.0f", e);
  }
  if (step >= 1 || v == std::round(v)) return grouped(v, 0);
  const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), 1, 6);
  return grouped(v, decimals);
}

std::string turns_text(double t) {
  if (t >= 1000) return grouped(t);
  if (t >= 10) return fmt("%.1f", t);
  if (t < 1 && t >= 0.995) return fmt("%.3f", std::floor(t * 1000) / 1000);  // short of a turn: never "1.00"
  if (t >= 0.1) return fmt("%.2f", t);
  return fmt("%.2g", t);
}


std::string grouped(double v, int decimals) {
  if (!std::isfinite(v)) return "-";
  char f[8];
  std::snprintf(f, sizeof f, "%%.%df", std::clamp(decimals, 0, 9));
  const std::string plain = fmt_c(f, std::fabs(v));
  const bool zero = plain.find_first_not_of("0.") == std::string::npos;
  std::string out = v < 0 && !zero ? "-" : "";
  return out.append(styled_number(plain, number_style(), true));
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
