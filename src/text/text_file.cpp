#include "text/text_file.hpp"

#include "lesson_texts.hpp"  // generated at build time from src/lessons/*.txt (cmake/embed_texts.cmake)

namespace app {

std::vector<TextEntry> parse_text_file(std::string_view text) {
  std::vector<TextEntry> out;
  const auto trim = [](std::string_view t) {
    while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\r')) t.remove_suffix(1);
    return t;
  };
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    const bool continued = !line.empty() && (line.front() == ' ' || line.front() == '\t');
    line = trim(line);
    if (line.empty() || line.front() == '#') continue;
    if (continued && !out.empty()) {
      out.back().value += std::string(out.back().value.empty() ? "" : " ") + std::string(line);
      continue;
    }
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;  // not "key: value": ignored
    out.push_back({std::string(trim(line.substr(0, colon))), std::string(trim(line.substr(colon + 1)))});
  }
  return out;
}

std::string_view embedded_text(std::string_view name) {
  for (const EmbeddedText& t : kLessonTexts)
    if (name == t.name) return t.text;
  return {};
}

}  // namespace app
