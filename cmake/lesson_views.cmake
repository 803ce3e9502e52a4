# Writes the views' includes from the lesson registry (src/state/lessons.hpp): one
# `#include "lessons/<id>/<id>.hpp"` per lesson row X(id, label, chapter, ...), in path order, so that a new lesson is its folder
# and its registry line, and no list of includes is kept by hand.
# Usage: cmake -DREGISTRY=src/state/lessons.hpp -DOUT=lesson_views.hpp -P lesson_views.cmake
# (Matched in the whole text: the rows end in a backslash, which would escape file(STRINGS)' list separator.)
file(READ "${REGISTRY}" text)
# A lesson's row is X(id, "label", chapter, ...); a chapter's, X(id, "title"), has no third field.
string(REGEX MATCHALL "\n  X\\([a-z_0-9]+, \"[^\"]*\", [a-z_0-9]+," rows "${text}")
set(body "")
foreach(row IN LISTS rows)
  string(REGEX REPLACE "\n  X\\(([a-z_0-9]+),.*" "\\1" id "${row}")
  string(APPEND body "#include \"lessons/${id}/${id}.hpp\"\n")
endforeach()
if(body STREQUAL "")
  message(FATAL_ERROR "no X(id, ...) rows found in ${REGISTRY}")
endif()
file(WRITE "${OUT}.tmp" "// Generated from src/state/lessons.hpp by cmake/lesson_views.cmake; do not edit.\n#pragma once\n${body}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
