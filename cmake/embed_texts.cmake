# Turns text files into one C++ header: `ARRAY[] = {{"name", R"(...)"}, ...}` (ARRAY: kLessonTexts unless
# given), name = the file name without `.txt` (clock, tour; a translation: clock.es, tour.zh-CN).
# Usage: cmake -DOUT=header.hpp -DFILES="a.txt|b.txt" [-DARRAY=kTranslationTexts] -P embed_texts.cmake
# With -DCATALOGUE=1 (and -DCOPY=second/path optionally) it writes a catalogue instead, a text the page
# fetches: each file after a `file: <name>` line (clock, tour): the English lessons' texts
# (text/lessons.txt, text/lessons/<id>.txt). (A language's translations: src/tools/catalogue_tool.cpp.)
# With -DHEADS=1 the header keeps of a lesson's file (src/lessons/) only its title and summary, and the
# others (the tour, the interface's words) whole: the page's build (src/platform/page_texts.cpp), which fetches the rest.
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
  if(HEADS AND f MATCHES "/src/lessons/")
    # Each `title:` or `summary:` line with its continuation lines (those that start with a blank). A ';'
    # would split CMake's list, so it travels as a control character meanwhile.
    string(ASCII 1 soh)
    string(REPLACE ";" "${soh}" text "\n${text}")
    string(REGEX MATCHALL "\n(title|summary):[^\n]*(\n[ \t]+[^\n]*)*" kept "${text}")
    string(JOIN "" text ${kept})
    string(REPLACE "${soh}" ";" text "${text}\n")
  endif()
  if(CATALOGUE)  # only the pairs: no empty lines either
    string(REGEX REPLACE "\\..*$" "" file_name "${name}")
    string(REGEX REPLACE "\n\n+" "\n" text "${text}")
    string(APPEND body "file: ${file_name}\n${text}\n")
    continue()
  endif()
  string(FIND "${text}" ")posenc_text\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${f} contains the delimiter )posenc_text\"")
  endif()
  string(APPEND body "    {\"${name}\", R\"posenc_text(${text})posenc_text\"},\n")
endforeach()
if(CATALOGUE)
  file(WRITE "${OUT}" "${body}")
  if(COPY)
    file(WRITE "${COPY}" "${body}")
  endif()
  return()
endif()
file(WRITE "${OUT}.tmp" "// Generated from src/lessons/<id>/<id>*.txt and src/state/tour*.txt at build time; do not edit.\n#pragma once\n"
  "#include \"text/text_file.hpp\"\n"
  "static constexpr app::EmbeddedText ${ARRAY}[] = {\n${body}};\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
