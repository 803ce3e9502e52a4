// Parameter validation for the sinusoidal positional encoding.
//
// Every public computation takes (d, base) and often a position; these checks are the one place
// that says what is allowed. Each returns an empty string when the value is valid, otherwise a
// message naming the parameter, the allowed range and the value received, for the caller to show.
#pragma once
#include <string>

namespace pe {

constexpr int kMaxD = 8192;                 // widest model the module draws and computes
constexpr double kDefaultBase = 10000.0;    // the Transformer paper's base
constexpr double kMaxBase = 1e12;
constexpr double kMaxAbsPosition = 1e9;     // |pos| and |k| limit: beyond it float64 angles lose whole radians

// d must be an even integer in [2, kMaxD].
std::string check_d(double d);
// base must be finite and in (1, kMaxBase].
std::string check_base(double base);
// A position or offset named `name`: finite with |value| <= kMaxAbsPosition.
std::string check_position(double value, const char* name);
// A pair index for width d: integer in [0, d/2). Assumes d already checked.
std::string check_pair(double pair, int d);
// A sequence length n: integer in [1, max_n].
std::string check_length(double n, double max_n, const char* name);

// Formats a double for messages the way a person would type it (no trailing zeros).
std::string format_number(double v);

}  // namespace pe
