#include "text/json_write.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace app {

void JsonWriter::str(std::string_view s) {
  out += '"';
  for (char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += ch;
    }
  }
  out += '"';
}

void JsonWriter::num(double v) {
  if (!std::isfinite(v)) {
    ++bad;
    out += "null";
    return;
  }
  char buf[32];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {  // whole numbers as integers: 300, not 3e+02
    std::snprintf(buf, sizeof buf, "%.0f", v);
    out += buf;
    return;
  }
  for (int p = 1; p <= 17; ++p) {  // the shortest text that reads back as v
    std::snprintf(buf, sizeof buf, "%.*g", p, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  out += buf;
}

void JsonWriter::numf(float v) {
  if (!std::isfinite(v)) {
    ++bad;
    out += "null";
    return;
  }
  char buf[32];
  for (int p = 1; p <= 9; ++p) {
    std::snprintf(buf, sizeof buf, "%.*g", p, static_cast<double>(v));
    if (std::strtof(buf, nullptr) == v) break;
  }
  out += buf;
}

void JsonWriter::integer(long long v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%lld", v);
  out += buf;
}

}  // namespace app
