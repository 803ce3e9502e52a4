# Third-party code, unpacked or built by scripts/setup.sh into POSENC_DEPS (default: .cache/).
set(POSENC_DEPS "${CMAKE_SOURCE_DIR}/.cache" CACHE PATH "Folder that scripts/setup.sh filled")

# Catch2 2.x header, from Debian's catch2 package. For wasm, an include folder holding only catch2/
# (the package's CMake target adds -isystem /usr/include, which would pull glibc into a wasm compile).
find_path(CATCH2_HEADER_DIR catch2/catch.hpp PATHS /usr/include NO_CMAKE_FIND_ROOT_PATH REQUIRED)
set(CATCH2_ONLY_DIR "${CMAKE_BINARY_DIR}/catch2-only")
file(MAKE_DIRECTORY "${CATCH2_ONLY_DIR}/catch2")
file(COPY "${CATCH2_HEADER_DIR}/catch2/catch.hpp" DESTINATION "${CATCH2_ONLY_DIR}/catch2")

# The app's dependencies; -DPOSENC_APP=OFF (core, state and tests only) needs neither.
if(NOT POSENC_APP)
  return()
endif()
set(IMGUI_DIR "${POSENC_DEPS}/src/imgui")
if(NOT EXISTS "${IMGUI_DIR}/imgui.cpp")
  message(FATAL_ERROR "Dear ImGui sources not found in ${IMGUI_DIR}: run scripts/setup.sh first (or configure with -DPOSENC_APP=OFF)")
endif()

if(EMSCRIPTEN)
  # Our own SDL2 build: emscripten's stub config would ask for the -sUSE_SDL=2 port, which downloads.
  find_package(SDL2 CONFIG REQUIRED PATHS "${POSENC_DEPS}/sdl2-wasm" NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
  set(POSENC_SDL2 SDL2::SDL2-static)
else()
  find_package(SDL2 REQUIRED)
  set(POSENC_SDL2 SDL2::SDL2)
  find_library(GLES3_LIBRARY NAMES GLESv2 REQUIRED)  # GLES3 entry points live in libGLESv2
endif()

add_library(imgui STATIC EXCLUDE_FROM_ALL
  ${IMGUI_DIR}/imgui.cpp ${IMGUI_DIR}/imgui_draw.cpp ${IMGUI_DIR}/imgui_widgets.cpp ${IMGUI_DIR}/imgui_tables.cpp
  ${IMGUI_DIR}/backends/imgui_impl_sdl.cpp ${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp)
target_include_directories(imgui SYSTEM PUBLIC ${IMGUI_DIR} ${IMGUI_DIR}/backends)
target_compile_definitions(imgui PUBLIC IMGUI_IMPL_OPENGL_ES3 IMGUI_DISABLE_OBSOLETE_FUNCTIONS)
target_compile_options(imgui PRIVATE -w)  # third-party: its warnings are not ours to fix
if(EMSCRIPTEN)
  # The web build carries no demo/metrics windows and no file I/O (there is no filesystem).
  target_compile_definitions(imgui PUBLIC IMGUI_DISABLE_DEMO_WINDOWS IMGUI_DISABLE_METRICS_WINDOW IMGUI_DISABLE_FILE_FUNCTIONS)
  target_compile_options(imgui PRIVATE -Os)
endif()
target_link_libraries(imgui PUBLIC ${POSENC_SDL2})
if(NOT EMSCRIPTEN)
  target_link_libraries(imgui PUBLIC ${GLES3_LIBRARY})
endif()
