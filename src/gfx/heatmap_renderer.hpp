// The heatmap renderer: PE(pos, dim) for a window of positions (rows) by dimensions (columns),
// evaluated per pixel on the GPU by shaders/heatmap.{vert,frag}.glsl, drawn into a rectangle that
// ImGui reserved. The view queues it with queue(); ImGui's OpenGL backend calls back at render time,
// the renderer draws its triangle and ImGui's render state is then reset.
//
// GL objects are made on first use (the context exists by then) and live as long as the context:
// the app keeps one renderer for its whole life, so nothing is deleted.
#pragma once
#include <string>

#include "imgui.h"

namespace gfx {

// The colour scale, linear between the stops: -1 blue, 0 white, +1 red. The shader receives these as
// uniforms; the view's legend uses them; tests/browser/test_heatmap.mjs inverts them (keep in step).
inline constexpr float kHeatPositive[3] = {0.80f, 0.09f, 0.13f};
inline constexpr float kHeatZero[3] = {1.0f, 1.0f, 1.0f};
inline constexpr float kHeatNegative[3] = {0.13f, 0.37f, 0.72f};
inline constexpr float kHeatOutside[3] = {0.86f, 0.87f, 0.89f};  // no such dimension or position

// The colour of value v in [-1, 1], as the shader computes it (for legends and swatches).
ImU32 heat_color(double v);

// What to draw: the window is in cells; the integer part of pos0 is the top row's position.
struct HeatmapDraw {
  ImVec2 min{0, 0}, max{0, 0};  // rectangle in ImGui display coordinates
  double pos0 = 0, positions = 1;
  double dim0 = 0, dims = 1;
  int d = 2;
  double base = 10000;
  bool naive = false;  // naive float32 angle, to show what goes wrong at large positions
};

class HeatmapRenderer {
 public:
  // Adds the heatmap to `dl` at the current clip rectangle: a draw callback, then ImGui's reset.
  void queue(ImDrawList* dl, const HeatmapDraw& draw);
  // Empty unless the GPU refused the shaders; then why (shown by the view instead of the map).
  const std::string& error() const { return error_; }

 private:
  static void on_draw(const ImDrawList* list, const ImDrawCmd* cmd);
  void draw(const ImDrawCmd& cmd);
  bool ready();
  void upload_pairs(int d, double base);

  HeatmapDraw pending_{};
  std::string error_;
  bool failed_ = false;
  unsigned int program_ = 0, vao_ = 0, texture_ = 0;
  int table_d_ = -1;
  double table_base_ = 0;
  int loc_pairs_ = -1, loc_rect_ = -1, loc_pos0_ = -1, loc_pos_frac_ = -1, loc_pos_span_ = -1, loc_dim0_ = -1,
      loc_dim_frac_ = -1, loc_dim_span_ = -1, loc_d_ = -1, loc_naive_ = -1, loc_pos_color_ = -1, loc_zero_color_ = -1,
      loc_neg_color_ = -1, loc_outside_color_ = -1;
};

}  // namespace gfx
