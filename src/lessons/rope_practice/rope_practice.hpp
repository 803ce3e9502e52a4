// Lesson: RoPE as models apply it (view id `rope_practice`). Where the rotation sits in a model, not
// the rotation itself (that is the `rope` lesson):
//   - a diagram of one attention head of one layer: nothing added to the token vectors, q and k turned
//     by R(m w) and R(n w) just before their dot product, v left alone, the output handed to the next
//     layer, which does the same;
//   - a tiny seeded two-layer model (core/rope_attention.hpp) whose sentence sits at positions
//     pos .. pos + 5: its weight grids against the same sentence at 0 .. 5 show that no layer sees the
//     shift, and that turning the values too (a switch of this view) lets the next layer see it;
//   - the two pairing layouts, interleaved and half-split, as one rotation on a permuted basis;
//   - which model families use RoPE, the sources' names apart from general knowledge.
#pragma once
#include <string>

#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct RopePracticeCache {
  // View-local settings (not in the settings table).
  bool turn_values = false;  // also turn v by R(n w): what the models named here do not do
  bool causal = true;        // the decoder's causal mask: a query sees only keys at or before it
};

void draw_rope_practice(State& s, RopePracticeCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_rope_practice(const State& s, const RopePracticeCache& cache);

}  // namespace app
