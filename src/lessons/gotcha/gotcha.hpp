// Lesson: the pairing gotcha (view id `gotcha`).
// The same encoding in two layouts, interleaved (sin 2i, cos 2i+1) and concatenated (sin i,
// cos d/2+i). Shifting by k is a rotation of each pair only when the pairing (which two dims turn
// together) follows the layout. The view lets you pick a layout and a pairing, deliberately wrong
// ones included, shows the live error max|R_k PE(pos) - PE(pos+k)|, a strip of the vector with arcs
// joining paired dims, and dials whose "hands" leave the unit circle or turn the wrong way when mis-paired.
#pragma once
#include <string>
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

// Which pairing is used to turn the vector (view-local UI choice).
enum class GotchaPairing : int {
  follows_layout,     // the right one
  other_layout,       // the other layout's pairing: e.g. (2i, 2i+1) applied to the concatenated layout
  swap_within,        // sin and cos of the selected pair exchanged
  swap_across,        // the cos dims of the selected pair and its neighbour exchanged
};

struct GotchaCache {
  int layout = 0;  // 0 interleaved, 1 concatenated
  GotchaPairing pairing = GotchaPairing::follows_layout;
};

void draw_gotcha(State& s, GotchaCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_gotcha(const State& s, const GotchaCache& cache);

}  // namespace app
