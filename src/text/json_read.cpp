#include "text/json_read.hpp"

#include <cmath>
#include <cstdlib>
#include <cstring>

namespace app {

namespace {

const Json& null_json() {
  static const Json n;
  return n;
}

void put_utf8(std::string& o, unsigned u) {
  const auto byte = [&](unsigned x) { o += static_cast<char>(x); };
  if (u < 0x80) {
    byte(u);
  } else if (u < 0x800) {
    byte(0xC0 | (u >> 6)), byte(0x80 | (u & 0x3F));
  } else if (u < 0x10000) {
    byte(0xE0 | (u >> 12)), byte(0x80 | ((u >> 6) & 0x3F)), byte(0x80 | (u & 0x3F));
  } else {
    byte(0xF0 | (u >> 18)), byte(0x80 | ((u >> 12) & 0x3F)), byte(0x80 | ((u >> 6) & 0x3F)), byte(0x80 | (u & 0x3F));
  }
}

struct Parser {
  std::string_view s;
  size_t p = 0;
  const char* err = nullptr;
  size_t err_at = 0;

  bool fail(const char* what, size_t at) {
    if (!err) err = what, err_at = at;
    return false;
  }
  bool more() const { return p < s.size(); }
  bool digit() const { return more() && s[p] >= '0' && s[p] <= '9'; }
  void ws() {
    while (more() && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r')) ++p;
  }
  bool literal(std::string_view word) {
    if (s.substr(p, word.size()) != word) return fail("invalid literal", p);
    p += word.size();
    return true;
  }

  bool number(Json& v) {
    const size_t start = p;
    if (s[p] == '-') ++p;
    if (!digit()) return fail("invalid number", start);
    if (s[p] == '0') {
      if (++p, digit()) return fail("leading zero in number", start);
    } else {
      while (digit()) ++p;
    }
    if (more() && s[p] == '.') {
      ++p;
      if (!digit()) return fail("invalid number: no digit after '.'", p);
      while (digit()) ++p;
    }
    if (more() && (s[p] == 'e' || s[p] == 'E')) {
      ++p;
      if (more() && (s[p] == '+' || s[p] == '-')) ++p;
      if (!digit()) return fail("invalid number: no digit in the exponent", p);
      while (digit()) ++p;
    }
    // strtod needs a terminated copy; the grammar above already refused everything else strtod accepts.
    const std::string_view t = s.substr(start, p - start);
    char buf[64];
    double x;
    if (t.size() < sizeof buf) {
      std::memcpy(buf, t.data(), t.size());
      buf[t.size()] = '\0';
      x = std::strtod(buf, nullptr);
    } else {
      x = std::strtod(std::string(t).c_str(), nullptr);
    }
    if (!std::isfinite(x)) return fail("number out of range", start);
    v.type = Json::Type::number;
    v.num = x;
    return true;
  }

  bool hex4(unsigned& u) {
    if (s.size() - p < 4) return false;
    u = 0;
    for (int i = 0; i < 4; ++i, ++p) {
      const char c = s[p];
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) return false;
      u = u * 16 + static_cast<unsigned>(d);
    }
    return true;
  }

  bool string(std::string& out) {  // at the opening quote
    const size_t start = p++;
    for (;;) {
      const size_t run = p;
      while (more() && s[p] != '"' && s[p] != '\\' && static_cast<unsigned char>(s[p]) >= 0x20) ++p;
      out.append(s.substr(run, p - run));
      if (!more()) return fail("unterminated string", start);
      if (s[p] == '"') return ++p, true;
      if (s[p] != '\\') return fail("control character in string", p);
      const size_t esc = p++;
      if (!more()) return fail("unterminated string", start);
      switch (s[p++]) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned u = 0, lo = 0;
          if (!hex4(u)) return fail("invalid \\u escape", esc);
          if (u >= 0xDC00 && u <= 0xDFFF) return fail("lone surrogate in \\u escape", esc);
          if (u >= 0xD800 && u <= 0xDBFF) {
            if (s.substr(p, 2) != "\\u") return fail("lone surrogate in \\u escape", esc);
            p += 2;
            if (!hex4(lo)) return fail("invalid \\u escape", esc + 6);
            if (lo < 0xDC00 || lo > 0xDFFF) return fail("lone surrogate in \\u escape", esc);
            u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
          }
          put_utf8(out, u);
          break;
        }
        default: return fail("invalid escape in string", esc);
      }
    }
  }

  // Recursion is bounded by kJsonMaxDepth (checked before each array or object is entered).
  bool value(Json& v, int depth) {
    ws();
    if (!more()) return fail("unexpected end of input", p);
    const char c = s[p];
    switch (c) {
      case 'n': return literal("null");
      case 't': v.type = Json::Type::boolean, v.b = true; return literal("true");
      case 'f': v.type = Json::Type::boolean; return literal("false");
      case '"': v.type = Json::Type::string; return string(v.str);
      case '[': case '{': break;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) return number(v);
        return fail("expected a value", p);
    }
    if (depth >= kJsonMaxDepth) return fail("nesting too deep", p);
    ++p;
    const bool arr = c == '[';
    const char close = arr ? ']' : '}';
    v.type = arr ? Json::Type::array : Json::Type::object;
    ws();
    if (more() && s[p] == close) return ++p, true;
    for (;;) {
      if (arr) {
        v.items.emplace_back();
        if (!value(v.items.back(), depth + 1)) return false;
      } else {
        ws();
        if (!more()) return fail("unexpected end of input", p);
        if (s[p] != '"') return fail("expected a string key", p);
        v.members.emplace_back();
        if (!string(v.members.back().first)) return false;
        ws();
        if (!more()) return fail("unexpected end of input", p);
        if (s[p] != ':') return fail("expected ':'", p);
        ++p;
        if (!value(v.members.back().second, depth + 1)) return false;
      }
      ws();
      if (!more()) return fail("unexpected end of input", p);
      if (s[p] == close) return ++p, true;
      if (s[p] != ',') return fail(arr ? "expected ',' or ']'" : "expected ',' or '}'", p);
      ++p;
    }
  }
};

}  // namespace

Json::Json() = default;
Json::Json(const Json&) = default;
Json::Json(Json&&) noexcept = default;
Json& Json::operator=(const Json&) = default;
Json& Json::operator=(Json&&) noexcept = default;
Json::~Json() = default;

size_t Json::size() const { return is_array() ? items.size() : is_object() ? members.size() : 0; }

const Json* Json::find(std::string_view key) const {
  for (const auto& [k, v] : members)
    if (k == key) return &v;
  return nullptr;
}

const Json& Json::operator[](std::string_view key) const {
  const Json* v = find(key);
  return v ? *v : null_json();
}

const Json& Json::operator[](size_t i) const { return i < items.size() ? items[i] : null_json(); }

double Json::number(double fallback) const { return is_number() && std::isfinite(num) ? num : fallback; }

bool parse_json(std::string_view text, Json& out, std::string& error) {
  out = Json{};
  Parser ps{text};
  Json v;
  bool ok = ps.value(v, 0);
  if (ok) {
    ps.ws();
    if (ps.more()) ok = ps.fail("unexpected characters after the value", ps.p);
  }
  if (!ok) {
    error = std::string(ps.err) + " at byte " + std::to_string(ps.err_at);
    return false;
  }
  error.clear();
  out = std::move(v);
  return true;
}

}  // namespace app
