// Invariants of the app state and of everything the validated path hands back, shared by the
// table-driven test (tests/test_hostile_input.cpp) and the fuzzer (tests/fuzz/fuzz_state.cpp).
// The limits are the documented ones: src/state/settings.hpp (the settings table) and src/core/params.hpp (math).
// Each check returns "" when it holds, otherwise what is wrong, so the Catch2 test can show it and
// the fuzzer can abort with it.
#pragma once
#include <cctype>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "state/state.hpp"
#include "state/state_io.hpp"
#include "state/tour.hpp"
#include "core/params.hpp"

namespace checks {

// Every field within its documented range (README "State" table).
inline std::string invalid_field(const app::State& s) {
  const int view = static_cast<int>(s.view);
  if (view < 0 || view >= static_cast<int>(app::View::count)) return "view out of range";
  if (s.d < 2 || s.d > pe::kMaxD || s.d % 2 != 0) return "d = " + std::to_string(s.d);
  if (!std::isfinite(s.base) || !(s.base > 1.0) || s.base > pe::kMaxBase) return "base out of range";
  if (!std::isfinite(s.pos) || std::fabs(s.pos) > pe::kMaxAbsPosition) return "pos out of range";
  if (!std::isfinite(s.k) || std::fabs(s.k) > pe::kMaxAbsPosition) return "k out of range";
  if (!std::isfinite(s.speed) || s.speed < 0 || s.speed > app::kMaxSpeed) return "speed out of range";
  if (s.pair < 0 || s.pair > s.d / 2 - 1) return "pair = " + std::to_string(s.pair) + " for d = " + std::to_string(s.d);
  if (s.n < 1 || s.n > app::kMaxLength) return "n = " + std::to_string(s.n);
  if (s.step < 0 || s.step > app::tour_step_count()) return "step = " + std::to_string(s.step);
  if (!std::isfinite(s.scale) || s.scale < app::kMinScale || s.scale > app::kMaxScale) return "scale out of range";
  // The experiment's options (README "State" table, written out here independently of the engine's table).
  if (static_cast<int>(s.task) < 0 || static_cast<int>(s.task) > 2) return "task out of range";
  if (static_cast<int>(s.encoding) < 0 || static_cast<int>(s.encoding) > 4) return "encoding out of range";
  if (s.lookback < 1 || s.lookback > 64) return "lookback = " + std::to_string(s.lookback);
  if (!std::isfinite(s.seed) || s.seed < 0 || s.seed > 4294967295.0 || std::floor(s.seed) != s.seed) return "seed out of range";
  if (s.trainLength < 4 || s.trainLength > 128) return "trainLength = " + std::to_string(s.trainLength);
  if (s.steps < 1 || s.steps > 100000) return "steps = " + std::to_string(s.steps);
  if (s.dModel < 8 || s.dModel > 128) return "dModel = " + std::to_string(s.dModel);
  if (s.layers < 1 || s.layers > 2) return "layers = " + std::to_string(s.layers);
  if (s.heads < 1 || s.heads > 8) return "heads = " + std::to_string(s.heads);
  if (!std::isfinite(s.lr) || s.lr < 1e-5 || s.lr > 0.1) return "lr out of range";
  if (s.batch < 1 || s.batch > 256) return "batch = " + std::to_string(s.batch);
  if (s.startOffset < 0 || s.startOffset > 1024) return "startOffset = " + std::to_string(s.startOffset);
  if (static_cast<int>(s.copyLengths) < 0 || static_cast<int>(s.copyLengths) > 1) return "copyLengths out of range";
  if (static_cast<int>(s.lookbackK) < 0 || static_cast<int>(s.lookbackK) > 1) return "lookbackK out of range";
  if (static_cast<int>(s.runAll) < 0 || static_cast<int>(s.runAll) > 1) return "runAll out of range";
  // The views' own settings (README "State" table, written out here by hand).
  if (s.similarityMaxK < 10 || s.similarityMaxK > 10000) return "similarityMaxK = " + std::to_string(s.similarityMaxK);
  if (static_cast<int>(s.scoresVectors) < 0 || static_cast<int>(s.scoresVectors) > 2) return "scoresVectors out of range";
  if (s.scoresOffsets < 8 || s.scoresOffsets > 4096) return "scoresOffsets = " + std::to_string(s.scoresOffsets);
  if (s.scoresWindow < 8 || s.scoresWindow > 128) return "scoresWindow = " + std::to_string(s.scoresWindow);
  if (static_cast<int>(s.layoutTrained) < 0 || static_cast<int>(s.layoutTrained) > 1) return "layoutTrained out of range";
  if (static_cast<int>(s.layoutVectors) < 0 || static_cast<int>(s.layoutVectors) > 2) return "layoutVectors out of range";
  if (s.layoutSeed < 1 || s.layoutSeed > 1000000) return "layoutSeed = " + std::to_string(s.layoutSeed);
  if (s.layoutOffsets < 8 || s.layoutOffsets > 4096) return "layoutOffsets = " + std::to_string(s.layoutOffsets);
  if (!std::isfinite(s.compareBase) || s.compareBase < 1.0001 || s.compareBase > 1e12) return "compareBase out of range";
  if (!std::isfinite(s.contextLength) || s.contextLength < 2 || s.contextLength > 1e8 || std::floor(s.contextLength) != s.contextLength)
    return "contextLength out of range";
  if (!std::isfinite(s.contextFactor) || s.contextFactor < 1 || s.contextFactor > 1000) return "contextFactor out of range";
  if (static_cast<int>(s.contextMethod) < 0 || static_cast<int>(s.contextMethod) > 4) return "contextMethod out of range";
  if (static_cast<int>(s.scheme) < 0 || static_cast<int>(s.scheme) > 3) return "scheme out of range";
  if (s.alibiHeads < 1 || s.alibiHeads > 64) return "alibiHeads = " + std::to_string(s.alibiHeads);
  if (s.alibiHead < 0 || s.alibiHead >= s.alibiHeads) return "alibiHead = " + std::to_string(s.alibiHead);
  if (s.t5Buckets < 4 || s.t5Buckets > 256 || s.t5Buckets % 2 != 0) return "t5Buckets = " + std::to_string(s.t5Buckets);
  // T5's exact buckets E: a quarter of the buckets bidirectional, half one-way; the maximum distance above.
  const int exact = s.t5Bidirectional ? s.t5Buckets / 4 : s.t5Buckets / 2;
  if (s.t5MaxDistance <= exact || s.t5MaxDistance > 100000) return "t5MaxDistance = " + std::to_string(s.t5MaxDistance);
  return {};
}
inline bool valid(const app::State& s) { return invalid_field(s).empty(); }

// Field-by-field equality (cheaper than comparing to_query texts).
inline bool same(const app::State& a, const app::State& b) {
  return a.view == b.view && a.d == b.d && a.base == b.base && a.pos == b.pos && a.k == b.k && a.playing == b.playing &&
         a.speed == b.speed && a.pair == b.pair && a.n == b.n && a.step == b.step && a.scale == b.scale &&
         a.contrast == b.contrast && a.palette == b.palette && a.controls == b.controls;
}

inline bool printable_ascii(std::string_view t) {
  for (char c : t)
    if (c < 0x20 || c > 0x7e) return false;
  return true;
}

// A rejection as the page shows it: a non-empty reason, key and value cut to 40 characters plus
// "..." (43) and printable ASCII only, so nothing received is ever echoed raw.
inline std::string bad_rejection(const app::Rejection& r) {
  if (r.reason.empty()) return "empty reason for key " + r.key;
  if (r.key.size() > 43 || r.value.size() > 43) return "key/value longer than 43 characters";
  if (!printable_ascii(r.key) || !printable_ascii(r.value)) return "key/value not printable ASCII";
  if (!printable_ascii(r.reason) || r.reason.size() > 400) return "reason not short printable ASCII";
  return {};
}

// True when `text` has a token nan / inf / infinity (any case), e.g. from printf("%g", NaN).
inline bool mentions_non_finite(std::string_view text) {
  std::string word;
  auto bad = [&word] { return word == "nan" || word == "inf" || word == "infinity"; };
  for (char c : text) {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      if (bad()) return true;
      word.clear();
    }
  }
  return bad();
}

