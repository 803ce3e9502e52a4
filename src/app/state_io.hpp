// The single validated path into State.
//
// Keys (URL query, PosEnc.setState, UI): view, d, base, pos, k, playing, speed, pair, n, step, scale,
// contrast, palette, controls.
// A change is applied field by field in that fixed order (so `pair` is checked against the new `d`).
// An invalid value is rejected with a reason and leaves its field unchanged; valid fields still
// apply. Unknown keys are reported and ignored. Changing d clamps the selected pair into range.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "state.hpp"

namespace app {

enum class Field { view, d, base, pos, k, playing, speed, pair, n, step, scale, contrast, palette, controls, count };

const char* field_key(Field f);

struct Rejection {
  std::string key;     // as received (sanitised, at most 40 characters)
  std::string value;   // as received (sanitised, at most 40 characters)
  std::string reason;  // what is allowed
};

// Numeric fields (everything but view). `playing`, `contrast` take 0 or 1; `palette` 0 (standard) or
// 1 (colorblind). Returns "" when applied.
std::string set_number(State& s, Field f, double value);
std::string set_view(State& s, View v);
// Parses `value` as the key's type (numbers strictly: the whole text must be a number) and applies it.
// Returns "" when applied, otherwise the reason.
std::string set_field(State& s, std::string_view key, std::string_view value);

// Applies a query string ("a=1&b=2", with or without a leading '?', %-encoded) in field order.
std::vector<Rejection> apply_query(State& s, std::string_view query);

// The state as a query string with every key, and as a JSON object.
std::string to_query(const State& s);
std::string to_json(const State& s);
std::string rejections_to_json(const std::vector<Rejection>& r);

// Text safe to show anywhere: printable ASCII only, at most `max_len` characters (with "..." if cut).
std::string sanitise(std::string_view text, size_t max_len = 40);

}  // namespace app
