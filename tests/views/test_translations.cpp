// The module in the reader's language (README "Languages"): the translation files in the repository
// against their English files (every pair current, every placeholder and choice kept: the stale check),
// and the app showing them: lang=es and lang=auto with a Spanish browser show the Spanish words on screen,
// in describe() and in the tour; xx shows the pseudo-locale; zh-CN, whose font is still to come, English.
#include <filesystem>
#include <regex>
#include <set>
#include <fstream>
#include <iostream>
#include <sstream>

#include "catch2_any.hpp"
#include "headless.hpp"
#include "state/claims.hpp"
#include "state/interface_text.hpp"
#include "state/language.hpp"
#include "state/translations.hpp"
#include "text/text_file.hpp"
#include "text/translation.hpp"

using namespace app;

namespace {
std::string read_text(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}
std::filesystem::path src_dir() { return std::filesystem::path(POSENC_SOURCE_DIR) / "src"; }

// The Spanish of `key` in lesson `file`, as its translation file has it (the English found first).
std::string spanish(const std::string& file, const std::string& key) {
  const std::filesystem::path p = file == "tour" ? src_dir() / "state" / "tour.es.txt" : src_dir() / "lessons" / file / (file + ".es.txt");
  for (const TranslationPair& t : parse_translations(read_text(p), file, nullptr))
    if (t.key == key) return t.translated;
  return {};
}

// The words of the screen, one space between (headless.hpp's screen_text: runs and lines joined).
bool on_screen(const std::string& words) {
  std::string screen, want;
  for (char c : screen_text()) if (c != ' ' && c != '|' && c != '\n') screen += c;
  for (char c : words) if (c != ' ') want += c;
  return screen.find(want) != std::string::npos;
}
}  // namespace

TEST_CASE("every translation in the repository is current: no stale pair, every placeholder and choice kept") {
  for (const LanguageInfo& l : languages()) {
    if (l.lang == Lang::en || l.lang == Lang::xx) continue;
    TranslationReport r;
    int files = 0;
    // `name`'s English entries against its translation file, if there is one.
    const auto check_entries = [&](const std::string& name, const std::vector<TextEntry>& en, const std::filesystem::path& translated) {
      std::vector<TranslationPair> pairs;
      if (std::filesystem::exists(translated)) {
        std::vector<std::string> problems;
        pairs = parse_translations(read_text(translated), name, &problems);
        r.problems.insert(r.problems.end(), problems.begin(), problems.end());
        ++files;
      }
      add_to_report(r, name, en, pairs);
    };
    const auto check = [&](const std::string& name, const std::filesystem::path& english, const std::filesystem::path& translated) {
      check_entries(name, parse_text_file(read_text(english)), translated);
    };
    for (const Lesson& lesson : lessons())
      check(lesson.id, src_dir() / "lessons" / lesson.id / (std::string(lesson.id) + ".txt"),
            src_dir() / "lessons" / lesson.id / (std::string(lesson.id) + "." + l.id + ".txt"));
    check("tour", src_dir() / "state" / "tour.txt", src_dir() / "state" / (std::string("tour.") + l.id + ".txt"));
    check("interface", src_dir() / "state" / "interface.txt", src_dir() / "state" / (std::string("interface.") + l.id + ".txt"));
    // The claim tags', the settings', the tabs' and the chapters' words are in their tables (claims.cpp,
    // settings.hpp, lessons.hpp): the English entries come from there.
    std::vector<TextEntry> claims, labels;
    for (const ClaimSourceInfo& c : claim_sources()) {
      claims.push_back({c.id, c.label});
      claims.push_back({std::string(c.id) + "_meaning", c.meaning});
    }
    for (const Setting& s : settings())
      if (*s.label) labels.push_back({s.key, s.label});
    const auto table_file = [&](const char* name) { return src_dir() / "state" / (std::string(name) + "." + l.id + ".txt"); };
    check_entries("claims", claims, table_file("claims"));
    check_entries("settings", labels, table_file("settings"));
    std::vector<TextEntry> tabs, chapters;
    for (const Lesson& lesson : lessons()) tabs.push_back({lesson.id, lesson.label});
    for (int c = 0; c < static_cast<int>(Chapter::count); ++c)
      chapters.push_back({chapter_id(static_cast<Chapter>(c)), chapter_title(static_cast<Chapter>(c))});
    check_entries("tabs", tabs, table_file("tabs"));
    check_entries("chapters", chapters, table_file("chapters"));
    // The benchmark's and the README's count of each language's strings comes from here.
    std::cout << "translations: " << l.id << " " << r.translated << " of " << r.translatable << " strings (" << files
              << " files), " << r.stale.size() << " stale\n";
    INFO(l.id);
    CHECK(r.translatable > 0);
    CHECK(r.translated <= r.translatable);
    for (const std::string& s : r.stale) {
      INFO("stale (the English changed since it was translated): " << s);
      CHECK(false);
    }
    for (const std::string& p : r.problems) {
      INFO(p);
      CHECK(false);
    }
  }
}

