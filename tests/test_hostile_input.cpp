// Hostile input through the ONE validated path (app::apply_query / set_field / set_number), which the
// URL, PosEnc.setState, the embed's postMessage and the UI all use, and through the core's check_*.
// Table-driven: a corpus of bad values (non-numbers, NaN, infinities, huge and negative numbers, odd d,
// base <= 1, unknown views and keys, 10 KB keys and values, 100k-parameter queries, markup, percent-
// encoding edge cases, unicode) goes into every key. After each input the state must be valid (every
// field within the README's limits, written out independently in tests/fuzz/state_checks.hpp), each
// rejection must have a reason and echo at most 43 printable ASCII characters, to_json must
// show no NaN/Infinity, the JSON must parse, and the state must reload cleanly from its own to_query.
#include "catch2_any.hpp"

#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "state/state_io.hpp"
#include "state/tour.hpp"
#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/params.hpp"
#include "fuzz/state_checks.hpp"

using namespace app;

namespace {

const std::string k10KB(10 * 1024, 'x');
const std::string kNul = std::string("64\0junk", 7);

// Values as text, the form the URL, setState and postMessage deliver them in.
const std::vector<std::string> kCorpus = {
    "", " ", "abc", "NaN", "nan", "-nan", "Infinity", "-Infinity", "inf", "-inf", "infinity",
    "1e308", "-1e308", "1e400", "-1e400", "1e-400", "4.9e-324", "1.7976931348623157e308",
    "-1", "-0", "0", "1", "2", "3", "7", "33", "64", "8191", "8192", "8193", "8194", "16384", "1e9", "-1e9",
    "1000000001", "1e12", "1.0000000000000002", "0.5", "2.5", "0x40", "0x1p3", "1e", "--1", "+5", " 64", "64 ",
    "64\t", "6 4", "64abc", "1,5", "1_000", "99999999999999999999999999999999999999999", k10KB, kNul,
    "true", "false", "TRUE", "yes", "colorblind", "standard", "clock", "CLOCK", "clock ", "heatmap",
    "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "javascript:alert(1)", "'; DROP TABLE x; --",
    "%", "%zz", "%00", "%2", "&&&&", "==", "=", "?", "#", "\\", "\\u0000", "\"",
    "\xC3\xA9", "\xF0\x9F\x98\x80", "\xFF\xFE", "\x01\x7F", "\xEF\xBC\x96\xEF\xBC\x94" /* fullwidth 64 */,
    "\xD9\xA3" /* arabic-indic 3 */, "\xE2\x80\xAE" "46" /* right-to-left override */, "__proto__", "constructor",
    "toString", "{\"d\":64}", "[64]", "null", "undefined"};

const std::vector<std::string> kUnknownKeys = {"zzz", "", "D", " d", "d ", "__proto__", "constructor", "<script>",
                                               k10KB, "embed", "origins", "\xC3\xA9", std::string("d\0", 2)};

std::vector<std::string> all_keys() {
  std::vector<std::string> keys;
  for (int f = 0; f < static_cast<int>(Field::count); ++f) keys.emplace_back(field_key(static_cast<Field>(f)));
  keys.insert(keys.end(), kUnknownKeys.begin(), kUnknownKeys.end());
  return keys;
}

std::string percent_encode(const std::string& text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

// A state away from the defaults, so "unchanged" and the pair clamp are visible (d = 1024 rather than
// 8192 keeps the corpus loops quick under wasm; the corners test below covers d = 8192).
State busy_state() {
  static const State busy = [] {
    State s;
    REQUIRE(apply_query(s, "view=rope&d=1024&pair=511&base=1e12&pos=-1e9&k=1e9&speed=10000&n=100000&step=16&scale=3")
                .empty());
    return s;
  }();
  return busy;
}

}  // namespace

TEST_CASE("hostile values per key: rejected or applied as documented") {
  struct Case {
    const char* key;
    std::string value;
    bool applies;
  };
  const std::vector<Case> table = {
      {"d", "abc", false}, {"d", "NaN", false}, {"d", "Infinity", false}, {"d", "-Infinity", false},
      {"d", "1e308", false}, {"d", "-1e308", false}, {"d", "1e400", false}, {"d", "0", false}, {"d", "-2", false},
      {"d", "3", false}, {"d", "33", false}, {"d", "8194", false}, {"d", "64.5", false}, {"d", kNul, false},
      {"d", k10KB, false}, {"d", "\xEF\xBC\x96\xEF\xBC\x94", false}, {"d", "8192", true}, {"d", "2", true},
      {"d", "6.4e1", true},
      {"base", "1", false}, {"base", "0.5", false}, {"base", "-10", false}, {"base", "0", false},
      {"base", "1e400", false}, {"base", "NaN", false}, {"base", "1.000000000001e12", false},
      {"base", "1.0000000000000002", true}, {"base", "1e12", true},
      {"pos", "1e9", true}, {"pos", "-1e9", true}, {"pos", "-0", true}, {"pos", "1000000001", false},
      {"pos", "1e308", false}, {"pos", "-Infinity", false}, {"pos", "nan", false}, {"pos", "1e-400", true},
      {"k", "-1e9", true}, {"k", "-1000000001", false}, {"k", "Infinity", false}, {"k", "1,5", false},
      {"speed", "-1", false}, {"speed", "0", true}, {"speed", "10000", true}, {"speed", "10001", false},
      {"speed", "NaN", false},
      {"pair", "15", true}, {"pair", "16", false}, {"pair", "-1", false}, {"pair", "0.5", false},
      {"pair", "1e400", false},
      {"n", "0", false}, {"n", "1", true}, {"n", "100000", true}, {"n", "100001", false}, {"n", "1.5", false},
      {"n", "-Infinity", false},
      {"step", std::to_string(tour_step_count()), true}, {"step", std::to_string(tour_step_count() + 1), false},
      {"step", "-1", false}, {"step", "0.5", false},
      {"scale", "0.99", false}, {"scale", "3", true}, {"scale", "3.01", false}, {"scale", "NaN", false},
      {"playing", "true", true}, {"playing", "0", true}, {"playing", "yes", false}, {"playing", "TRUE", false},
      {"playing", "2", false}, {"playing", "1.0", false}, {"playing", "", false},
      {"contrast", "1", true}, {"contrast", "-1", false}, {"controls", "false", true}, {"controls", "NaN", false},
      {"palette", "colorblind", true}, {"palette", "Colorblind", false}, {"palette", "1", false},
      {"view", "heatmap", true}, {"view", "HEATMAP", false}, {"view", "heatmap ", false}, {"view", "", false},
      {"view", "<script>alert(1)</script>", false}, {"view", "__proto__", false}, {"view", "count", false},
      {"view", std::string("clock\0", 6), false},
  };
  for (const Case& c : table) {
    INFO("key " << c.key << " value " << sanitise(c.value));
    State s;  // defaults: d = 32, so pair 15 is the last valid one
    const std::string before = to_query(s);
    const std::string reason = set_field(s, c.key, c.value);
    CHECK(reason.empty() == c.applies);
    if (!c.applies) CHECK(to_query(s) == before);  // a rejected value leaves the state alone
    // The same through a query, percent-encoded: one rejection naming the key, or none.
    State q;
    const auto r = apply_query(q, std::string(c.key) + "=" + percent_encode(c.value));
    CHECK(r.size() == (c.applies ? 0u : 1u));
    if (!r.empty()) CHECK(r[0].key == c.key);
    CHECK(to_query(q) == to_query(s));
    CHECK(checks::after_input(q, r) == "");
  }
}

TEST_CASE("the whole corpus through every key, by set_field and by query") {
  State chained = busy_state();  // one state that takes every input in turn
  size_t inputs = 0;
  for (const std::string& key : all_keys()) {
    for (const std::string& value : kCorpus) {
      INFO("key " << sanitise(key) << " value " << sanitise(value));
      for (State start : {State{}, busy_state()}) {
        const std::string before = to_query(start);
        const std::string reason = set_field(start, key, value);
        if (!reason.empty()) {
          CHECK(to_query(start) == before);
          CHECK(checks::printable_ascii(reason));
        }
        CHECK(checks::after_input(start, {}) == "");
      }
      // Percent-encoded, and raw (the bytes as they are: '&', '=', '%' and '#' then split or decode).
      for (const std::string& query : {percent_encode(key) + "=" + percent_encode(value), key + "=" + value}) {
        const auto r = apply_query(chained, query);
        CHECK(checks::after_input(chained, r) == "");
        ++inputs;
      }
    }
  }
  CHECK(inputs == 2 * all_keys().size() * kCorpus.size());
}

TEST_CASE("raw hostile query strings") {
  struct Case {
    std::string query;
    int max_rejections;  // an upper bound on what is reported (the list stays short whatever comes in)
  };
  std::string many_unknown, many_amps(100000, '&'), many_d;
  for (int i = 0; i < 100000; ++i) many_unknown += "p" + std::to_string(i) + "=" + std::to_string(i) + "&";
  for (int i = 0; i < 100000; ++i) many_d += "d=" + std::to_string(2 * (i % 4096 + 1)) + "&";
  const std::vector<Case> table = {
      {"", 0}, {"?", 0}, {"??", 1}, {"&&&&", 0}, {"==", 1}, {"=", 1}, {"%", 1}, {"%zz", 1}, {"%00", 1}, {"%%%", 1},
      {"d=%", 1}, {"d=%zz", 1}, {"d=%6", 1}, {"d=64%00", 1}, {"d=64%", 1}, {"%64=64", 0}, {"d=+64", 0},
      {"d=64&d=abc", 1}, {"d=abc&d=64", 0}, {"view=%E2%9C%93", 1}, {"view=\xE2\x9C\x93", 1},
      {"d=\xEF\xBC\x96\xEF\xBC\x94", 1}, {"view=%3Cscript%3Ealert(1)%3C%2Fscript%3E", 1},
      {"view=\"><img src=x onerror=alert(1)>", 1}, {"view=javascript:alert(1)", 1}, {"view=clock#frag", 1},
      {"?view=rope?x=1", 1}, {"+", 1}, {"d", 1}, {"d&pair", 2}, {"__proto__=1&constructor=2&prototype=3", 3},
      {"d=" + k10KB, 1}, {k10KB + "=1", 1}, {k10KB, 1}, {many_unknown, 65}, {many_amps, 0}, {many_d, 1},
      {std::string("d=64\0&k=5", 9), 1}, {"d=1e400&base=1&pos=NaN&k=-Infinity&speed=-0.1&pair=-1&n=0&step=99&scale=0", 9},
  };
  for (const Case& c : table) {
    INFO("query " << sanitise(c.query, 60));
    for (State s : {State{}, busy_state()}) {
      const auto r = apply_query(s, c.query);
      CHECK(static_cast<int>(r.size()) <= c.max_rejections);
      CHECK(checks::after_input(s, r) == "");
    }
  }
  // Spot checks of what the edge cases mean.
  State s;
  CHECK(apply_query(s, "%64=64").empty());
  CHECK(s.d == 64);  // the key is decoded too
  CHECK(apply_query(s, "d=64%00").size() == 1);
  CHECK(s.d == 64);
  const auto r = apply_query(s, many_unknown);
  REQUIRE(r.size() == 65);
  CHECK(r.back().key == "(rest)");
  CHECK(apply_query(s, many_d).size() == 1);  // more than 64 parameters: the rest is reported, once
}

TEST_CASE("set_number with hostile doubles on every field") {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> values = {nan, -nan, inf, -inf, 1e308, -1e308, DBL_MAX, -DBL_MAX, DBL_MIN,
                                      std::numeric_limits<double>::denorm_min(), -0.0, 0.0, 0.5, 1.0,
                                      std::nextafter(1.0, 2.0), 2.0, 3.0, 8192.0, 8194.0, 1e9,
                                      std::nextafter(1e9, inf), -1e9, 1e12, std::nextafter(1e12, inf), 2147483648.0,
                                      -2147483649.0, 4294967296.0, 1e18};
  for (int f = 0; f < static_cast<int>(Field::count); ++f) {
    for (double v : values) {
      INFO("field " << field_key(static_cast<Field>(f)) << " value " << pe::format_number(v));
      for (State s : {State{}, busy_state()}) {
        const std::string before = to_query(s);
        const std::string reason = set_number(s, static_cast<Field>(f), v);
        if (!reason.empty()) CHECK(to_query(s) == before);
        if (!std::isfinite(v)) CHECK_FALSE(reason.empty());
        CHECK(checks::after_input(s, {}) == "");
      }
    }
  }
  State s;
  CHECK_FALSE(set_view(s, static_cast<View>(-1)).empty());
  CHECK_FALSE(set_view(s, View::count).empty());
  CHECK_FALSE(set_view(s, static_cast<View>(1000)).empty());
  CHECK(checks::valid(s));
}

TEST_CASE("the core's check_* agree with the documented limits on the same corpus") {
  // Every corpus text parsed as the app parses numbers (strtod), plus extra doubles.
  std::vector<double> values;
  for (const std::string& t : kCorpus) values.push_back(std::strtod(t.c_str(), nullptr));
  const double inf = std::numeric_limits<double>::infinity();
  for (double v : {std::numeric_limits<double>::quiet_NaN(), inf, -inf, DBL_MAX, -0.0, std::nextafter(1.0, 2.0),
                   std::nextafter(1e12, inf), std::nextafter(1e9, inf), 8190.0, 4096.0, 100000.0, 100001.0})
    values.push_back(v);
  auto is_int = [](double v) { return std::isfinite(v) && v == std::floor(v); };
  for (double v : values) {
    INFO("value " << pe::format_number(v));
    const bool d_ok = is_int(v) && v >= 2 && v <= 8192 && std::fmod(v, 2.0) == 0.0;
    const bool base_ok = std::isfinite(v) && v > 1 && v <= 1e12;
    const bool pos_ok = std::isfinite(v) && v >= -1e9 && v <= 1e9;
    const bool n_ok = is_int(v) && v >= 1 && v <= 100000;
    CHECK(pe::check_d(v).empty() == d_ok);
    CHECK(pe::check_base(v).empty() == base_ok);
    CHECK(pe::check_position(v, "pos").empty() == pos_ok);
    CHECK(pe::check_length(v, 100000, "n").empty() == n_ok);
    for (int d : {2, 32, 8192}) CHECK(pe::check_pair(v, d).empty() == (is_int(v) && v >= 0 && v < d / 2));
    // A rejection names the parameter and is printable; an acceptance gives finite numbers.
    for (const std::string& e : {pe::check_d(v), pe::check_base(v), pe::check_position(v, "pos")}) {
      CHECK(checks::printable_ascii(e));
      CHECK(e.size() < 200);
    }
    if (!pe::check_d(v).empty()) CHECK(pe::check_d(v).rfind("d ", 0) == 0);
    if (!pe::check_base(v).empty()) CHECK(pe::check_base(v).rfind("base ", 0) == 0);
    if (!pe::check_position(v, "pos").empty()) CHECK(pe::check_position(v, "pos").rfind("pos ", 0) == 0);
    if (base_ok) {
      for (int d : {2, 8192}) {
        for (int pair : {0, d / 2 - 1}) {
          CHECK(std::isfinite(pe::omega(pair, d, v)));
          CHECK(pe::period(pair, d, v) > 0);
          CHECK(std::isfinite(pe::period(pair, d, v)));
          for (double pos : {0.0, -1e9, 1e9}) {
            const double x = pe::encoding_value(pos, 2 * pair + 1, d, v);
            CHECK(std::isfinite(x));
            CHECK(std::fabs(x) <= 1.0);
          }
        }
      }
    }
    if (pos_ok) {
      const double x = pe::encoding_value(v, 8191, 8192, 1e12);
      CHECK((std::isfinite(x) && std::fabs(x) <= 1.0));
    }
  }
}

TEST_CASE("to_json stays finite at the corners of the valid range") {
  // Each corner is reached through the validated path (so it is a state the page can be in).
  const double tiny_base = std::nextafter(1.0, 2.0);
  int states = 0;
  for (int v = 0; v < static_cast<int>(View::count); ++v) {
    for (int d : {2, 8192}) {
      for (double base : {tiny_base, 1.0000001, 1e12}) {
        for (double pos : {-1e9, 0.0, 1e9}) {
          for (double k : {-1e9, 1e9}) {
            for (int pair : {0, d / 2 - 1}) {
              State s;
              REQUIRE(set_view(s, static_cast<View>(v)).empty());
              REQUIRE(set_number(s, Field::d, d).empty());
              REQUIRE(set_number(s, Field::base, base).empty());
              REQUIRE(set_number(s, Field::pos, pos).empty());
              REQUIRE(set_number(s, Field::k, k).empty());
              REQUIRE(set_number(s, Field::pair, pair).empty());
              INFO(to_query(s));
              CHECK(checks::after_input(s, {}) == "");
              ++states;
            }
          }
        }
      }
    }
  }
  CHECK(states == static_cast<int>(View::count) * 2 * 3 * 3 * 2 * 2);
}

TEST_CASE("the checkers themselves catch what they are for") {
  // A test that cannot fail is a defect: each invariant is shown to fire on a broken value.
  State s;
  CHECK(checks::valid(s));
  s.d = 3;
  CHECK_FALSE(checks::valid(s));
  s = State{};
  s.pair = 16;
  CHECK_FALSE(checks::valid(s));
  s = State{};
  s.base = 1.0;
  CHECK_FALSE(checks::valid(s));
  s = State{};
  s.pos = std::numeric_limits<double>::quiet_NaN();
  CHECK_FALSE(checks::valid(s));
  CHECK(checks::mentions_non_finite("{\"pos\":nan}"));
  CHECK(checks::mentions_non_finite("period -inf positions"));
  CHECK_FALSE(checks::mentions_non_finite("information, infinite"));
  CHECK(checks::has_placeholder("period - positions"));
  CHECK_FALSE(checks::has_placeholder("pos -5.00, sin/cos"));
  CHECK(checks::bad_rejection({"d", "<script>", ""}) != "");
  CHECK(checks::bad_rejection({"d", std::string(50, 'x'), "r"}) != "");
  CHECK(checks::bad_rejection({"d", "\x01", "r"}) != "");
  CHECK(checks::bad_rejection({"d", "<script>", "d must be a number"}) == "");
  CHECK(checks::valid_json("{\"a\":[1,-2.5e3,true,null,\"x\\\"\"]}"));
  CHECK_FALSE(checks::valid_json("{\"a\":NaN}"));
  CHECK_FALSE(checks::valid_json("{\"a\":\"\x01\"}"));
  CHECK_FALSE(checks::valid_json("{\"a\":1"));
}
