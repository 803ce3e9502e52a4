#include "opaque_clears.hpp"

#include <GLES3/gl3.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace gfx {

namespace {

// Draws one ClearRect: its scissor sits in the command's ClipRect (x, y, w, h), its colour in
// UserCallbackData. ImGui's backend sets its own scissor again for the next command, and the frame's
// clear colour is set anew by the platform each frame.
void clear_callback(const ImDrawList*, const ImDrawCmd* cmd) {
  glEnable(GL_SCISSOR_TEST);
  glScissor(static_cast<GLint>(cmd->ClipRect.x), static_cast<GLint>(cmd->ClipRect.y), static_cast<GLsizei>(cmd->ClipRect.z),
            static_cast<GLsizei>(cmd->ClipRect.w));
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(static_cast<ImU32>(reinterpret_cast<std::uintptr_t>(cmd->UserCallbackData)));
  glClearColor(c.x, c.y, c.z, c.w);
  glClear(GL_COLOR_BUFFER_BIT);
}

bool same_uv(const ImVec2& a, const ImVec2& b) { return a.x == b.x && a.y == b.y; }

// The opaque, one-colour, axis-aligned rectangle on the white pixel that ImGui's PrimRect writes
// (AddRectFilled without rounding): indices a, a+1, a+2, a, a+2, a+3 over the corners top-left,
// top-right, bottom-right, bottom-left.
bool solid_rect(const ImDrawIdx* idx, const ImDrawVert* vtx, unsigned vtx_left, const ImVec2& white, ImVec2& lo, ImVec2& hi,
                ImU32& col) {
  const unsigned a = idx[0];
  if (idx[1] != a + 1 || idx[2] != a + 2 || idx[3] != a || idx[4] != a + 2 || idx[5] != a + 3 || a + 3 >= vtx_left) return false;
  const ImDrawVert &p = vtx[a], &q = vtx[a + 1], &r = vtx[a + 2], &s = vtx[a + 3];
  if (p.col != q.col || p.col != r.col || p.col != s.col || ((p.col >> IM_COL32_A_SHIFT) & 0xFF) != 0xFF) return false;
  if (!same_uv(p.uv, white) || !same_uv(q.uv, white) || !same_uv(r.uv, white) || !same_uv(s.uv, white)) return false;
  if (q.pos.y != p.pos.y || r.pos.x != q.pos.x || s.pos.y != r.pos.y || s.pos.x != p.pos.x) return false;
  if (!(r.pos.x > p.pos.x && r.pos.y > p.pos.y)) return false;
  lo = p.pos;
  hi = r.pos;
  col = p.col;
  return true;
}

}  // namespace

bool clear_rect_for(const ImVec2& lo, const ImVec2& hi, const ImVec4& clip, const ImDrawData& dd, ClearRect& out) {
  const ImVec2 off = dd.DisplayPos, sc = dd.FramebufferScale;
  const int fb_w = static_cast<int>(dd.DisplaySize.x * sc.x), fb_h = static_cast<int>(dd.DisplaySize.y * sc.y);
  if (fb_w <= 0 || fb_h <= 0 || dd.DisplaySize.x <= 0 || dd.DisplaySize.y <= 0) return false;
  // The backend's scissor, computed as it does (imgui_impl_opengl3.cpp), in rows from the top.
  const ImVec2 cmin((clip.x - off.x) * sc.x, (clip.y - off.y) * sc.y), cmax((clip.z - off.x) * sc.x, (clip.w - off.y) * sc.y);
  if (cmax.x <= cmin.x || cmax.y <= cmin.y) return false;
  const int sx = static_cast<int>(cmin.x), sy = static_cast<int>(static_cast<float>(fb_h) - cmax.y);
  const int sw = static_cast<int>(cmax.x - cmin.x), sh = static_cast<int>(cmax.y - cmin.y);
  // The triangles' pixels: centres in [x0, x1) x [y0, y1), the vertices mapped as the backend's
  // projection and viewport map them (display rectangle onto the whole framebuffer).
  const float kx = static_cast<float>(fb_w) / dd.DisplaySize.x, ky = static_cast<float>(fb_h) / dd.DisplaySize.y;
  const auto first = [](float v) { return static_cast<int>(std::ceil(v - 0.5f)); };
  int c0 = first((lo.x - off.x) * kx), c1 = first((hi.x - off.x) * kx);
  int r0 = first((lo.y - off.y) * ky), r1 = first((hi.y - off.y) * ky);
  c0 = std::max({c0, sx, 0});
  c1 = std::min({c1, sx + sw, fb_w});
  r0 = std::max({r0, fb_h - sy - sh, 0});
  r1 = std::min({r1, fb_h - sy, fb_h});
  if (c1 <= c0 || r1 <= r0) return false;
  out.x = c0;
  out.y = fb_h - r1;  // GL's rows count from the bottom
  out.w = c1 - c0;
  out.h = r1 - r0;
  return true;
}