TEST_CASE("lang=es shows the Spanish words of the lesson and the tour; English where none is written") {
  const std::string title = spanish("clock", "title");
  REQUIRE_FALSE(title.empty());
  Headless h;
  REQUIRE(app_apply(h.app, "view=clock&lang=es&playing=0").empty());
  h.frames(3);
  CHECK(on_screen(std::string(lesson_text(View::clock, "claim"))));
  CHECK(lesson_text(View::clock, "claim") == spanish("clock", "claim"));
  CHECK(lesson_text(View::clock, "summary") == spanish("clock", "summary"));
  CHECK(describe(h.app).rfind("Vista: " + title + ".", 0) == 0);  // interface.es.txt describe_view
  // The tour's first step, in Spanish (its data keys, preset and answer, are the English file's).
  REQUIRE(app_apply(h.app, "step=1").empty());
  h.frames(3);
  REQUIRE(tour_step(1));
  CHECK(tour_step(1)->title == spanish("tour", "step"));
  CHECK(tour_step(1)->view == View::order);
  CHECK(on_screen(tour_step(1)->title));
  // Back to English.
  REQUIRE(app_apply(h.app, "lang=en&step=0").empty());
  h.frames(3);
  CHECK(describe(h.app).rfind("View: Order blindness of attention.", 0) == 0);  // step 1's view
  CHECK(tour_step(1)->title == "Attention has no sense of order");
}

TEST_CASE("lang=auto follows the browser; zh-CN waits for its font; xx is the pseudo-locale") {
  Headless h;
  REQUIRE(app_apply(h.app, "view=clock&playing=0").empty());
  h.app.state.browser_lang = Lang::es;
  h.frames(2);
  CHECK(lesson_text(View::clock, "title") == spanish("clock", "title"));
  h.app.state.browser_lang = Lang::en;
  h.frames(2);
  CHECK(lesson_text(View::clock, "title") == "Clock hands: each sin/cos pair as a hand on a dial");
  // zh-CN: its translations are built in, but the fonts carry no CJK glyph yet: English, never boxes.
  REQUIRE(app_apply(h.app, "lang=zh-CN").empty());
  h.frames(2);
  CHECK(language_in_effect(h.app.state) == Lang::en);
  CHECK(lesson_text(View::clock, "title") == "Clock hands: each sin/cos pair as a hand on a dial");
  REQUIRE(app_apply(h.app, "lang=xx").empty());
  h.frames(3, ImVec2(1280, 2000));  // tall: the longer words push nothing out of the window
  const std::string pseudo(lesson_text(View::clock, "title"));
  CHECK(pseudo == pseudo_translation("Clock hands: each sin/cos pair as a hand on a dial"));
  CHECK(lesson_claim_source(View::clock) == ClaimSource::math);  // the data keys stay as written
  CHECK(on_screen(std::string(lesson_text(View::clock, "claim"))));
  // A bad value is refused with its reason, and the state keeps its language.
  CHECK_FALSE(app_apply(h.app, "lang=fr").empty());
  CHECK(h.app.state.lang == 4);  // xx
}

TEST_CASE("every interface key the code asks for is in interface.txt, and every entry there is asked for") {
  // ui("key") and ui_label("key") with a literal key, and ui_label(cond ? "a" : "b"), in the sources.
  std::set<std::string> asked;
  // The literals between a call's parentheses (matched by counting them: ui_label(presenting(s) ? ...)).
  const std::regex call(R"re(\bui(?:_label)?\()re"), literal(R"re("([a-z0-9_]+)")re");
  for (const auto& e : std::filesystem::recursive_directory_iterator(src_dir())) {
    if (e.path().extension() != ".cpp") continue;
    const std::string code = read_text(e.path());
    for (std::sregex_iterator m(code.begin(), code.end(), call), end; m != end; ++m) {
      size_t i = static_cast<size_t>(m->position() + m->length());
      const size_t from = i;
      for (int depth = 1; i < code.size() && depth > 0; ++i) depth += code[i] == '(' ? 1 : code[i] == ')' ? -1 : 0;
      const std::string args = code.substr(from, i - from);
      for (std::sregex_iterator k(args.begin(), args.end(), literal); k != end; ++k) asked.insert((*k)[1]);
    }
  }
  // The keyboard help's rows: key_<id> and help_<id> for each id of its list (src/shell/keys.cpp).
  const std::string keys = read_text(src_dir() / "shell" / "keys.cpp");
  const size_t list = keys.find("kKeys[] = {");
  REQUIRE(list != std::string::npos);
  const std::string ids = keys.substr(list, keys.find('}', list) - list);
  for (std::sregex_iterator k(ids.begin(), ids.end(), literal), end; k != end; ++k) {
    asked.insert("key_" + (*k)[1].str());
    asked.insert("help_" + (*k)[1].str());
  }
  // The page's own buttons (web/posenc.js: uiText('key', ...)).
  const std::string page = read_text(std::filesystem::path(POSENC_SOURCE_DIR) / "web" / "posenc.js");
  const std::regex page_call(R"re(uiText\('([a-z_]+)')re");
  for (std::sregex_iterator m(page.begin(), page.end(), page_call), end; m != end; ++m) asked.insert((*m)[1]);
  std::set<std::string> written;
  for (const TextEntry& e : parse_text_file(read_text(src_dir() / "state" / "interface.txt"))) written.insert(e.key);
  CHECK(asked.size() > 20);
  for (const std::string& k : asked) {
    INFO("asked for, not in interface.txt: " << k);
    CHECK(written.count(k) == 1);
  }
  for (const std::string& k : written) {
    INFO("in interface.txt, asked for nowhere: " << k);
    CHECK(asked.count(k) == 1);
  }
  // and what the app shows is the file's words (English), the key only where one is missing
  set_text_language(Lang::en);
  CHECK(ui("start_tour") == "Start guided tour");
  CHECK(ui_label("play") == "Play###play");
  CHECK(ui("no_such_key") == "no_such_key");
}
