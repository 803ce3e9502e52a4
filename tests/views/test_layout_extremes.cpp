// Issue 11's layout defects, checked at the extremes it names: pos = 10^6 and UI scale 2, at 1280x800,
// 1920x1080 and on a 360x640 phone, for the learned, RoPE, similarity and gotcha views; and the gotcha
// strip at d = 512. Drawn in headless frames and read back from what Dear ImGui produced (as in
// test_responsive.cpp, whose glyph reader this repeats): a text glyph is an axis-aligned quad with a
// texture rectangle of the font atlas other than its white pixel.
//   - no two glyphs of the figure overlap (labels drawn over labels), and no glyph is cut at the side
//     of its window or table column; every scrolling window of the figure is checked at its top and
//     again scrolled to its end, so text below the fold is seen too;
//   - the gotcha strip at d = 512 shows a readable window: the dims of the pairs in the dials, worked
//     out here from the two layouts' formulas, each with its own labelled cell, and a sentence naming
//     the dims shown that agrees with the cells.
#include "catch2_any.hpp"

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "export/figure_export.hpp"
#include "headless.hpp"
#include "imgui_internal.h"
#include "state/state_io.hpp"

using namespace app;

namespace {

struct Box {
  float x0, y0, x1, y1;
  float area() const { return std::max(0.0f, x1 - x0) * std::max(0.0f, y1 - y0); }
};
Box cut(const Box& a, const Box& b) { return {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)}; }

struct Glyph {
  Box quad;  // the glyph as drawn
  Box clip;  // its draw command's clip rectangle
};

bool in_figure(const ImGuiWindow* w) { return w->Active && w->RootWindow && std::string(w->RootWindow->Name) == kMainWindowName; }

std::vector<Glyph> glyphs_of(const ImDrawList& dl) {
  std::vector<Glyph> out;
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  for (const ImDrawCmd& cmd : dl.CmdBuffer) {
    if (cmd.UserCallback || cmd.ElemCount < 6) continue;
    for (unsigned int i = cmd.IdxOffset; i + 6 <= cmd.IdxOffset + cmd.ElemCount; i += 6) {
      const auto at = [&](unsigned int k) { return dl.IdxBuffer[static_cast<int>(i + k)] + cmd.VtxOffset; };
      const unsigned int v = at(0);
      // ImDrawList::PrimRectUV's pattern: indices v, v+1, v+2, v, v+2, v+3 over four vertices.
      if (at(1) != v + 1 || at(2) != v + 2 || at(3) != v || at(4) != v + 2 || at(5) != v + 3) continue;
      const ImDrawVert* q = &dl.VtxBuffer[static_cast<int>(v)];
      const bool rect = q[0].pos.y == q[1].pos.y && q[1].pos.x == q[2].pos.x && q[2].pos.y == q[3].pos.y && q[3].pos.x == q[0].pos.x &&
                        q[0].pos.x < q[2].pos.x && q[0].pos.y < q[2].pos.y;
      const bool textured = q[0].uv.x < q[2].uv.x && q[0].uv.y < q[2].uv.y && !(q[0].uv.x == white.x && q[0].uv.y == white.y);
      if (rect && textured)
        out.push_back({{q[0].pos.x, q[0].pos.y, q[2].pos.x, q[2].pos.y}, {cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w}});
    }
  }
  return out;
}

std::string where(const Box& b) { return "(" + std::to_string(static_cast<int>(b.x0)) + ", " + std::to_string(static_cast<int>(b.y0)) + ")"; }

// Pairs of visible glyphs overlapping by more than 30% of the smaller one (letters of one word touch
// at most at their edges).
std::vector<std::string> overlapping(const std::vector<Glyph>& glyphs) {
  std::vector<Box> seen;
  for (const Glyph& g : glyphs) {
    const Box v = cut(g.quad, g.clip);
    if (v.area() > 4) seen.push_back(v);
  }
  std::map<std::pair<int, int>, std::vector<size_t>> grid;  // buckets of 32 px: only neighbours are compared
  for (size_t i = 0; i < seen.size(); ++i)
    for (int gx = static_cast<int>(seen[i].x0) / 32; gx <= static_cast<int>(seen[i].x1) / 32; ++gx)
      for (int gy = static_cast<int>(seen[i].y0) / 32; gy <= static_cast<int>(seen[i].y1) / 32; ++gy) grid[{gx, gy}].push_back(i);
  std::vector<std::string> found;
  for (const auto& [cell, ids] : grid)
    for (size_t a = 0; a < ids.size() && found.size() < 5; ++a)
      for (size_t b = a + 1; b < ids.size() && found.size() < 5; ++b) {
        const Box &p = seen[ids[a]], &q = seen[ids[b]];
        if (cut(p, q).area() > 0.3f * std::min(p.area(), q.area())) found.push_back("glyphs at " + where(p) + " and " + where(q));
      }
  return found;
}

