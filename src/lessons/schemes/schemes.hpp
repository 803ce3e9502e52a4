// Lesson: other position schemes beside the sinusoid (view id `schemes`): learned absolute positions,
// ALiBi (core/alibi.hpp), T5's relative buckets (core/t5_bucket.hpp) and NoPE. One scheme at a time,
// chosen in the view (a view option, not a URL key): its formula; a map over query position i (rows)
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

enum class Scheme : int { learned, alibi, t5, nope };
constexpr int kSchemeCount = 4;

constexpr int kSchemesMaxHeads = 64;      // ALiBi heads the view offers
constexpr int kSchemesMaxBuckets = 256;   // T5 num_buckets (even, from 4)
constexpr int kSchemesMaxDistance = 100000;
constexpr int kSchemesMaxCells = 128;     // map cells per side, at most (fewer where colours change too often)

struct SchemesCache {
  Scheme scheme = Scheme::alibi;
  int heads = 8;               // ALiBi: number of heads H
  int head = 0;                // ALiBi: the head whose map is drawn large
  bool bidirectional = true;   // T5: keys after the query get buckets of their own
  int buckets = 32;            // T5: num_buckets
  int max_distance = 128;      // T5: offsets from here on share the last bucket
};

// The tour's view options (`view_setting:` lines): false for an unknown key or a bad value, and then
// the cache is unchanged. Keys and values:
//   scheme         learned | alibi | t5 | nope
//   heads          1 .. 64 (the shown head is kept below it)
//   head           0 .. heads-1
//   buckets        even, 4 .. 256, leaving max_distance above the exact buckets E
//   max_distance   E+1 .. 100000 (E = buckets/4 bidirectional, buckets/2 causal)
//   bidirectional  1 | 0 | true | false (likewise leaving max_distance above E)
bool set_schemes_option(SchemesCache& c, std::string_view key, std::string_view value);

// The positions the map shows: 0 .. W-1 with W = max(8, 2n).
int schemes_window(const State& s);
// The exact buckets E of the cache's T5 settings (per direction).
int schemes_t5_exact(const SchemesCache& c);

void draw_schemes(State& s, SchemesCache& cache, const ViewContext& ctx);
// The view's key numbers in words, for describe().
std::string describe_schemes(const State& s, const SchemesCache& cache);

}  // namespace app
