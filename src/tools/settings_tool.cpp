// What the settings table and the lesson registry generate, from the same C++ that validates the page's
// state, so nothing downstream keeps a copy of a key, a limit, a default or a view id. The build runs it
// (as wasm under node in the web build).
//   posenc_settings_tool schema OUT.json        app::settings_json() (PosEnc.schema()) for the Python package
//   posenc_settings_tool check                  for each line of stdin (a query string), prints one JSON
//                                               line {"rejected": [...], "state": {...}}: the query applied
//                                               to the default state through app::apply_query, the path the
//                                               page's URL takes (tests/python compare the package with it)
//   posenc_settings_tool dts TEMPLATE OUT       the embed's TypeScript types: TEMPLATE (web/posenc-embed.d.ts.in)
//                                               with its "// @generated ViewId", "// @generated PosEncState"
//                                               and "// @generated AnimateKey"
//                                               lines replaced by the registry's ids and the table's keys
//   posenc_settings_tool readme-settings        the README's settings table (markdown) on stdout
//   posenc_settings_tool readme-views           the README's views table on stdout
//   posenc_settings_tool chapters               the registry's chapters as JSON on stdout, one SCO each in the
//                                               SCORM package (scripts/make_scorm.py): [{"chapter", "title",
//                                               "views": "id,id", "step": the first tour step on them (0: none)}]
//   posenc_settings_tool readme README.md [--check]
//                                               rewrites the README's generated sections (between their
//                                               marker comments) in place where they differ; --check only
//                                               says whether they differ (exit 1), writing nothing
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

#include "state/animation.hpp"
#include "state/lessons.hpp"
#include "state/settings.hpp"
#include "state/state.hpp"
#include "state/state_io.hpp"
#include "state/tour.hpp"
#include "text/format.hpp"

