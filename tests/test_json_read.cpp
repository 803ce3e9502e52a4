// The JSON reader of the app state (src/text/json_read.hpp): values written by hand, exact numbers,
// escapes, every class of error with its byte offset, limits, and seeded random documents and mutations.
#include "catch2_any.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "text/json_read.hpp"

using app::Json;
using app::parse_json;

namespace {

Json parse_ok(const std::string& text) {
  Json v;
  std::string err = "unset";
  const bool ok = parse_json(text, v, err);
  INFO(text.substr(0, 200) << " -> " << err);
  CHECK(ok);
  CHECK(err.empty());
  return v;
}

std::string parse_error(const std::string& text) {
  Json v;
  v.type = Json::Type::number;
  std::string err;
  const bool ok = parse_json(text, v, err);
  INFO(text.substr(0, 200));
  CHECK_FALSE(ok);
  CHECK(v.is_null());  // nothing half-read is left behind
  return err;
}

std::string g17(double x) {
  char b[40];
  std::snprintf(b, sizeof b, "%.17g", x);
  return b;
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool equal(const Json& a, const Json& b) {
  if (a.type != b.type || a.b != b.b || !same_bits(a.num, b.num) || a.str != b.str) return false;
  if (a.items.size() != b.items.size() || a.members.size() != b.members.size()) return false;
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!equal(a.items[i], b.items[i])) return false;
  for (size_t i = 0; i < a.members.size(); ++i)
    if (a.members[i].first != b.members[i].first || !equal(a.members[i].second, b.members[i].second)) return false;
  return true;
}

// A random value and its JSON text (random whitespace, every kind of escape) for the round trips.
struct Gen {
  std::mt19937 rng{12345};
  unsigned pick(unsigned n) { return static_cast<unsigned>(rng() % n); }
  std::string ws() {
    const unsigned n = pick(3);  // the picks in order, whatever the compiler's order of arguments
    return std::string(n, " \t\n\r"[pick(4)]);
  }
  double finite() {
    for (;;) {
      const uint64_t hi = rng(), bits = (hi << 32) | rng();  // in this order with every compiler
      double x;
      std::memcpy(&x, &bits, sizeof x);
      if (std::isfinite(x)) return pick(2) ? x : std::ldexp(x, -std::ilogb(x == 0 ? 1 : x));  // any, or in [1, 2)
    }
  }
  void str(std::string& value, std::string& text) {
    static const char* const pieces[][2] = {{"a", "a"}, {"Z", "Z"}, {" ", " "}, {"\"", "\\\""}, {"\\", "\\\\"},
        {"/", "\\/"}, {"\n", "\\n"}, {"\t", "\\t"}, {"\x01", "\\u0001"}, {"\xc3\xa9", "\xc3\xa9"},
        {"\xc3\xa9", "\\u00E9"}, {"\xe2\x82\xac", "\\u20ac"}, {"\xf0\x9f\x98\x80", "\\ud83d\\uDE00"}};
    text += '"';
    for (unsigned n = pick(6); n > 0; --n) {
      const auto& pc = pieces[pick(static_cast<unsigned>(std::size(pieces)))];
      value += pc[0], text += pc[1];
    }
    text += '"';
  }
  Json value(int depth, std::string& text) {
    Json v;
    text += ws();
    switch (pick(depth < 6 ? 7 : 5)) {
      case 0: text += "null"; break;
      case 1: v.type = Json::Type::boolean, v.b = pick(2) != 0, text += v.b ? "true" : "false"; break;
      case 2: case 3: v.type = Json::Type::number, v.num = finite(), text += g17(v.num); break;
      case 4: v.type = Json::Type::string, str(v.str, text); break;
      case 5:
        v.type = Json::Type::array, text += '[';
        for (unsigned n = pick(5), i = 0; i < n; ++i) text += i ? "," : "", v.items.push_back(value(depth + 1, text));
        text += ws() + ']';
        break;
      default:
        v.type = Json::Type::object, text += '{';
        for (unsigned n = pick(5), i = 0; i < n; ++i) {
          v.members.emplace_back();
          text += (i ? "," : "") + ws(), str(v.members.back().first, text), text += ws() + ':';
          v.members.back().second = value(depth + 1, text);
        }
        text += ws() + '}';
    }
    text += ws();
    return v;
  }
};

}  // namespace

