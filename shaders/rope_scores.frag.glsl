// RoPE score map, two passes from this one file (src/gfx/rope_scores_renderer.cpp builds it twice, the
// first time with "#define ROPE_CELLS" put before it).
//
// ROPE_CELLS: one fragment per cell of a cells x cells texture. Cell (x, y) pairs the query at position
// m = u_first + y with the key at position n = u_first + x. The fragment turns each pair i of q by the
// angle m w_i and the same pair of k by n w_i (interleaved pairs (2i, 2i+1), src/core/rope.hpp), and
// sums the dot products:
//
//   score(m, n) = sum_i R(m w_i) (q_2i, q_2i+1) . R(n w_i) (k_2i, k_2i+1)
//
// It writes the colour of v = score / u_scale (clamped to [-1, 1]): +1 u_pos_color, 0 u_zero_color,
// -1 u_neg_color, linear in between (the heatmap's scale). n - m appears nowhere: that every diagonal
// of the map has one colour is what the map shows, not how it is computed.
//
// Otherwise (display pass): each pixel of the map's rectangle shows the cell under its centre, fetched
// without filtering.
//
// Angles: m w_i is reduced modulo one turn in exact 32-bit integer arithmetic, as in heatmap.frag.glsl:
// f_i = w_i / 2pi turns per position is a 64-bit fixed-point fraction (hi, lo), and
// frac(f_i |p|) = hi |p| + mulhi(lo, |p|) mod 2^32; a negative position takes the negated phase
// (frac(-x) = -frac(x) mod 1). Only the reduced angle, in [-pi, pi), becomes a float (error < 1e-6 rad
// for |p| < 2^31), so the map is as sharp at position 10^9 as at 0.

#ifdef ROPE_CELLS

uniform highp usampler2D u_table;  // texel (i % 64, i / 64): (hi, lo, 0, 0) of pair i;
                                   // texel (i % 64, 64 + i / 64): float bits of (q_2i, q_2i+1, k_2i, k_2i+1)
uniform int u_first;  // the first position of rows and columns
uniform int u_pairs;  // d / 2
uniform float u_scale;
uniform vec3 u_pos_color;
uniform vec3 u_zero_color;
uniform vec3 u_neg_color;

out vec4 frag_color;

const float kTwoPi = 6.28318530718;

// High 32 bits of the 64-bit product a * b from 16-bit halves (GLSL ES 3.00 has no umulExtended).
uint mul_hi(uint a, uint b) {
  uint a0 = a & 0xFFFFu, a1 = a >> 16u;
  uint b0 = b & 0xFFFFu, b1 = b >> 16u;
  uint lo_lo = a0 * b0;
  uint hi_lo = a1 * b0;
  uint lo_hi = a0 * b1;
  uint hi_hi = a1 * b1;
  uint cross = (lo_lo >> 16u) + (hi_lo & 0xFFFFu) + lo_hi;
  return hi_hi + (hi_lo >> 16u) + (cross >> 16u);
}

// The angle of position p for the pair whose turns per position are (hi, lo), in [-pi, pi).
float angle_of(uvec2 f, int p) {
  uint a = uint(abs(p));
  uint phase = f.x * a + mul_hi(f.y, a);  // frac(f |p|) in units of 2^-32 turns
  if (p < 0) phase = 0u - phase;
  uint q = (phase + 128u) >> 8u;            // rounded to 24 bits: exact as a float
  float t = float(q) * (1.0 / 16777216.0);  // turns in [0, 1)
  if (t >= 0.5) t -= 1.0;
  return t * kTwoPi;
}

void main() {
  int m = u_first + int(gl_FragCoord.y);
  int n = u_first + int(gl_FragCoord.x);
  float score = 0.0;
  for (int i = 0; i < u_pairs; ++i) {
    ivec2 at = ivec2(i & 63, i >> 6);
    uvec2 f = texelFetch(u_table, at, 0).rg;
    uvec4 bits = texelFetch(u_table, at + ivec2(0, 64), 0);
    vec2 q = vec2(uintBitsToFloat(bits.r), uintBitsToFloat(bits.g));
    vec2 k = vec2(uintBitsToFloat(bits.b), uintBitsToFloat(bits.a));
    float tm = angle_of(f, m), tn = angle_of(f, n);
    float cm = cos(tm), sm = sin(tm), cn = cos(tn), sn = sin(tn);
    vec2 qt = vec2(q.x * cm - q.y * sm, q.x * sm + q.y * cm);  // R(m w_i) q_[i]
    vec2 kt = vec2(k.x * cn - k.y * sn, k.x * sn + k.y * cn);  // R(n w_i) k_[i]
    score += dot(qt, kt);
  }
  float v = clamp(score / u_scale, -1.0, 1.0);
  vec3 c = v >= 0.0 ? mix(u_zero_color, u_pos_color, v) : mix(u_zero_color, u_neg_color, -v);
  frag_color = vec4(c, 1.0);
}

#else

uniform highp sampler2D u_cells;  // cells x cells colours from the pass above; row y is m = first + y
uniform vec4 u_rect;              // the map in framebuffer pixels: left, bottom, width, height
uniform int u_count;              // cells per side

out vec4 frag_color;

void main() {
  float x = gl_FragCoord.x - u_rect.x;
  float y = u_rect.y + u_rect.w - gl_FragCoord.y;  // from the top edge: row 0 (the first query) at the top
  int col = clamp(int(floor(x / u_rect.z * float(u_count))), 0, u_count - 1);
  int row = clamp(int(floor(y / u_rect.w * float(u_count))), 0, u_count - 1);
  frag_color = vec4(texelFetch(u_cells, ivec2(col, row), 0).rgb, 1.0);
}

#endif
