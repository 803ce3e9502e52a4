// Lesson: Heatmap (view id `heatmap`). The encoding as an image: positions down, dimensions across,
// red +1, white 0, blue -1 (the article's Figure 1 for d = 512, n = 64), evaluated per pixel on the
// GPU (src/gfx/heatmap_renderer, shaders/heatmap.*.glsl), so any window up to 100,000 positions by
// 4096 dimensions pans and zooms smoothly. Hovering compares the shader's float32 value (its CPU
// mirror, core/float32_encoding) with the double truth.
#pragma once
#include <string>
#include "gfx/heatmap_renderer.hpp"
#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

constexpr double kHeatmapMaxPositions = 100000.0;
constexpr int kHeatmapMaxDims = 4096;
// The lesson's "barely moves": a column whose values over the rows shown span less than this (the
// ranges lesson's first threshold; about a tenth of the colour scale from white to full red).
constexpr double kHeatmapStill = 0.1;

struct HeatmapCache {
  // The window, in cells (view-local; fitted to the State's n and d when those change).
  double pos0 = 0;        // first position; its integer part is the top row
  double positions = 64;  // rows across the height (real while zooming)
  double dim0 = 0;        // first dimension
  double dims = 512;      // columns across the width
  bool naive = false;     // shader computes the angle the naive float32 way (to see it fail)
  KeyedCache<int> fitted_d;  // State d and n the window was last fitted to
  KeyedCache<int> fitted_n;
  // The first dimension from which on every column changes by less than kHeatmapStill over the rows
  // shown (core/ranges.hpp), for (first row, rows, d, base).
  KeyedCache<double, double, int, double> still_key;
  int still_dim = 0;
  ImVec2 plot_min{0, 0}, plot_max{0, 0};  // where the map was drawn last frame (display coordinates)
  bool drawn = false;
  gfx::HeatmapRenderer renderer;
};

void draw_heatmap(State& s, HeatmapCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_heatmap(const State& s, const HeatmapCache& cache);

// Sets the window (clamped to what the view allows) as if the user had; for the page's debug hook.
void heatmap_set_window(HeatmapCache& cache, const State& s, double pos0, double positions, double dim0, double dims,
                        bool naive);

}  // namespace app
