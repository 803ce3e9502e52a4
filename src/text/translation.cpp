#include "text/translation.hpp"

#include <algorithm>

#include "text/source_id.hpp"

namespace app {

std::vector<TranslationPair> parse_translations(std::string_view text, std::string_view file, std::vector<std::string>* problems) {
  std::vector<TranslationPair> out;
  std::string current(file);
  const TextEntry* english = nullptr;
  const std::vector<TextEntry> entries = parse_text_file(text);
  const auto problem = [&](const std::string& p) {
    if (problems) problems->push_back(current + ": " + p);
  };
  for (const TextEntry& e : entries) {
    if (e.key == "file") {
      if (english) problem("no tr: after " + english->key);
      current = e.value;
      english = nullptr;
    } else if (e.key == "tr") {
      if (!english) {
        problem("tr: without an English entry before it: " + e.value.substr(0, 60));
        continue;
      }
      out.push_back({current, english->key, english->value, e.value});
      english = nullptr;
    } else {
      if (english) problem("no tr: after " + english->key + ": " + english->value.substr(0, 60));
      english = &e;
    }
  }
  if (english) problem("no tr: after " + english->key + ": " + english->value.substr(0, 60));
  return out;
}

std::string TranslationTable::id(std::string_view file, std::string_view key, std::string_view english) {
  std::string k;
  k.reserve(file.size() + key.size() + 11);
  k.append(file).push_back('\x1f');
  k.append(key).push_back('\x1f');
  k.append(is_source_id(english) ? std::string(english) : source_id(english));
  return k;
}

std::string compact_catalogue(const std::vector<TranslationPair>& pairs) {
  std::string out;
  const std::string* file = nullptr;
  for (const TranslationPair& p : pairs) {
    if (!file || *file != p.file) out.append("file: ").append(p.file).append("\n");
    file = &p.file;
    out.append(p.key).append(": ").append(is_source_id(p.english) ? p.english : source_id(p.english)).append("\n");
    out.append("tr: ").append(p.translated).append("\n");
  }
  return out;
}

void TranslationTable::add(const std::vector<TranslationPair>& pairs) {
  for (const TranslationPair& p : pairs) map_[id(p.file, p.key, p.english)] = p.translated;
}

const std::string* TranslationTable::find(std::string_view file, std::string_view key, std::string_view english) const {
  const auto it = map_.find(id(file, key, english));
  return it == map_.end() ? nullptr : &it->second;
}

std::vector<std::string> placeholders(std::string_view text) {
  std::vector<std::string> out;
  for (size_t i = text.find('{'); i != std::string_view::npos; i = text.find('{', i + 1)) {
    const size_t end = text.find('}', i);
    if (end == std::string_view::npos) break;
    const std::string_view name = text.substr(i + 1, end - i - 1);
    if (!name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
          return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        }))
      out.emplace_back(text.substr(i, end - i + 1));
  }
  return out;
}

bool translatable_key(std::string_view file, std::string_view key) {
  if (file == "tour")
    return !(key == "preset" || key == "source" || key == "answer" || key == "hides" || key == "check" ||
             key == "tolerance" || key == "limit");
  return !(key == "source" || key == "readme");
}

namespace {
size_t count_of(std::string_view text, std::string_view part) {
  size_t n = 0;
  for (size_t i = text.find(part); i != std::string_view::npos; i = text.find(part, i + part.size())) ++n;
  return n;
}
}  // namespace

void add_to_report(TranslationReport& r, std::string_view file, const std::vector<TextEntry>& english,
                   const std::vector<TranslationPair>& pairs) {
  TranslationTable table;
  table.add(pairs);
  for (const TextEntry& e : english) {
    if (!translatable_key(file, e.key)) continue;
    ++r.translatable;
    const std::string* t = table.find(file, e.key, e.value);
    if (!t) continue;
    ++r.translated;
    std::vector<std::string> a = placeholders(e.value), b = placeholders(*t);
    // {plural_...} fills in an English plural ending ("s" unless one): a language that marks no plural
    // there (Chinese) leaves it out. Every other placeholder stays.
    std::erase_if(a, [&](const std::string& p) {
      return p.starts_with("{plural") && std::find(b.begin(), b.end(), p) == b.end();
    });
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b)
      r.problems.push_back(std::string(file) + " " + e.key + ": the placeholders differ from the English's (" + e.value.substr(0, 50) + ")");
    if (e.key == "choices" && count_of(e.value, " | ") != count_of(*t, " | "))
      r.problems.push_back(std::string(file) + " choices: not as many choices as the English's (" + e.value.substr(0, 50) + ")");
  }
  for (const TranslationPair& p : pairs) {
    const bool current = std::any_of(english.begin(), english.end(),
                                     [&](const TextEntry& e) { return e.key == p.key && e.value == p.english; });
    if (!current) r.stale.push_back(std::string(file) + " " + p.key + ": " + p.english.substr(0, 70));
    if (!translatable_key(file, p.key)) r.problems.push_back(std::string(file) + " " + p.key + ": not a text to translate");
  }
}

std::string pseudo_translation(std::string_view english) {
  // Latin-1 accented forms (the fonts carry them for Spanish): a e i o u n c y and their capitals.
  static constexpr const char* kFrom = "aeiouncyAEIOUNCY";
  static constexpr const char* kTo[] = {"\xC3\xA1", "\xC3\xA9", "\xC3\xAD", "\xC3\xB3", "\xC3\xBA", "\xC3\xB1", "\xC3\xA7", "\xC3\xBD",
                                        "\xC3\x81", "\xC3\x89", "\xC3\x8D", "\xC3\x93", "\xC3\x9A", "\xC3\x91", "\xC3\x87", "\xC3\x9D"};
  std::string out = "[";
  size_t letters = 0;
  for (size_t i = 0; i < english.size(); ++i) {
    const char c = english[i];
    if (c == '{') {  // a placeholder is filled in by the program: kept as written
      const size_t end = english.find('}', i);
      if (end != std::string_view::npos) {
        out.append(english.substr(i, end - i + 1));
        i = end;
        continue;
      }
    }
    const char* at = c ? std::char_traits<char>::find(kFrom, 16, c) : nullptr;
    if (at) {
      out += kTo[at - kFrom];
      ++letters;
    } else {
      out += c;
      letters += (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
  }
  // About a third longer: Spanish runs about a quarter longer than English, German more. The padding
  // is words of up to six letters, as a language's words are, so that it wraps where they would.
  for (size_t pad = std::max<size_t>(1, letters / 3); pad > 0;) {
    const size_t word = std::min<size_t>(pad, 6);
    out += ' ';
    out.append(word, '~');
    pad -= word;
  }
  out += ']';
  return out;
}

}  // namespace app
