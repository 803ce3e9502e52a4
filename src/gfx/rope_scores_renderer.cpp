#include "rope_scores_renderer.hpp"

#include <GLES3/gl3.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "core/float32_encoding.hpp"
#include "core/params.hpp"
#include "core/rope.hpp"
#include "heatmap_renderer.hpp"  // the colour scale (kHeatPositive, kHeatZero, kHeatNegative)
#include "rope_scores_frag_glsl.hpp"
#include "rope_scores_vert_glsl.hpp"
#include "shader.hpp"

namespace gfx {

namespace {

// Pair i sits at texel (i % 64, i / 64) (phase constants) and (i % 64, 64 + i / 64) (q and k).
constexpr int kTableSide = 64;
static_assert(pe::kMaxD / 2 <= kTableSide * kTableSide, "pair table too small for kMaxD");

std::uint32_t float_bits(float f) {
  std::uint32_t b = 0;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

}  // namespace

std::vector<unsigned char> rope_scores_cells_rgb(const RopeScoresDraw& draw) {
  const int cells = std::clamp(draw.cells, 1, kRopeMapMaxCells);
  const double scale = draw.scale > 0 && std::isfinite(draw.scale) ? draw.scale : 1.0;
  std::vector<unsigned char> rgb(static_cast<size_t>(cells) * static_cast<size_t>(cells) * 3);
  const double first = static_cast<double>(draw.first);
  for (int r = 0; r < cells; ++r)
    for (int c = 0; c < cells; ++c) {
      const ImU32 col = heat_color(pe::rope_score(draw.q, draw.k, first + r, first + c, draw.base) / scale);
      unsigned char* p = &rgb[(static_cast<size_t>(r) * static_cast<size_t>(cells) + static_cast<size_t>(c)) * 3];
      p[0] = static_cast<unsigned char>((col >> IM_COL32_R_SHIFT) & 0xFF);
      p[1] = static_cast<unsigned char>((col >> IM_COL32_G_SHIFT) & 0xFF);
      p[2] = static_cast<unsigned char>((col >> IM_COL32_B_SHIFT) & 0xFF);
    }
  return rgb;
}

void RopeScoresRenderer::queue(ImDrawList* dl, const RopeScoresDraw& draw) {
  min_ = draw.min;
  max_ = draw.max;
  Inputs in;
  in.first = draw.first;
  in.cells = std::clamp(draw.cells, 1, kRopeMapMaxCells);
  in.d = std::clamp(draw.d - draw.d % 2, 2, pe::kMaxD);
  in.base = draw.base;
  in.scale = static_cast<float>(draw.scale > 0 && std::isfinite(draw.scale) ? draw.scale : 1.0);
  const size_t n = std::min({static_cast<size_t>(in.d), draw.q.size(), draw.k.size()});
  in.qk.assign(static_cast<size_t>(in.d) * 2, 0.0f);
  for (size_t j = 0; j + 1 < n; j += 2) {
    float* t = &in.qk[j * 2];
    t[0] = static_cast<float>(draw.q[j]);
    t[1] = static_cast<float>(draw.q[j + 1]);
    t[2] = static_cast<float>(draw.k[j]);
    t[3] = static_cast<float>(draw.k[j + 1]);
  }
  pending_ = std::move(in);
  dl->AddCallback(&RopeScoresRenderer::on_draw, this);
  dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void RopeScoresRenderer::on_draw(const ImDrawList*, const ImDrawCmd* cmd) {
  static_cast<RopeScoresRenderer*>(cmd->UserCallbackData)->draw(*cmd);
}

bool RopeScoresRenderer::ready() {
  if (failed_) return false;
  if (cells_program_) return true;
  const char* vert = reinterpret_cast<const char*>(kShader_rope_scores_vert_glsl);
  const std::string cells_frag = std::string("#define ROPE_CELLS\n").append(reinterpret_cast<const char*>(kShader_rope_scores_frag_glsl));
  const GLuint cells = build_program(vert, cells_frag.c_str(), error_);
  const GLuint display = cells ? build_program(vert, reinterpret_cast<const char*>(kShader_rope_scores_frag_glsl), error_) : 0;
  if (!cells || !display) {
    failed_ = true;
    return false;
  }
  cells_program_ = cells;
  display_program_ = display;
  loc_table_ = glGetUniformLocation(cells, "u_table");
  loc_first_ = glGetUniformLocation(cells, "u_first");
  loc_pairs_ = glGetUniformLocation(cells, "u_pairs");
  loc_scale_ = glGetUniformLocation(cells, "u_scale");
  loc_pos_color_ = glGetUniformLocation(cells, "u_pos_color");
  loc_zero_color_ = glGetUniformLocation(cells, "u_zero_color");
  loc_neg_color_ = glGetUniformLocation(cells, "u_neg_color");
  loc_cells_ = glGetUniformLocation(display, "u_cells");
  loc_rect_ = glGetUniformLocation(display, "u_rect");
  loc_count_ = glGetUniformLocation(display, "u_count");

  GLuint vao = 0;
  glGenVertexArrays(1, &vao);  // empty: the vertex shader makes its corners from gl_VertexID
  vao_ = vao;
  GLuint tex[2] = {0, 0};
  glGenTextures(2, tex);
  table_tex_ = tex[0];
  cells_tex_ = tex[1];
  for (GLuint t : tex) {
    glBindTexture(GL_TEXTURE_2D, t);
    // Integer textures are only complete with NEAREST filtering; the cells are fetched exactly anyway.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  }
  glBindTexture(GL_TEXTURE_2D, table_tex_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, kTableSide, 2 * kTableSide, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, nullptr);
  GLuint fbo = 0;
  glGenFramebuffers(1, &fbo);
  fbo_ = fbo;
  return true;
}

void RopeScoresRenderer::upload_table() {
  const Inputs& in = pending_;
  if (table_valid_ && table_.d == in.d && table_.base == in.base && table_.qk == in.qk) return;
  std::vector<std::uint32_t> texels(static_cast<size_t>(kTableSide * 2 * kTableSide * 4), 0u);
  const size_t second_half = static_cast<size_t>(kTableSide * kTableSide * 4);
  for (int i = 0; i < in.d / 2; ++i) {
    const pe::PhaseConstant c = pe::phase_constant(i, in.d, in.base);
    std::uint32_t* t = &texels[static_cast<size_t>(i) * 4];
    t[0] = c.hi;
    t[1] = c.lo;
    std::uint32_t* v = &texels[second_half + static_cast<size_t>(i) * 4];
    for (int j = 0; j < 4; ++j) v[j] = float_bits(in.qk[static_cast<size_t>(i) * 4 + static_cast<size_t>(j)]);
  }
  glBindTexture(GL_TEXTURE_2D, table_tex_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kTableSide, 2 * kTableSide, GL_RGBA_INTEGER, GL_UNSIGNED_INT, texels.data());
  table_ = in;
  table_valid_ = true;
}

void RopeScoresRenderer::compute_cells() {
  const Inputs& in = pending_;
  if (computed_valid_ && computed_ == in) return;
  if (cells_tex_size_ != in.cells) {
    glBindTexture(GL_TEXTURE_2D, cells_tex_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, in.cells, in.cells, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    cells_tex_size_ = in.cells;
  }
  upload_table();
  GLint previous = 0;
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, cells_tex_, 0);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous));
    error_ = "the GPU cannot render into the map's cells texture (RGBA8)";
    failed_ = true;
    return;
  }
  glViewport(0, 0, in.cells, in.cells);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glUseProgram(cells_program_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, table_tex_);
  glUniform1i(loc_table_, 0);
  glUniform1i(loc_first_, static_cast<GLint>(in.first));
  glUniform1i(loc_pairs_, in.d / 2);
  glUniform1f(loc_scale_, in.scale);
  glUniform3fv(loc_pos_color_, 1, kHeatPositive);
  glUniform3fv(loc_zero_color_, 1, kHeatZero);
  glUniform3fv(loc_neg_color_, 1, kHeatNegative);
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous));
  computed_ = in;
  computed_valid_ = true;
}

