// Heatmap: one triangle that covers the whole viewport, with no vertex buffer (gl_VertexID 0, 1, 2
// -> clip-space corners (-1,-1), (3,-1), (-1,3)). The scissor box keeps it inside the heatmap's
// rectangle; the fragment shader works out which cell each pixel shows. No #version line: the
// loader (src/gfx/shader.cpp) prepends "#version 300 es" and the precision statements.
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
