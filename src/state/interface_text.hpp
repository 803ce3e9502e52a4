// The words of the controls around the lessons, from src/state/interface.txt (text as data, like the
// lessons' texts), in the reader's language (translations.hpp), and the claim tags' and the settings'
// words from their tables, translated the same way. A key missing from interface.txt shows as the key
// itself (tests/views/test_translations.cpp checks that every key the code asks for is there).
#pragma once
#include <string>
#include <string_view>

#include "claims.hpp"
#include "settings.hpp"

namespace app {

// The words of `key` (interface.txt) in the language set; valid until the texts or translations change.
std::string_view ui(std::string_view key);
// The same as a Dear ImGui label whose id stays the key's in every language ("Jugar###play"), so that a
// change of language keeps the widget's state.
std::string ui_label(std::string_view key);

// A claim tag's words and its tooltip's (the file "claims": keys <id> and <id>_meaning).
std::string_view claim_label(const ClaimSourceInfo& c);
std::string_view claim_meaning(const ClaimSourceInfo& c);

// A setting's label (the file "settings": its URL key).
std::string_view setting_label(const Setting& s);

// A lesson's tab name (the file "tabs": its view id) and a chapter's title (the file "chapters": its id).
std::string_view lesson_label(const Lesson& l);
std::string_view chapter_title_shown(Chapter c);

}  // namespace app
