#include "heatmap_renderer.hpp"

#include <GLES3/gl3.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/float32_encoding.hpp"
#include "core/frequency.hpp"
#include "core/params.hpp"
#include "heatmap_frag_glsl.hpp"
#include "heatmap_vert_glsl.hpp"
#include "shader.hpp"

namespace gfx {

namespace {

// Pair i's constants sit at texel (i % 64, i / 64): 4096 pairs fit the 2048 texels per side that
// every GLES 3.0 / WebGL2 implementation allows.
constexpr int kTableSide = 64;
static_assert(pe::kMaxD / 2 <= kTableSide * kTableSide, "pair table too small for kMaxD");

ImU32 to_u32(const float c[3]) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c[0], c[1], c[2], 1.0f)); }

}  // namespace

ImU32 heat_color(double v) {
  const float t = static_cast<float>(std::clamp(std::isfinite(v) ? v : 0.0, -1.0, 1.0));
  const float* end = t >= 0 ? kHeatPositive : kHeatNegative;
  const float a = std::fabs(t);
  float c[3];
  for (int i = 0; i < 3; ++i) c[i] = kHeatZero[i] + (end[i] - kHeatZero[i]) * a;
  return to_u32(c);
}

void HeatmapRenderer::queue(ImDrawList* dl, const HeatmapDraw& draw) {
  pending_ = draw;
  dl->AddCallback(&HeatmapRenderer::on_draw, this);
  dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void HeatmapRenderer::on_draw(const ImDrawList*, const ImDrawCmd* cmd) {
  static_cast<HeatmapRenderer*>(cmd->UserCallbackData)->draw(*cmd);
}

bool HeatmapRenderer::ready() {
  if (failed_) return false;
  if (program_) return true;
  const GLuint prog = build_program(reinterpret_cast<const char*>(kShader_heatmap_vert_glsl),
                                    reinterpret_cast<const char*>(kShader_heatmap_frag_glsl), error_);
  if (!prog) {
    failed_ = true;
    return false;
  }
  program_ = prog;
  const auto loc = [prog](const char* name) { return glGetUniformLocation(prog, name); };
  loc_pairs_ = loc("u_pairs");
  loc_rect_ = loc("u_rect");
  loc_pos0_ = loc("u_pos0");
  loc_pos_frac_ = loc("u_pos_frac");
  loc_pos_span_ = loc("u_pos_span");
  loc_dim0_ = loc("u_dim0");
  loc_dim_frac_ = loc("u_dim_frac");
  loc_dim_span_ = loc("u_dim_span");
  loc_d_ = loc("u_d");
  loc_naive_ = loc("u_naive");
  loc_pos_color_ = loc("u_pos_color");
  loc_zero_color_ = loc("u_zero_color");
  loc_neg_color_ = loc("u_neg_color");
  loc_outside_color_ = loc("u_outside_color");
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);  // empty: the vertex shader makes its corners from gl_VertexID
  vao_ = vao;
  GLuint tex = 0;
  glGenTextures(1, &tex);
  texture_ = tex;
  glBindTexture(GL_TEXTURE_2D, tex);
  // Integer textures are only complete with NEAREST filtering and no mipmaps.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, kTableSide, kTableSide, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, nullptr);
  return true;
}

void HeatmapRenderer::upload_pairs(int d, double base) {
  if (d == table_d_ && base == table_base_) return;
  table_d_ = d;
  table_base_ = base;
  std::vector<std::uint32_t> texels(static_cast<size_t>(kTableSide * kTableSide * 4), 0u);
  for (int i = 0; i < d / 2; ++i) {
    const pe::PhaseConstant c = pe::phase_constant(i, d, base);
    const float w = static_cast<float>(pe::omega(i, d, base));
    std::uint32_t wbits = 0;
    std::memcpy(&wbits, &w, sizeof wbits);
    std::uint32_t* t = &texels[static_cast<size_t>(i) * 4];
    t[0] = c.hi;
    t[1] = c.lo;
    t[2] = wbits;
  }
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kTableSide, kTableSide, GL_RGBA_INTEGER, GL_UNSIGNED_INT, texels.data());
}

void HeatmapRenderer::draw(const ImDrawCmd& cmd) {
  if (!ready()) return;
  const ImDrawData* dd = ImGui::GetDrawData();
  if (!dd) return;
  const HeatmapDraw& h = pending_;
  const ImVec2 off = dd->DisplayPos, sc = dd->FramebufferScale;
  const float fb_w = dd->DisplaySize.x * sc.x, fb_h = dd->DisplaySize.y * sc.y;
  // Rectangle and clip rectangle in framebuffer pixels, y up from the bottom (GL's convention).
  const float left = (h.min.x - off.x) * sc.x, right = (h.max.x - off.x) * sc.x;
  const float top = (h.min.y - off.y) * sc.y, bottom = (h.max.y - off.y) * sc.y;
  const float cl = std::max(left, (cmd.ClipRect.x - off.x) * sc.x), cr = std::min(right, (cmd.ClipRect.z - off.x) * sc.x);
  const float ct = std::max(top, (cmd.ClipRect.y - off.y) * sc.y), cb = std::min(bottom, (cmd.ClipRect.w - off.y) * sc.y);
  if (cr <= cl || cb <= ct || right <= left || bottom <= top) return;

  glViewport(0, 0, static_cast<GLsizei>(fb_w), static_cast<GLsizei>(fb_h));
  glEnable(GL_SCISSOR_TEST);
  glScissor(static_cast<GLint>(cl), static_cast<GLint>(fb_h - cb), static_cast<GLsizei>(cr - cl),
            static_cast<GLsizei>(cb - ct));
  glDisable(GL_BLEND);
  glUseProgram(program_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture_);
  upload_pairs(h.d, h.base);
  glUniform1i(loc_pairs_, 0);
  glUniform4f(loc_rect_, left, fb_h - bottom, right - left, bottom - top);
  const double p_int = std::floor(h.pos0), d_int = std::floor(h.dim0);
  glUniform1i(loc_pos0_, static_cast<GLint>(p_int));
  glUniform1f(loc_pos_frac_, static_cast<GLfloat>(h.pos0 - p_int));
  glUniform1f(loc_pos_span_, static_cast<GLfloat>(h.positions));
  glUniform1i(loc_dim0_, static_cast<GLint>(d_int));
  glUniform1f(loc_dim_frac_, static_cast<GLfloat>(h.dim0 - d_int));
  glUniform1f(loc_dim_span_, static_cast<GLfloat>(h.dims));
  glUniform1i(loc_d_, h.d);
  glUniform1i(loc_naive_, h.naive ? 1 : 0);
  glUniform3fv(loc_pos_color_, 1, kHeatPositive);
  glUniform3fv(loc_zero_color_, 1, kHeatZero);
  glUniform3fv(loc_neg_color_, 1, kHeatNegative);
  glUniform3fv(loc_outside_color_, 1, kHeatOutside);
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
}

}  // namespace gfx
