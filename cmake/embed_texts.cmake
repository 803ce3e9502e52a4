# Turns text files into one C++ header: `ARRAY[] = {{"name", R"(...)"}, ...}` (ARRAY: kLessonTexts unless
# given), name = the file name without `.txt` (clock, tour; a translation: clock.es, tour.zh-CN).
# Usage: cmake -DOUT=header.hpp -DFILES="a.txt|b.txt" [-DARRAY=kTranslationTexts] -P embed_texts.cmake
if(NOT ARRAY)
  set(ARRAY kLessonTexts)
endif()
string(REPLACE "|" ";" files "${FILES}")
set(body "")
foreach(f IN LISTS files)
  get_filename_component(name "${f}" NAME)
  string(REGEX REPLACE "\\.txt$" "" name "${name}")
  file(READ "${f}" text)
  # Comment lines (a '#' first after blanks, what parse_text_file skips) are for whoever edits the file,
  # not for the reader: they are left out of the page (a few KB of every first download), each as an
  # empty line, so the lines keep their numbers and the parse is the same.
  string(REGEX REPLACE "(^|\n)[ \t]*#[^\n]*" "\\1" text "${text}")
  string(FIND "${text}" ")posenc_text\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${f} contains the delimiter )posenc_text\"")
  endif()
  string(APPEND body "    {\"${name}\", R\"posenc_text(${text})posenc_text\"},\n")
endforeach()
file(WRITE "${OUT}.tmp" "// Generated from src/lessons/<id>/<id>*.txt and src/state/tour*.txt at build time; do not edit.\n#pragma once\n"
  "#ifndef POSENC_EMBEDDED_TEXT\n#define POSENC_EMBEDDED_TEXT\n"
  "struct EmbeddedText {\n  const char* name;\n  const char* text;\n};\n#endif\n"
  "inline constexpr EmbeddedText ${ARRAY}[] = {\n${body}};\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
