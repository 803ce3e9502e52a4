// Lesson: context extension on the clock: interpolation, NTK and YaRN (view id `long_context`).
// A model trained to length L (the setting contextLength, 4,096 by default) is run at s·L (s: contextFactor,
// 8 by default). For each pair, its trained sweep, the angles [0, w_i L] it met in training, against its
// sweep at s·L under each method (none, linear = position interpolation, NTK-aware, YaRN; the
// frequencies of core/rope_scaling.hpp), compared in core/rope_turns.hpp:
//   - a matrix of dials, methods down and a few pairs across: the trained sweep as a blue disc or
//     wedge, the sweep at s·L as a ring, red where it reaches angles training never showed;
//   - a chart of every pair's turns within L and within s·L under each method, with the pairs that
//     leave the trained range marked;
//   - YaRN's ramp over the pair index (keep, blend, interpolate) and its attention factor 0.1 ln s + 1;
//   - what each method costs, tagged paper (what the PI, NTK-aware and YaRN papers say) or math.
// The shared d and base apply (NTK needs d >= 4: the view says so at d = 2). Cached by (d, base, L, s).
#pragma once
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/rope_scaling.hpp"
#include "core/rope_turns.hpp"
#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct LongContextCache {
  // Derived, for (d, base, L, s): L and s are the State's contextLength and contextFactor (the view's own
  // settings, with contextMethod, the methods shown), kept here as what the numbers below were worked for.
  double length = 0, factor = 0;
  KeyedCache<int, double, double, double> key;
  std::array<std::vector<pe::Sweep>, 4> sweeps;  // per method (ntk: empty at d = 2)
  std::array<int, 4> leaving{};                  // pairs that leave the trained range, per method
  std::vector<double> ramp;                      // YaRN's ramp per pair (0 keep .. 1 interpolate)
  int keep = 0, blend = 0, interpolate = 0;      // pairs with ramp 0, between, 1
  pe::YarnRange range;                           // YaRN's low and high
  int short_sweeps = 0;                          // pairs whose trained sweep is under a turn
};

void draw_long_context(State& s, LongContextCache& cache, const ViewContext& ctx);
// The view's key numbers in words, for describe().
std::string describe_long_context(const State& s, const LongContextCache& cache);

}  // namespace app
