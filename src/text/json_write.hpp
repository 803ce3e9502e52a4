// The one JSON writer (no library: every JSON text the app and the engine write is a few flat objects and
// arrays): the training engine's results and progress (src/train/), the state and the lesson registry
// (src/state/), and every JSON string literal (json_string, text/format.hpp) go through it.
//
// Strings: `"` and `\` take a backslash, control characters (< 0x20) are written \u00XX; every other byte
// as it is (UTF-8 passes through). Numbers print as the shortest text that reads back exactly (as a double,
// or as a float for float values; at most %.17g / %.9g), whole doubles below 1e15 as integers (300, not
// 3e+02), so a native and a wasm run can be compared as text. A number that is not finite has no JSON
// form: the writer prints null and counts it in `bad`, and callers treat a nonzero count as a bug
// (train/result.hpp).
#pragma once
#include <string>
#include <string_view>

namespace app {

struct JsonWriter {
  std::string out;
  int bad = 0;  // non-finite numbers met

  void raw(std::string_view s) { out += s; }
  void str(std::string_view s);          // quoted and escaped
  void num(double v);                    // shortest round-trip
  void numf(float v);                    // shortest round-trip as a float
  void integer(long long v);
  void key(std::string_view k) { str(k); out += ':'; }
};

}  // namespace app
