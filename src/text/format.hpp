// Number and text formatting for anything shown to a person or handed to the page (canvas text, the
// text alternative, notices, URLs, JSON).
#pragma once
#include <string>
#include <string_view>
#include <initializer_list>
#include <utility>

namespace app {

// printf-style formatting of one double; a non-finite value becomes "-" so nothing ever shows NaN.
std::string fmt(const char* format, double v);
// The shortest text that reads back to the same double, with plain digits (no exponent) for the
// everyday magnitudes a person types: 0.1, 37, 10000, 1e-07.
std::string shortest_number(double v);
// A lesson text with its {name} placeholders filled: fill("N = {n}", {{"n", "64"}}) is "N = 64".
// A placeholder without a value stays as it is, so a typo shows on screen instead of vanishing.
std::string fill(std::string_view text, std::initializer_list<std::pair<std::string_view, std::string>> values);
// A JSON string literal (quotes, backslashes and control characters escaped): JsonWriter::str
// (text/json_write.hpp), as a value.
std::string json_string(std::string_view text);

}  // namespace app
