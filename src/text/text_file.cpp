#include "text/text_file.hpp"

#include <map>

namespace app {

namespace {
// A code point in the CJK blocks (U+2E80 up to U+9FFF, and the fullwidth forms U+FF00..U+FFEF): its
// UTF-8 lead byte is E2 BA.. to E9, or EF BC..EF BF.
bool cjk_at(std::string_view t, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(t[k]); };
  if (i + 2 >= t.size()) return false;
  const unsigned c = ((b(i) & 0x0Fu) << 12) | ((b(i + 1) & 0x3Fu) << 6) | (b(i + 2) & 0x3Fu);
  return (b(i) & 0xF0u) == 0xE0u && ((c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xFF00 && c <= 0xFFEF));
}
bool starts_cjk(std::string_view t) { return cjk_at(t, 0); }
bool ends_cjk(std::string_view t) { return t.size() >= 3 && cjk_at(t, t.size() - 3); }
}  // namespace

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
      std::string& v = out.back().value;
      // One space between the lines, none where either side is CJK (a Chinese line breaks between
      // characters, and a space there would show).
      if (!v.empty() && !(ends_cjk(v) || starts_cjk(line))) v += ' ';
      v += line;
      continue;
    }
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;  // not "key: value": ignored
    out.push_back({std::string(trim(line.substr(0, colon))), std::string(trim(line.substr(colon + 1)))});
  }
  return out;
}

namespace {
struct AddedTexts {
  std::map<std::string, std::string, std::less<>> files;
  unsigned generation = 0;
};
AddedTexts& added() {
  static AddedTexts a;
  return a;
}
}  // namespace

std::string_view embedded_text(std::string_view name) {
  const AddedTexts& a = added();
  if (const auto it = a.files.find(name); it != a.files.end()) return it->second;
  for (const EmbeddedText& t : embedded_texts())
    if (name == t.name) return t.text;
  return {};
}

int add_text_files(std::string_view catalogue) {
  AddedTexts& a = added();
  std::string* current = nullptr;
  int count = 0;
  while (!catalogue.empty()) {
    const size_t nl = catalogue.find('\n');
    const std::string_view line = catalogue.substr(0, nl);
    catalogue = nl == std::string_view::npos ? std::string_view{} : catalogue.substr(nl + 1);
    if (line.substr(0, 5) == "file:") {
      std::string_view name = line.substr(5);
      while (!name.empty() && (name.front() == ' ' || name.front() == '\t')) name.remove_prefix(1);
      while (!name.empty() && (name.back() == ' ' || name.back() == '\t' || name.back() == '\r')) name.remove_suffix(1);
      current = &a.files[std::string(name)];
      current->clear();
      ++count;
      continue;
    }
    if (current) current->append(line).append("\n");  // lines before the first `file:` belong to none
  }
  if (count > 0) ++a.generation;
  return count;
}

unsigned text_files_generation() { return added().generation; }

}  // namespace app
