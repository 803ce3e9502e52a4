// Number and text formatting for anything shown to a person or handed to the page (canvas text, the
// text alternative, notices, URLs, JSON). What a person reads (fmt, grouped, tick_label, turns_text,
// shown_number) is written in the reader's number style (text/number_style.hpp: 139,05 and 60.611 in
// Spanish); what code reads (shortest_number, fmt_c: the URL, JSON, exports) is always in the C locale.
#pragma once
#include <string>
#include <string_view>
#include <initializer_list>
#include <utility>

namespace app {

// printf-style formatting of one double, for a person (the number style's decimal mark, no grouping);
// a non-finite value becomes "-" so nothing ever shows NaN. fmt_c is the same in the C locale, for code.
std::string fmt(const char* format, double v);
std::string fmt_c(const char* format, double v);
// The shortest text that reads back to the same double, with plain digits (no exponent) for the
// everyday magnitudes a person types: 0.1, 37, 10000, 1e-07.
std::string shortest_number(double v);
// shortest_number for a person: in the number style ("0,1" in Spanish), never grouped.
std::string shown_number(double v);
// A tick number on an axis whose ticks are `step` apart: every digit that tells neighbouring ticks
// apart, thousands grouped (1,000,040 beside 1,000,020 at pos = 10^6, never "1e6" twice), decimals
// only as many as the step needs. Only a round value on a coarse axis (a decade of a log axis, ticks
// 10^5 or more apart) is written short, as 2.5e7: there the short form is exact and still distinct.
std::string tick_label(double v, double step);
// A number with thousands separators: 60611 -> "60,611" ("60.611" in Spanish); `decimals` after the
// decimal mark.
std::string grouped(double v, int decimals = 0);
// A number of turns of a dial's hand (the RoPE-base and long-context dials): 1,304 / 23.4 / 0.42 /
// 0.0023 / 6.6e-10, and 0.999 (never "1.00") just short of one. The lessons add the word for turns
// from their own texts (vueltas, 圈); the widest English label, "6.6e-10 turns", sizes the dials' cells.
std::string turns_text(double t);
// A lesson text with its {name} placeholders filled: fill("N = {n}", {{"n", "64"}}) is "N = 64".
// A placeholder without a value stays as it is, so a typo shows on screen instead of vanishing.
std::string fill(std::string_view text, std::initializer_list<std::pair<std::string_view, std::string>> values);
// A JSON string literal (quotes, backslashes and control characters escaped): JsonWriter::str
// (text/json_write.hpp), as a value.
std::string json_string(std::string_view text);

}  // namespace app
