// Numbers as each reader writes them (src/text/number_style.hpp, text/format.hpp), against hand-worked
// texts: CLDR's marks for English and Chinese (139.05, 1,000, 60,611) and Spanish (139,05, 1000, 60.611),
// and the read-back of what a student types.
#include "catch2_any.hpp"

#include <string>

#include "text/format.hpp"
#include "text/number_style.hpp"

using namespace app;

namespace {
constexpr NumberStyle kSpanish{',', '.', 5, "; "};

// Sets a style for one block and puts the plain one back, so no other test sees it.
struct StyleFor {
  explicit StyleFor(const NumberStyle& s) { set_number_style(s); }
  ~StyleFor() { set_number_style(kPlainNumbers); }
};

double read(std::string_view t, const NumberStyle& s) {
  double v = -12345.5;
  return parse_styled_number(t, s, v) ? v : -12345.5;
}
}  // namespace

TEST_CASE("styled_number writes a C-locale number in a reader's marks") {
  CHECK(styled_number("139.05", kSpanish, false) == "139,05");
  CHECK(styled_number("60611", kSpanish, true) == "60.611");
  CHECK(styled_number("1000", kSpanish, true) == "1000");  // four digits: not grouped in Spanish
  CHECK(styled_number("1000", kPlainNumbers, true) == "1,000");
  CHECK(styled_number("-1234567.125", kSpanish, true) == "-1.234.567,125");
  CHECK(styled_number("2.5e-07", kSpanish, false) == "2,5e-07");
  CHECK(styled_number("60611", kSpanish, false) == "60611");  // grouping only when asked for
  // Text around the numbers stays: a range's "..", a sentence's final point, a unit.
  CHECK(styled_number("0..63", kSpanish, false) == "0..63");
  CHECK(styled_number("4.00 rad.", kSpanish, false) == "4,00 rad.");
  CHECK(styled_number("x = 0.5, y = 12.25", kSpanish, false) == "x = 0,5, y = 12,25");
  CHECK(styled_number("", kSpanish, true).empty());
}

TEST_CASE("fmt, grouped, tick_label and turns_text follow the style; shortest_number and fmt_c never do") {
  {
    StyleFor es(kSpanish);
    CHECK(fmt("%.2f", 139.05) == "139,05");
    CHECK(grouped(60611) == "60.611");
    CHECK(grouped(-60611.5, 1) == "-60.611,5");
    CHECK(grouped(-0.001, 2) == "0,00");  // no "-0,00"
    CHECK(tick_label(1000040, 20) == "1.000.040");
    CHECK(tick_label(0.25, 0.05) == "0,25");
    CHECK(tick_label(2.5e7, 1e6) == "2,5e7");
    CHECK(turns_text(23.44) == "23,4");
    CHECK(shown_number(0.1) == "0,1");
    CHECK(shortest_number(0.1) == "0.1");  // the URL and JSON form
    CHECK(fmt_c("%.2f", 139.05) == "139.05");
    CHECK(fmt("%.2f", 0.0 / 0.0) == "-");  // nothing shows NaN in any language
  }
  CHECK(fmt("%.2f", 139.05) == "139.05");
  CHECK(grouped(60611) == "60,611");
  CHECK(tick_label(1000040, 20) == "1,000,040");
}

TEST_CASE("parse_styled_number reads what a reader types, in their marks or the C locale's") {
  CHECK(read("139,05", kSpanish) == 139.05);
  CHECK(read("60.611", kSpanish) == 60611);
  CHECK(read("1.234.567,5", kSpanish) == 1234567.5);
  CHECK(read("-2,5e-3", kSpanish) == -0.0025);
  CHECK(read(" 19,87 ", kSpanish) == 19.87);
  CHECK(read("0.5", kSpanish) == 0.5);     // not a grouping: the C locale's point
  CHECK(read("2.75", kSpanish) == 2.75);
  CHECK(read("1.000", kSpanish) == 1000);  // a valid grouping is read as one
  CHECK(read("1,000", kPlainNumbers) == 1000);
  CHECK(read("19.87", kPlainNumbers) == 19.87);
  // Refused: misplaced group marks, two decimal marks, the other language's decimal comma, junk.
  CHECK(read("1.2.3", kSpanish) == -12345.5);
  CHECK(read("1.23,5", kSpanish) == -12345.5);
  CHECK(read("1,5,0", kSpanish) == -12345.5);
  CHECK(read("1,5", kPlainNumbers) == -12345.5);
  CHECK(read("12,34,567", kPlainNumbers) == -12345.5);
  CHECK(read("abc", kSpanish) == -12345.5);
  CHECK(read("", kSpanish) == -12345.5);
  CHECK(read("NaN", kSpanish) == -12345.5);
}

TEST_CASE("every number a style writes reads back to the same value") {
  // Round trip through the Spanish and plain styles over magnitudes and signs (exact for %.17g).
  for (const NumberStyle& s : {kSpanish, kPlainNumbers}) {
    for (double v : {0.0, 1.0, -1.0, 0.1, 139.05, 60611.0, 1234567.125, -0.0025, 1e6, 123456789.5, 3.141592653589793}) {
      StyleFor style(s);
      const std::string grouped_text = grouped(v, 6);
      const std::string plain_text = fmt("%.17g", v);
      double a = 0, b = 0;
      REQUIRE(parse_styled_number(grouped_text, s, a));
      REQUIRE(parse_styled_number(plain_text, s, b));
      CHECK(a == Approx(v).margin(5e-7));
      CHECK(b == v);
    }
  }
}
