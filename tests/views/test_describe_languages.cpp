// describe() and the key numbers in each language give the same numbers as in English, each written as
// its readers write them (text/number_style.hpp): every number read back from the Spanish and Chinese
// texts, in their own marks, is one the English text states, and the other way round.
#include "catch2_any.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include "shell/app.hpp"
#include "state/language.hpp"
#include "state/state_io.hpp"
#include "state/translations.hpp"
#include "text/number_style.hpp"

using namespace app;

namespace {

bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// The numbers of a text as `style` writes them: a run of digits with '.' and ',' between digits, read
// with that style's rules (the sign and an exponent's digits are read as numbers of their own, in
// every language alike). A number spelled as a word is not read, in any language.
std::vector<double> numbers_in(const std::string& t, const NumberStyle& style, std::vector<std::string>* unread) {
  std::vector<double> out;
  for (size_t i = 0; i < t.size();) {
    if (!digit(t[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < t.size() && (digit(t[j]) || ((t[j] == '.' || t[j] == ',') && j + 1 < t.size() && digit(t[j + 1])))) ++j;
    const std::string token = t.substr(i, j - i);
    // "1/8" is how one language says "8 times smaller" where another words it: the 8 is the number.
    if (token == "1" && j < t.size() && t[j] == '/') {
      i = j;
      continue;
    }
    double v = 0;
    if (parse_styled_number(token, style, v)) out.push_back(v);
    else if (unread) unread->push_back(token);
    i = j;
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The numbers of `a` that `b` lacks (as multisets), written out.
std::string missing(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> d;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(d));
  std::string out;
  for (double v : d) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g ", v);
    out += buf;
  }
  return out;
}

std::string in_language(State s, const char* lang, bool key_numbers) {
  REQUIRE(apply_query(s, std::string("lang=") + lang).empty());
  const std::string t = key_numbers ? key_numbers_json(s) : describe(s);
  set_text_language(Lang::en);
  return t;
}

}  // namespace

TEST_CASE("describe() gives the same numbers in every language, written in its own marks") {
  set_language_font_here(Lang::zh_CN, true);  // Chinese is shown (its font is here)
  // The default state and one whose numbers need a decimal mark and grouping (pos 60611.25, base 10000).
  for (const char* query : {"", "pos=60611.25&k=19.87&base=10000&d=64&pair=3"}) {
    for (const Lesson& l : lessons()) {
      State s;
      REQUIRE(apply_query(s, query).empty());
      REQUIRE(set_view(s, l.view).empty());
      for (bool keys : {false, true}) {
        const std::string en = in_language(s, "en", keys);
        std::vector<std::string> unread;
        const std::vector<double> want = numbers_in(en, kPlainNumbers, &unread);
        CHECK(unread.empty());
        for (const char* lang : {"es", "zh-CN"}) {
          const std::string other = in_language(s, lang, keys);
          INFO(view_id(l.view) << " " << query << (keys ? " key numbers" : " describe") << ", " << lang << "\nen: " << en
                               << "\n" << lang << ": " << other);
          const NumberStyle& style = language_info(std::string(lang) == "es" ? Lang::es : Lang::zh_CN).numbers;
          const std::vector<double> got = numbers_in(other, style, &unread);
          CHECK(unread.empty());
          CHECK(other.find("\xE3\x80\x82.") == std::string::npos);  // a Chinese full stop is not followed by a Latin one
          CHECK(missing(want, got) == "");  // English numbers the other language does not state
          CHECK(missing(got, want) == "");  // and numbers it states that the English does not
        }
      }
    }
  }
  set_language_font_here(Lang::zh_CN, false);
}

TEST_CASE("Spanish writes describe()'s numbers with a decimal comma; the link keeps the C locale") {
  State s;
  REQUIRE(apply_query(s, "pos=19.87&k=2.5&base=10000&lang=es").empty());
  const std::string t = describe(s);
  set_text_language(Lang::en);
  INFO(t);
  CHECK(t.find("19,87") != std::string::npos);
  CHECK(t.find("19.87") == std::string::npos);
  const std::string link = to_query(s);
  INFO(link);
  CHECK(link.find("pos=19.87") != std::string::npos);
  CHECK(link.find("k=2.5") != std::string::npos);
}
