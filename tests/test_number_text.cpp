// The one number parser and the one %-decoder (src/text/number.hpp, src/text/percent.hpp), against
// hand-worked cases: what each text must read as, and what must be refused, hostile texts included.
#include "catch2_any.hpp"

#include <cmath>
#include <cstring>
#include <string>

#include "text/number.hpp"
#include "text/percent.hpp"

using namespace app;

namespace {

// The value read, or the sentinel 12345.5 when refused (out is left unchanged then).
double read(std::string_view t) {
  double v = 12345.5;
  return parse_number(t, v) ? v : 12345.5;
}
bool refused(std::string_view t) {
  double v = 12345.5;
  return !parse_number(t, v) && v == 12345.5;
}

}  // namespace

TEST_CASE("parse_number reads one decimal number, with spaces around it") {
  // Written out by hand: each text and the double it denotes.
  CHECK(read("0") == 0.0);
  CHECK(read("64") == 64.0);
  CHECK(read("-7") == -7.0);
  CHECK(read("+5") == 5.0);
  CHECK(read("2.5") == 2.5);
  CHECK(read(".5") == 0.5);
  CHECK(read("5.") == 5.0);
  CHECK(read("1e3") == 1000.0);
  CHECK(read("1E3") == 1000.0);
  CHECK(read("2.5e-3") == 0.0025);
  CHECK(read("1e+2") == 100.0);
  CHECK(read("-1e9") == -1e9);
  CHECK(read(" 1e3") == 1000.0);    // a URL's '+' decodes to a space: "d=+64" is " 64"
  CHECK(read("64  ") == 64.0);
  CHECK(read("0.1") == 0.1);        // the nearest double, as strtod rounds
  CHECK(read("1.0000000000000002") == 1.0000000000000002);
  CHECK(read("4.9e-324") == 4.9e-324);  // the smallest subnormal
  CHECK(read("1e-400") == 0.0);     // below every double: the nearest, 0
  CHECK(read("-0") == 0.0);
  CHECK(std::signbit(read("-0")));
  CHECK(read("1.7976931348623157e308") == 1.7976931348623157e308);
  CHECK(read(std::string(40, '1')) == 1111111111111111111111111111111111111111.0);  // 40 characters: the most
}

TEST_CASE("parse_number refuses everything else and leaves the value alone") {
  for (const char* t : {"", " ", "abc", "1e", "1e+", "e5", ".", "-", "+", "--1", "+-1", "1..2", "1.2.3", "1,5", "1_000",
                        "0x40", "0x1p3", "0X10", "inf", "-inf", "Infinity", "NaN", "nan", "-nan", "1e400", "-1e400",
                        "1e308e1", "5e5x", "64px", "6 4", "\t64", "64\n", "\xC2\xA0" "1", "\xEF\xBC\x91"}) {
    INFO("\"" << t << "\"");
    CHECK(refused(t));
  }
  // A NUL inside (a URL's "%00") ends the text for strtod, never here: "64\0junk" is no number.
  CHECK(refused(std::string_view("64\0junk", 7)));
  CHECK(refused(std::string_view("64\0", 3)));
  // More than 40 characters, even of digits.
  CHECK(refused(std::string(41, '1')));
  CHECK(refused(std::string(10 * 1024, '9')));
}

TEST_CASE("percent_decode: %XX bytes, stray percents kept, '+' as the caller says") {
  CHECK(percent_decode("a%20b", true) == "a b");
  CHECK(percent_decode("%3Cscript%3E", true) == "<script>");
  CHECK(percent_decode("%3c%3E", false) == "<>");       // either case of hex digit
  CHECK(percent_decode("1+2", true) == "1 2");          // a query string's form encoding
  CHECK(percent_decode("1+2", false) == "1+2");         // the page's option texts
  CHECK(percent_decode("%2B", true) == "+");            // an encoded plus stays a plus
  CHECK(percent_decode("%", true) == "%");              // stray percents stay as they are
  CHECK(percent_decode("%6", true) == "%6");
  CHECK(percent_decode("d=64%", true) == "d=64%");
  CHECK(percent_decode("%zz", true) == "%zz");
  CHECK(percent_decode("%%41", true) == "%A");          // the first % has no hex pair; the second does
  CHECK(percent_decode("%2541", true) == "%41");        // decoded once only
  CHECK(percent_decode("", true).empty());
  const std::string nul = percent_decode("64%00junk", true);
  CHECK(nul.size() == 7);
  CHECK(std::memcmp(nul.data(), "64\0junk", 7) == 0);
  CHECK(percent_decode("%FF%80", true) == "\xFF\x80");  // any byte, printable or not
}

TEST_CASE("url_encode: what percent_decode reads back") {
  CHECK(url_encode("view=rope&d=64") == "view%3Drope%26d%3D64");
  CHECK(url_encode("a b+c") == "a%20b%2Bc");
  CHECK(url_encode("-_.~,AZaz09") == "-_.~,AZaz09");
  for (const std::string& t : {std::string("any text: <>&=?#%+ \x01\xFF"), std::string("64\0x", 4)}) {
    CHECK(percent_decode(url_encode(t), true) == t);
    CHECK(percent_decode(url_encode(t), false) == t);
  }
}
