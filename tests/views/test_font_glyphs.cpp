// The embedded font subset (CMakeLists.txt FONT_UNICODES, src/ui/style.cpp kGlyphRanges) against the
// text the app draws: after every lesson has been drawn with the app's own fonts, each character of
// the lesson and tour words (src/lessons/*.txt, as embedded and as on disk) and of every string literal
// in the app, state and core sources (comments left out) must have a glyph of its own in the body, mono
// and title fonts. A character outside the subset would be drawn as ImGui's fallback '?', silently.
// The translations are checked too, each with its language's own font merged in (zh-CN's CJK subset,
// ui/language_font.hpp) as the page merges it.
#include "catch2_any.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

#include "shell/app.hpp"
#include "state/language.hpp"
#include "headless.hpp"
#include "imgui.h"
#include "state/lessons.hpp"
#include "text/text_file.hpp"
#include "ui/language_font.hpp"

namespace {

// Code points of UTF-8 text as the app draws it; control characters (newlines, tabs) have no glyph.
std::set<unsigned> code_points(std::string_view s) {
  std::set<unsigned> out;
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const int n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 1;
    unsigned cp = n == 1 ? b : n == 2 ? (b & 0x1Fu) : n == 3 ? (b & 0x0Fu) : (b & 0x07u);
    for (int k = 1; k < n && i + static_cast<size_t>(k) < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<size_t>(k)]) & 0x3Fu);
    if (cp == 0xA0) cp = ' ';  // a no-break space is drawn as a space (src/ui/text_layout.hpp)
    if (cp >= 0x20 && cp != 0x7F) out.insert(cp);
    i += static_cast<size_t>(n);
  }
  return out;
}

