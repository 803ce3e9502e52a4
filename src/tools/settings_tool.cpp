// The settings table for the Python package (src/python), from the same C++ that validates the page's
// state, so the package keeps no copy of a key, a limit or a default. The build runs it (as wasm under
// node in the web build) to write what PosEnc.schema() returns.
//   posenc_settings_tool schema OUT.json   writes app::settings_json() to OUT.json
//   posenc_settings_tool check             for each line of stdin (a query string), prints one JSON
//                                          line {"rejected": [...], "state": {...}}: the query applied
//                                          to the default state through app::apply_query, the path the
//                                          page's URL takes (tests/python compare the package with it)
#include <cstdio>
#include <iostream>
#include <string>

#include "state/settings.hpp"
#include "state/state_io.hpp"

namespace {

int usage() {
  std::fputs("usage: posenc_settings_tool schema OUT.json | posenc_settings_tool check < queries\n", stderr);
  return 2;
}

int write_schema(const char* path) {
  const std::string json = app::settings_json() + "\n";
  std::FILE* f = std::fopen(path, "wb");
  if (!f) {
    std::fprintf(stderr, "posenc_settings_tool: cannot write %s\n", path);
    return 1;
  }
  const bool ok = std::fwrite(json.data(), 1, json.size(), f) == json.size();
  return std::fclose(f) == 0 && ok ? 0 : 1;
}

int check_queries() {
  std::string line;
  while (std::getline(std::cin, line)) {
    app::State s;
    app::PageKeys page;
    const auto rejected = app::apply_query(s, line, &page);
    std::string out = "{\"rejected\":";
    out += app::rejections_to_json(rejected);
    out += ",\"state\":";
    out += app::to_json(s);
    out += "}\n";
    std::fputs(out.c_str(), stdout);
  }
  return std::fflush(stdout) == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "schema") return write_schema(argv[2]);
  if (argc == 2 && std::string(argv[1]) == "check") return check_queries();
  return usage();
}
