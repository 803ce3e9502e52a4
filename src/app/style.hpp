// Fonts and colours of the UI. The fonts are a subset of DejaVu Sans / Sans Mono, embedded at
// build time (see CMakeLists.txt), so the page needs no font download and no filesystem.
#pragma once
#include "imgui.h"
#include "state/state.hpp"  // Palette

namespace app {

struct Fonts {
  ImFont* body = nullptr;   // captions and controls
  ImFont* mono = nullptr;   // numbers in tables
  ImFont* title = nullptr;  // headings
};

// Builds the font atlas for a UI scale (1 = 16 px body text). Glyphs are rasterised at
// ui_scale * pixel_ratio so text stays crisp on HiDPI screens (io.FontGlobalScale undoes the ratio).
Fonts load_fonts(float ui_scale, float pixel_ratio);
// Sizes scaled for projectors; `contrast` picks the high-contrast theme (black on white, thick lines).
// `dark`: light text on dark grey (theme=dark, or theme=auto on a dark system).
void apply_theme(float ui_scale, bool contrast, bool dark);


// Colours shared by the views: the hand at pos, the hand at pos + k, the highlighted pair, ...
// Like ImGui's own style they are one set for the whole UI, replaced by apply_palette().
namespace colors {
inline ImU32 hand = IM_COL32(40, 110, 220, 255);
inline ImU32 ghost = IM_COL32(235, 120, 20, 255);
inline ImU32 arc = IM_COL32(235, 120, 20, 110);
inline ImU32 dial_face = IM_COL32(250, 250, 252, 255);
inline ImU32 dial_rim = IM_COL32(150, 155, 165, 255);
inline ImU32 tick = IM_COL32(190, 195, 205, 255);
inline ImU32 selected = IM_COL32(30, 160, 90, 255);
inline ImU32 text_dim = IM_COL32(95, 100, 110, 255);
inline ImU32 warning = IM_COL32(178, 89, 0, 255);

// Neutral colours of the canvas drawings (plots, tables, labels): use these, not IM_COL32 literals.
inline ImU32 ink = IM_COL32(30, 30, 40, 255);            // text and marks drawn on the canvas
inline ImU32 axis = IM_COL32(90, 95, 105, 255);          // axis lines and tick labels
inline ImU32 frame = IM_COL32(170, 175, 185, 255);       // a plot's border
inline ImU32 zero_line = IM_COL32(150, 155, 165, 255);   // y = 0 and other reference lines
inline ImU32 grid = IM_COL32(228, 230, 236, 255);        // grid lines
inline ImU32 grid_minor = IM_COL32(242, 244, 247, 255);  // minor grid lines
inline ImU32 paper = IM_COL32(255, 255, 255, 255);       // plot background
inline ImU32 panel = IM_COL32(246, 247, 250, 255);       // a drawing's light background
inline ImU32 halo = IM_COL32(255, 255, 255, 225);        // behind text over lines
inline ImU32 hover_fill = IM_COL32(238, 240, 245, 255);  // a hovered cell
inline ImU32 hover_ring = IM_COL32(40, 40, 50, 200);     // the ring round a hovered point
inline ImU32 marker = IM_COL32(60, 60, 70, 140);         // a vertical line marking a position
inline ImU32 muted = IM_COL32(150, 150, 160, 255);       // things outside the point being made
inline ImU32 threshold = IM_COL32(200, 40, 50, 255);     // a limit line (visibility, tolerance)
inline ImU32 tour_bg = IM_COL32(235, 245, 255, 255);     // the guided tour's bar

// Data colours: the word vector, sums, and the two members of a pair in plots.
inline ImU32 word = IM_COL32(125, 80, 175, 255);
inline ImU32 sin_series = IM_COL32(31, 119, 180, 255);
inline ImU32 cos_series = IM_COL32(214, 39, 40, 255);
}  // namespace colors

// Layout sizes in UI pixels at scale 1 (multiply by the UI scale).
namespace metrics {
constexpr float sidebar_width = 290.0f;  // the controls column (web/posenc.js places Copy link after it)
constexpr float tab_padding = 5.0f;      // narrow tabs, so all fit beside the sidebar at 1280 px
constexpr float plot_min_height = 220.0f;
constexpr float label_gap = 6.0f;        // between a mark and its label
constexpr float hover_radius = 7.0f;     // the ring round a hovered point
}  // namespace metrics

// standard: blue hand, orange ghost, green selection. colorblind: Okabe-Ito blue / vermillion /
// bluish green, told apart by lightness too. `contrast` darkens the neutral colours.
void apply_palette(Palette p, bool contrast, bool dark);

}  // namespace app
