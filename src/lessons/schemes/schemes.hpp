// Lesson: other position schemes beside the sinusoid (view id `schemes`): learned absolute positions,
// ALiBi (core/alibi.hpp), T5's relative buckets (core/t5_bucket.hpp) and NoPE. One scheme at a time,
// chosen in the view (the view's own setting `scheme`, a URL key like its options): its formula; a map over query position i (rows)
// and key position j (columns) for positions 0 .. W-1, W = max(8, 2n), of what the scheme adds to the
// attention logit, with the training length n (the shared `n`) marked so that everything past it
// shows; beside it the rule against the offset j - i (ALiBi's factor e^bias per head, T5's bucket) or
// against the query position (NoPE's uniform weight 1/(i+1)), and what happens past n. The query at
// pos and the key at pos + k are ringed on the map; a click on a cell sets them.
// The map has at most kSchemesMaxCells cells per side: a wider window samples one position per cell, and
// so does a map whose colours change too often for the draw list's 65,536 vertices.
#pragma once
#include <string>
#include <string_view>

#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

constexpr int kSchemesMaxCells = 128;     // map cells per side, at most (fewer where colours change too often)

// The view's own settings, from the State (scheme, alibiHeads, alibiHead, t5Buckets, t5Bidirectional,
// t5MaxDistance: the settings table), as the view draws them.
struct SchemesOptions {
  Scheme scheme = Scheme::alibi;
  int heads = 8;               // ALiBi: number of heads H
  int head = 0;                // ALiBi: the head whose map is drawn large
  bool bidirectional = true;   // T5: keys after the query get buckets of their own
  int buckets = 32;            // T5: num_buckets
  int max_distance = 128;      // T5: offsets from here on share the last bucket
};
// The State's options, brought inside what the view offers.
SchemesOptions schemes_options(const State& s);

// Nothing is kept between frames: the options are the State's.
struct SchemesCache {};

// The positions the map shows: 0 .. W-1 with W = max(8, 2n).
int schemes_window(const State& s);

void draw_schemes(State& s, SchemesCache& cache, const ViewContext& ctx);
// The view's key numbers in words, for describe().
std::string describe_schemes(const State& s, const SchemesCache& cache);

}  // namespace app
