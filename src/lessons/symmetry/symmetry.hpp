// Lesson: before and after look the same to the dot product (view id `symmetry`).
// PE(pos) . PE(pos + k) over offsets -K..K: a mirror image, f(-k) = f(k), with markers at +k and -k at
// the same height (both summed directly from the encoding vectors). Beside it the first whole offset
// where the curve rises again (core/symmetry.hpp), with a zoom on it, and the quarter-turned score
// sum_i sin(w_i k), which is odd in k and so can tell after from before. Curves are sampled at whole
// offsets (core/similarity_curve.hpp's integer_offsets), cached by (d, base, K, samples); the searches
// by (d, base).
#pragma once
#include <string>
#include <vector>

#include "core/symmetry.hpp"
#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct SymmetryCache {
  // View-local settings.
  int kmax = 60;            // offsets -kmax..kmax are plotted
  bool show_turned = true;  // draw the quarter-turned score too
  // The curves at whole offsets 0..kmax (mirrored when drawn).
  KeyedCache<int, double, int, int> key;  // d, base, kmax, samples
  std::vector<double> ks, even, odd;      // k, sum cos(w k), sum sin(w k)
  double even_lo = 0, odd_hi = 0;         // lowest f, largest |g| over the samples
  // The searches along whole offsets, for (search_d, search_base).
  bool searched = false;
  int search_d = 0;
  double search_base = 0;
  int limit = 0;           // how far they looked
  pe::Rise rise;           // first offset where f rises again (k = 0: none up to limit)
  int sign_change = 0;     // first offset where sum sin(w k) <= 0 (0: none up to limit)
};

void draw_symmetry(State& s, SymmetryCache& cache, const ViewContext& ctx);
// The view's key numbers in words, for describe().
std::string describe_symmetry(const State& s, const SymmetryCache& cache);

}  // namespace app