TEST_CASE("a result-shaped document reads through the accessors") {
  const Json d = parse_ok(R"( {"config":{"seed":7,"name":"rope"},"steps":400,"cancelled":false,"ms":12.5,
    "loss":[{"step":0,"loss":2.75},{"step":25,"loss":1e-3}], "ablation":null, "ok":true,
    "attention":[{"layer":0,"head":1,"weights":[[1,0],[0.25,-0.75E+2]]}], "steps":1 } )");
  REQUIRE(d.is_object());
  CHECK(d.size() == 9);
  CHECK(d.members[0].first == "config");
  CHECK(d.members[8].first == "steps");
  CHECK(d["steps"].number() == 400);  // a repeated key: the first wins
  CHECK(d["config"]["name"].string() == "rope");
  CHECK(d["cancelled"].is_bool());
  CHECK_FALSE(d["cancelled"].boolean(true));
  CHECK(d["ok"].boolean());
  CHECK(d["ms"].number() == 12.5);
  CHECK(d["loss"].size() == 2);
  CHECK(d["loss"][1]["loss"].number() == 1e-3);
  CHECK(d["attention"][0]["weights"][1][1].number() == -75.0);
  CHECK(d["ablation"].is_null());
  CHECK(d.find("ablation") != nullptr);
  CHECK(d.find("missing") == nullptr);
  // Missing keys, items out of range and wrong types give null, and the fallbacks.
  CHECK(d["missing"]["deeper"][3].is_null());
  CHECK(d["loss"][2].is_null());
  CHECK(d["config"][0].is_null());
  CHECK(d["loss"]["step"].is_null());
  CHECK(d["config"]["name"].number(-1) == -1);
  CHECK(d["steps"].string("none") == "none");
  CHECK(d["config"].size() == 2);
  CHECK(d["steps"].size() == 0);
  CHECK(parse_ok("[]").is_array());
  CHECK(parse_ok(" {\n} ").is_object());
  CHECK(parse_ok("\"\"").is_string());
  CHECK(parse_ok("-0").num == 0.0);
  CHECK(std::signbit(parse_ok("-0").num));
}

TEST_CASE("numbers read exactly: %.17g round trips, limits, long mantissas") {
  std::mt19937 rng(99);
  std::string text = "[";
  std::vector<double> want;
  for (int i = 0; i < 5000; ++i) {
    const uint64_t hi = rng(), bits = (hi << 32) | rng();  // in this order with every compiler
    double x;
    std::memcpy(&x, &bits, sizeof x);
    if (!std::isfinite(x)) continue;
    if (i % 2) x = std::ldexp(x, -std::ilogb(x == 0 ? 1 : x) + static_cast<int>(rng() % 41) - 20);
    text += (want.empty() ? "" : ",") + g17(x);
    want.push_back(x);
  }
  const Json v = parse_ok(text + "]");
  REQUIRE(v.size() == want.size());
  int wrong = 0;
  for (size_t i = 0; i < want.size(); ++i) wrong += same_bits(v[i].num, want[i]) ? 0 : 1;
  CHECK(wrong == 0);
  CHECK(parse_ok("1.7976931348623157e308").num == 1.7976931348623157e308);
  CHECK(parse_ok("4.9406564584124654e-324").num == 4.9406564584124654e-324);  // the smallest subnormal
  CHECK(parse_ok("2.2250738585072014E-308").num == 2.2250738585072014e-308);
  CHECK(parse_ok("0.1").num == 0.1);
  CHECK(parse_ok("123456789012345678901234567890").num == 123456789012345678901234567890.0);
  CHECK(parse_ok("1e-400").num == 0.0);  // underflow rounds to zero, as the nearest double
  CHECK(parse_ok("1." + std::string(1000, '0') + "1").num == 1.0);  // longer than the on-stack copy
  CHECK(parse_ok("0." + std::string(1000, '0') + "1").num == 0.0);
  CHECK(parse_ok("5e-1").num == 0.5);
}

