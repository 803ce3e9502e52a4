// Every view at the sizes issue 10 names (a phone, a tablet, laptops, a projector at scale 2 and 3,
// figures in 360 px, 600 px and 300 px-high frames), drawn in headless frames and checked from what
// Dear ImGui produced, not from the views' own layout arithmetic:
//   - every control of the figure lies within the window's width (none pushed off the right edge,
//     where no scrollbar could reach it);
//   - no window of the figure lays out content wider than itself, except those made to scroll sideways;
//   - no text of the figure is cut at the side of its window or table column (a glyph whose quad
//     crosses the left or right edge of its clip rectangle, while whole in height);
//   - no two glyphs of the figure overlap (labels drawn over labels).
// Glyphs are read from the draw lists: a text glyph is a quad of four vertices, axis-aligned, with a
// texture rectangle of the font atlas other than its white pixel.
#include "catch2_any.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "chinese_font.hpp"
#include "export/figure_export.hpp"
#include "headless.hpp"
#include "imgui_internal.h"
#include "state/lessons.hpp"
#include "state/interface_text.hpp"
#include "state/language.hpp"
#include "state/state_io.hpp"

using namespace app;

namespace {

struct Size {
  const char* name;
  ImVec2 screen;  // CSS pixels: ImGui's coordinates on the web, whatever the device pixel ratio
  const char* query;
};

// The sizes of tests/browser/test_responsive.mjs, plus a projector at scale 3.
const Size kSizes[] = {
    {"phone 360x640", {360, 640}, ""},
    {"tablet 768x1024", {768, 1024}, ""},
    {"1280x720", {1280, 720}, ""},
    {"1280x800", {1280, 800}, ""},
    {"1920x1080", {1920, 1080}, ""},
    {"1920x1080 scale 2", {1920, 1080}, "scale=2"},
    {"1280x720 scale 3", {1280, 720}, "scale=3"},
    {"frame 360 wide", {360, 480}, "controls=0"},
    {"frame 600 wide", {600, 420}, "controls=0"},
    {"frame 300 high", {800, 300}, "controls=0"},
};

struct Box {
  float x0, y0, x1, y1;
  float area() const { return std::max(0.0f, x1 - x0) * std::max(0.0f, y1 - y0); }
};
Box cut(const Box& a, const Box& b) { return {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)}; }

struct Glyph {
  Box quad;  // the glyph as drawn
  Box clip;  // its draw command's clip rectangle
  ImVec2 uv;  // its top left in the font atlas
  ImVec2 uv1;  // its bottom right
};

// Whether the glyph was cut at a side before it was drawn: text that ImGui clips itself (a button's,
// a header's label: RenderTextClipped) is cut to its clip rectangle on the CPU, so its quad never
// crosses it and only its texture rectangle shows the loss. Cut: whole in height, but less than 85 %
// of the atlas glyph's width (the one it starts or ends with).
bool cut_on_cpu(const Glyph& g) {
  for (const ImFont* f : ImGui::GetIO().Fonts->Fonts)
    for (const ImFontGlyph& fg : f->Glyphs)
      if (fg.V0 == g.uv.y && fg.V1 == g.uv1.y && (fg.U0 == g.uv.x || fg.U1 == g.uv1.x) && fg.U1 > fg.U0)
        return (g.uv1.x - g.uv.x) < 0.85f * (fg.U1 - fg.U0);
  return false;
}

// The character a glyph shows, for messages ('?' when no font of the atlas has it at that place).
std::string character(const Glyph& g) {
  for (const ImFont* f : ImGui::GetIO().Fonts->Fonts)
    for (const ImFontGlyph& fg : f->Glyphs)
      if (fg.U0 == g.uv.x && fg.V0 == g.uv.y) {
        const unsigned int c = fg.Codepoint;
        return c < 128 ? std::string(1, static_cast<char>(c)) : "U+" + std::to_string(c);
      }
  return "?";
}

// The figure's windows: the page's window (kMainWindowName) and every window inside it.
bool in_figure(const ImGuiWindow* w) {
  return w->Active && w->RootWindow && std::string(w->RootWindow->Name) == kMainWindowName;
}

