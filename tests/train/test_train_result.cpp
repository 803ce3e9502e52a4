// The result's JSON: well-formed (checked by a small strict parser here), every part of the page API's
// {config, loss, accuracy, attention, relative, ablation, ms} present, and no non-finite number.
#include "catch2_any.hpp"

#include <cctype>
#include <limits>
#include <string>

#include "text/format.hpp"
#include "text/json_write.hpp"
#include "train/result.hpp"

using namespace train;

namespace {

// Strict JSON (RFC 8259) recogniser: true if s is exactly one value.
struct Parser {
  const std::string& s;
  size_t i = 0;
  void ws() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r')) ++i;
  }
  bool lit(const char* w) {
    const std::string t = w;
    if (s.compare(i, t.size(), t) != 0) return false;
    i += t.size();
    return true;
  }
  bool str() {
    if (s[i] != '"') return false;
    for (++i; i < s.size(); ++i) {
      if (s[i] == '"') {
        ++i;
        return true;
      }
      if (s[i] == '\\') ++i;
      else if (static_cast<unsigned char>(s[i]) < 0x20) return false;
    }
    return false;
  }
  bool num() {
    const size_t start = i;
    if (s[i] == '-') ++i;
    if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    if (s[i] == '0') ++i;
    else
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i < s.size() && s[i] == '.') {
      ++i;
      if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
      ++i;
      if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
      if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    }
    return i > start;
  }
  bool value() {
    ws();
    if (i >= s.size()) return false;
    bool ok = false;
    if (s[i] == '{') {
      ++i;
      ws();
      if (s[i] == '}') {
        ++i;
        return true;
      }
      do {
        ws();
        if (!str()) return false;
        ws();
        if (s[i++] != ':') return false;
        if (!value()) return false;
        ws();
      } while (s[i] == ',' && ++i);
      ok = s[i++] == '}';
    } else if (s[i] == '[') {
      ++i;
      ws();
      if (s[i] == ']') {
        ++i;
        return true;
      }
      do {
        if (!value()) return false;
        ws();
      } while (s[i] == ',' && ++i);
      ok = s[i++] == ']';
    } else if (s[i] == '"') {
      ok = str();
    } else if (s[i] == 't') {
      ok = lit("true");
    } else if (s[i] == 'f') {
      ok = lit("false");
    } else if (s[i] == 'n') {
      ok = lit("null");
    } else {
      ok = num();
    }
    return ok;
  }
};

bool valid_json(const std::string& s) {
  Parser p{s};
  if (!p.value()) return false;
  p.ws();
  return p.i == s.size();
}