void OpaqueClears::begin(ImDrawData& dd, bool enabled) {
  rects_ = 0;
  pixels_ = 0;
  swapped_lists_.clear();
  if (!enabled || !dd.Valid) return;
  const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  const ImTextureID font = atlas->TexID;
  const ImVec2 white = atlas->TexUvWhitePixel;
  const float px_per_unit = dd.FramebufferScale.x * dd.FramebufferScale.y;
  const int lists = dd.CmdListsCount;
  if (static_cast<int>(spare_.size()) < lists) spare_.resize(static_cast<size_t>(lists));
  for (int li = 0; li < lists; ++li) {
    ImDrawList* l = dd.CmdLists[li];
    ImVector<ImDrawCmd>& out = spare_[static_cast<size_t>(li)];
    out.resize(0);
    bool changed = false;
    for (const ImDrawCmd& cmd : l->CmdBuffer) {
      if (cmd.UserCallback || cmd.TextureId != font || cmd.ElemCount < 6) {
        out.push_back(cmd);
        continue;
      }
      const ImDrawIdx* idx = l->IdxBuffer.Data + cmd.IdxOffset;
      const ImDrawVert* vtx = l->VtxBuffer.Data + cmd.VtxOffset;
      const unsigned vtx_left = static_cast<unsigned>(l->VtxBuffer.Size) - cmd.VtxOffset;
      unsigned start = 0;  // the first index not yet handed on
      for (unsigned t = 0; t + 6 <= cmd.ElemCount;) {
        ImVec2 lo, hi;
        ImU32 col = 0;
        if (!solid_rect(idx + t, vtx, vtx_left, white, lo, hi, col) || (hi.x - lo.x) * (hi.y - lo.y) * px_per_unit < kMinPixels) {
          t += 3;
          continue;
        }
        if (t > start) {
          ImDrawCmd before = cmd;
          before.IdxOffset = cmd.IdxOffset + start;
          before.ElemCount = t - start;
          out.push_back(before);
        }
        ClearRect r;
        if (clear_rect_for(lo, hi, cmd.ClipRect, dd, r)) {
          ImDrawCmd clear = cmd;
          clear.ClipRect = ImVec4(static_cast<float>(r.x), static_cast<float>(r.y), static_cast<float>(r.w), static_cast<float>(r.h));
          clear.UserCallback = &clear_callback;
          clear.UserCallbackData = reinterpret_cast<void*>(static_cast<std::uintptr_t>(col));
          clear.IdxOffset = cmd.IdxOffset + t;
          clear.ElemCount = 0;
          out.push_back(clear);
          ++rects_;
          pixels_ += static_cast<double>(r.w) * r.h;
        }
        t += 6;
        start = t;
        changed = true;
      }
      if (start < cmd.ElemCount) {
        ImDrawCmd rest = cmd;
        rest.IdxOffset = cmd.IdxOffset + start;
        rest.ElemCount = cmd.ElemCount - start;
        out.push_back(rest);
      }
    }
    if (changed) {
      l->CmdBuffer.swap(out);
      swapped_lists_.push_back(li);
    }
  }
}

void OpaqueClears::end(ImDrawData& dd) {
  for (int li : swapped_lists_) dd.CmdLists[li]->CmdBuffer.swap(spare_[static_cast<size_t>(li)]);
  swapped_lists_.clear();
}

}  // namespace gfx
