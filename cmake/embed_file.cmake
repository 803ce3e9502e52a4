# Turns a file into a C++ header: `inline constexpr unsigned char NAME[] = {...}; NAME_size`.
# Text files (shaders) get a terminating 0 so they can be used as C strings.
# Usage: cmake -DIN=file -DOUT=header.hpp -DNAME=symbol [-DTEXT=1] -P embed_file.cmake
file(READ "${IN}" hex HEX)
if(TEXT)
  string(APPEND hex "00")
endif()
string(LENGTH "${hex}" hex_len)
math(EXPR size "${hex_len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x..,){24})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}" "// Generated from ${IN} at build time; do not edit.\n#pragma once\n#include <cstddef>\n"
  "inline constexpr unsigned char ${NAME}[] = {\n${bytes}\n};\ninline constexpr std::size_t ${NAME}_size = ${size};\n")
