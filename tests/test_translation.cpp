// The translation files' format and lookups (src/text/translation.hpp), the text format's joining of
// Chinese lines (text_file.hpp) and the browser's languages (src/state/language.hpp), against texts
// written here by hand.
#include "catch2_any.hpp"

#include <string>
#include <vector>

#include "state/language.hpp"
#include "text/text_file.hpp"
#include "text/translation.hpp"

using namespace app;

TEST_CASE("a translation file pairs each English entry with the tr: after it") {
  std::vector<std::string> problems;
  const auto pairs = parse_translations(
      "# a comment\n"
      "title: Clock hands\n"
      "tr: Manecillas\n"
      "caption: One dial per pair,\n"
      "  turning.\n"
      "tr: Una esfera por par,\n"
      "  girando.\n"
      "claim: left alone\n"
      "tr: \n",
      "clock", &problems);
  REQUIRE(pairs.size() == 3);
  CHECK(pairs[0].file == "clock");
  CHECK(pairs[0].key == "title");
  CHECK(pairs[0].english == "Clock hands");
  CHECK(pairs[0].translated == "Manecillas");
  CHECK(pairs[1].english == "One dial per pair, turning.");
  CHECK(pairs[1].translated == "Una esfera por par, girando.");
  CHECK(problems.empty());
  // Unpaired entries are reported and left out.
  problems.clear();
  const auto bad = parse_translations("title: A\nsummary: B\ntr: b\ntr: stray\n", "x", &problems);
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].key == "summary");
  CHECK(problems.size() == 2);
}

TEST_CASE("a catalogue's file: lines name the files of the pairs after them") {
  const auto pairs = parse_translations("file: clock\ntitle: A\ntr: a\nfile: tour\nstep: B\ntr: b\n", "", nullptr);
  REQUIRE(pairs.size() == 2);
  CHECK(pairs[0].file == "clock");
  CHECK(pairs[1].file == "tour");
  CHECK(pairs[1].key == "step");
}

TEST_CASE("a translation is found by file, key and the English it translates; a changed English finds none") {
  TranslationTable t;
  t.add(parse_translations("title: Clock hands\ntr: Manecillas\n", "clock", nullptr));
  REQUIRE(t.find("clock", "title", "Clock hands"));
  CHECK(*t.find("clock", "title", "Clock hands") == "Manecillas");
  CHECK(t.find("clock", "title", "Clock hands, changed") == nullptr);  // stale: English again
  CHECK(t.find("clock", "summary", "Clock hands") == nullptr);
  CHECK(t.find("heatmap", "title", "Clock hands") == nullptr);
}

TEST_CASE("the report counts what is translated and lists stale pairs and placeholder slips") {
  const std::vector<TextEntry> english = parse_text_file(
      "title: Clock hands\nsource: math\nreadme: for the README\nrotation: d = {d}: {pairs} dial{s}.\ncaption: New words\n");
  const auto pairs = parse_translations(
      "title: Clock hands\ntr: Manecillas\n"
      "rotation: d = {d}: {pairs} dial{s}.\ntr: d = {d}: {pairs} esfera.\n"   // {s} lost
      "caption: Old words\ntr: Palabras viejas\n",                            // the English changed since
      "clock", nullptr);
  TranslationReport r;
  add_to_report(r, "clock", english, pairs);
  CHECK(r.translatable == 3);  // title, rotation, caption: not source or readme
  CHECK(r.translated == 2);
  REQUIRE(r.stale.size() == 1);
  CHECK(r.stale[0] == "clock caption: Old words");
  REQUIRE(r.problems.size() == 1);
  CHECK(r.problems[0].find("placeholders differ") != std::string::npos);
  // The tour's data keys are not translated; its choices keep their count.
  TranslationReport t;
  add_to_report(t, "tour", parse_text_file("step: A\npreset: view=clock\nchoices: a | b | c\n"),
                parse_translations("choices: a | b | c\ntr: x | y\n", "tour", nullptr));
  CHECK(t.translatable == 2);
  REQUIRE(t.problems.size() == 1);
  CHECK(t.problems[0].find("not as many choices") != std::string::npos);
  CHECK(placeholders("{a} and {b_2}, not { c } or {}") == std::vector<std::string>{"{a}", "{b_2}"});
  // An English plural ending ({plural_s}) may be left out, as Chinese marks no plural; a number may not.
  const std::vector<TextEntry> dials = parse_text_file("rotation: {pairs} dial{plural_s}.\n");
  TranslationReport zh, lost;
  add_to_report(zh, "clock", dials, parse_translations("rotation: {pairs} dial{plural_s}.\ntr: {pairs} ä¸ª\n", "clock", nullptr));
  CHECK(zh.problems.empty());
  add_to_report(lost, "clock", dials, parse_translations("rotation: {pairs} dial{plural_s}.\ntr: dials{plural_s}\n", "clock", nullptr));
  CHECK(lost.problems.size() == 1);  // {pairs} lost
}

