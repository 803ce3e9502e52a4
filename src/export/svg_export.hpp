// Dear ImGui draw data as SVG: what a frame drew, as vectors and text, for slides and handouts.
//
// Every triangle ImGui drew is either
//   - a solid fill: its vertices sample the atlas's white pixel (io.Fonts->TexUvWhitePixel). Runs of
//     triangles that share vertices (ImGui's quads and convex fans) are joined back into polygons, and
//     consecutive polygons of one colour into one <path>;
//   - a character: a quad whose UVs are a glyph's rectangle (ImFontGlyph U0,V0..U1,V1) in one of the
//     fonts given. The glyph gives the codepoint, and the quad its pen position and size:
//       scale = quad width / (glyph X1 - X0),  pen x = quad x0 - glyph X0 * scale,
//       baseline = quad y0 + (round(font Ascent) - glyph Y0) * scale   (ImGui puts the baseline at
//       round(Ascent) below the line's top, imgui_draw.cpp),
//       CSS font-size = pixel height * unitsPerEm / (hhea ascender - descender)   (stb_truetype's
//       ScaleForPixelHeight, read from the font's own tables).
//     Characters on one baseline become one <text> whose every character has its own x, so the text
//     sits exactly where ImGui drew it whatever the viewer's advances; gaps wider than half a space
//     become spaces again. A glyph cut by a clip rectangle (ImGui's fine clipping) keeps its cut.
//   - a gradient: a quad whose colours differ along one axis (AddRectFilledMultiColor), a <rect>
//     filled with a linearGradient.
// Each draw command's ClipRect becomes a <clipPath>; a draw callback (a GPU shader, which left no
// triangles) is painted by the caller's `paint`. Only what intersects `min..max` is kept, translated
// so that `min` is (0, 0); the SVG is max - min wide and high, with that viewBox.
//
// Draw with style.AntiAliasedLines/Fill off for this: anti-aliasing fringes are per-vertex alpha
// ramps (and thin lines a textured quad) that SVG renderers redo themselves from the exact outline.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "imgui.h"

namespace app {

struct SvgFont {
  const ImFont* font = nullptr;
  std::string family;  // CSS font-family list, e.g. "'DejaVu Sans', sans-serif"
  std::string embed;   // if not empty: @font-face name under which the font's own data is embedded
};

struct SvgRequest {
  ImVec2 min{0, 0}, max{0, 0};  // the region kept, in ImGui display coordinates
  std::vector<SvgFont> fonts;   // the fonts whose glyphs become <text>
  // Which draw lists are in the picture (all when empty).
  std::function<bool(const ImDrawList&)> keep_list;
  // SVG for a draw callback, in the picture's coordinates (display coordinates minus `origin`); ""
  // for callbacks it does not know.
  std::function<std::string(const ImDrawCmd&, ImVec2 origin)> paint;
  std::string title;  // <title> and <desc>, plain text (escaped here)
  std::string desc;
};

std::string draw_data_svg(const ImDrawData& dd, const SvgRequest& r);

// Helpers for `paint` and the tests: a coordinate as SVG text (2 decimals, no trailing zeros, never
// NaN: non-finite values print as 0), a colour as #rrggbb (alpha apart), XML text escaped.
std::string svg_number(double v);
std::string svg_color(ImU32 c);
std::string xml_escape(std::string_view text);

}  // namespace app