// A lone "-" token: app::fmt's stand-in for a non-finite number (format.hpp).
inline bool has_placeholder(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '-') continue;
    const bool left = i == 0 || text[i - 1] == ' ';
    const bool right = i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == ',' || text[i + 1] == ';' ||
                       text[i + 1] == '.' || text[i + 1] == ')';
    if (left && right) return true;
  }
  return false;
}

// ---- a minimal JSON checker: what posenc.js hands to JSON.parse must parse ------------------------
class Json {
 public:
  explicit Json(std::string_view t) : t_(t) {}
  bool ok() {
    ws();
    if (!value(0)) return false;
    ws();
    return i_ == t_.size();
  }

 private:
  std::string_view t_;
  size_t i_ = 0;
  void ws() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\t' || t_[i_] == '\r')) ++i_;
  }
  bool lit(std::string_view w) {
    if (t_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  bool digits() {
    const size_t s = i_;
    while (i_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[i_]))) ++i_;
    return i_ > s;
  }
  bool number() {
    if (i_ < t_.size() && t_[i_] == '-') ++i_;
    if (i_ < t_.size() && t_[i_] == '0') ++i_;
    else if (!digits()) return false;
    if (i_ < t_.size() && t_[i_] == '.') { ++i_; if (!digits()) return false; }
    if (i_ < t_.size() && (t_[i_] == 'e' || t_[i_] == 'E')) {
      ++i_;
      if (i_ < t_.size() && (t_[i_] == '+' || t_[i_] == '-')) ++i_;
      if (!digits()) return false;
    }
    return true;
  }
  bool string() {
    if (!lit("\"")) return false;
    while (i_ < t_.size()) {
      const char c = t_[i_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c == '\\') {
        if (i_ >= t_.size()) return false;
        const char e = t_[i_++];
        if (e == 'u') {
          for (int k = 0; k < 4; ++k)
            if (i_ >= t_.size() || !std::isxdigit(static_cast<unsigned char>(t_[i_++]))) return false;
        } else if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
          return false;
        }
      }
    }
    return false;
  }
  bool value(int depth) {
    if (depth > 16 || i_ >= t_.size()) return false;
    const char c = t_[i_];
    if (c == '"') return string();
    if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      ++i_;
      ws();
      if (lit(std::string_view(&close, 1))) return true;
      for (;;) {
        ws();
        if (c == '{') {
          if (!string()) return false;
          ws();
          if (!lit(":")) return false;
          ws();
        }
        if (!value(depth + 1)) return false;
        ws();
        if (lit(",")) continue;
        return lit(std::string_view(&close, 1));
      }
    }
    if (c == 't') return lit("true");
    if (c == 'f') return lit("false");
    if (c == 'n') return lit("null");
    return number();
  }
};
inline bool valid_json(std::string_view text) { return Json(text).ok(); }

// Everything the validated path promises after ANY input, in one place. `r` is what apply_query
// returned. Returns "" when all holds.
inline std::string after_input(const app::State& s, const std::vector<app::Rejection>& r) {
  if (std::string e = invalid_field(s); !e.empty()) return "invalid state: " + e;
  for (const app::Rejection& x : r)
    if (std::string e = bad_rejection(x); !e.empty()) return "bad rejection: " + e;
  const std::string json = app::to_json(s);
  if (mentions_non_finite(json)) return "to_json shows a non-finite number: " + json;
  if (!valid_json(json)) return "to_json is not JSON: " + json;
  if (!valid_json(app::rejections_to_json(r))) return "rejections_to_json is not JSON";
  // The address bar is written from the state: the same state must load back from it, cleanly.
  app::State back;
  const std::string q = app::to_query(s);
  if (!app::apply_query(back, q).empty()) return "to_query does not load back cleanly: " + q;
  if (app::to_query(back) != q) return "to_query does not round-trip: " + q;
  return {};
}

}  // namespace checks
