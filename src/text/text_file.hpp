// The plain-text format of the lesson and tour files (src/lessons/*.txt), which teachers edit:
//
//   # a comment line
//   key: a value, which may go on
//     on lines that start with blanks (joined with one space; with none where either side is a CJK
//     character, so that a Chinese value may break anywhere)
//
// Blank lines separate nothing in particular; keys may repeat (the tour has one `step:` per step).
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace app {

struct TextEntry {
  std::string key;
  std::string value;
};

std::vector<TextEntry> parse_text_file(std::string_view text);

// The embedded text files, by name (the file name without .txt); "" for an unknown name.
std::string_view embedded_text(std::string_view name);

}  // namespace app
