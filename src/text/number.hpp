// Reading a number from text, strictly: the one parser of PosEnc Lab (URL and setState values, tour
// and lesson files).
//
// The whole text must be one decimal number, with optional spaces around it (a URL's '+' is a space):
//   [spaces] [+|-] digits [. digits] [(e|E) [+|-] digits] [spaces]     (digits before or after the point)
// No hexadecimal (0x40), no inf/nan, no other blanks, no NUL (a "%00" inside a URL value), at most 40
// characters. A number too large for a double (1e400) is refused; one too small for it reads as the
// nearest double (1e-400 is 0), as strtod rounds it.
#pragma once
#include <string_view>

namespace app {

// True, with the value in `out`, for a number as above; false (and `out` unchanged) for anything else.
bool parse_number(std::string_view text, double& out);

}  // namespace app
