// Lesson: similarity depends only on distance (view id `similarity`, the article's Figure 5).
// PE(pos) . PE(pos + k) against the offset k for several starting positions at once (0, 100, 300 and
// the current pos, by default), over the closed form sum_i cos(w_i k): they all coincide. Curves are
// sampled at whole offsets only (core/similarity_curve.hpp: every k while that is at most one per
// pixel column, else one whole k per column), cached by (d, base, k range, columns, starts).
#pragma once
#include <string>
#include <array>
#include <vector>

#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct SimilarityCache {
  // View-local settings (the largest offset plotted, kmax, is the State's similarityMaxK).
  std::array<int, 3> starts = {0, 100, 300};
  // Cached curves, keyed by what they were computed for.
  KeyedCache<int, double, int, int, std::array<int, 3>> key;  // d, base, kmax, samples, starts
  std::vector<double> ks;                  // whole offsets sampled
  std::vector<double> closed;              // sum cos(w_i k)
  std::array<std::vector<double>, 3> direct;
  double lowest = 0;                       // smallest value of any cached curve
  double worst_gap = 0;                    // largest |direct - closed| over the cached samples
  // The curve for the current pos, at marker offsets only (it follows pos while playing).
  KeyedCache<double, int, int, int, double> live_key;  // pos, samples, kmax, d, base
  std::vector<double> live_ks, live;
};

void draw_similarity(State& s, SimilarityCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_similarity(const State& s, const SimilarityCache& cache);

}  // namespace app
