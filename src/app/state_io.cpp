#include "state_io.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "core/params.hpp"

namespace app {

static constexpr const char* kFieldKeys[] = {"view", "d", "base", "pos", "k", "playing", "speed", "pair", "n", "step", "scale", "contrast", "palette", "controls"};
static_assert(sizeof(kFieldKeys) / sizeof(kFieldKeys[0]) == static_cast<size_t>(Field::count));

const char* field_key(Field f) { return kFieldKeys[static_cast<int>(f)]; }

static std::optional<Field> field_from_key(std::string_view key) {
  for (int i = 0; i < static_cast<int>(Field::count); ++i)
    if (key == kFieldKeys[i]) return static_cast<Field>(i);
  return std::nullopt;
}

std::string sanitise(std::string_view text, size_t max_len) {
  std::string out;
  for (char ch : text) {
    if (out.size() >= max_len) {
      out += "...";
      break;
    }
    out += (ch >= 0x20 && ch < 0x7f) ? ch : '?';
  }
  return out;
}

std::string set_view(State& s, View v) {
  if (static_cast<int>(v) < 0 || v >= View::count) return "view must be one of the listed view ids";
  s.view = v;
  return {};
}

std::string set_number(State& s, Field f, double value) {
  std::string err;
  switch (f) {
    case Field::view: return "view takes a view id, not a number";
    case Field::d:
      if (!(err = pe::check_d(value)).empty()) return err;
      s.d = static_cast<int>(value);
      s.pair = std::min(s.pair, s.d / 2 - 1);
      return {};
    case Field::base:
      if (!(err = pe::check_base(value)).empty()) return err;
      s.base = value;
      return {};
    case Field::pos:
      if (!(err = pe::check_position(value, "pos")).empty()) return err;
      s.pos = value;
      return {};
    case Field::k:
      if (!(err = pe::check_position(value, "k")).empty()) return err;
      s.k = value;
      return {};
    case Field::playing:
      if (value != 0.0 && value != 1.0) return "playing must be true or false (1 or 0)";
      s.playing = value != 0.0;
      return {};
    case Field::speed:
      if (!std::isfinite(value) || value < 0 || value > kMaxSpeed)
        return "speed must be a number from 0 to 10000 positions per second (got " + pe::format_number(value) + ")";
      s.speed = value;
      return {};
    case Field::pair:
      if (!(err = pe::check_pair(value, s.d)).empty()) return err;
      s.pair = static_cast<int>(value);
      return {};
    case Field::n:
      if (!(err = pe::check_length(value, kMaxLength, "n")).empty()) return err;
      s.n = static_cast<int>(value);
      return {};
    case Field::step:
      if (!std::isfinite(value) || std::floor(value) != value || value < 0 || value > kTourSteps)
        return "step must be an integer from 0 (no tour) to " + std::to_string(kTourSteps) + " (got " +
               pe::format_number(value) + ")";
      s.step = static_cast<int>(value);
      return {};
    case Field::scale:
      if (!std::isfinite(value) || value < kMinScale || value > kMaxScale)
        return "scale must be a number from 1 to 3 (got " + pe::format_number(value) + ")";
      s.scale = value;
      return {};
    case Field::contrast:
      if (value != 0.0 && value != 1.0) return "contrast must be true or false (1 or 0)";
      s.contrast = value != 0.0;
      return {};
    case Field::palette:
      if (value != 0.0 && value != 1.0) return "palette must be standard or colorblind";
      s.colorblind = value != 0.0;
      return {};
    case Field::controls:
      if (value != 0.0 && value != 1.0) return "controls must be true or false (1 or 0)";
      s.controls = value != 0.0;
      return {};
    case Field::count: break;
  }
  return "unknown field";
}

// Strict number parsing: optional surrounding blanks, the rest must be one number.
static std::optional<double> parse_number(std::string_view text) {
  // A NUL (e.g. "%00" in a URL) would end the text early for strtod: "64%00junk" must not read as 64.
  if (text.empty() || text.size() > 40 || text.find('\0') != std::string_view::npos) return std::nullopt;
  std::string buf(text);
  const char* begin = buf.c_str();
  char* end = nullptr;
  const double v = std::strtod(begin, &end);
  if (end == begin) return std::nullopt;
  while (*end == ' ') ++end;
  if (*end != '\0') return std::nullopt;
  return v;
}

std::string set_field(State& s, std::string_view key, std::string_view value) {
  const std::optional<Field> f = field_from_key(key);
  if (!f) return "not a setting of PosEnc Lab";
  if (*f == Field::view) {
    View v;
    if (!view_from_id(value, v)) {
      std::string ids;
      for (int i = 0; i < static_cast<int>(View::count); ++i) ids += std::string(i ? ", " : "") + view_id(View(i));
      return "view must be one of: " + ids;
    }
    return set_view(s, v);
  }
  if (*f == Field::playing || *f == Field::contrast || *f == Field::controls) {
    if (value == "true" || value == "1") return set_number(s, *f, 1);
    if (value == "false" || value == "0") return set_number(s, *f, 0);
    return std::string(field_key(*f)) + " must be true or false (1 or 0)";
  }
  if (*f == Field::palette) {
    if (value == "standard") return set_number(s, *f, 0);
    if (value == "colorblind") return set_number(s, *f, 1);
    return "palette must be standard or colorblind";
  }
  const std::optional<double> v = parse_number(value);
  if (!v) return std::string(key) + " must be a number";
  return set_number(s, *f, *v);
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static std::string url_decode(std::string_view in) {
  std::string out;
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '+') {
      out += ' ';
    } else if (in[i] == '%' && i + 2 < in.size() && hex_digit(in[i + 1]) >= 0 && hex_digit(in[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(in[i + 1]) * 16 + hex_digit(in[i + 2]));
      i += 2;
    } else {
      out += in[i];
    }
  }
  return out;
}

std::vector<Rejection> apply_query(State& s, std::string_view query) {
  if (!query.empty() && query.front() == '?') query.remove_prefix(1);
  std::vector<Rejection> rejected;
  std::optional<std::string> values[static_cast<int>(Field::count)];
  size_t count = 0;
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view part = query.substr(0, amp);
    query = (amp == std::string_view::npos) ? std::string_view{} : query.substr(amp + 1);
    if (part.empty()) continue;
    if (++count > 64) {
      rejected.push_back({"(rest)", "", "too many parameters; the rest were ignored"});
      break;
    }
    const size_t eq = part.find('=');
    const std::string key = url_decode(part.substr(0, eq));
    const std::string value = eq == std::string_view::npos ? std::string{} : url_decode(part.substr(eq + 1));
    const std::optional<Field> f = field_from_key(key);
    if (!f) {
      rejected.push_back({sanitise(key), sanitise(value), "not a setting of PosEnc Lab"});
      continue;
    }
    values[static_cast<int>(*f)] = value;  // a repeated key: the last one wins
  }
  for (int i = 0; i < static_cast<int>(Field::count); ++i) {
    if (!values[i]) continue;
    const std::string err = set_field(s, kFieldKeys[i], *values[i]);
    if (!err.empty()) rejected.push_back({kFieldKeys[i], sanitise(*values[i]), err});
  }
  return rejected;
}

