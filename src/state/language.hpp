// The languages the module's words come in (README "Languages"): English, whose texts are the sources
// (src/lessons/<id>/<id>.txt, src/state/tour.txt), and the translations beside them
// (<name>.<lang>.txt, text/translation.hpp), plus the pseudo-locale `xx` for layout tests. The setting
// `lang` is one of these ids or `auto`, which follows the browser's languages (navigator.languages, kept
// in the state as State::browser_lang, not a setting).
//
#pragma once
#include <cstddef>
#include <span>
#include <string_view>

#include "text/number_style.hpp"

namespace app {

enum class Lang : int { en, es, zh_CN, xx };
inline constexpr size_t kLanguageCount = 4;  // languages() has one row per Lang, in its order

struct LanguageInfo {
  Lang lang;
  const char* id;    // as in the URL and in a translation file's name: en, es, zh-CN, xx
  const char* name;  // in the language itself
  // Whether its script needs a font of its own (zh-CN: a CJK subset the page fetches only for it,
  // CMakeLists.txt POSENC_LANGUAGE_FONTS). Until that font is here the language is not shown (its
  // words would be boxes), and the reader sees English instead.
  bool own_font;
  // How its readers write numbers (CLDR's marks and minimum grouping): what every number shown to a
  // person follows while the language is set (translations.hpp set_text_language).
  NumberStyle numbers;
};

// Whether the fonts carry a language's glyphs now: always for a language of the embedded fonts; for one
// with its own font, once set_language_font_here() said so (ui/language_font.hpp, when the font came).
bool language_glyphs(Lang l);
void set_language_font_here(Lang l, bool here);

std::span<const LanguageInfo> languages();
const LanguageInfo& language_info(Lang l);

// The choices of the `lang` setting: "auto", then the languages' ids (index = stored value; 0 = auto,
// i + 1 = languages()[i]).
std::span<const char* const> lang_setting_names();

// The first of the browser's languages (BCP 47 tags, best first) that the module has, by its id or, for
// a tag such as es-MX or zh-Hans-CN, by its language; English if none. xx is never chosen this way.
Lang browser_language(std::span<const std::string_view> tags);

}  // namespace app
