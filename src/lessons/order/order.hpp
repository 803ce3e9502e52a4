// Lesson: order blindness (view id `order`).
// A toy self-attention over five tokens (core/attention.hpp): the weight matrix
// a_ij = softmax_j(q_i . k_j / sqrt(d_k)) as a coloured grid. Swapping two tokens only moves rows
// and columns of that matrix (A' = P A P^T, checked numerically); once PE(position) is added to each
// input the swap produces genuinely new weights.
#pragma once
#include <string>
#include <vector>

#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct OrderCache {
  // View-local settings.
  std::vector<int> perm{0, 4, 2, 3, 1};  // slot r holds original token perm[r]; starts with dog <-> man
  int picked = -1;                        // slot clicked first, waiting for a second click to swap
  // Cached results, keyed by (perm, the State's addPE, base).
  KeyedCache<std::vector<int>, bool, double> key;
  std::vector<double> before;  // A: weights of the original order
  std::vector<double> after;   // A': weights of the reordered sentence
  std::vector<double> moved;   // P A P^T
  double max_diff = 0;         // max |A' - P A P^T|
};

void draw_order(State& s, OrderCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// setting addPE), for describe().
std::string describe_order(const State& s, const OrderCache& cache);

}  // namespace app
