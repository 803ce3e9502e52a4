// The posters: what the page shows of each lesson before its WebAssembly has arrived (README "Posters").
// For every lesson of the registry, the state a link `?view=<id>` opens (the default state through the
// one query path), drawn by the app's own frame in a headless Dear ImGui context, and exported by the
// figure's own SVG export (src/export/figure_export.hpp) at two window sizes, the desktop's and a
// phone's. So a poster is the figure, made by the code that draws it; the page shows it only for that
// state (web/posenc-poster.js).
//   posenc_poster_tool OUTDIR     writes OUTDIR/<id>-wide.svg, OUTDIR/<id>-narrow.svg and
//                                 OUTDIR/posenc-posters.js (each lesson's title, source tag, lead
//                                 sentence and the posters' sizes, for the page)
// The build runs it (as wasm under node in the web build, from the same objects as the page).
#include <cmath>
#include <cstdio>
#include <string>

#include "export/figure_export.hpp"
#include "imgui.h"
#include "shell/app.hpp"
#include "state/claims.hpp"
#include "state/lessons.hpp"
#include "state/settings.hpp"
#include "state/state_io.hpp"
#include "text/json_write.hpp"
#include "ui/focus.hpp"
#include "ui/widgets.hpp"

namespace {

struct Size {
  const char* name;
  float w, h;
};
// The desktop window the README's screenshots use, and a phone held upright.
constexpr Size kSizes[] = {{"wide", 1280, 800}, {"narrow", 360, 640}};

bool write_file(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    std::fprintf(stderr, "posenc_poster_tool: cannot write %s\n", path.c_str());
    return false;
  }
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  return std::fclose(f) == 0 && ok;
}

// The figure of the state `query` opens, in a window of `size`: a new Dear ImGui context and a new app,
// as a page that opens the link starts (what a window first drew decides some folds and widths), then
// app frames until the layout has settled (Dear ImGui sizes windows and table columns from what earlier
// frames drew; 12 is well past where every lesson stops changing), nothing moving (dt = 0).
struct Drawn {
  std::string svg, query;
  ImVec2 size;
  bool refused = false;
};
Drawn draw_poster(const std::string& query, Size size) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DeltaTime = 1.0f / 60.0f;
  io.DisplaySize = ImVec2(size.w, size.h);
  app::focus_init();
  Drawn out;
  {
    app::App a;
    out.refused = !app::app_apply(a, query, nullptr, false).empty();
    for (int f = 0; f < 12; ++f) {
      if (app::app_update_style(a, 1.0f)) {
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
      }
      ImGui::NewFrame();
      app::app_frame(a, 0.0);
      ImGui::Render();
      app::focus_end_frame();
    }
    out.svg = app::figure_svg(a, false);
    out.query = app::to_query(a.state, true);
    out.size = ImVec2(std::round(a.figure_max.x - a.figure_min.x), std::round(a.figure_max.y - a.figure_min.y));
  }
  ImGui::DestroyContext();
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fputs("usage: posenc_poster_tool OUTDIR\n", stderr);
    return 2;
  }
  const std::string dir = argv[1];
  app::JsonWriter j;
  j.raw("{\"views\":{");
  bool first_view = true;
  for (const app::Lesson& l : app::lessons()) {
    const std::string query = std::string("view=") + l.id;
    Drawn drawn[2];
    for (int k = 0; k < 2; ++k) {
      drawn[k] = draw_poster(query, kSizes[k]);
      if (drawn[k].refused) {
        std::fprintf(stderr, "posenc_poster_tool: %s was refused\n", query.c_str());
        return 1;
      }
    }
    if (!first_view) j.raw(",");
    first_view = false;
    j.key(l.id);
    j.raw("{");
    j.key("query");
    j.str(drawn[0].query);
    j.raw(",");
    j.key("title");
    j.str(l.title);
    const app::ClaimSourceInfo* tag = app::claim_source_info(app::lesson_claim_source(l.view));
    const std::string_view claim = app::lesson_claim(l.view);
    j.raw(",");
    j.key("tag");
    j.str(tag && !claim.empty() ? tag->label : "");
    j.raw(",");
    j.key("tagMeaning");
    j.str(tag && !claim.empty() ? tag->meaning : "");
    j.raw(",");
    j.key("tagColor");  // the tag's border, as the figure draws it (ui/widgets.cpp)
    const ImU32 c = app::claim_source_color(app::lesson_claim_source(l.view));
    char hex[8];
    std::snprintf(hex, sizeof hex, "#%02x%02x%02x", (c >> IM_COL32_R_SHIFT) & 0xFFu, (c >> IM_COL32_G_SHIFT) & 0xFFu,
                  (c >> IM_COL32_B_SHIFT) & 0xFFu);
    j.str(hex);
    j.raw(",");
    j.key("lead");
    j.str(tag && !claim.empty() ? claim : l.summary);
    for (int k = 0; k < 2; ++k) {
      const Size& size = kSizes[k];
      const std::string file = std::string(l.id) + "-" + size.name + ".svg";
      if (!write_file(dir + "/" + file, drawn[k].svg)) return 1;
      j.raw(",");
      j.key(size.name);
      j.raw("{");
      j.key("file");
      j.str(file);
      j.raw(",");
      j.key("window");
      j.raw("[");
      j.num(size.w);
      j.raw(",");
      j.num(size.h);
      j.raw("],");
      j.key("size");
      j.raw("[");
      j.num(drawn[k].size.x);
      j.raw(",");
      j.num(drawn[k].size.y);
      j.raw("]}");
    }
    j.raw("}");
  }
  j.raw("},");
  // The URL keys the page reads that are not the state (an embed's), so not the figure's either.
  j.key("pageKeys");
  j.raw("[");
  for (const char* k : app::kPageKeys) {
    if (j.out.back() != '[') j.raw(",");
    j.str(k);
  }
  j.raw("],");
  // Where a page opens: a cold page (no query at all) at the path's start, any other link at the view
  // key's default (app_apply in src/shell/app.cpp).
  j.key("start");
  j.str(app::view_id(app::kPathStart));
  j.raw(",");
  j.key("linkStart");
  j.str(app::view_id(app::State{}.view));
  j.raw("}");
  if (j.bad) {
    std::fputs("posenc_poster_tool: a number without a JSON form\n", stderr);
    return 1;
  }
  const std::string js =
      "// Generated by src/tools/poster_tool.cpp at build time: each lesson's title, lead and poster as the\n"
      "// state `?view=<id>` draws them (README \"Posters\"). Do not edit.\n"
      "self.PosEncPosters = " + j.out + ";\n";
  return write_file(dir + "/posenc-posters.js", js) ? 0 : 1;
}
