# Third-party code, unpacked or built by scripts/setup.sh into POSENC_DEPS (default: .cache/).
set(POSENC_DEPS "${CMAKE_SOURCE_DIR}/.cache" CACHE PATH "Folder that scripts/setup.sh filled")

# Catch2 from Debian's source package (scripts/setup.sh unpacks it): v2 (Debian 12) is one header,
# single_include/catch2/catch.hpp; v3 (Debian 13) is the amalgamated pair extras/catch_amalgamated.*,
# compiled here so that the same tests build natively and for wasm. tests/catch2_any.hpp includes either.
# Neither include folder holds anything but Catch2, so no host header reaches a wasm compile.
set(CATCH2_SRC "${POSENC_DEPS}/src/catch2")
add_library(catch2 INTERFACE)
if(EXISTS "${CATCH2_SRC}/extras/catch_amalgamated.cpp")
  add_library(catch2_amalgamated STATIC EXCLUDE_FROM_ALL "${CATCH2_SRC}/extras/catch_amalgamated.cpp")
  target_include_directories(catch2_amalgamated SYSTEM PUBLIC "${CATCH2_SRC}/extras")
  target_compile_options(catch2_amalgamated PRIVATE -w)  # third-party
  target_compile_definitions(catch2_amalgamated PRIVATE CATCH_AMALGAMATED_CUSTOM_MAIN)  # tests/test_main.cpp has it
  if(EMSCRIPTEN)
    target_compile_options(catch2_amalgamated PRIVATE -fexceptions)
  endif()
  target_link_libraries(catch2 INTERFACE catch2_amalgamated)
  set(POSENC_CATCH2_VERSION 3)
elseif(EXISTS "${CATCH2_SRC}/single_include/catch2/catch.hpp")
  target_include_directories(catch2 SYSTEM INTERFACE "${CATCH2_SRC}/single_include")
  set(POSENC_CATCH2_VERSION 2)
else()
  message(FATAL_ERROR "Catch2 sources not found in ${CATCH2_SRC}: run scripts/setup.sh first")
endif()
message(STATUS "Catch2 v${POSENC_CATCH2_VERSION} from ${CATCH2_SRC}")

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

# The SDL2 backend is imgui_impl_sdl.cpp up to 1.88 (Debian 12 has 1.86) and imgui_impl_sdl2.cpp since
# 1.89 (Debian 13 has 1.90); src/platform/main.cpp includes the matching header.
if(EXISTS "${IMGUI_DIR}/backends/imgui_impl_sdl2.cpp")
  set(IMGUI_SDL_BACKEND "${IMGUI_DIR}/backends/imgui_impl_sdl2.cpp")
else()
  set(IMGUI_SDL_BACKEND "${IMGUI_DIR}/backends/imgui_impl_sdl.cpp")
endif()
add_library(imgui STATIC EXCLUDE_FROM_ALL
  ${IMGUI_DIR}/imgui.cpp ${IMGUI_DIR}/imgui_draw.cpp ${IMGUI_DIR}/imgui_widgets.cpp ${IMGUI_DIR}/imgui_tables.cpp
  ${IMGUI_SDL_BACKEND} ${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp)
target_include_directories(imgui SYSTEM PUBLIC ${IMGUI_DIR} ${IMGUI_DIR}/backends)
# IMGUI_ENABLE_TEST_ENGINE: ImGui reports every item it adds to hooks that src/ui/focus.cpp defines,
# which is how the figure knows its controls' Tab order.
target_compile_definitions(imgui PUBLIC IMGUI_IMPL_OPENGL_ES3 IMGUI_DISABLE_OBSOLETE_FUNCTIONS IMGUI_ENABLE_TEST_ENGINE)
target_compile_options(imgui PRIVATE -w)  # third-party: its warnings are not ours to fix
file(STRINGS "${IMGUI_DIR}/imgui.h" IMGUI_VERSION_LINE REGEX "^#define IMGUI_VERSION_NUM ")
string(REGEX MATCH "[0-9]+" IMGUI_VERSION_NUM "${IMGUI_VERSION_LINE}")
message(STATUS "Dear ImGui ${IMGUI_VERSION_NUM} from ${IMGUI_DIR}")
if(EMSCRIPTEN)
  # The web build carries no demo/metrics windows and no file I/O (there is no filesystem). 1.88 renamed
  # the metrics switch to IMGUI_DISABLE_DEBUG_TOOLS.
  if(IMGUI_VERSION_NUM VERSION_GREATER_EQUAL 18800)
    set(IMGUI_NO_METRICS IMGUI_DISABLE_DEBUG_TOOLS)
  else()
    set(IMGUI_NO_METRICS IMGUI_DISABLE_METRICS_WINDOW)
  endif()
  target_compile_definitions(imgui PUBLIC IMGUI_DISABLE_DEMO_WINDOWS ${IMGUI_NO_METRICS} IMGUI_DISABLE_FILE_FUNCTIONS)
  target_compile_options(imgui PRIVATE -Oz)
endif()
target_link_libraries(imgui PUBLIC ${POSENC_SDL2})
if(NOT EMSCRIPTEN)
  target_link_libraries(imgui PUBLIC ${GLES3_LIBRARY})
endif()