TEST_CASE("string escapes and surrogate pairs become UTF-8") {
  CHECK(parse_ok(R"("\"\\\/\b\f\n\r\t")").str == "\"\\/\b\f\n\r\t");
  CHECK(parse_ok(R"("caf\u00e9 \u20AC")").str == "caf\xc3\xa9 \xe2\x82\xac");
  CHECK(parse_ok(R"("\ud83d\ude00!")").str == "\xf0\x9f\x98\x80!");
  CHECK(parse_ok(R"("\uDBFF\uDFFF")").str == "\xf4\x8f\xbf\xbf");  // U+10FFFF
  CHECK(parse_ok(R"("\u0041\u007f\u0080\u07ff\u0800\uffff")").str == "A\x7f\xc2\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf");
  CHECK(parse_ok(R"("a\u0000b")").str == std::string("a\0b", 3));
  CHECK(parse_ok("\"raw \xc3\xa9\"").str == "raw \xc3\xa9");
  CHECK(parse_ok(R"({"k\n":1})").members[0].first == "k\n");
}

TEST_CASE("every class of error, with its byte offset") {
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"", "unexpected end of input at byte 0"},
      {"   ", "unexpected end of input at byte 3"},
      {"[1,2", "unexpected end of input at byte 4"},
      {"{\"a\":", "unexpected end of input at byte 5"},
      {"{\"a\"", "unexpected end of input at byte 4"},
      {"{", "unexpected end of input at byte 1"},
      {"\"abc", "unterminated string at byte 0"},
      {"[\"ab\\", "unterminated string at byte 1"},
      {"\"a\\x\"", "invalid escape in string at byte 2"},
      {"\"a\tb\"", "control character in string at byte 2"},
      {"\"\\u12g4\"", "invalid \\u escape at byte 1"},
      {"\"\\u12\"", "invalid \\u escape at byte 1"},
      {"\"\\ud800\"", "lone surrogate in \\u escape at byte 1"},
      {"\"\\udc00\\ud800\"", "lone surrogate in \\u escape at byte 1"},
      {"\"x\\ud800\\u0041\"", "lone surrogate in \\u escape at byte 2"},
      {"\"\\ud800\\u00\"", "invalid \\u escape at byte 7"},
      {"[1,]", "expected a value at byte 3"},
      {"{\"a\":1,}", "expected a string key at byte 7"},
      {"{a:1}", "expected a string key at byte 1"},
      {"{\"a\" 1}", "expected ':' at byte 5"},
      {"[1 2]", "expected ',' or ']' at byte 3"},
      {"{\"a\":1 \"b\":2}", "expected ',' or '}' at byte 7"},
      {"01", "leading zero in number at byte 0"},
      {"-012", "leading zero in number at byte 0"},
      {"-", "invalid number at byte 0"},
      {"+1", "expected a value at byte 0"},
      {".5", "expected a value at byte 0"},
      {"1.", "invalid number: no digit after '.' at byte 2"},
      {"1.e5", "invalid number: no digit after '.' at byte 2"},
      {"1e", "invalid number: no digit in the exponent at byte 2"},
      {"1e+", "invalid number: no digit in the exponent at byte 3"},
      {"1e400", "number out of range at byte 0"},
      {"[0, -1.5e999]", "number out of range at byte 4"},
      {"NaN", "expected a value at byte 0"},
      {"-Infinity", "invalid number at byte 0"},
      {"0x10", "unexpected characters after the value at byte 1"},
      {"tru", "invalid literal at byte 0"},
      {"nul", "invalid literal at byte 0"},
      {"True", "expected a value at byte 0"},
      {"1 2", "unexpected characters after the value at byte 2"},
      {"[1] x", "unexpected characters after the value at byte 4"},
      {"{}}", "unexpected characters after the value at byte 2"},
      {"// c\n1", "expected a value at byte 0"},
      {"\xef\xbb\xbf{}", "expected a value at byte 0"},  // a byte order mark
      {"[1,\f2]", "expected a value at byte 3"},            // form feed is not JSON whitespace
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(parse_error(c.text) == c.message);
  }
  CHECK(parse_error(std::string("[1,\0]", 5)) == "expected a value at byte 3");
  CHECK(parse_error(std::string("1\0", 2)) == "unexpected characters after the value at byte 1");
  CHECK(parse_error("1" + std::string(400, '0')) == "number out of range at byte 0");
  // The error is cleared by the next good parse.
  Json v;
  std::string err = "old";
  CHECK(parse_json("[true]", v, err));
  CHECK(err.empty());
}

