// RoPE score map: one triangle that covers the whole viewport, with no vertex buffer (gl_VertexID 0, 1, 2
// -> clip-space corners (-1,-1), (3,-1), (-1,3)). In the cells pass the viewport is the cells texture;
// in the display pass the scissor box keeps it inside the map's rectangle. No #version line: the loader
// (src/gfx/shader.cpp) prepends "#version 300 es" and the precision statements.
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
