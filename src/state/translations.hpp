// The words in the reader's language: the translation tables that have arrived (built in on the desktop,
// fetched by the page, one catalogue per language: dist/text/<lang>.txt) and the language the texts are
// shown in now. lesson_text() and the tour's words go through translate(); the app sets the language
// from the state each frame (language_in_effect). Any string without a current translation stays
// English, string by string.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "state/language.hpp"

namespace app {

// The language translate() answers in (English: the text as given).
void set_text_language(Lang l);
Lang text_language();

// Adds a catalogue of `l` (the `file:` sections of text/translation.hpp); returns its problems (empty
// when every entry paired). Adding the same language again adds to it.
std::vector<std::string> add_translations(Lang l, std::string_view catalogue);
// Whether `l` has its words here (English and xx always; a translation once its catalogue was added).
bool translations_loaded(Lang l);
// How many strings each language has (translated and current), for the benchmark and the check.
size_t translation_count(Lang l);

// `english`, the value of `key` in file `file` (a lesson id or "tour"), in the language set: its
// translation if there is a current one, the pseudo-locale's form for xx, else `english` itself; a key
// that is data, not words (translatable_key: source, preset, ...), always as written. The view is valid
// until the next add_translations().
std::string_view translate(std::string_view file, std::string_view key, std::string_view english);

}  // namespace app
