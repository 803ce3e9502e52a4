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
// Sizes scaled for projectors; `contrast` picks the high-contrast theme (black on white or white on
// black, thick borders). `dark`: light text on dark grey (theme=dark, or theme=auto on a dark system),
// built on ImGui's StyleColorsDark. Every text colour reaches WCAG 4.5:1 on its background (7:1 with
// `contrast`); tests/views/test_theme.cpp checks it.
void apply_theme(float ui_scale, bool contrast, bool dark);

// Colours shared by the views: the hand at pos, the hand at pos + k, the highlighted pair, ...
// Like ImGui's own style they are one set for the whole UI, replaced by apply_palette() for the
// palette, the contrast and light or dark. The initial values are the light theme's.
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

// Neutral colours of the canvas drawings (plots, tables, labels): use these, not IM_COL32 literals,
// so that they follow the theme.
inline ImU32 ink = IM_COL32(30, 30, 40, 255);            // text and marks drawn on the canvas
inline ImU32 axis = IM_COL32(90, 95, 105, 255);          // axis lines and tick labels
inline ImU32 label = IM_COL32(70, 74, 84, 255);          // small tick numbers: a little stronger than axis
inline ImU32 frame = IM_COL32(170, 175, 185, 255);       // a plot's border
inline ImU32 zero_line = IM_COL32(150, 155, 165, 255);   // y = 0 and other reference lines
inline ImU32 guide = IM_COL32(205, 209, 218, 255);       // connectors and brackets that only guide the eye
inline ImU32 grid = IM_COL32(228, 230, 236, 255);        // grid lines
inline ImU32 grid_minor = IM_COL32(242, 244, 247, 255);  // minor grid lines
inline ImU32 paper = IM_COL32(255, 255, 255, 255);       // plot background
inline ImU32 panel = IM_COL32(246, 247, 250, 255);       // a drawing's background, set off from paper
inline ImU32 halo = IM_COL32(255, 255, 255, 225);        // behind text over lines
inline ImU32 hover_fill = IM_COL32(238, 240, 245, 255);  // a hovered cell or axis band
inline ImU32 hover_ring = IM_COL32(40, 40, 50, 200);     // the ring round a hovered point
inline ImU32 marker = IM_COL32(60, 60, 70, 140);         // a vertical line marking a position
inline ImU32 muted = IM_COL32(150, 150, 160, 255);       // things outside the point being made
inline ImU32 threshold = IM_COL32(200, 40, 50, 255);     // a limit line (visibility, tolerance)
inline ImU32 tour_bg = IM_COL32(235, 245, 255, 255);     // the guided tour's bar
// A value scale, weak to strong: weak is near paper, strong is the hand's hue at full strength.
inline ImU32 scale_weak = IM_COL32(250, 251, 253, 255);
inline ImU32 scale_strong = IM_COL32(30, 90, 200, 255);
// A diverging scale (red +1, paper 0, blue -1, the article's heatmap colours): the two ends.
inline ImU32 scale_pos = IM_COL32(255, 40, 40, 255);
inline ImU32 scale_neg = IM_COL32(40, 90, 255, 255);

// Data colours: the word vector, sums, and the two members of a pair in plots.
inline ImU32 word = IM_COL32(125, 80, 175, 255);
inline ImU32 sin_series = IM_COL32(31, 119, 180, 255);
inline ImU32 cos_series = IM_COL32(214, 39, 40, 255);
inline ImU32 accent = IM_COL32(120, 60, 170, 255);  // one more data hue: a sum (input), the small class (ranges)
// The curves of a multi-series plot (waves, similarity), in order: series_color(i) picks from these.
constexpr int kSeriesCount = 9;
inline ImU32 series[kSeriesCount] = {
    IM_COL32(31, 119, 180, 255), IM_COL32(228, 108, 8, 255),  IM_COL32(148, 103, 189, 255),
    IM_COL32(214, 39, 40, 255),  IM_COL32(140, 86, 75, 255),  IM_COL32(215, 100, 180, 255),
    IM_COL32(110, 110, 110, 255), IM_COL32(145, 145, 0, 255), IM_COL32(10, 150, 170, 255),
};

}  // namespace colors

// `a` + (`b` - `a`) * t per channel (t clamped to 0..1), opaque.
ImU32 blend(ImU32 a, ImU32 b, float t);
// Distinct curve colours (not the selection green): colors::series, repeating.
ImU32 series_color(int i);
// c with alpha a (0..255): e.g. a faint line in a palette colour (colors::* are runtime values).
ImU32 with_alpha(ImU32 c, int a);
// c mixed with colors::paper: t = 1 gives c, t = 0 paper (a faint background in a palette colour, on
// white or on the dark theme's paper).
ImU32 tint(ImU32 c, float t);
// Black or white, whichever reads better on `bg` (the larger WCAG contrast ratio, at least 4.58:1 on
// any fill): the text colour for filled cells whose fill runs from weak to strong.
ImU32 ink_on(ImU32 bg);


// Layout sizes in UI pixels at scale 1 (multiply by the UI scale).
namespace metrics {
constexpr float sidebar_width = 290.0f;  // the controls column (web/posenc.js places Copy link after it)
constexpr float tab_padding = 5.0f;      // narrow tabs, so all fit beside the sidebar at 1280 px
constexpr float plot_min_height = 220.0f;
constexpr float label_gap = 6.0f;        // between a mark and its label
constexpr float hover_radius = 7.0f;     // the ring round a hovered point
}  // namespace metrics

// standard: blue hand, orange ghost, green selection. colorblind: Okabe-Ito blue / vermillion /
// bluish green, told apart by lightness too (on dark: lighter blue and green, the sky blue of the same set).
// `contrast` pushes the neutral colours towards black on white (or white on black when `dark`). Sets
// every colour in colors::, so switching back and forth leaves nothing of the previous theme.
void apply_palette(Palette p, bool contrast, bool dark);

}  // namespace app
