// Lesson: what attention scores: word and position through W_Q and W_K (view id `projections`).
// Query token m = pos and key token n = pos + k, each a stand-in word vector plus its position vector,
// through one head the student picks: random W_Q, W_K (d × min(d, 64), seeded), the identity, or a
// rotation head that commutes with every pair's rotation. Bars show the score's four terms (word-word,
// word-position, position-word, position-position) and their total; a plot shows the
// position-position term against k from three fixed starts and the shift part Σ a_i cos − b_i sin that
// every start shares, with the spread between starts as numbers. Core: core/projection_scores.hpp.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/input.hpp"
#include "core/projection_scores.hpp"
#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct ProjectionsCache {
  // View-local settings.
  int choice = static_cast<int>(pe::HeadChoice::random);
  std::uint64_t seed = pe::kEmbeddingSeed;  // the random head's draw and the two word vectors
  int k0 = -5;     // the rotation head favours the key k0 positions from the query
  int kmax = 32;   // the plot shows offsets -kmax .. kmax
  // The head and the word parts already projected: x_m W_Q and x_n W_K.
  KeyedCache<int, int, double, std::uint64_t, int> head_key;  // choice, d, base, seed, k0
  pe::Head head;
  std::vector<double> xm, xn, xq, xk;
  // The plot's curves (from the fixed starts) and their spread.
  KeyedCache<int, int, double, std::uint64_t, int, int, int> curve_key;  // choice, d, base, seed, k0, kmax, samples
  std::vector<double> ks, spread;
  pe::PositionCurves curves;
  double lowest = 0, highest = 0, max_spread = 0;
  // The fixed starts' values at the state's k (k need not be a plotted offset).
  KeyedCache<int, int, double, std::uint64_t, int, double> at_k_key;  // choice, d, base, seed, k0, k
  pe::PositionCurves at_k;
};

void draw_projections(State& s, ProjectionsCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the head, the four terms at pos and pos + k, the spread between
// starts), for describe().
std::string describe_projections(const State& s, const ProjectionsCache& cache);

}  // namespace app
