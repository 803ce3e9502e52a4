// Lesson: adding mixes word and position (view id `adding`).
// Two tokens with stand-in word vectors w1, w2 at positions p1 = pos and p2 = pos + k. The dot
// product of the added vectors splits into word . word, position . position and two cross terms
// (bars with numbers, live as pos moves); concatenating [w; p] instead gives exactly word + position.
// A plot over a window of positions shows the added score wobbling with pos at a fixed k, while the
// concatenated score stays flat.
#pragma once
#include <string>
#include <vector>

#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct AddingCache {
  // Stand-in word vectors for the current d.
  KeyedCache<int> words_key;  // d
  std::vector<double> w1, w2;
  // Curves over the window [start, start + n] at offset k, keyed by all they depend on.
  KeyedCache<int, double, double, int, double> curve_key;  // d, base, k, n, start
  std::vector<double> xs, added, cat, cross;
  double scale = 1;  // bar scale: the largest |part| over the window, so bars stay steady while pos moves
  float panel_content = 0;  // last frame's taller panel content (its check line wraps in a longer language)
};

void draw_adding(State& s, AddingCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_adding(const State& s, const AddingCache& cache);

}  // namespace app
