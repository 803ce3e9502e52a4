# The experiment's training engine (src/train/): a pure C++ library (no UI, no emscripten include), its
# tests (tests/train/, one ctest entry per file), a dump tool for the PyTorch cross-check and for comparing
# native with wasm runs, and a native benchmark. Included from CMakeLists.txt.

# Script mode (the ctest entry train_native_vs_wasm runs this file with cmake -P): the native and the wasm
# train_dump train the same configs and must print byte-identical result JSON (losses at every logged step,
# accuracies, attention weights, ablation; ms written as 0). Skipped (SKIPPED:) when there is no wasm build.
if(CMAKE_SCRIPT_MODE_FILE AND TRAIN_COMPARE)
  if(NOT EXISTS "${WASM_DUMP}" OR NOT NODE)
    message("SKIPPED: no wasm train_dump at ${WASM_DUMP} (scripts/build.sh web builds it) or no node")
    return()
  endif()
  set(_n 0)
  foreach(task lookback first copy)
    foreach(enc none sinusoidal learned rope alibi)
      foreach(extra "layers=1" "layers=2;heads=4;steps=40")
        set(_args run --no-time task=${task} encoding=${enc} steps=40 ${extra})
        execute_process(COMMAND ${NATIVE_DUMP} ${_args} OUTPUT_VARIABLE _a RESULT_VARIABLE _ra)
        execute_process(COMMAND ${NODE} ${WASM_DUMP} ${_args} OUTPUT_VARIABLE _b RESULT_VARIABLE _rb)
        if(NOT _ra EQUAL 0 OR NOT _rb EQUAL 0 OR NOT _a STREQUAL _b)
          message(FATAL_ERROR "native and wasm differ (or failed: ${_ra} ${_rb}) for: ${_args}")
        endif()
        math(EXPR _n "${_n} + 1")
      endforeach()
    endforeach()
  endforeach()
  message("native == wasm, byte for byte, for ${_n} runs")
  return()
