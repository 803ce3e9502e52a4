// libFuzzer target over the one validated path (scripts/fuzz.sh builds and runs it with clang,
// -fsanitize=fuzzer,address,undefined). Each input is used three ways:
//   1. the bytes as a query string for app::apply_query, on the default state and on a state at the
//      far corners of the valid range;
//   2. split at the first '=' or newline into a key and a value for app::set_field;
//   3. its 8-byte chunks as doubles for set_number on every field and for the core's check_* and, when
//      they pass, the encoding, frequencies and dot product, which must then be finite.
// After each: tests/fuzz/state_checks.hpp (state within its documented limits, rejections short and
// printable, to_json finite and parseable, to_query reloads the same state). Any violation
// prints what broke and aborts, which libFuzzer reports as a crash with the input saved.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/params.hpp"
#include "core/similarity.hpp"
#include "state_checks.hpp"

namespace {

void require(bool ok, const std::string& what) {
  if (ok) return;
  std::fprintf(stderr, "posenc_fuzz_state: invariant broken: %s\n", what.c_str());
  std::abort();
}

const app::State& corner_state() {
  static const app::State s = [] {
    app::State c;
    app::apply_query(c, "view=precision&d=8192&pair=4095&base=1e12&pos=-1e9&k=1e9&speed=10000&n=100000&step=16&scale=3");
    return c;
  }();
  return s;
}

void check_query(app::State s, std::string_view query) {
  const std::vector<app::Rejection> r = app::apply_query(s, query);
  require(r.size() <= 65 + 14, "too many rejections");
  const std::string e = checks::after_input(s, r);
  require(e.empty(), e);
}

void check_field(app::State s, std::string_view key, std::string_view value) {
  const app::State before = s;
  const std::string reason = app::set_field(s, key, value);
  if (!reason.empty()) require(checks::same(before, s), "a rejected set_field changed the state");
  const std::string e = checks::after_input(s, {});
  require(e.empty(), e);
}

bool is_int(double v) { return std::isfinite(v) && std::floor(v) == v; }

void check_numbers(const std::vector<double>& v) {
  for (double x : v) {
    // The core's checks against the documented limits, written out independently.
    require(pe::check_d(x).empty() == (is_int(x) && x >= 2 && x <= pe::kMaxD && std::fmod(x, 2.0) == 0.0), "check_d");
    require(pe::check_base(x).empty() == (std::isfinite(x) && x > 1 && x <= pe::kMaxBase), "check_base");
    require(pe::check_position(x, "pos").empty() == (std::isfinite(x) && std::fabs(x) <= pe::kMaxAbsPosition),
            "check_position");
    for (int f = 0; f < static_cast<int>(app::Field::count); ++f) {
      for (app::State s : {app::State{}, corner_state()}) {
        const app::State before = s;
        if (!app::set_number(s, static_cast<app::Field>(f), x).empty())
          require(checks::same(before, s), "a rejected set_number changed the state");
        require(checks::valid(s), "set_number left an invalid state: " + checks::invalid_field(s));
      }
    }
  }
  // Consecutive numbers as (d, base, pos, k): when the checks pass, every computed value is finite.
  for (size_t i = 0; i + 3 < v.size(); i += 4) {
    if (!pe::check_d(v[i]).empty() || !pe::check_base(v[i + 1]).empty() || !pe::check_position(v[i + 2], "pos").empty() ||
        !pe::check_position(v[i + 3], "k").empty())
      continue;
    const int d = static_cast<int>(v[i]);
    const double base = v[i + 1], pos = v[i + 2], k = v[i + 3];
    const std::vector<double> e = pe::encoding_vector(pos, d, base);
    for (double x : e) require(std::isfinite(x) && std::fabs(x) <= 1.0, "encoding value not in [-1, 1]");
    for (int pair : {0, d / 2 - 1}) {
      require(std::isfinite(pe::omega(pair, d, base)) && pe::omega(pair, d, base) > 0, "omega");
      require(std::isfinite(pe::period(pair, d, base)) && pe::period(pair, d, base) > 0, "period");
    }
    const double dot = pe::dot_closed_form(k, d, base);
    require(std::isfinite(dot) && std::fabs(dot) <= d / 2 + 1e-9, "dot_closed_form");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  if (size > 200000) return 0;
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  check_query(app::State{}, in);
  check_query(corner_state(), in);

  const size_t cut = in.find_first_of("=\n");
  if (cut != std::string_view::npos) {
    check_field(app::State{}, in.substr(0, cut), in.substr(cut + 1));
    check_field(corner_state(), in.substr(0, cut), in.substr(cut + 1));
  }

  std::vector<double> numbers;
  for (size_t at = 0; at + 8 <= size && numbers.size() < 8; at += 8) {
    double x;
    std::memcpy(&x, data + at, 8);
    numbers.push_back(x);
  }
  // And the input read as text numbers, the way the URL delivers them.
  const std::string text(in.substr(0, 64));
  char* end = nullptr;
  numbers.push_back(std::strtod(text.c_str(), &end));
  check_numbers(numbers);
  return 0;
}