static std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  // Shortest text that reads back to the same double, for tidy URLs; plain digits (no exponent)
  // for the everyday magnitudes a person types.
  const bool plain = v == 0 || (std::fabs(v) >= 1e-4 && std::fabs(v) < 1e15);
  for (int p = 1; p <= 17; ++p) {
    char b[32];
    std::snprintf(b, sizeof b, "%.*g", p, v);
    if (plain && std::strchr(b, 'e')) continue;
    if (std::strtod(b, nullptr) == v) return b;
  }
  return buf;
}

std::string to_query(const State& s) {
  return std::string("view=") + view_id(s.view) + "&d=" + std::to_string(s.d) + "&base=" + num(s.base) +
         "&pos=" + num(s.pos) + "&k=" + num(s.k) + "&playing=" + (s.playing ? "1" : "0") + "&speed=" + num(s.speed) +
         "&pair=" + std::to_string(s.pair) + "&n=" + std::to_string(s.n) + "&step=" + std::to_string(s.step) + "&scale=" + num(s.scale) +
         "&contrast=" + (s.contrast ? "1" : "0") + "&palette=" + (s.colorblind ? "colorblind" : "standard") + "&controls=" + (s.controls ? "1" : "0");
}

static std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (char ch : text) {
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20) {
          char b[8];
          std::snprintf(b, sizeof b, "\\u%04x", ch);
          out += b;
        } else {
          out += ch;
        }
    }
  }
  return out + "\"";
}

std::string to_json(const State& s) {
  return std::string("{\"view\":\"") + view_id(s.view) + "\",\"d\":" + std::to_string(s.d) + ",\"base\":" + num(s.base) +
         ",\"pos\":" + num(s.pos) + ",\"k\":" + num(s.k) + ",\"playing\":" + (s.playing ? "true" : "false") +
         ",\"speed\":" + num(s.speed) + ",\"pair\":" + std::to_string(s.pair) + ",\"n\":" + std::to_string(s.n) +
         ",\"step\":" + std::to_string(s.step) + ",\"scale\":" + num(s.scale) +
         ",\"contrast\":" + (s.contrast ? "true" : "false") + ",\"palette\":\"" + (s.colorblind ? "colorblind" : "standard") +
         "\",\"controls\":" + (s.controls ? "true" : "false") + "}";
}

std::string rejections_to_json(const std::vector<Rejection>& r) {
  std::string out = "[";
  for (size_t i = 0; i < r.size(); ++i) {
    if (i) out += ",";
    out += "{\"key\":" + json_string(r[i].key) + ",\"value\":" + json_string(r[i].value) +
           ",\"reason\":" + json_string(r[i].reason) + "}";
  }
  return out + "]";
}

}  // namespace app
