// Test and benchmark hooks into single lessons (tests/browser/test_heatmap.mjs, scripts/bench.mjs; not
// part of the public API). The platform passes a hook's name and its numbers through and hands back the
// numbers it answers, so it names no lesson: which lesson a hook reaches is decided here.
//
//   heatmap.rect                         -> {x, y, w, h, pos0, positions, dim0, dims}, empty until drawn
//                                           (x, y, w, h in CSS pixels from the canvas's top-left corner)
//   heatmap.window pos0 positions dim0 dims naive
//                                        -> {}; sets the heatmap's window, clamped as its UI clamps it
//   similarity.kmax k                    -> {}; the similarityMaxK setting, clamped to its limits
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace app {

struct App;

// Runs the hook `name` with `args` (missing ones read as 0), filling `out`; "" or why it was refused
// (an unknown name). Whether a frame must be drawn afterwards is the caller's (any hook may change it).
std::string app_hook(App& a, std::string_view name, const std::vector<double>& args, std::vector<double>& out);

}  // namespace app
