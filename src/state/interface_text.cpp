#include "interface_text.hpp"

#include <vector>

#include "text/text_file.hpp"
#include "translations.hpp"

namespace app {

namespace {
// interface.txt, parsed again when text files arrive (the page adds texts at run time).
const std::vector<TextEntry>& entries() {
  static std::vector<TextEntry> e;
  static unsigned generation = 0;
  if (e.empty() || generation != text_files_generation()) {
    generation = text_files_generation();
    e = parse_text_file(embedded_text("interface"));
  }
  return e;
}
}  // namespace

std::string_view ui(std::string_view key) {
  for (const TextEntry& e : entries())
    if (e.key == key) return translate("interface", key, e.value);
  return key;
}

std::string ui_label(std::string_view key) {
  std::string out(ui(key));
  out.append("###").append(key);
  return out;
}

std::string_view claim_label(const ClaimSourceInfo& c) { return translate("claims", c.id, c.label); }

std::string_view claim_meaning(const ClaimSourceInfo& c) {
  // The key is built per call; translate() keeps no view of it.
  const std::string key = std::string(c.id) + "_meaning";
  return translate("claims", key, c.meaning);
}

std::string_view setting_label(const Setting& s) { return translate("settings", s.key, s.label); }

std::string_view lesson_label(const Lesson& l) { return translate("tabs", l.id, l.label); }

std::string_view chapter_title_shown(Chapter c) { return translate("chapters", chapter_id(c), chapter_title(c)); }

}  // namespace app