bool has(const std::string& s, const char* what) { return s.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("the recogniser refuses what JSON refuses") {
  CHECK(valid_json("{\"a\":[1,2.5,-3e+2,null,true,\"x\"]}"));
  CHECK(!valid_json("{\"a\":nan}"));
  CHECK(!valid_json("{\"a\":1,}"));
  CHECK(!valid_json("[01]"));
  CHECK(!valid_json("{\"a\":inf}"));
}

TEST_CASE("JsonWriter: shortest round-trip numbers, integers as integers, non-finite counted not printed") {
  app::JsonWriter w;
  w.num(0.1);
  w.raw(",");
  w.num(300);
  w.raw(",");
  w.numf(0.1f);
  w.raw(",");
  w.num(1.0 / 3.0);
  CHECK(w.out == "0.1,300,0.1,0.3333333333333333");
  CHECK(w.bad == 0);
  w.num(std::numeric_limits<double>::quiet_NaN());
  CHECK(w.bad == 1);
  CHECK(!has(w.out, "nan"));
}

TEST_CASE("JsonWriter strings: quotes, backslashes and control bytes escaped, the rest as it is; json_string is the same") {
  // Hand-worked: " and \ take a backslash, bytes below 0x20 become \u00xx (lower-case hex), UTF-8 passes.
  const std::string in = std::string("a\"b\\c") + '\x01' + "\n" + '\x1f' + " \xc3\xa9/" + '\x7f';
  const std::string expected = "\"a\\\"b\\\\c\\u0001\\u000a\\u001f \xc3\xa9/\x7f\"";
  app::JsonWriter w;
  w.str(in);
  CHECK(w.out == expected);
  CHECK(app::json_string(in) == expected);
  w.out.clear();
  w.key("k");
  CHECK(w.out == "\"k\":");
  // A NUL inside the text is written, not taken as its end.
  CHECK(app::json_string(std::string_view("x\0y", 3)) == "\"x\\u0000y\"");
}

TEST_CASE("a sinusoidal run's JSON: valid, every part present, finite throughout") {
  Config c;
  c.encoding = Encoding::sinusoidal;
  c.steps = 30;
  c.layers = 2;
  const Result r = run(c, {}, {}, 25, EvalOptions{8, true, true});
  int bad = -1;
  const std::string j = to_json(r, &bad);
  CHECK(bad == 0);
  CHECK(valid_json(j));
  for (const char* key : {"\"config\":{\"task\":\"lookback\"", "\"loss\":[{\"step\":1,", "\"accuracy\":[{\"length\":16,",
                          "{\"length\":32,", "{\"length\":64,", "\"attention\":[{\"layer\":0,\"head\":0,\"length\":16,",
                          "\"relative\":{\"answerAt\":\"t-k\"", "\"ablation\":{\"quarter\":8,", "\"lostFast\":",
                          "\"peWeightQ\":[", "\"ms\":", "\"targetsNew\":0,\"accuracyNew\":null,\"window\":0,",
                          "\"targetsNew\":128,\"accuracyNew\":", "\"window\":16,\"accuracyWindowed\":",
                          "\"accuracyWindowedNew\":", "\"answerInWindowNew\":1,", "\"chance\":0.0625,",
                          "\"rightThenChance\":", "\"orderBlind\":", "\"orderBlindNew\":null}",
                          "\"orderBlindExact\":true,", "\"meanNew4L\":", "\"meanBeyondWindowed\":",
                          "\"meanNew4LWindowed\":", "\"mechanism\":[{\"layer\":0,\"head\":0,\"offsetR2L\":",
                          "\"scoreSpread2L\":", "\"commutingFraction\":"})
    CHECK(has(j, key));
  CHECK(r.eval.attention.size() == 4);  // 2 layers x 2 heads
  // Every attention row sums to 1 over the keys at or before the query.
  for (const AttentionMap& a : r.eval.attention)
    for (int t = 0; t < a.length; ++t) {
      double s = 0;
      for (int u = 0; u < a.length; ++u) s += a.weights[static_cast<size_t>(t * a.length + u)];
      CHECK(s == Approx(1.0).epsilon(1e-5));
    }
}

TEST_CASE("other encodings: ablation is null; copy and first name their answer keys") {
  Config c;
  c.steps = 5;
  c.task = Task::copy;
  std::string j = to_json(run(c, {}, {}, 25, EvalOptions{4, true, false}));
  CHECK(valid_json(j));
  CHECK(has(j, "\"ablation\":null"));
  CHECK(has(j, "\"answerAt\":\"t+1-T/2\""));
  CHECK(has(j, "\"orderBlindExact\":false,"));  // copy: an upper bound
  CHECK(has(j, "\"answerInWindowNew\":0,"));     // at 4L the answer lies 2L - 1 back
  CHECK(has(j, "\"commutingFraction\":null}"));  // rope: no additive PE
  c.task = Task::first;
  c.encoding = Encoding::none;
  j = to_json(run(c, {}, {}, 25, EvalOptions{4, true, false}));
  CHECK(valid_json(j));
  CHECK(has(j, "\"answerAt\":\"0\""));
  CHECK(has(j, "\"meanBeyondWindowed\":null,\"meanNew4LWindowed\":null"));  // first: key 0 is out of the window
}
