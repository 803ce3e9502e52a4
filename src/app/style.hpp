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
void apply_theme(float ui_scale, bool contrast);


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
}  // namespace colors

// standard: blue hand, orange ghost, green selection. colorblind: Okabe-Ito blue / vermillion /
// bluish green, told apart by lightness too. `contrast` darkens the neutral colours.
void apply_palette(Palette p, bool contrast);

}  // namespace app
