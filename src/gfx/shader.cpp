#include "shader.hpp"

#include <GLES3/gl3.h>

namespace gfx {

namespace {

constexpr const char* kPrologue = "#version 300 es\nprecision highp float;\nprecision highp int;\n";

GLuint compile(GLenum type, const char* body, std::string& log) {
  const GLuint sh = glCreateShader(type);
  const char* parts[2] = {kPrologue, body};
  glShaderSource(sh, 2, parts, nullptr);
  glCompileShader(sh);
  GLint ok = GL_FALSE;
  glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
  if (ok == GL_TRUE) return sh;
  GLint len = 0;
  glGetShaderiv(sh, GL_INFO_LOG_LENGTH, &len);
  std::string msg(static_cast<size_t>(len > 1 ? len : 1), '\0');
  glGetShaderInfoLog(sh, len, nullptr, msg.data());
  log = std::string(type == GL_VERTEX_SHADER ? "vertex shader: " : "fragment shader: ") + msg.c_str();
  glDeleteShader(sh);
  return 0;
}

}  // namespace

unsigned int build_program(const char* vertex_body, const char* fragment_body, std::string& log) {
  const GLuint vs = compile(GL_VERTEX_SHADER, vertex_body, log);
  if (!vs) return 0;
  const GLuint fs = compile(GL_FRAGMENT_SHADER, fragment_body, log);
  if (!fs) {
    glDeleteShader(vs);
    return 0;
  }
  const GLuint prog = glCreateProgram();
  glAttachShader(prog, vs);
  glAttachShader(prog, fs);
  glLinkProgram(prog);
  glDeleteShader(vs);  // flagged: freed with the program
  glDeleteShader(fs);
  GLint ok = GL_FALSE;
  glGetProgramiv(prog, GL_LINK_STATUS, &ok);
  if (ok == GL_TRUE) return prog;
  GLint len = 0;
  glGetProgramiv(prog, GL_INFO_LOG_LENGTH, &len);
  std::string msg(static_cast<size_t>(len > 1 ? len : 1), '\0');
  glGetProgramInfoLog(prog, len, nullptr, msg.data());
  log = std::string("link: ") + msg.c_str();
  glDeleteProgram(prog);
  return 0;
}

}  // namespace gfx