endif()
file(GLOB POSENC_TRAIN_SOURCES CONFIGURE_DEPENDS src/train/*.cpp)
add_library(posenc_train STATIC ${POSENC_TRAIN_SOURCES})
target_link_libraries(posenc_train PUBLIC posenc_core posenc_text)
target_compile_options(posenc_train PRIVATE ${POSENC_WARNINGS}
  # No fused multiply-add (x86-64 GCC could use it with -march flags; wasm has none): the same roundings
  # on every platform, so native and wasm runs can agree bit for bit.
  -ffp-contract=off)
if(EMSCRIPTEN)
  # Training is compute, not download: -O3 rather than the app's -Oz, and wasm SIMD for the row loops
  # (auto-vectorised; no reassociation, so the results stay the same as without SIMD).
  target_compile_options(posenc_train PRIVATE -O3 -msimd128)
else()
  target_compile_options(posenc_train PRIVATE -O3)
endif()

# The page links the engine for its option table and result reader only (the state's src/train/config.cpp
# use; the engine runs in the worker's module): a copy without wasm SIMD, so that a browser without it
# still starts the page, while the worker's engine keeps SIMD (tests/browser/test_loading.mjs checks
# that the page's wasm validates without SIMD).
if(EMSCRIPTEN)
  add_library(posenc_train_page STATIC ${POSENC_TRAIN_SOURCES})
  target_link_libraries(posenc_train_page PUBLIC posenc_core posenc_text)
  target_compile_options(posenc_train_page PRIVATE ${POSENC_WARNINGS} -ffp-contract=off -O2)
endif()

file(GLOB POSENC_TRAIN_TEST_SOURCES CONFIGURE_DEPENDS tests/train/test_*.cpp)
add_executable(posenc_train_tests tests/test_main.cpp ${POSENC_TRAIN_TEST_SOURCES})
target_link_libraries(posenc_train_tests PRIVATE posenc_train catch2)
target_include_directories(posenc_train_tests PRIVATE tests)
target_compile_options(posenc_train_tests PRIVATE ${POSENC_WARNINGS})
if(EMSCRIPTEN)
  target_compile_options(posenc_train_tests PRIVATE -fexceptions -O2)
  target_link_options(posenc_train_tests PRIVATE -fexceptions -sEXIT_RUNTIME=1 -sENVIRONMENT=node
    -sWASM_ASYNC_COMPILATION=0 -sALLOW_MEMORY_GROWTH=1)
endif()
posenc_add_tests(posenc_train_tests ${POSENC_TRAIN_TEST_SOURCES})

# train_dump: `grad key=value...` prints weights, a batch, the loss and every gradient (double) as JSON for
# tests/train/torch_check.py; `run key=value...` trains and prints the result JSON. Built for wasm too, so
# the two outputs can be compared as text (node build/web/train_dump.js run ...).
add_executable(train_dump src/tools/train_dump.cpp)
target_link_libraries(train_dump PRIVATE posenc_train)
target_compile_options(train_dump PRIVATE ${POSENC_WARNINGS})
if(EMSCRIPTEN)
  target_link_options(train_dump PRIVATE -sEXIT_RUNTIME=1 -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1
    -sWASM_ASYNC_COMPILATION=0)
endif()

if(NOT EMSCRIPTEN)
  add_executable(train_bench src/tools/train_bench.cpp)
  target_link_libraries(train_bench PRIVATE posenc_train)
  target_compile_options(train_bench PRIVATE ${POSENC_WARNINGS})

  # The PyTorch cross-check: Debian's python3-torch (scripts/setup.sh must install it). Without torch the
  # script exits 77 after saying so, and ctest reports the entry as skipped, not passed.
  set(POSENC_TORCH_PYTHON "")
  find_program(POSENC_PATH_PYTHON3 python3)
  set(_candidates "")
  if(EXISTS /usr/bin/python3)
    list(APPEND _candidates /usr/bin/python3)  # Debian's, where python3-torch installs
  endif()
  if(POSENC_PATH_PYTHON3)
    list(APPEND _candidates ${POSENC_PATH_PYTHON3})
  endif()
  foreach(_py ${_candidates})
    execute_process(COMMAND ${_py} -c "import torch" RESULT_VARIABLE _torch_rc OUTPUT_QUIET ERROR_QUIET)
    if(_torch_rc EQUAL 0)
      set(POSENC_TORCH_PYTHON ${_py})
      break()
    endif()
  endforeach()
  set(POSENC_TORCH_PYTHON_FALLBACK "")
  if(_candidates)
    list(GET _candidates 0 POSENC_TORCH_PYTHON_FALLBACK)
  endif()
  if(POSENC_TORCH_PYTHON)
    message(STATUS "Torch check: ${POSENC_TORCH_PYTHON}")
  else()
    message(STATUS "Torch check: no python3 with torch (apt-get install python3-torch); the ctest entry will skip")
    set(POSENC_TORCH_PYTHON ${POSENC_TORCH_PYTHON_FALLBACK})
  endif()
  if(POSENC_TORCH_PYTHON)
    add_test(NAME train_torch_check
      COMMAND ${POSENC_TORCH_PYTHON} ${CMAKE_SOURCE_DIR}/tests/train/torch_check.py $<TARGET_FILE:train_dump>)
    set_tests_properties(train_torch_check PROPERTIES SKIP_RETURN_CODE 77)
  endif()

  # The README's experiment results (tables and conclusions) are generated from the committed summary of
  # the runs (scripts/data/experiment_summary.json, src/train/data/slow_ablation.json): regenerated here,
  # with every comparison word from the engine's own seed verdict (train_dump verdict), and the entry
  # fails when README.md holds anything else.
  find_program(POSENC_README_PYTHON python3 REQUIRED)
  add_test(NAME experiment_readme
    COMMAND ${POSENC_README_PYTHON} ${CMAKE_SOURCE_DIR}/scripts/experiment_results.py --train-dump $<TARGET_FILE:train_dump> --check-readme
            ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/scripts/data/experiment_summary.json
            ${CMAKE_SOURCE_DIR}/src/train/data/slow_ablation.json)

  find_program(POSENC_NODE node)
  set(POSENC_TRAIN_WASM_DUMP "${CMAKE_SOURCE_DIR}/build/web/train_dump.js" CACHE FILEPATH
      "The wasm train_dump.js that train_native_vs_wasm compares with the native one")
  add_test(NAME train_native_vs_wasm
    COMMAND ${CMAKE_COMMAND} -DTRAIN_COMPARE=1 -DNATIVE_DUMP=$<TARGET_FILE:train_dump>
            -DWASM_DUMP=${POSENC_TRAIN_WASM_DUMP} -DNODE=${POSENC_NODE} -P ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(train_native_vs_wasm PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED:")
endif()