void RopeScoresRenderer::draw(const ImDrawCmd& cmd) {
  if (!ready()) return;
  const ImDrawData* dd = ImGui::GetDrawData();
  if (!dd) return;
  compute_cells();
  if (failed_) return;
  const ImVec2 off = dd->DisplayPos, sc = dd->FramebufferScale;
  const float fb_w = dd->DisplaySize.x * sc.x, fb_h = dd->DisplaySize.y * sc.y;
  // Rectangle and clip rectangle in framebuffer pixels, y up from the bottom (GL's convention).
  const float left = (min_.x - off.x) * sc.x, right = (max_.x - off.x) * sc.x;
  const float top = (min_.y - off.y) * sc.y, bottom = (max_.y - off.y) * sc.y;
  const float cl = std::max(left, (cmd.ClipRect.x - off.x) * sc.x), cr = std::min(right, (cmd.ClipRect.z - off.x) * sc.x);
  const float ct = std::max(top, (cmd.ClipRect.y - off.y) * sc.y), cb = std::min(bottom, (cmd.ClipRect.w - off.y) * sc.y);
  if (cr <= cl || cb <= ct || right <= left || bottom <= top) return;

  glViewport(0, 0, static_cast<GLsizei>(fb_w), static_cast<GLsizei>(fb_h));
  glEnable(GL_SCISSOR_TEST);
  glScissor(static_cast<GLint>(cl), static_cast<GLint>(fb_h - cb), static_cast<GLsizei>(cr - cl), static_cast<GLsizei>(cb - ct));
  glDisable(GL_BLEND);
  glUseProgram(display_program_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, cells_tex_);
  glUniform1i(loc_cells_, 0);
  glUniform4f(loc_rect_, left, fb_h - bottom, right - left, bottom - top);
  glUniform1i(loc_count_, computed_.cells);
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
}

}  // namespace gfx
