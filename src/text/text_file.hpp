// The plain-text format of the lesson and tour files (src/lessons/*.txt), which teachers edit:
//
//   # a comment line
//   key: a value, which may go on
//     on lines that start with blanks (joined with one space; with none where either side is a CJK
//     character, so that a Chinese value may break anywhere)
//
// Blank lines separate nothing in particular; keys may repeat (the tour has one `step:` per step).
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace app {

struct TextEntry {
  std::string key;
  std::string value;
};

std::vector<TextEntry> parse_text_file(std::string_view text);

// The text files, by name (the file name without .txt); "" for an unknown name. Those added at run time
// (add_text_files) first, then those built in (embedded_texts(): every file in the desktop app and the
// tests; in the page only each lesson's title and summary and the tour, src/platform/page_texts.cpp, as
// the page fetches the lessons' texts: README "Lessons on demand").
std::string_view embedded_text(std::string_view name);

struct EmbeddedText {
  const char* name;
  const char* text;
};
// The files built in; defined by exactly one of src/text/embedded_texts.cpp (all of them) and
// src/platform/page_texts.cpp (the page's heads), which the page's link finds first.
std::span<const EmbeddedText> embedded_texts();

// Adds text files from a catalogue: each file's lines after a `file: <name>` line (what
// cmake/embed_texts.cmake writes with -DCATALOGUE=1). A file added again replaces the earlier one.
// Returns how many files it held.
int add_text_files(std::string_view catalogue);
// Counts the calls of add_text_files that added a file: what was parsed from the texts before is stale
// when it has changed.
unsigned text_files_generation();

}  // namespace app
