#include "state/translations.hpp"

#include <array>
#include <deque>
#include <unordered_map>

#include "text/translation.hpp"

#ifdef POSENC_EMBED_TRANSLATIONS
#include "translation_texts.hpp"  // generated (cmake/embed_texts.cmake): every <name>.<lang>.txt, native builds only
#endif

namespace app {

namespace {
struct Store {
  Lang current = Lang::en;
  std::array<TranslationTable, kLanguageCount> tables;
  std::array<bool, kLanguageCount> loaded{};
  std::unordered_map<std::string, std::string> pseudo;   // xx's forms, made once per English text
  Store() {
    // English and the pseudo-locale need no catalogue.
    loaded[static_cast<size_t>(Lang::en)] = loaded[static_cast<size_t>(Lang::xx)] = true;
#ifdef POSENC_EMBED_TRANSLATIONS
    // On the desktop every translation is built in: name "<file>.<lang>".
    for (const EmbeddedText& t : kTranslationTexts) {
      const std::string_view name = t.name;
      const size_t dot = name.find('.');
      for (const LanguageInfo& l : languages())
        if (dot != std::string_view::npos && name.substr(dot + 1) == l.id) {
          tables[static_cast<size_t>(l.lang)].add(parse_translations(t.text, name.substr(0, dot), nullptr));
          loaded[static_cast<size_t>(l.lang)] = true;
        }
    }
#endif
  }
};
Store& store() {
  static Store s;
  return s;
}
}  // namespace

void set_text_language(Lang l) {
  store().current = l;
  set_number_style(language_info(l).numbers);
}
Lang text_language() { return store().current; }

std::vector<std::string> add_translations(Lang l, std::string_view catalogue) {
  std::vector<std::string> problems;
  Store& s = store();
  s.tables[static_cast<size_t>(l)].add(parse_translations(catalogue, "", &problems));
  s.loaded[static_cast<size_t>(l)] = true;
  return problems;
}

bool translations_loaded(Lang l) { return store().loaded[static_cast<size_t>(l)]; }
size_t translation_count(Lang l) { return store().tables[static_cast<size_t>(l)].size(); }

std::string_view translate(std::string_view file, std::string_view key, std::string_view english) {
  Store& s = store();
  if (s.current == Lang::en || english.empty() || !translatable_key(file, key)) return english;  // data stays as written
  if (s.current == Lang::xx) {
    const std::string k(english);
    auto it = s.pseudo.find(k);
    if (it == s.pseudo.end()) it = s.pseudo.emplace(k, pseudo_translation(english)).first;
    return it->second;
  }
  const std::string* t = s.tables[static_cast<size_t>(s.current)].find(file, key, english);
  return t ? std::string_view(*t) : english;
}

}  // namespace app