// Glyphs whole in height whose quad crosses their clip rectangle's left or right edge by more than a
// sliver (a side bearing may cross by a pixel) while some of them shows.
std::vector<std::string> cut_at_sides(const std::vector<Glyph>& glyphs) {
  std::vector<std::string> found;
  for (const Glyph& g : glyphs) {
    const bool whole_height = g.quad.y0 >= g.clip.y0 && g.quad.y1 <= g.clip.y1;
    const float w = g.quad.x1 - g.quad.x0, sliver = std::max(1.5f, 0.15f * w);
    const bool crosses = (g.quad.x0 < g.clip.x0 - sliver && g.quad.x1 > g.clip.x0 + 0.5f) ||
                         (g.quad.x1 > g.clip.x1 + sliver && g.quad.x0 < g.clip.x1 - 0.5f);
    if (whole_height && crosses && found.size() < 5) found.push_back("glyph at " + where(g.quad) + " cut by its clip rectangle");
  }
  return found;
}

// The figure's glyphs (below its lesson text) in the last drawn frame; `all`: every glyph of the
// figure's windows (scrolled to its end, a view may show its closing words with its marks scrolled
// away, and figure_min follows the marks).
std::vector<Glyph> figure_glyphs(const Headless& h, bool all = false) {
  std::vector<Glyph> out;
  for (ImGuiWindow* w : GImGui->Windows) {
    if (!in_figure(w)) continue;
    for (const Glyph& g : glyphs_of(*w->DrawList))
      if (all || g.quad.y0 >= h.app.figure_min.y) out.push_back(g);
  }
  return out;
}

// Draws `query` at `screen` with a fresh app `h` and returns what is wrong with the figure's text: at the top, then with
// every scrolling window of the figure scrolled to its end. Empty when nothing overlaps or is cut.
std::vector<std::string> layout_faults(Headless& h, const std::string& query, ImVec2 screen) {
  REQUIRE(app_apply(h.app, query).empty());
  h.frames(4, screen);
  std::vector<std::string> faults;
  const auto look = [&](const char* at, bool all) {
    const std::vector<Glyph> g = figure_glyphs(h, all);
    if (g.size() < 20) faults.push_back(std::string(at) + ": only " + std::to_string(g.size()) + " glyphs in the figure");
    for (const std::string& f : overlapping(g)) faults.push_back(std::string(at) + ": overlap, " + f);
    for (const std::string& f : cut_at_sides(g)) faults.push_back(std::string(at) + ": " + f);
  };
  look("top", false);
  bool scrolled = false;
  for (ImGuiWindow* w : GImGui->Windows)
    if (in_figure(w) && w->ScrollMax.y > 0) {
      ImGui::SetScrollY(w, w->ScrollMax.y);
      scrolled = true;
    }
  if (scrolled) {
    h.frames(3, screen);
    look("scrolled to the end", true);
  }
  return faults;
}

struct Size {
  const char* name;
  ImVec2 screen;
  bool scale2;  // also at UI scale 2 (a projector; not a phone, where it leaves 180 UI px)
};
const Size kSizes[] = {{"1280x800", {1280, 800}, true}, {"1920x1080", {1920, 1080}, true}, {"phone 360x640", {360, 640}, false}};
const char* const kExtremes[] = {"pos=1000000", "scale=2", "pos=1000000&scale=2", "pos=-1000000000&k=-1000000000"};

// The text of the figure's SVG export: the character data of its <text> elements, in order, each
// followed by a space (a wrapped sentence reads back whole).
std::string svg_words(const std::string& svg) {
  static const std::regex text("<text[^>]*>([^<]*)</text>");
  std::string out;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it) out.append((*it)[1].str()).append(" ");
  return out;
}

}  // namespace

TEST_CASE("layout extremes: the learned RoPE similarity and gotcha views at pos = 10^6 and scale 2 draw no text over text and cut none") {
  for (const Size& size : kSizes)
    for (const char* extreme : kExtremes)
      for (const char* view : {"learned", "rope", "similarity", "gotcha"}) {
        if (!size.scale2 && std::string(extreme).find("scale=2") != std::string::npos) continue;
        for (const char* d : {"", "&d=512&pair=100"}) {
          Headless h;
          const std::string query = std::string("playing=0&view=") + view + "&" + extreme + d;
          INFO(size.name << ": " << query);
          const std::vector<std::string> faults = layout_faults(h, query, size.screen);
          INFO((faults.empty() ? std::string() : faults.front()));
          CHECK(faults.empty());
        }
      }
}

