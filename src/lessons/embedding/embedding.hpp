// Lesson: the embedding scale: ×√d and the initialisation it assumes (view id `embedding`).
// One word, drawn from a seed, as it enters the model: w = E[t]·√d beside PE(pos) and their sum x, for
// the way the table E starts that the student picks (tensor2tensor's N(0, 1/d), PyTorch's N(0, 1),
// Keras's U(-0.05, 0.05)). A table compares the three at this d, each drawn and expected (RMS of w, the
// position's share of the squared length, cos(x, PE)); a bar shows the chosen one's share, and bar
// strips on one shared scale show how large the word entries are beside PE's. Core: core/embedding_scale.hpp.
#pragma once
#include <cstdint>
#include <string>

#include "core/embedding_scale.hpp"
#include "core/input.hpp"
#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct EmbeddingCache {
  // View-local settings: how E starts, the draw shown (a new draw moves the seed on), the first
  // dimension of the strips when d is wider than they are.
  int init = static_cast<int>(pe::EmbeddingInit::scaled_normal);
  std::uint64_t seed = pe::kEmbeddingSeed;
  int first_dim = 0;
  // The three starts' mixes for (d, pos, base, seed).
  KeyedCache<int, double, double, std::uint64_t> key;
  pe::EmbeddingMix mix[pe::kEmbeddingInitCount];
};

void draw_embedding(State& s, EmbeddingCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the chosen start, the seed, drawn and expected values), for describe().
std::string describe_embedding(const State& s, const EmbeddingCache& cache);

}  // namespace app
