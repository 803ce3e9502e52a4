# Turns a file into a C++ header: `inline constexpr unsigned char NAME[] = {...}; NAME_size`.
# Text files (shaders) lose their whole-line comments and get a terminating 0 so they can be used as C strings.
# Usage: cmake -DIN=file -DOUT=header.hpp -DNAME=symbol [-DTEXT=1] -P embed_file.cmake
if(TEXT)
  # A shader's whole-line // comments are for whoever edits it, not for the GPU: each becomes an empty
  # line (the compiler's line numbers stay those of the file), then the text ends with a 0.
  file(READ "${IN}" text)
  string(REGEX REPLACE "(^|\n)[ \t]*//[^\n]*" "\\1" text "${text}")
  file(WRITE "${OUT}.text" "${text}")
  file(READ "${OUT}.text" hex HEX)
  file(REMOVE "${OUT}.text")
  string(APPEND hex "00")
else()
  file(READ "${IN}" hex HEX)
endif()
string(LENGTH "${hex}" hex_len)
math(EXPR size "${hex_len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x..,){24})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}" "// Generated from ${IN} at build time; do not edit.\n#pragma once\n#include <cstddef>\n"
  "inline constexpr unsigned char ${NAME}[] = {\n${bytes}\n};\ninline constexpr std::size_t ${NAME}_size = ${size};\n")