TEST_CASE("layout extremes: the learned bar labels its first and last row apart whatever pos") {
  for (const Size& size : kSizes)
    for (const char* pos : {"0", "70", "1000000", "-1000000", "31.5"})
      for (const char* n : {"64", "1", "100000"}) {
        Headless h;
        const std::string query = std::string("playing=0&view=learned&text=off&pos=") + pos + "&n=" + n;
        INFO(size.name << ": " << query);
        CHECK(layout_faults(h, query, size.screen).empty());
        const std::string words = svg_words(figure_svg(h.app));
        const std::string last = std::to_string(std::stoi(n) - 1);
        // The last row's number, as its own label or in "0 .. last" (thousands grouped).
        const std::string grouped_last = last.size() > 3 ? last.substr(0, last.size() - 3) + "," + last.substr(last.size() - 3) : last;
        CHECK(words.find(" " + grouped_last + " ") != std::string::npos);
      }
}

TEST_CASE("layout extremes: the gotcha strip at d = 512 shows a readable window around the dials and names its dims") {
  for (const Size& size : kSizes)
    for (const int layout : {0, 1})
      for (const int pair : {0, 100, 255}) {
        Headless h;
        REQUIRE(app_apply(h.app, "playing=0&view=gotcha&text=off&d=512&pair=" + std::to_string(pair)).empty());
        h.app.views.gotcha.layout = layout;
        h.frames(4, size.screen);
        INFO(size.name << ", layout " << (layout ? "concatenated" : "interleaved") << ", pair " << pair);
        const std::string words = svg_words(figure_svg(h.app));
        INFO(words);
        // The cells' labels: s<i> for the sin of frequency i, c<i> for its cos. In the interleaved layout
        // they sit at dims 2i and 2i+1, in the concatenated one at i and 256 + i.
        static const std::regex label("(^| )([sc])([0-9]+)(?= )");
        std::set<int> shown;
        for (auto it = std::sregex_iterator(words.begin(), words.end(), label); it != std::sregex_iterator(); ++it) {
          const int i = std::stoi((*it)[3].str());
          const bool sin = (*it)[2].str() == "s";
          shown.insert(layout == 0 ? 2 * i + (sin ? 0 : 1) : (sin ? i : 256 + i));
        }
        // Readable: a few labelled cells (two dials' four dims at least, on a phone), a few dozen at most, not 512.
        CHECK(shown.size() >= 4);
        CHECK(shown.size() <= 90);
        // The selected pair's two dims and its neighbours' in the dials are among them.
        CHECK(shown.count(layout == 0 ? 2 * pair : pair) == 1);
        CHECK(shown.count(layout == 0 ? 2 * pair + 1 : 256 + pair) == 1);
        // The sentence names the runs of dims shown: every labelled dim lies in one, and each run's ends are labelled.
        const size_t at = words.find("the strip shows dims ");
        REQUIRE(at != std::string::npos);
        static const std::regex run("([0-9]+) to ([0-9]+)");
        const std::string rest = words.substr(at, words.find(", around", at) - at);
        std::set<int> named;
        for (auto it = std::sregex_iterator(rest.begin(), rest.end(), run); it != std::sregex_iterator(); ++it) {
          const int lo = std::stoi((*it)[1].str()), hi = std::stoi((*it)[2].str());
          CHECK(shown.count(lo) == 1);
          CHECK(shown.count(hi) == 1);
          for (int dim = lo; dim <= hi; ++dim) named.insert(dim);
        }
        CHECK(named == shown);
        CHECK(words.find("dims 0 to 511") != std::string::npos);  // the whole vector's bar
      }
  // Where d is small (the default 32 on a laptop) the whole vector is drawn, every dim labelled.
  for (const int d : {16, 32}) {
    Headless h;
    REQUIRE(app_apply(h.app, "playing=0&view=gotcha&text=off&d=" + std::to_string(d)).empty());
    h.frames(4, ImVec2(1280, 800));
    const std::string words = svg_words(figure_svg(h.app));
    INFO(words);
    for (int i = 0; i < d / 2; ++i) {
      CHECK(words.find("s" + std::to_string(i) + " ") != std::string::npos);
      CHECK(words.find("c" + std::to_string(i) + " ") != std::string::npos);
    }
    CHECK(words.find("the strip shows dims") == std::string::npos);
  }
}
