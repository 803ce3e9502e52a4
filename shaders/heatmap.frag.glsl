// Heatmap of the sinusoidal positional encoding, evaluated per pixel on the GPU.
//
//   PE(pos, 2i) = sin(w_i pos),  PE(pos, 2i+1) = cos(w_i pos),  w_i = base^(-2i/d)
//
// Rows are positions (first position at the top), columns are dimensions. Each pixel shows the one
// cell under its centre. Colour: +1 -> u_pos_color, 0 -> u_zero_color, -1 -> u_neg_color, linear
// in between.
//
// float32 accuracy: a float32 angle w_i * pos would be off by about |w_i pos| * 2^-23 radians (0.006
// rad at pos 1e5 for the fast pairs). Instead the angle is reduced modulo one turn in exact 32-bit
// integer arithmetic: f_i = w_i / 2pi turns per position is stored as a 64-bit fixed-point fraction
// (hi, lo), and frac(f_i pos) = hi * pos + mulhi(lo, pos) mod 2^32. Only the reduced angle, in
// [-pi, pi), becomes a float: its error is below 6e-7 rad for every pos < 2^31.
// src/core/float32_encoding.cpp MIRRORS this arithmetic step by step (float32_value_shader and, for
// u_naive = 1, float32_value_naive): change both together.

uniform highp usampler2D u_pairs;  // texel (i % 64, i / 64) = (hi, lo, float bits of fl(w_i), 0)
uniform vec4 u_rect;       // heatmap rectangle in framebuffer pixels: left, bottom, width, height
uniform int u_pos0;        // first position, integer part
uniform float u_pos_frac;  // first position, fractional part (smooth panning)
uniform float u_pos_span;  // positions across the rectangle's height
uniform int u_dim0;        // first dimension, integer part
uniform float u_dim_frac;
uniform float u_dim_span;  // dimensions across the width
uniform int u_d;           // model width
uniform int u_naive;       // 1: naive float32 angle fl(fl(pos) * fl(w_i)), to show what goes wrong
uniform vec3 u_pos_color;
uniform vec3 u_zero_color;
uniform vec3 u_neg_color;
uniform vec3 u_outside_color;

out vec4 frag_color;

const float kTwoPi = 6.28318530718;  // parses to fl(2 pi) = 6.2831854820...

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

void main() {
  float x = gl_FragCoord.x - u_rect.x;
  float y = u_rect.y + u_rect.w - gl_FragCoord.y;  // from the top edge
  int row = int(floor(u_pos_frac + y / u_rect.w * u_pos_span));
  int col = int(floor(u_dim_frac + x / u_rect.z * u_dim_span));
  int dim = u_dim0 + col;
  int p = u_pos0 + row;
  if (dim < 0 || dim >= u_d || p < 0) {
    frag_color = vec4(u_outside_color, 1.0);
    return;
  }
  uint pos = uint(p);
  int pair = dim >> 1;
  uvec4 k = texelFetch(u_pairs, ivec2(pair & 63, pair >> 6), 0);
  float angle;
  if (u_naive != 0) {
    angle = float(pos) * uintBitsToFloat(k.b);
  } else {
    uint phase = k.r * pos + mul_hi(k.g, pos);  // frac(f_i pos) in units of 2^-32 turns (wraps mod 2^32)
    uint q = (phase + 128u) >> 8u;              // rounded to 24 bits: exact as a float
    float t = float(q) * (1.0 / 16777216.0);    // turns in [0, 1)
    if (t >= 0.5) t -= 1.0;                     // [-1/2, 1/2)
    angle = t * kTwoPi;
  }
  float v = (dim & 1) == 0 ? sin(angle) : cos(angle);
  vec3 c = v >= 0.0 ? mix(u_zero_color, u_pos_color, v) : mix(u_zero_color, u_neg_color, -v);
  frag_color = vec4(c, 1.0);
}
