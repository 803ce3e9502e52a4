// Translations of the lesson and tour texts (README "Languages"), as data beside the English files:
// src/lessons/<id>/<id>.<lang>.txt and src/state/tour.<lang>.txt, in the text-file format
// (text_file.hpp), pair each English entry, copied exactly as it stands in the English file, with its
// translation under `tr:`:
//
//   title: Clock hands: each sin/cos pair as a hand on a dial
//   tr: Manecillas de reloj: cada par seno/coseno es una manecilla sobre una esfera
//
// The English text is the translation's id: when the English changes, the pair no longer matches it,
// and the reader sees the English again (string by string) until a translator updates the pair; the
// check (translation_report) lists such stale pairs. A catalogue joins several files, each started by
// an entry `file: <name>` (the page fetches one per language: dist/text/<lang>.txt); there the English
// of each pair is its source_id (text/source_id.hpp), which stands for it in every lookup.
#pragma once
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "text/text_file.hpp"

namespace app {

struct TranslationPair {
  std::string file;        // the English file's name: a lesson id, or "tour"
  std::string key;
  std::string english;     // as parsed from the translation file
  std::string translated;
};

// The pairs of one translation file (`file` names it) or of a catalogue (its `file:` entries name
// them). An English entry without a `tr:` after it, or a `tr:` without an English entry before it, is
// reported in `problems` (one line each) and left out.
std::vector<TranslationPair> parse_translations(std::string_view text, std::string_view file, std::vector<std::string>* problems);

// The page's catalogue of these pairs: each file after a `file: <name>` line, each pair's English as its
// source_id and its translation on one line (parse_translations reads it back to the same table).
std::string compact_catalogue(const std::vector<TranslationPair>& pairs);

// One language's translations, looked up by file, key and the English text they translate (or its
// source_id, as a compact catalogue gives it).
class TranslationTable {
 public:
  void add(const std::vector<TranslationPair>& pairs);
  // The translation of the English entry `key: english` of file `file`, or nullptr (none, or stale).
  const std::string* find(std::string_view file, std::string_view key, std::string_view english) const;
  size_t size() const { return map_.size(); }

 private:
  static std::string id(std::string_view file, std::string_view key, std::string_view english);
  std::unordered_map<std::string, std::string> map_;
};

// The placeholders ({d}, {pairs}, ...) of a text, in order, each as written with its braces.
std::vector<std::string> placeholders(std::string_view text);

// How complete a language's file is against its English file.
struct TranslationReport {
  int translatable = 0;  // English entries a reader sees (keys that are not data: see translatable_key)
  int translated = 0;    // of those, with a pair that matches the English as it is now
  std::vector<std::string> stale;     // "file key: English" of pairs whose English is no longer in the file
  std::vector<std::string> problems;  // a placeholder missing or added, a choice count that differs, the parse's
};
// (A translation keeps every placeholder of its English, save a {plural_...} ending its language does not mark.)
// Whether an English entry is prose a reader sees (lessons: not source or readme; the tour: not preset,
// source, answer, hides, check, tolerance or limit).
bool translatable_key(std::string_view file, std::string_view key);
void add_to_report(TranslationReport& r, std::string_view file, const std::vector<TextEntry>& english,
                   const std::vector<TranslationPair>& pairs);

// The pseudo-locale (lang=xx) for layout tests: every letter accented and the text padded by about a
// third, in brackets, so that a label that clips or overlaps in a longer language shows here first;
// placeholders and the choices' " | " are kept.
std::string pseudo_translation(std::string_view english);

}  // namespace app
