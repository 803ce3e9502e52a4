// Lesson: the base, and which hands complete a turn (view id `rope_base`).
// Two bases side by side: the shared `base` (10,000 by default) and a second one, the view's own
// setting compareBase (500,000 by default, Llama 3's). The context is the shared `n`: positions 0 .. n-1. For every pair,
// the turns its hand makes by the last position, w_i (n - 1) / 2π (core/rope_turns.hpp), on a log chart
// with the one-turn line: pairs above it complete a turn within the context, pairs below never do.
// Above the chart, dials as on the clock for a few pairs (pair 0, the last, the selected one and the
// pairs on each side of the one-turn line) under both bases: the hand at position n - 1 and the sweep
// it covered on the way (a full disc once it went round). Cached by (d, base, second base, n).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct RopeBaseCache {
  // Derived, for (d, base, the State's compareBase, n).
  KeyedCache<int, double, double, int> key;
  std::vector<double> turns_a, turns_b;  // per pair: turns by position n - 1 at the shared / second base
  int full_a = 0, full_b = 0;            // pairs completing a full turn (pairs 0 .. full - 1)
};

void draw_rope_base(State& s, RopeBaseCache& cache, const ViewContext& ctx);
// The view's key numbers in words, for describe().
std::string describe_rope_base(const State& s, const RopeBaseCache& cache);

}  // namespace app