TEST_CASE("nesting is limited to kJsonMaxDepth; a depth bomb is refused without recursing") {
  const auto nest = [](int n) { return std::string(static_cast<size_t>(n), '[') + std::string(static_cast<size_t>(n), ']'); };
  CHECK(parse_ok(nest(app::kJsonMaxDepth)).is_array());
  CHECK(parse_error(nest(app::kJsonMaxDepth + 1)) == "nesting too deep at byte 64");
  CHECK(parse_error(std::string(1000000, '[')) == "nesting too deep at byte 64");
  std::string objs;
  for (int i = 0; i < 100000; ++i) objs += "{\"a\":";
  CHECK(parse_error(objs) == "nesting too deep at byte 320");
  std::string mixed;
  for (int i = 0; i < 63; ++i) mixed += i % 2 ? "{\"k\":" : "[";
  Json v = parse_ok(mixed + "{}" + [&] { std::string c; for (int i = 62; i >= 0; --i) c += i % 2 ? "}" : "]"; return c; }());
  CHECK(v.is_array());
}

TEST_CASE("huge input: 200000 numbers, a 4 MB string") {
  std::string text = "[";
  for (int i = 0; i < 200000; ++i) text += (i ? "," : "") + g17(i * 0.001 - 7.5);
  const Json v = parse_ok(text + "]");
  REQUIRE(v.size() == 200000);
  CHECK(v[0].number() == -7.5);
  CHECK(v[199999].number() == 199999 * 0.001 - 7.5);
  const std::string big(4u << 20, 'x');
  CHECK(parse_ok("\"" + big + "\"").str == big);
  CHECK(parse_error("\"" + big) == "unterminated string at byte 0");
}

TEST_CASE("seeded random documents read back as written") {
  Gen g;
  for (int i = 0; i < 500; ++i) {
    std::string text;
    const Json want = g.value(0, text);
    INFO(text);
    Json got;
    std::string err;
    REQUIRE(parse_json(text, got, err));
    CHECK(equal(got, want));
  }
}

TEST_CASE("seeded random bytes and mutations never crash, and errors say where") {
  std::mt19937 rng(2024);
  const auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  const std::string alphabet = "[]{}\":,\\/ \t\n-+.eE0123456789abfnrtuTlsx\x01\x7f\x80\xff";
  const auto check = [](const std::string& text) {
    Json v;
    std::string err;
    if (parse_json(text, v, err)) return 1;
    const size_t at = err.rfind(" at byte ");
    REQUIRE(at != std::string::npos);
    CHECK(std::stoul(err.substr(at + 9)) <= text.size());
    CHECK(v.is_null());
    return 0;
  };
  int good = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string t(pick(40), ' ');
    for (char& c : t) c = i % 2 ? alphabet[pick(alphabet.size())] : static_cast<char>(rng());
    good += check(t);
  }
  Gen g;
  std::string doc;
  g.value(0, doc);
  while (doc.size() < 200) doc = "[" + doc + "," + doc + "]";
  for (int i = 0; i < 3000; ++i) {
    std::string t = doc;
    for (size_t n = 1 + pick(4); n > 0; --n) {
      const size_t at = pick(t.size());
      switch (pick(4)) {
        case 0: t[at] = alphabet[pick(alphabet.size())]; break;
        case 1: t.erase(at, 1 + pick(8)); break;
        case 2: t.insert(at, 1, alphabet[pick(alphabet.size())]); break;
        default: {
          const size_t from = pick(t.size());
          t.insert(at, t.substr(from, pick(20)));
        }
      }
      if (t.empty()) t = "x";
    }
    good += check(t);
  }
  Json again;
  std::string err;
  CHECK(parse_json(doc, again, err));  // the original still parses after all that
  CHECK(check(doc) == 1);
  CHECK(good < 6000);  // most random inputs are not JSON: the checks above did look at errors
}