TEST_CASE("the pseudo-locale accents every letter, pads by a third and keeps placeholders and choices") {
  CHECK(pseudo_translation("Clock") == "[Çl\xC3\xB3" "\xC3\xA7k ~]");  // 5 letters: one ~
  const std::string p = pseudo_translation("Pair {pair} of {d} | next");
  CHECK(p.find("{pair}") != std::string::npos);
  CHECK(p.find("{d}") != std::string::npos);
  CHECK(p.find(" | ") != std::string::npos);
  CHECK(p.front() == '[');
  CHECK(p.back() == ']');
  CHECK(p.find("P\xC3\xA1\xC3\xADr ") == 1);  // Pair -> Páír, after the bracket
  CHECK(p.rfind('a') == p.find("{pair}") + 2);  // the only plain a left is the placeholder's
  // 39 letters: 13 ~, as words of at most six, so that the padding wraps as a language's words do.
  const std::string long_one = pseudo_translation("weights of the sentences as written down there");
  CHECK(long_one.substr(long_one.size() - 24) == "th\xC3\xA9r\xC3\xA9 ~~~~~~ ~~~~~~ ~]");
}

TEST_CASE("continuation lines join with a space, without one next to Chinese characters") {
  const auto e = parse_text_file("a: one\n  two\nb: \xE4\xB8\xAD\n  \xE6\x96\x87\nc: \xE4\xB8\xAD\xE3\x80\x82\n  Then\n");
  REQUIRE(e.size() == 3);
  CHECK(e[0].value == "one two");
  CHECK(e[1].value == "\xE4\xB8\xAD\xE6\x96\x87");                 // 中文
  CHECK(e[2].value == "\xE4\xB8\xAD\xE3\x80\x82" "Then");           // 中。Then: the full stop is CJK too
}

TEST_CASE("the browser's languages pick the first the module has, by tag or by its language") {
  using V = std::vector<std::string_view>;
  CHECK(browser_language(V{"es-MX", "en"}) == Lang::es);
  CHECK(browser_language(V{"fr-FR", "zh-Hans-CN", "es"}) == Lang::zh_CN);
  CHECK(browser_language(V{"ZH-cn"}) == Lang::zh_CN);
  CHECK(browser_language(V{"fr", "de"}) == Lang::en);
  CHECK(browser_language(V{"xx", "es"}) == Lang::es);  // the pseudo-locale is never the browser's
  CHECK(browser_language(V{}) == Lang::en);
  CHECK(lang_setting_names()[0] == std::string_view("auto"));
  CHECK(lang_setting_names().size() == languages().size() + 1);
}

TEST_CASE("a compact catalogue gives the same translations without the English, and a changed English still finds none") {
  const auto pairs = parse_translations(
      "file: clock\n"
      "title: Clock hands\n"
      "tr: Manecillas\n"
      "caption: One dial per pair,\n"
      "  turning {n} times.\n"
      "tr: 每对维度一个表盘，\n"
      "  转 {n} 圈。\n"
      "file: tour\n"
      "step: Two layouts, one silent bug\n"
      "tr: Dos disposiciones, un error silencioso\n",
      "", nullptr);
  REQUIRE(pairs.size() == 3);
  const std::string compact = compact_catalogue(pairs);
  CHECK(compact.find("Clock hands") == std::string::npos);  // no English in it
  CHECK(compact.find("file: tour\n") != std::string::npos);
  const auto read = parse_translations(compact, "", nullptr);
  REQUIRE(read.size() == pairs.size());
  TranslationTable full, small;
  full.add(pairs);
  small.add(read);
  for (const TranslationPair& p : pairs) {
    INFO(p.file << " " << p.key);
    REQUIRE(small.find(p.file, p.key, p.english) != nullptr);
    CHECK(*small.find(p.file, p.key, p.english) == *full.find(p.file, p.key, p.english));
    CHECK(*small.find(p.file, p.key, p.english) == p.translated);  // the joined Chinese lines read back as one
  }
  CHECK(small.find("clock", "title", "Clock hands, changed") == nullptr);
  CHECK(small.find("tour", "title", "Clock hands") == nullptr);
  CHECK(compact_catalogue(read) == compact);  // writing it again changes nothing
}
