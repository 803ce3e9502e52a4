# Joins one language's translation files into the catalogue the page fetches (src/text/translation.hpp):
# each file after a `file: <name>` line (clock, tour), its comment lines left out (the page needs only
# the pairs). Usage: cmake -DFILES="a.es.txt|b.es.txt" -DOUT=text/es.txt [-DCOPY=other/es.txt] -P translation_catalogue.cmake
string(REPLACE "|" ";" files "${FILES}")
set(out "")
foreach(f IN LISTS files)
  get_filename_component(name "${f}" NAME)
  string(REGEX REPLACE "\\..*$" "" name "${name}")
  file(READ "${f}" text)
  string(REGEX REPLACE "(^|\n)[ \t]*#[^\n]*" "\\1" text "${text}")
  string(REGEX REPLACE "\n\n+" "\n" text "${text}")
  string(APPEND out "file: ${name}\n${text}\n")
endforeach()
file(WRITE "${OUT}" "${out}")
if(COPY)
  file(WRITE "${COPY}" "${out}")
endif()
