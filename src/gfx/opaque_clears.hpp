// Opaque rectangles as scissored clears. Dear ImGui draws every window, child and plot background as
// two textured, blended triangles: on a software renderer (Chromium's SwiftShader: no GPU, as on many
// school PCs and virtual desktops) each such pixel costs a texture fetch, a framebuffer read and a
// blend, and the page's backgrounds cover the screen about three times over. An opaque rectangle of one
// colour that samples the atlas's white pixel gives exactly its vertex colour, so a scissored glClear of
// the same pixels in the same place of the drawing order leaves the same image at a fraction of the cost.
//
// Only the rendering changes: begin() splits the draw commands around each such rectangle and puts a
// clear callback in its place (the vertices and indices stay as they are), end() puts the commands back,
// so exports that read the draw data (SVG, PNG, figure) see what ImGui made. README "Performance" has
// what it measured.
#pragma once
#include <vector>

#include "imgui.h"

namespace gfx {

class OpaqueClears {
 public:
  // Rectangles smaller than this many framebuffer pixels are drawn as ImGui draws them: a clear
  // callback splits the draw call in two, which costs more than a small fill.
  static constexpr float kMinPixels = 4096;

  // Rewrites the command lists of `dd` for rendering; with `enabled` false, leaves them alone.
  void begin(ImDrawData& dd, bool enabled = true);
  // The command lists as ImGui made them again. Call after rendering, before anything else reads `dd`.
  void end(ImDrawData& dd);
  // Rectangles drawn as clears by the last begin(), and their framebuffer pixels.
  int rects() const { return rects_; }
  double pixels() const { return pixels_; }

 private:
  // Per list: the rewritten commands, kept between frames for their capacity; while a list holds
  // them, ImGui's own commands wait here.
  std::vector<ImVector<ImDrawCmd>> spare_;
  std::vector<int> swapped_lists_;
  int rects_ = 0;
  double pixels_ = 0;
};

// One clear's scissor in framebuffer pixels (GL's rows, from the bottom).
struct ClearRect {
  int x = 0, y = 0, w = 0, h = 0;
};

// The clear that paints what the rectangle's two triangles would: the pixels whose centres lie in
// [x0, x1) x [y0, y1) (display coordinates, y down), within the scissor ImGui's OpenGL backend sets
// for `clip`. False when no pixel is left. Exposed for the tests.
bool clear_rect_for(const ImVec2& lo, const ImVec2& hi, const ImVec4& clip, const ImDrawData& dd, ClearRect& out);

}  // namespace gfx
