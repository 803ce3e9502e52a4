// Small helpers for the engine's JSON text (no library: the output is a few flat objects and arrays).
// Numbers print as the shortest text that reads back exactly (as a double, or as a float for float
// values; at most %.17g / %.9g), so a
// native and a wasm run can be compared as text. A number that is not finite has no JSON form: the writer
// prints null and counts it in `bad`, and callers treat a nonzero count as a bug (result_json.hpp).
#pragma once
#include <string>
#include <string_view>

namespace train {

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

}  // namespace train
