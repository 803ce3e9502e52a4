// A language's own font (src/ui/language_font.hpp): zh-CN is shown only once its font is in the atlas,
// merged behind DejaVu (whose Latin glyphs it must not replace), and a file that is not a usable
// TrueType font is refused with a reason while the words stay English.
#include "catch2_any.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "headless.hpp"
#include "state/interface_text.hpp"
#include "state/state.hpp"
#include "ui/language_font.hpp"

namespace {
std::vector<unsigned char> build_font() {
  std::ifstream f(std::filesystem::path(POSENC_FONT_DIR) / "font_zh-CN.ttf", std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}
constexpr ImWchar kBian = 0x7F16;  // 编, of 位置编码 (positional encoding)

// Leaves the process as it found it: no language font.
struct DropAfter {
  ~DropAfter() {
    if (!app::language_font(app::Lang::zh_CN).empty()) app::drop_language_font(app::Lang::zh_CN);
  }
};
}  // namespace

TEST_CASE("zh-CN shows English until its font is here, then Chinese from the merged atlas") {
  DropAfter drop;
  Headless h;
  h.app.state.lang = static_cast<int>(app::Lang::zh_CN) + 1;  // lang=zh-CN (0 is auto)
  h.frames(2);
  REQUIRE(app::language_font(app::Lang::zh_CN).empty());
  CHECK(app::ui("start_tour") == "Start guided tour");
  CHECK(app::language_asked(h.app.state) == app::Lang::zh_CN);
  CHECK(app::language_in_effect(h.app.state) == app::Lang::en);  // boxes never: English meanwhile
  CHECK(h.app.fonts.body->FindGlyphNoFallback(kBian) == nullptr);
  const float latin_advance = h.app.fonts.body->FindGlyphNoFallback('A')->AdvanceX;
  const float theta_advance = h.app.fonts.body->FindGlyphNoFallback(0x3B8)->AdvanceX;

  const std::vector<unsigned char> font = build_font();
  REQUIRE(font.size() > 10000);
  REQUIRE(app::add_language_font(app::Lang::zh_CN, font) == "");
  h.frames(2);
  CHECK(app::language_in_effect(h.app.state) == app::Lang::zh_CN);
  for (ImFont* f : {h.app.fonts.body, h.app.fonts.mono, h.app.fonts.title}) CHECK(f->FindGlyphNoFallback(kBian) != nullptr);
  // DejaVu keeps its own glyphs: the same advances as before the merge.
  CHECK(h.app.fonts.body->FindGlyphNoFallback('A')->AdvanceX == latin_advance);
  CHECK(h.app.fonts.body->FindGlyphNoFallback(0x3B8)->AdvanceX == theta_advance);
  // The words are the translation's: the tour's button, for one.
  CHECK(app::ui("start_tour") == "开始导览");

  app::drop_language_font(app::Lang::zh_CN);
  h.frames(2);
  CHECK(app::language_in_effect(h.app.state) == app::Lang::en);
  CHECK(h.app.fonts.body->FindGlyphNoFallback(kBian) == nullptr);
}

TEST_CASE("a file that is not a usable TrueType font is refused with its reason, and nothing changes") {
  DropAfter drop;
  const std::vector<unsigned char> font = build_font();
  REQUIRE(font.size() > 10000);
  const int generation = app::language_fonts_generation();
  const auto refused = [&](std::vector<unsigned char> bytes, std::string_view says) {
    const std::string why = app::add_language_font(app::Lang::zh_CN, std::move(bytes));
    INFO(why);
    CHECK(why.find(says) != std::string::npos);
    CHECK(app::language_font(app::Lang::zh_CN).empty());
    CHECK_FALSE(app::language_glyphs(app::Lang::zh_CN));
    CHECK(app::language_fonts_generation() == generation);
  };
  refused({}, "empty");
  const std::string html = "<!doctype html><title>404 Not Found</title>";  // what a misconfigured server sends
  refused(std::vector<unsigned char>(html.begin(), html.end()), "not a TrueType font");
  refused(std::vector<unsigned char>(font.begin(), font.begin() + static_cast<long>(font.size() / 2)), "runs past");
  std::vector<unsigned char> many = font;
  many[4] = 0x7F;  // a table directory longer than the file
  refused(many, "past the file's end");
  // A language of the embedded fonts takes no font of its own.
  CHECK_FALSE(app::add_language_font(app::Lang::es, font).empty());
}
