// %-decoding, the one decoder of PosEnc Lab: URL query strings (state_io) and the page's option texts
// (web_api). "%XX" with two hex digits is that byte; a '%' not followed by two hex digits stays as it
// is ("%zz", a trailing "%6"); with plus_is_space (a query string's form encoding) '+' is a space.
#pragma once
#include <string>
#include <string_view>

namespace app {

std::string percent_decode(std::string_view in, bool plus_is_space);
// The inverse for a URL value: letters, digits and -_.~, kept (and the comma, which a query value may hold as it is); every other byte %XX (upper-case hex).
std::string url_encode(std::string_view in);

}  // namespace app
