// Chinese's font in the atlas while it lives, as the page has it once fetched (the build's subset,
// POSENC_FONT_DIR/font_zh-CN.ttf): the view tests that draw in zh-CN hold one.
#pragma once
#include <filesystem>
#include <fstream>
#include <iterator>

#include "catch2_any.hpp"
#include "state/language.hpp"
#include "ui/language_font.hpp"

struct ChineseFont {
  ChineseFont() {
    std::ifstream file(std::filesystem::path(POSENC_FONT_DIR) / "font_zh-CN.ttf", std::ios::binary);
    REQUIRE(app::add_language_font(app::Lang::zh_CN, {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()}) == "");
  }
  ~ChineseFont() { app::drop_language_font(app::Lang::zh_CN); }
  ChineseFont(const ChineseFont&) = delete;
  ChineseFont& operator=(const ChineseFont&) = delete;
};
