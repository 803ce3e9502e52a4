// Marks drawn over a plot: reference lines across it (y = 0, the selected position), a dashed line
// (thresholds, the window N, guides), text on a halo (a label that stays readable over lines) and the
// point markers that tell curves apart where they overlap (circle, cross, square).
#pragma once
#include "imgui.h"
#include "ui/plot.hpp"

namespace app {

// A line across the plot's inner rectangle at screen y (plot_hline) or screen x (plot_vline).
void plot_hline(ImDrawList* dl, const Plot& p, float y, ImU32 col, float thickness = 1.0f);
void plot_vline(ImDrawList* dl, const Plot& p, float x, ImU32 col, float thickness = 1.0f);
// A dashed line from a to b: dashes `dash` pixels long with gaps as long, `thickness` wide.
void dashed_line(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash);
// Text with a halo (colors::halo, 2 px wider each side) so it stays readable over lines.
void halo_text(ImDrawList* dl, ImVec2 pos, ImU32 col, const char* text);
// Halo text beside a vertical line at screen x, its top at y, kept inside the plot p: right of the
// line or, near p's right edge, left of it (beside_line in label.hpp says where, with gap, back and room).
void halo_text_beside(ImDrawList* dl, const Plot& p, float x, float y, ImU32 col, const char* text, float gap, float back, float room);
// A point marker of half-size r at q (the projections and similarity views' starts and legends):
// shape 0 a circle, 1 a cross (×), any other a square; outlines 1.8 (circle) or 2 px (times sc) wide.
void marker(ImDrawList* dl, int shape, ImVec2 q, float r, ImU32 col, float sc);

}  // namespace app
