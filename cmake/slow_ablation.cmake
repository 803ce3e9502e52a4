# Turns the precomputed slow-dimension ablation (src/train/data/slow_ablation.json, written by
# scripts/experiment_results.py --slow-ablation from native runs) into a C++ header for the experiment
# view: the settings, the command and date, and per run the accuracies it needs, as floats. Only what the
# view reads is kept (the page's download), and nothing of it is written by hand.
# Usage: cmake -DIN=slow_ablation.json -DOUT=header.hpp -P slow_ablation.cmake
file(READ "${IN}" json)
string(JSON n_runs LENGTH "${json}" runs)
string(JSON tasks GET "${json}" tasks)
string(JSON n_tasks LENGTH "${json}" tasks)
set(task_names "")
math(EXPR last_task "${n_tasks} - 1")
foreach(t RANGE ${last_task})
  string(JSON name GET "${json}" tasks ${t})
  list(APPEND task_names "${name}")
endforeach()
set(keys base zeroSlow meanSlow shuffleSlow zeroFast)
set(rows "")
math(EXPR last "${n_runs} - 1")
foreach(i RANGE ${last})
  string(JSON task GET "${json}" runs ${i} task)
  list(FIND task_names "${task}" task_index)
  if(task_index LESS 0)
    message(FATAL_ERROR "${IN}: run ${i} has task ${task}, not among the file's tasks")
  endif()
  string(JSON length GET "${json}" runs ${i} trainLength)
  string(JSON seed GET "${json}" runs ${i} seed)
  set(row "  {${task_index}, ${length}, ${seed}, {")
  foreach(at L 2L)
    foreach(k ${keys})
      string(JSON v GET "${json}" runs ${i} ${at} ${k})
      if(NOT v MATCHES "\\.")
        set(v "${v}.0")
      endif()
      string(APPEND row "${v}f, ")
    endforeach()
  endforeach()
  string(APPEND rows "${row}}},\n")
endforeach()
set(task_list "")
foreach(t ${task_names})
  string(APPEND task_list "\"${t}\", ")
endforeach()
string(JSON d_model GET "${json}" settings dModel)
string(JSON steps GET "${json}" settings steps)
string(JSON layers GET "${json}" settings layers)
string(JSON heads GET "${json}" settings heads)
string(JSON k GET "${json}" settings k)
string(JSON date GET "${json}" date)
string(JSON command GET "${json}" command)
string(JSON commit GET "${json}" engineCommit)
string(SUBSTRING "${commit}" 0 7 commit)
file(WRITE "${OUT}" "// Generated from ${IN} at build time by cmake/slow_ablation.cmake; do not edit.
#pragma once
namespace app::slow_data {
inline constexpr int kDModel = ${d_model}, kSteps = ${steps}, kLayers = ${layers}, kHeads = ${heads}, kK = ${k};
inline constexpr const char* kDate = \"${date}\";
inline constexpr const char* kCommand = \"${command}\";
inline constexpr const char* kCommit = \"${commit}\";
inline constexpr const char* kTasks[] = {${task_list}};
// Accuracy at L, then at 2L: intact, the slowest quarter zeroed, replaced by its mean, shuffled; the fastest zeroed.
inline constexpr int kBase = 0, kZeroSlow = 1, kMeanSlow = 2, kShuffleSlow = 3, kZeroFast = 4, kFigures = 5;
struct Run {
  int task, length, seed;
  float accuracy[2 * kFigures];
};
inline constexpr Run kRuns[] = {
${rows}};
}  // namespace app::slow_data
")