std::vector<Glyph> glyphs_of(const ImDrawList& dl) {
  std::vector<Glyph> out;
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  for (const ImDrawCmd& cmd : dl.CmdBuffer) {
    if (cmd.UserCallback || cmd.ElemCount < 6) continue;
    for (unsigned int i = cmd.IdxOffset; i + 6 <= cmd.IdxOffset + cmd.ElemCount; i += 6) {
      const unsigned int v = cmd.VtxOffset + dl.IdxBuffer[static_cast<int>(i)];
      // ImDrawList::PrimRectUV's pattern: indices v, v+1, v+2, v, v+2, v+3 over four vertices.
      if (dl.IdxBuffer[static_cast<int>(i + 1)] + cmd.VtxOffset != v + 1 || dl.IdxBuffer[static_cast<int>(i + 2)] + cmd.VtxOffset != v + 2 ||
          dl.IdxBuffer[static_cast<int>(i + 3)] + cmd.VtxOffset != v || dl.IdxBuffer[static_cast<int>(i + 4)] + cmd.VtxOffset != v + 2 ||
          dl.IdxBuffer[static_cast<int>(i + 5)] + cmd.VtxOffset != v + 3)
        continue;
      const ImDrawVert* q = &dl.VtxBuffer[static_cast<int>(v)];
      const bool rect = q[0].pos.y == q[1].pos.y && q[1].pos.x == q[2].pos.x && q[2].pos.y == q[3].pos.y && q[3].pos.x == q[0].pos.x &&
                        q[0].pos.x < q[2].pos.x && q[0].pos.y < q[2].pos.y;
      const bool textured = q[0].uv.x < q[2].uv.x && q[0].uv.y < q[2].uv.y && !(q[0].uv.x == white.x && q[0].uv.y == white.y);
      if (!rect || !textured) continue;
      out.push_back({{q[0].pos.x, q[0].pos.y, q[2].pos.x, q[2].pos.y}, {cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w}, q[0].uv, q[2].uv});
    }
  }
  return out;
}

// Pairs of visible glyphs overlapping by more than 30% of the smaller one (letters of one word touch
// at most at their edges; a pair drawn one after the other, as neighbours of one string are, may
// overlap more, and lines of a paragraph may touch by a pixel or two, where an underscore below one
// meets an accent over a capital of the next). Returns a description of the first few.
std::vector<std::string> overlapping(const std::vector<Glyph>& glyphs) {
  std::vector<Box> seen;
  std::vector<const Glyph*> of;  // the glyph each box is of
  for (const Glyph& g : glyphs) {
    const Box v = cut(g.quad, g.clip);
    if (v.area() > 4) {
      seen.push_back(v);
      of.push_back(&g);
    }
  }
  // Buckets of 32 px so that only neighbours are compared.
  std::map<std::pair<int, int>, std::vector<size_t>> grid;
  for (size_t i = 0; i < seen.size(); ++i)
    for (int gx = static_cast<int>(seen[i].x0) / 32; gx <= static_cast<int>(seen[i].x1) / 32; ++gx)
      for (int gy = static_cast<int>(seen[i].y0) / 32; gy <= static_cast<int>(seen[i].y1) / 32; ++gy) grid[{gx, gy}].push_back(i);
  std::vector<std::string> found;
  for (const auto& [cell, ids] : grid)
    for (size_t a = 0; a < ids.size() && found.size() < 5; ++a)
      for (size_t b = a + 1; b < ids.size() && found.size() < 5; ++b) {
        const Box& p = seen[ids[a]];
        const Box& q = seen[ids[b]];
        if (of[ids[b]] == of[ids[a]] + 1 || of[ids[a]] == of[ids[b]] + 1) continue;  // neighbours in one string
        const Box common = cut(p, q);
        if (common.y1 - common.y0 <= 2) continue;  // touching lines
        const float both = common.area();
        if (both > 0.3f * std::min(p.area(), q.area()))
          found.push_back("glyphs '" + character(*of[ids[a]]) + "' at (" + std::to_string(static_cast<int>(p.x0)) + ", " +
                          std::to_string(static_cast<int>(p.y0)) + ") and '" + character(*of[ids[b]]) + "' at (" +
                          std::to_string(static_cast<int>(q.x0)) + ", " + std::to_string(static_cast<int>(q.y0)) + ")");
      }
  return found;
}

