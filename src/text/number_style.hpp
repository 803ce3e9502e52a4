// How a reader writes a number (README "Languages"): the decimal mark, the thousands separator and from
// how many digits the whole part is grouped (CLDR's minimum grouping digits: Spanish writes 1000 but
// 60.611, English 1,000). Everything formatted for a person (text/format.hpp: fmt, grouped, tick_label,
// turns_text, shown_number) follows the style set here; what is written for code (the URL, JSON, every
// export, shortest_number) is always in the C locale and never passes through it.
#pragma once
#include <string>
#include <string_view>

namespace app {

struct NumberStyle {
  char decimal = '.';
  char group = ',';
  int group_from = 4;  // the whole part is grouped when it has at least this many digits
  // Between the numbers of a list: "; " where the decimal mark is a comma (0,8415; 0,5403).
  const char* list_separator = ", ";
};

// The C locale's marks, which English and Chinese readers also use: 139.05, 60,611, 1,000.
inline constexpr NumberStyle kPlainNumbers{};

// The style of everything formatted for a person from now on (set with the text's language).
void set_number_style(const NumberStyle& style);
const NumberStyle& number_style();
// The style's list separator, for joining numbers shown to a person.
const char* number_list_separator();

// A number written in the C locale ("-60611.5", "2.5e-7", as printf writes it, no grouping) in `style`,
// grouped: "-60.611,5", "2,5e-7". Any text around the number (a unit, a sign) is kept; only a '.' with a
// digit either side is a decimal mark, and only a run of digits before it (or before the end, or a
// non-digit) is grouped when `group_digits` is set.
std::string styled_number(std::string_view c_text, const NumberStyle& style, bool group_digits);

// Reads a number as `style` writes it, or as the C locale does: "139,05", "60.611" and "0.5" in
// Spanish are 139.05, 60611 and 0.5 (a '.' that cannot be a thousands separator, with other than
// three digits after it, is a decimal point). False for anything that is not one number.
bool parse_styled_number(std::string_view text, const NumberStyle& style, double& out);

}  // namespace app
