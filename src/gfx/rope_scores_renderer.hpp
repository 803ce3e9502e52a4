// The RoPE score map: score(m, n) = R(m w) q . R(n w) k for a square window of query positions m (rows)
// and key positions n (columns), computed by a fragment shader (shaders/rope_scores.{vert,frag}.glsl)
// and drawn into a rectangle that ImGui reserved.
//
// Two passes. The cells pass computes one fragment per cell into a cells x cells texture, and runs only
// when what it shows changes (window, d, base, q, k, colour scale); a frame that changes nothing else
// costs one textured rectangle. The display pass shows each cell as a block of screen pixels. Both run
// inside an ImGui draw callback (the GL context is current there), followed by ImGui's render-state
// reset; the previous framebuffer binding is restored after the cells pass.
//
// GL objects are made on first use and live as long as the context (one renderer for the app's life).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "imgui.h"

namespace gfx {

// Largest map side and head width the shader accepts (the pair table is 64 x 64 pairs).
inline constexpr int kRopeMapMaxCells = 256;

struct RopeScoresDraw {
  ImVec2 min{0, 0}, max{0, 0};  // the map's rectangle in ImGui display coordinates
  std::int64_t first = 0;       // rows are m = first .. first + cells - 1, columns n likewise
  int cells = 64;               // cells per side (<= kRopeMapMaxCells)
  int d = 2;                    // head width; q and k hold d values each
  double base = 10000;
  double scale = 1;             // the |score| drawn at full colour
  std::span<const double> q, k;
};

// The map's cells as the shader colours them, computed on the CPU in double precision (core/rope.hpp):
// cells x cells RGB triples, row 0 (m = first) first; for a picture without the GPU (an SVG export).
std::vector<unsigned char> rope_scores_cells_rgb(const RopeScoresDraw& draw);

class RopeScoresRenderer {
 public:
  // Adds the map to `dl` at the current clip rectangle: a draw callback, then ImGui's reset. Copies
  // what it needs from `draw` (q and k included).
  void queue(ImDrawList* dl, const RopeScoresDraw& draw);
  // Empty unless the GPU refused the shaders or the cells texture; then why.
  const std::string& error() const { return error_; }

 private:
  // Everything the cells pass depends on, as the GPU receives it.
  struct Inputs {
    std::int64_t first = 0;
    int cells = 0, d = 0;
    double base = 0;
    float scale = 0;
    std::vector<float> qk;  // q_2i, q_2i+1, k_2i, k_2i+1 per pair
    bool operator==(const Inputs&) const = default;
  };
  static void on_draw(const ImDrawList* list, const ImDrawCmd* cmd);
  void draw(const ImDrawCmd& cmd);
  bool ready();
  void upload_table();
  void compute_cells();

  Inputs pending_, computed_, table_;
  bool computed_valid_ = false, table_valid_ = false;
  ImVec2 min_{0, 0}, max_{0, 0};
  std::string error_;
  bool failed_ = false;
  unsigned int cells_program_ = 0, display_program_ = 0, vao_ = 0, table_tex_ = 0, cells_tex_ = 0, fbo_ = 0;
  int cells_tex_size_ = 0;
  int loc_table_ = -1, loc_first_ = -1, loc_pairs_ = -1, loc_scale_ = -1, loc_pos_color_ = -1, loc_zero_color_ = -1,
      loc_neg_color_ = -1, loc_cells_ = -1, loc_rect_ = -1, loc_count_ = -1;
};

}  // namespace gfx
