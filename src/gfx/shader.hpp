// GLSL program loading for OpenGL ES 3.0 / WebGL2. Shader sources in shaders/*.glsl carry no
// #version line; this loader prepends "#version 300 es" and default precisions (highp float and int),
// so one source serves the browser (WebGL2) and the desktop (GLES3).
#pragma once
#include <string>

namespace gfx {

// Compiles and links a program from vertex and fragment bodies. Returns the program id, or 0 with
// the compiler's or linker's message in `log`. Needs a current GL context.
unsigned int build_program(const char* vertex_body, const char* fragment_body, std::string& log);

}  // namespace gfx
