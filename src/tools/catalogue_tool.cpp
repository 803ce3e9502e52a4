// The page's translation catalogue of one language (dist/text/<lang>.txt), written from the translation
// files with the parser the page reads them with (src/text/translation.hpp): each file's pairs after a
// `file: <name>` line, each English as its source_id. The build runs it (as wasm under node in the web
// build).
//   posenc_catalogue_tool OUT FILE...   FILE: src/.../<name>.<lang>.txt; a pair the parser cannot read is
//                                       named on stderr and left out (the translations' check fails on it);
//                                       two English texts of one file and key with the same id fail the build
#include <cstdio>
#include <fstream>
#include <sstream>
#include <map>
#include <string>
#include <vector>

#include "text/source_id.hpp"
#include "text/translation.hpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fputs("usage: posenc_catalogue_tool OUT FILE...\n", stderr);
    return 2;
  }
  std::vector<app::TranslationPair> pairs;
  for (int i = 2; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "posenc_catalogue_tool: cannot read %s\n", argv[i]);
      return 1;
    }
    std::ostringstream text;
    text << in.rdbuf();
    std::string name(argv[i]);
    name = name.substr(name.find_last_of('/') + 1);
    name = name.substr(0, name.find('.'));  // clock.es.txt: clock
    std::vector<std::string> problems;
    const std::vector<app::TranslationPair> file_pairs = app::parse_translations(text.str(), name, &problems);
    for (const std::string& p : problems) std::fprintf(stderr, "posenc_catalogue_tool: %s\n", p.c_str());
    pairs.insert(pairs.end(), file_pairs.begin(), file_pairs.end());
  }
  // Ids are 32 bits: make sure no two English texts that one lookup could confuse share one.
  std::map<std::string, std::string> seen;
  for (const app::TranslationPair& p : pairs) {
    const auto [it, added] = seen.emplace(p.file + " " + p.key + " " + app::source_id(p.english), p.english);
    if (!added && it->second != p.english) {
      std::fprintf(stderr, "posenc_catalogue_tool: %s %s: two English texts share the id %s\n", p.file.c_str(), p.key.c_str(),
                   app::source_id(p.english).c_str());
      return 1;
    }
  }
  const std::string out = app::compact_catalogue(pairs);
  std::FILE* f = std::fopen(argv[1], "wb");
  if (!f || std::fwrite(out.data(), 1, out.size(), f) != out.size() || std::fclose(f) != 0) {
    std::fprintf(stderr, "posenc_catalogue_tool: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
