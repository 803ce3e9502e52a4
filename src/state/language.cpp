#include "state/language.hpp"

#include <array>

namespace app {

namespace {
// Spanish marks (CLDR es): a decimal comma, points between threes, four-digit numbers ungrouped, and a
// semicolon between the numbers of a list.
constexpr NumberStyle kCommaDecimal{',', '.', 5, "; "};
// zh-CN waits for its font (a subset of a CJK font fetched only when it is used): until then its
// translations are checked but not shown.
constexpr std::array<LanguageInfo, kLanguageCount> kLanguages{{
    {Lang::en, "en", "English", false, kPlainNumbers},                          // 139.05, 1,000, 60,611
    {Lang::es, "es", "Espa\xC3\xB1ol", false, kCommaDecimal},                    // 139,05, 1000, 60.611
    {Lang::zh_CN, "zh-CN", "\xE4\xB8\xAD\xE6\x96\x87", true, kPlainNumbers},  // 中文, drawn once its font is here
    // The pseudo-locale writes numbers as Spanish does, so a layout test sees the longer, other-marked form.
    {Lang::xx, "xx", "[\xC3\x8Dx\xC3\xA1mpl\xC3\xA9 ~~]", false, kCommaDecimal},
}};
std::array<bool, kLanguageCount> g_font_here{};
constexpr std::array<const char*, kLanguageCount + 1> kSettingNames{{"auto", "en", "es", "zh-CN", "xx"}};

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
bool same_tag(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i]) && !((a[i] == '_' || a[i] == '-') && (b[i] == '_' || b[i] == '-'))) return false;
  return true;
}
std::string_view primary(std::string_view tag) { return tag.substr(0, tag.find_first_of("-_")); }
}  // namespace

std::span<const LanguageInfo> languages() { return kLanguages; }
bool language_glyphs(Lang l) { return !language_info(l).own_font || g_font_here[static_cast<size_t>(l)]; }
void set_language_font_here(Lang l, bool here) { g_font_here[static_cast<size_t>(l)] = here; }
const LanguageInfo& language_info(Lang l) { return kLanguages[static_cast<size_t>(l)]; }
std::span<const char* const> lang_setting_names() { return kSettingNames; }

Lang browser_language(std::span<const std::string_view> tags) {
  for (std::string_view tag : tags) {
    for (const LanguageInfo& l : kLanguages)
      if (l.lang != Lang::xx && same_tag(tag, l.id)) return l.lang;
    // A regional or script variant: its language (es-MX -> es; zh, zh-Hans, zh-SG -> zh-CN's Chinese).
    for (const LanguageInfo& l : kLanguages)
      if (l.lang != Lang::xx && same_tag(primary(tag), primary(l.id))) return l.lang;
  }
  return Lang::en;
}

}  // namespace app
