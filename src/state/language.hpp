// The languages the module's words come in (README "Languages"): English, whose texts are the sources
// (src/lessons/<id>/<id>.txt, src/state/tour.txt), and the translations beside them
// (<name>.<lang>.txt, text/translation.hpp), plus the pseudo-locale `xx` for layout tests. The setting
// `lang` is one of these ids or `auto`, which follows the browser's languages (navigator.languages, kept
// in the state as State::browser_lang, not a setting).
//
// Which words are translated so far: the lessons' and the tour's texts. The rest of the interface
// (buttons, the sidebar, describe()'s own sentences) is still English in every language.
#pragma once
#include <cstddef>
#include <span>
#include <string_view>

namespace app {

enum class Lang : int { en, es, zh_CN, xx };
inline constexpr size_t kLanguageCount = 4;  // languages() has one row per Lang, in its order

struct LanguageInfo {
  Lang lang;
  const char* id;    // as in the URL and in a translation file's name: en, es, zh-CN, xx
  const char* name;  // in the language itself
  // Whether the fonts carry its glyphs: a language without them is not shown (its words would be
  // boxes), and the reader sees English instead.
  bool glyphs;
};

std::span<const LanguageInfo> languages();
const LanguageInfo& language_info(Lang l);

// The choices of the `lang` setting: "auto", then the languages' ids (index = stored value; 0 = auto,
// i + 1 = languages()[i]).
std::span<const char* const> lang_setting_names();

// The first of the browser's languages (BCP 47 tags, best first) that the module has, by its id or, for
// a tag such as es-MX or zh-Hans-CN, by its language; English if none. xx is never chosen this way.
Lang browser_language(std::span<const std::string_view> tags);

}  // namespace app
