// The SVG figure (src/export/figure_export.hpp) of views drawn headlessly: what the figure shows is in it
// as vectors and text, and nothing else is. Each SVG is also read by tests/views/svg_check.py (Python's
// own XML parser and zlib, independent of this code): well-formed, the size of the figure, every
// coordinate a finite number inside the viewBox, the expected strings as <text>, the sidebar's absent,
// and the heatmap's embedded PNG equal to sin/cos of the cells computed by Python in double precision.
#include "catch2_any.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "export/figure_export.hpp"
#include "export/svg_export.hpp"
#include "headless.hpp"

using namespace app;

namespace {

struct Figure {
  std::string svg;
  ImVec2 size;
  std::string file;
};

Figure draw_figure(Headless& h, const char* query, const char* name, ImVec2 screen = ImVec2(1280, 800)) {
  h.app.state = State{};
  REQUIRE(apply_query(h.app.state, query).empty());
  h.frames(3, screen);
  Figure f;
  f.svg = figure_svg(h.app);
  f.size = ImVec2(h.app.figure_max.x - h.app.figure_min.x, h.app.figure_max.y - h.app.figure_min.y);
  // Next to the test's working folder (the build folder under ctest), to open and look at.
  const std::filesystem::path dir = std::filesystem::current_path() / "svg_figures";
  std::filesystem::create_directories(dir);
  f.file = (dir / (std::string(name) + ".svg")).string();
  std::ofstream(f.file, std::ios::binary) << f.svg;
  return f;
}

// tests/views/svg_check.py FILE WIDTH HEIGHT [--text S]... [--absent S]... [--fill #rrggbb]... [--heatmap D BASE]
int python_check(const Figure& f, const std::vector<std::string>& args) {
  std::string cmd = "/usr/bin/python3 '" POSENC_SOURCE_DIR "/tests/views/svg_check.py' '" + f.file + "' ";
  cmd += svg_number(f.size.x);
  cmd += ' ';
  cmd += svg_number(f.size.y);
  for (const std::string& a : args) {
    cmd += " '";
    cmd += a;  // the tests' own strings: no quote inside
    cmd += "'";
  }
  INFO(cmd);
  return std::system(cmd.c_str());
}

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("svg_number and xml_escape: what the SVG's numbers and text are made of") {
  CHECK(svg_number(12.0) == "12");
  CHECK(svg_number(-0.001) == "0");
  CHECK(svg_number(3.14159) == "3.14");
  CHECK(svg_number(0.5) == "0.5");
  CHECK(svg_number(std::nan("")) == "0");
  CHECK(svg_color(IM_COL32(40, 110, 220, 255)) == "#286edc");
  CHECK(xml_escape("a<b & \"c\" > 'd'") == "a&lt;b &amp; &quot;c&quot; &gt; &apos;d&apos;");
}

TEST_CASE("SVG figure of the clock: dials as paths in the hand colours, labels as text, no sidebar") {
  Headless h;
  const Figure f = draw_figure(h, "view=clock&d=8&pos=3&k=4&pair=1&playing=0", "clock");
  CHECK(f.svg.rfind("<?xml", 0) == 0);
  CHECK(f.size.x > 500);
  CHECK(f.size.x < 1280 - 290);  // the sidebar's column is not in it
  CHECK(f.svg.find("width=\"" + svg_number(f.size.x) + "\" height=\"" + svg_number(f.size.y) + "\"") != std::string::npos);
  // Four dials, each with its period label "T 6.283" ... (pair 0's period is 2 pi), and the worked pair.
  CHECK(f.svg.find(">T 6.283</text>") != std::string::npos);
  CHECK(f.svg.find(">period = 62.8319</text>") != std::string::npos);  // pair 1 of d = 8: 2 pi * 10000^(2/8)
  CHECK(count(f.svg, "<text ") > 20);
  CHECK(f.svg.find("Hide these controls") == std::string::npos);
  CHECK(f.svg.find("nan") == std::string::npos);
  CHECK(python_check(f, {"--text", "T 6.283", "--text", "period = 62.8319", "--text", "\xCE\xB8 = w\xC2\xB7k = ", "--absent",
                         "Hide these controls (c)", "--absent", "model width", "--fill", svg_color(colors::hand), "--fill", svg_color(colors::ghost)}) == 0);
}

TEST_CASE("SVG figure of the heatmap: the shader's cells as an embedded PNG, axes as text") {
  Headless h;
  const Figure f = draw_figure(h, "view=heatmap&d=64&n=40&base=10000&pair=3&playing=0", "heatmap");
  CHECK(count(f.svg, "<image ") == 1);
  CHECK(f.svg.find("dimension \xE2\x86\x92") != std::string::npos);  // U+2192 as itself, not a '?'
  CHECK(python_check(f, {"--text", "dimension \xE2\x86\x92", "--text", "position \xE2\x86\x93", "--text", "first position",
                         "--text", "\xE2\x88\x92" "1", "--absent",
                         "Start guided tour", "--heatmap", "64", "10000"}) == 0);
}

TEST_CASE("SVG figure of similarity, formula and precision: their numbers and symbols as text") {
  Headless h;
  const Figure sim = draw_figure(h, "view=similarity&d=512&k=37&playing=0", "similarity");
  CHECK(python_check(sim, {"--text", "at k = 37", "--absent", "Hide these controls (c)"}) == 0);
  const Figure formula = draw_figure(h, "view=formula&playing=0", "formula");
  CHECK(python_check(formula, {"--text", "\xCF\x89_0 = 1/", "--absent", "Hide these controls (c)"}) == 0);
  // A taller screen: the caption with [−π, π) comes after both charts and their keys.
  const Figure precision = draw_figure(h, "view=precision&playing=0", "precision", ImVec2(1280, 1000));
  // U+03C9 U+2080 (omega, subscript zero), U+2212 (minus), U+03C0 (pi): the subset's characters as themselves.
  CHECK(python_check(precision, {"--text", "\xCF\x89\xE2\x82\x80 = 1", "--text", "|float32 \xE2\x88\x92 double|", "--text",
                                 "[\xE2\x88\x92\xCF\x80, \xCF\x80)", "--absent", "Hide these controls (c)"}) == 0);
}

TEST_CASE("SVG figure on a phone-sized canvas with the controls drawer open: the view, not the drawer") {
  Headless h;
  h.app.state = State{};
  REQUIRE(apply_query(h.app.state, "view=clock&d=8&playing=0").empty());
  h.frames(2, ImVec2(360, 640));
  REQUIRE(h.app.narrow);
  h.app.drawer_open = true;
  h.frames(2, ImVec2(360, 640));
  const std::string svg = figure_svg(h.app);
  CHECK(h.app.drawer_open);
  CHECK(svg.find("Close controls") == std::string::npos);
  CHECK(svg.find("model width") == std::string::npos);
  CHECK(svg.find(">T 6.283</text>") != std::string::npos);
  CHECK(svg.find("width=\"" + svg_number(h.app.figure_max.x - h.app.figure_min.x) + "\"") != std::string::npos);
}

TEST_CASE("SVG figure: the key help over the canvas is not part of the figure") {
  Headless h;
  h.app.show_help = true;
  Figure f = draw_figure(h, "view=clock&d=8&playing=0", "clock_help");
  CHECK(f.svg.find("show / hide this help") == std::string::npos);
  CHECK(f.svg.find("T 6.283") != std::string::npos);
}

TEST_CASE("SVG figure follows the state at once, without a frame drawn in between") {
  Headless h;
  draw_figure(h, "view=clock&d=8&playing=0", "before");
  REQUIRE(apply_query(h.app.state, "view=similarity&k=21").empty());
  const std::string svg = figure_svg(h.app);
  CHECK(svg.find("at k = 21") != std::string::npos);
  CHECK(svg.find("T 6.283") == std::string::npos);
}
