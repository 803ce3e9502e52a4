// Lesson: the binary counter beside the clock hands (view id `counter`, the article's analogy in its
// section 4). The bits of floor(pos) in a strip; below, one row per bit: the bit drawn as a hand of
// period 2^(b+1) that only points up (0) or down (1), beside the encoding's pair whose period is nearest
// (core/binary_counter.hpp), turning smoothly to w_i pos. Beside or below, where the likeness ends:
// jumps against turns, a ratio of 2 against base^(2/d), powers of two against 2*pi*base^(2i/d), and a
// counter that repeats against a hand that never returns exactly.
#pragma once
#include <string>

#include "core/binary_counter.hpp"
#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct CounterCache {
  // Pair 0 (w = 1 whatever d and base) against its nearest return in this many steps: worked once.
  static constexpr long kReturnSteps = 1000;
  bool return_ready = false;
  pe::Return pair0_return;
};

void draw_counter(State& s, CounterCache& cache, const ViewContext& ctx);
// The view's key numbers in words, for describe().
std::string describe_counter(const State& s, const CounterCache& cache);

}  // namespace app