// The checks above for one view at one size; `lang` is a value of the URL key (empty: the default).
void check_layout(const Size& size, const Lesson& lesson, const std::string& lang) {
  Headless h;
  std::string query = "playing=0&view=";
  query += lesson.id;
  if (*size.query) query += std::string("&") + size.query;
  if (!lang.empty()) query += "&lang=" + lang;
  REQUIRE(app_apply(h.app, query).empty());
  h.frames(4, size.screen);
  INFO(size.name << ", view " << lesson.id << (lang.empty() ? "" : ", lang=") << lang);
  const float top = h.app.figure_min.y;  // the figure: below the tabs, the tour bar and the lesson text
  REQUIRE(h.app.figure_max.y - top > 0.4f * size.screen.y);  // the lesson text leaves the figure room

  // Controls of the figure: within the main area's visible width (a control past its right edge,
  // under the scrollbar or off the screen, cannot be reached: the area does not scroll sideways).
  const ImGuiWindow* main = nullptr;
  for (const ImGuiWindow* w : GImGui->Windows)
    if (in_figure(w) && w->ParentWindow == w->RootWindow && std::string(w->Name).find("/main_") != std::string::npos) main = w;
  REQUIRE(main != nullptr);
  for (const FocusControl& c : focus_controls()) {
    if (c.y0 < top || c.x1 <= main->Pos.x) continue;  // the tabs and lesson text above, the sidebar beside
    INFO("control " << c.label << " spans x " << c.x0 << ".." << c.x1 << ", the main area " << main->InnerClipRect.Min.x << ".."
                    << main->InnerClipRect.Max.x);
    CHECK(c.x1 <= main->InnerClipRect.Max.x + 0.5f);
    CHECK(c.x0 >= main->InnerClipRect.Min.x - 0.5f);
  }

  std::vector<Glyph> glyphs;
  for (ImGuiWindow* w : GImGui->Windows) {
    if (!in_figure(w)) continue;
    // A view's own windows (panels, scrolling parts, tables that scroll) lay out no wider than
    // themselves, unless they scroll sideways (a wide table on a phone). Not the page's window and
    // its main area, whose tab bar lays out every tab and scrolls them itself.
    const bool views_own = w->ParentWindow && w->ParentWindow != w->RootWindow;
    if (views_own && !w->ScrollbarX) {
      INFO("window " << w->Name << " lays out to x " << w->DC.CursorMaxPos.x << ", its work area ends at " << w->WorkRect.Max.x);
      CHECK(w->DC.CursorMaxPos.x <= w->WorkRect.Max.x + 1.0f);
    }
    for (const Glyph& g : glyphs_of(*w->DrawList))
      if (g.quad.y0 >= top) glyphs.push_back(g);
  }
  // Text cut at a side: a glyph whole in height whose quad crosses its clip rectangle's left or right edge.
  int cut_glyphs = 0;
  std::string first_cut;
  for (const Glyph& g : glyphs) {
    const bool whole_height = g.quad.y0 >= g.clip.y0 && g.quad.y1 <= g.clip.y1;
    // Cut: more than a sliver of the glyph (a side bearing may cross by a pixel) hidden at a side
    // while some of it shows.
    const float w = g.quad.x1 - g.quad.x0, sliver = std::max(1.5f, 0.15f * w);
    const bool crosses = (g.quad.x0 < g.clip.x0 - sliver && g.quad.x1 > g.clip.x0 + 0.5f) ||
                         (g.quad.x1 > g.clip.x1 + sliver && g.quad.x0 < g.clip.x1 - 0.5f);
    if (!whole_height || !(crosses || cut_on_cpu(g))) continue;
    if (cut_glyphs++ == 0)
      first_cut = "'" + character(g) + "' at x " + std::to_string(g.quad.x0) + ".." + std::to_string(g.quad.x1) + ", y " + std::to_string(g.quad.y0) +
                  " is cut by its clip rectangle x " + std::to_string(g.clip.x0) + ".." + std::to_string(g.clip.x1);
  }
  INFO(first_cut);
  CHECK(cut_glyphs == 0);
  const std::vector<std::string> over = overlapping(glyphs);
  INFO((over.empty() ? std::string() : over.front()));
  CHECK(over.empty());
}

}  // namespace

TEST_CASE("every view at every listed size: controls reachable, nothing cut at the sides, no text over text") {
  for (const Size& size : kSizes)
    for (const Lesson& lesson : lessons()) check_layout(size, lesson, "");
}

TEST_CASE("every view in Spanish, Chinese and the pseudo-locale at 1280x800, on a phone and at scale 2: the same checks") {
  // Spanish runs about a quarter longer than English, and xx pads every string further (README
  // "Languages"); Chinese with its font, as the page has it once fetched.
  const ChineseFont font;
  for (const char* lang : {"es", "zh-CN", "xx"})
    for (const Size& size : kSizes) {
      const std::string name = size.name;
      if (name != "phone 360x640" && name != "1280x800" && name != "1920x1080 scale 2") continue;
      for (const Lesson& lesson : lessons()) check_layout(size, lesson, lang);
    }
}