int hex_digit(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

// The contents of the string literals of a C++ source ("...", u8"...", R"d(...)d"), with escapes
// decoded to bytes; comments and character literals are skipped.
std::string string_literals(const std::string& src) {
  std::string out;
  size_t i = 0;
  while (i < src.size()) {
    if (src.compare(i, 2, "//") == 0) {
      i = src.find('\n', i);
      if (i == std::string::npos) break;
    } else if (src.compare(i, 2, "/*") == 0) {
      i = src.find("*/", i + 2);
      if (i == std::string::npos) break;
      i += 2;
    } else if (src[i] == '\'') {  // a character literal ('"', '\'') or a digit separator (1'000)
      const size_t end = src.find('\'', i + 1 + (i + 1 < src.size() && src[i + 1] == '\\' ? 2 : 0));
      i = (end == std::string::npos || end - i > 8) ? i + 1 : end + 1;
    } else if (src[i] == 'R' && i + 1 < src.size() && src[i + 1] == '"') {
      const size_t open = src.find('(', i + 2);
      const std::string close = ")" + src.substr(i + 2, open - i - 2) + "\"";
      const size_t end = src.find(close, open);
      out.append(src, open + 1, end - open - 1).push_back('\n');
      i = end + close.size();
    } else if (src[i] == '"') {
      for (++i; i < src.size() && src[i] != '"'; ++i) {
        if (src[i] != '\\') {
          out.push_back(src[i]);
          continue;
        }
        const char e = src[++i];
        if (e == 'x') {
          unsigned v = 0;
          for (int d; i + 1 < src.size() && (d = hex_digit(src[i + 1])) >= 0; ++i) v = v * 16 + static_cast<unsigned>(d);
          out.push_back(static_cast<char>(v));
        } else if (e >= '0' && e <= '7') {
          unsigned v = static_cast<unsigned>(e - '0');
          for (int k = 0; k < 2 && i + 1 < src.size() && src[i + 1] >= '0' && src[i + 1] <= '7'; ++k)
            v = v * 8 + static_cast<unsigned>(src[++i] - '0');
          out.push_back(static_cast<char>(v));
        } else if (e == '"' || e == '\\' || e == '\'' || e == '?') {
          out.push_back(e);
        }  // \n, \t, ...: control characters, not glyphs
      }
      ++i;
      out.push_back('\n');
    } else {
      ++i;
    }
  }
  return out;
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string utf8(unsigned cp) {
  std::string s;
  if (cp < 0x80) {
    s.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    s.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    s.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    s.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    s.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
  return s;
}

}  // namespace

TEST_CASE("the string literal scanner finds text in strings only") {
  const std::string src = "// θ in a comment\nconst char* a = \"π = 3\"; /* ω */ char c = '\"'; auto r = R\"x(Δ)\")x\";\n"
                          "const char* e = \"\\xce\\xb8 \\\"q\\\"\"; int n = 1'000; const char* f = \"√\";";
  const std::set<unsigned> cps = code_points(string_literals(src));
  CHECK(cps.count(0x3C0));   // π
  CHECK(cps.count(0x394));   // Δ (raw string)
  CHECK(cps.count(0x3B8));   // θ as \xce\xb8
  CHECK(cps.count(0x221A));  // √ after a digit separator
  CHECK(cps.count('"'));
  CHECK_FALSE(cps.count(0x3C9));  // ω is in a comment
  CHECK(code_points("a\n\tb") == std::set<unsigned>{'a', 'b'});
}

TEST_CASE("every character the lessons and the UI draw has its own glyph in the embedded font subset") {
  // The languages' own fonts as the page adds them when that language is in use (ui/language_font.hpp),
  // from the build's subsets: their translations are checked against the atlas built with them.
  for (const app::LanguageInfo& l : app::languages())
    if (l.own_font) {
      const std::string font = read_file(std::filesystem::path(POSENC_FONT_DIR) / ("font_" + std::string(l.id) + ".ttf"));
      INFO("the build's font for " << l.id);
      REQUIRE(app::add_language_font(l.lang, std::vector<unsigned char>(font.begin(), font.end())) == "");
    }
  Headless h;
  // Draw every lesson, so the fonts checked are the ones the app built and drew with.
  for (const app::Lesson& l : app::lessons()) {
    h.app.state.view = l.view;
    h.frames(2);
  }
  const app::Fonts& fonts = h.app.fonts;
  REQUIRE(fonts.body != nullptr);
  REQUIRE(fonts.mono != nullptr);
  REQUIRE(fonts.title != nullptr);

  // Where each character is used, for the failure message.
  std::map<unsigned, std::string> used;
  const auto note = [&](std::string_view text, const std::string& where) {
    for (unsigned cp : code_points(text)) used.emplace(cp, where);
  };
  const std::filesystem::path root = POSENC_SOURCE_DIR;
  for (const app::Lesson& l : app::lessons()) note(app::embedded_text(l.id), "embedded text of " + std::string(l.id));
  note(app::embedded_text("tour"), "embedded tour text");
  size_t files = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root / "src")) {
    if (e.path().extension() != ".txt") continue;
    // Every language's texts (clock.txt, clock.es.txt, tour.zh-CN.txt): with their own fonts added above,
    // the fonts carry them all.
    note(read_file(e.path()), e.path().filename().string());
    ++files;
  }
  for (const char* dir : {"src/shell", "src/ui", "src/export", "src/lessons", "src/text", "src/state", "src/core", "src/platform"})
    for (const auto& e : std::filesystem::recursive_directory_iterator(root / dir)) {
      if (e.path().extension() != ".cpp" && e.path().extension() != ".hpp") continue;
      note(string_literals(read_file(e.path())), std::string(dir) + "/" + e.path().filename().string());
      ++files;
    }
  REQUIRE(files > 40);
  REQUIRE(used.count(0x3B8));   // θ: the clock's angle, drawn by several lessons
  REQUIRE(used.count(0x7F16));  // 编, of 位置编码: the Chinese texts are among those checked

  for (const auto& [cp, where] : used) {
    INFO("U+" << std::hex << std::uppercase << cp << " '" << utf8(cp) << "' (first in " << where
              << ") has no glyph: add it to FONT_UNICODES in CMakeLists.txt and kGlyphRanges in src/ui/style.cpp, "
              << "or for a translation, check that its language's font (POSENC_LANGUAGE_FONTS) has the character");
    CHECK(fonts.body->FindGlyphNoFallback(static_cast<ImWchar>(cp)) != nullptr);
    CHECK(fonts.mono->FindGlyphNoFallback(static_cast<ImWchar>(cp)) != nullptr);
    CHECK(fonts.title->FindGlyphNoFallback(static_cast<ImWchar>(cp)) != nullptr);
  }
}