namespace {

int usage() {
  std::fputs(
      "usage: posenc_settings_tool schema OUT.json | check < queries | dts TEMPLATE OUT | readme-settings |\n"
      "       readme-views | chapters | readme README.md [--check]\n",
      stderr);
  return 2;
}

bool read_file(const char* path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

int write_file(const char* path, const std::string& text) {
  std::FILE* f = std::fopen(path, "wb");
  if (!f) {
    std::fprintf(stderr, "posenc_settings_tool: cannot write %s\n", path);
    return 1;
  }
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
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

// ---- the README's tables ----

std::string settings_table() {
  std::string out = "| key | meaning | allowed | default |\n| --- | --- | --- | --- |\n";
  for (const app::Setting& r : app::settings()) {
    out.append("| `").append(r.key).append("` | ").append(r.meaning).append(" | ").append(app::allowed_text(r.field));
    out.append(" | ").append(app::default_text(r.field)).append(" |\n");
  }
  return out;
}

std::string views_table() {
  std::string out = "| id | lesson |\n| --- | --- |\n";
  for (const app::Lesson& l : app::lessons()) {
    const std::string_view about = app::lesson_text(l.view, "readme");
    out.append("| `").append(l.id).append("` | ").append(about.empty() ? l.summary : about).append(" |\n");
  }
  return out;
}

// What animate moves (animatable(), the settings table's number rows): the .d.ts's AnimateKey and the
// README's list, so neither names a key by hand.
std::string animate_key_type() {
  return "export type AnimateKey = '" + app::animatable_keys("' | '") + "';\n";
}
std::string animate_keys_text() {
  return "`animate` moves these settings (the settings table's number rows): `" + app::animatable_keys("`, `") + "`.\n";
}

struct Section {
  const char* name;  // the marker comments: <!-- generated: NAME --> ... <!-- end generated: NAME -->
  std::string (*make)();
};
constexpr Section kSections[] = {{"views", views_table}, {"settings", settings_table}, {"animate-keys", animate_keys_text}};

// The README with each generated section replaced; false (with the reason) when a marker is missing.
bool regenerate(std::string& text, std::string& why) {
  for (const Section& s : kSections) {
    const std::string begin = std::string("<!-- generated: ").append(s.name).append(" (posenc_settings_tool readme");
    const std::string end = std::string("<!-- end generated: ").append(s.name).append(" -->");
    const size_t b = text.find(begin);
    const size_t e = text.find(end);
    if (b == std::string::npos || e == std::string::npos || e < b) {
      why = std::string("no generated section \"").append(s.name).append("\" (its marker comments)");
      return false;
    }
    const size_t body = text.find('\n', b);
    if (body == std::string::npos || body > e) {
      why = std::string("the section \"").append(s.name).append("\" has no line after its first marker");
      return false;
    }
    text.replace(body + 1, e - body - 1, std::string("\n").append(s.make()).append("\n"));  // blank lines: markdown sees a table
  }
  return true;
}

int readme(const char* path, bool check) {
  std::string text, why;
  if (!read_file(path, text)) {
    std::fprintf(stderr, "posenc_settings_tool: cannot read %s\n", path);
    return 1;
  }
  std::string next = text;
  if (!regenerate(next, why)) {
    std::fprintf(stderr, "posenc_settings_tool: %s: %s\n", path, why.c_str());
    return 1;
  }
  if (next == text) return 0;
  if (check) {
    std::fprintf(stderr, "posenc_settings_tool: %s: the generated tables differ from the settings table and the registry\n", path);
    return 1;
  }
  std::fprintf(stderr, "posenc_settings_tool: %s: generated tables updated\n", path);
  return write_file(path, next);
}

// ---- the TypeScript types ----

std::string view_id_type() {
  // Lines of at most 100 characters: "  | 'clock' | 'order' ...".
  std::string out = "export type ViewId =\n";
  size_t width = 0;
  for (const char* id : app::view_ids()) {
    const size_t part = std::string_view(id).size() + 5;  // " | 'id'"
    if (width > 0 && width + part > 100) {
      out.push_back('\n');
      width = 0;
    }
    if (width == 0) {
      out.push_back(' ');
      width = 1;
    }
    out.append(" | '").append(id).push_back('\'');
    width += part;
  }
  out.append(";\n");
  return out;
}

std::string state_interface() {
  std::string out = "export interface PosEncState {\n";
  for (const app::Setting& r : app::settings()) {
    std::string type;
    if (r.field == app::Field::view) {
      type = "ViewId";
    } else if (r.kind == app::Kind::boolean) {
      type = "boolean";
    } else if (r.kind == app::Kind::choice) {
      for (const char* name : r.choices) type.append(type.empty() ? "'" : " | '").append(name).append("'");
    } else if (r.kind == app::Kind::list) {
      type = "string";  // names separated by commas, or 'all' / 'none': the figure checks each name
    } else {
      type = "number";
    }
    const std::string allowed = r.field == app::Field::view ? "a ViewId" : app::allowed_text(r.field);
    out.append("  /** ").append(r.meaning).append(" (").append(allowed).append("; default ");
    out.append(app::default_text(r.field)).append(") */\n  ").append(r.key).append(": ").append(type).append(";\n");
  }
  return out.append("}\n");
}

int write_dts(const char* templ, const char* path) {
  std::string text;
  if (!read_file(templ, text)) {
    std::fprintf(stderr, "posenc_settings_tool: cannot read %s\n", templ);
    return 1;
  }
  struct Part {
    std::string_view marker;
    std::string (*make)();
  };
  for (const Part& p : {Part{"// @generated ViewId\n", view_id_type}, Part{"// @generated PosEncState\n", state_interface},
                        Part{"// @generated AnimateKey\n", animate_key_type}}) {
    const std::string_view marker = p.marker;
    const size_t at = text.find(marker);
    if (at == std::string::npos) {
      std::fprintf(stderr, "posenc_settings_tool: %s has no line \"%.*s\"\n", templ, static_cast<int>(marker.size() - 1), marker.data());
      return 1;
    }
    text.replace(at, marker.size(), p.make());
  }
  return write_file(path, text);
}

// Each chapter as the lessons it offers (views=) and where its part of the tour starts.
std::string chapters_json() {
  std::string out = "[";
  for (int c = 0; c < static_cast<int>(app::Chapter::count); ++c) {
    const app::Chapter ch = static_cast<app::Chapter>(c);
    std::string views;
    for (const app::View v : app::chapter_lessons(ch)) {
      if (!views.empty()) views += ',';  // appended, not "," + id: GCC 12 warns falsely on that (-Wrestrict)
      views += app::view_id(v);
    }
    app::State s;
    const bool ok = app::apply_query(s, "views=" + views).empty();
    const std::vector<int> steps = app::offered_steps(s);
    if (c > 0) out += ",";
    out += "\n{\"chapter\":" + std::to_string(c + 1) + ",\"title\":" + app::json_string(app::chapter_title(ch)) +
           ",\"views\":" + app::json_string(views) + ",\"step\":" + std::to_string(ok && !steps.empty() ? steps.front() : 0) + "}";
  }
  return out + "\n]\n";
}

}  // namespace

int main(int argc, char** argv) {
  const std::string cmd = argc > 1 ? argv[1] : "";
  if (argc == 3 && cmd == "schema") return write_file(argv[2], app::settings_json().append("\n"));
  if (argc == 2 && cmd == "check") return check_queries();
  if (argc == 4 && cmd == "dts") return write_dts(argv[2], argv[3]);
  if (argc == 2 && cmd == "readme-settings") return std::fputs(settings_table().c_str(), stdout) < 0;
  if (argc == 2 && cmd == "readme-views") return std::fputs(views_table().c_str(), stdout) < 0;
  if (argc == 2 && cmd == "chapters") return std::fputs(chapters_json().c_str(), stdout) < 0;
  if ((argc == 3 || (argc == 4 && std::string(argv[3]) == "--check")) && cmd == "readme") return readme(argv[2], argc == 4);
  return usage();
}