TEST_CASE("the glyph reader finds text and its overlaps (the checks above can fail)") {
  // Two strings drawn at the same place overlap; the same strings a line apart do not; a string across
  // its clip rectangle's right edge is cut.
  Headless h;
  h.frames(1);
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(400, 300));
  ImGui::Begin("probe", nullptr, ImGuiWindowFlags_NoDecoration);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddText(ImVec2(20, 20), IM_COL32_BLACK, "pair 0 (dims 0, 1)");
  dl->AddText(ImVec2(24, 21), IM_COL32_BLACK, "pair 1 (dims 2, 3)");
  dl->AddText(ImVec2(20, 60), IM_COL32_BLACK, "pair 0 (dims 0, 1)");
  dl->AddText(ImVec2(20, 60 + ImGui::GetTextLineHeightWithSpacing()), IM_COL32_BLACK, "pair 1 (dims 2, 3)");
  dl->PushClipRect(ImVec2(0, 100), ImVec2(60, 140));
  dl->AddText(ImVec2(20, 110), IM_COL32_BLACK, "MMMMMMMMMM");  // no gap between glyphs at the edge
  dl->PopClipRect();
  // Clipped on the CPU, as ImGui clips a button's label: no quad crosses x = 60, one is narrowed.
  const ImVec4 fine(0, 150, 60, 190);
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(20, 160), IM_COL32_BLACK, "MMMMMMMMMM", nullptr, 0, &fine);
  ImGui::End();
  ImGui::Render();
  const std::vector<Glyph> all = glyphs_of(*dl);
  CHECK(all.size() >= 4 * 12);
  std::vector<Glyph> apart, together, clipped;
  std::vector<Glyph> cpu_clipped;
  for (const Glyph& g : all) (g.quad.y0 < 50 ? together : g.quad.y0 < 100 ? apart : g.quad.y0 < 150 ? clipped : cpu_clipped).push_back(g);
  CHECK_FALSE(overlapping(together).empty());
  CHECK(overlapping(apart).empty());
  const auto crosses = [](const Glyph& g) { return g.quad.x0 < g.clip.x1 - 0.5f && g.quad.x1 > g.clip.x1 + 0.5f; };
  CHECK(std::count_if(clipped.begin(), clipped.end(), crosses) >= 1);
  CHECK(std::none_of(clipped.begin(), clipped.end(), cut_on_cpu));  // cut by the GPU's scissor, not before
  REQUIRE(!cpu_clipped.empty());
  CHECK(std::none_of(cpu_clipped.begin(), cpu_clipped.end(), crosses));
  CHECK(std::count_if(cpu_clipped.begin(), cpu_clipped.end(), cut_on_cpu) == 1);
  CHECK(std::all_of(cpu_clipped.begin(), cpu_clipped.end(), [](const Glyph& g) { return g.quad.x1 <= 60.5f; }));
}

TEST_CASE("the controls' column holds its buttons' and headers' words in every language") {
  // ImGui cuts a label wider than its button before drawing it (no glyph crosses an edge for the checks
  // above to find), so the column's own controls are measured: each button at least its words and
  // frame padding wide, each header its words after its arrow. In xx (a third longer) the column
  // widens; in English it keeps its 290 px.
  const ChineseFont font;
  for (const char* lang : {"en", "es", "zh-CN", "xx"}) {
    INFO("lang=" << lang);
    Headless h;
    REQUIRE(app_apply(h.app, std::string("playing=0&view=clock&lang=") + lang).empty());
    const ImVec2 tall(1280, 1400);  // both folds open on one screen
    h.frames(3, tall);
    CHECK(h.open_folds(std::string(ui("display")), tall) == 1);
    CHECK(h.open_folds(std::string(ui("export")), tall) == 1);
    const ImGuiStyle& st = ImGui::GetStyle();
    const std::vector<FocusControl> controls = focus_controls();
    int found = 0;
    for (const char* key : {"start_tour", "hide_controls", "presenter", "fullscreen", "keyboard_help", "play", "png_image", "png_figure",
                            "svg_figure", "csv_table", "numpy_code", "pytorch_code", "display", "export"}) {
      const std::string words(ui(key));
      const bool header = std::string(key) == "display" || std::string(key) == "export";
      bool seen = false;
      for (const FocusControl& c : controls) {
        if (c.region != FocusRegion::controls || c.label.rfind(words, 0) != 0) continue;  // its words, then a key's hint: " (c)"
        seen = true;
        const float need = ImGui::CalcTextSize(words.c_str()).x + (header ? ImGui::GetFontSize() + 4 * st.FramePadding.x : 2 * st.FramePadding.x);
        INFO("'" << words << "' needs " << need << " px, its control is " << c.x1 - c.x0);
        CHECK(c.x1 - c.x0 >= need - 0.5f);
      }
      found += seen;
    }
    CHECK(found == 14);
    const bool english = std::string(lang) == "en";
    for (const ImGuiWindow* w : GImGui->Windows)
      if (w->Active && std::string(w->Name).find("/controls_") != std::string::npos) {
        if (english) CHECK(w->Size.x == Approx(290));
        if (!english && std::string(lang) == "xx") CHECK(w->Size.x > 290);
      }
  }
}
