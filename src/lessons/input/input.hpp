// Lesson: building the input (view id `input`).
// x = E[t] * sqrt(d) + PE(pos) for one token at position s.pos, term by term: the raw embedding row
// (tensor2tensor's initial values, sd d^-1/2, from core/input.hpp), its scaled version (entries about 1),
// the position vector (entries in [-1, 1]) and the sum, as bar strips on one shared scale with RMS and
// max |.| of each; then the same numbers for a short sentence at positions 0, 1, 2, ...
#pragma once
#include <string>
#include <vector>

#include "core/input.hpp"
#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct InputCache {
  // View-local settings.
  int token = 1;      // index into the toy vocabulary
  int first_dim = 0;  // first dimension drawn when d is wider than the strip
  // Cached terms for (token, pos, d, base).
  KeyedCache<int, int, double, double> terms_key;  // token, d, pos, base
  pe::InputTerms terms;
  double rms[4] = {0, 0, 0, 0}, peak[4] = {0, 0, 0, 0};  // embed, scaled, pos, sum
  // Cached sentence table for (d, base): per row RMS of E*sqrt(d), PE, x and max |x|.
  KeyedCache<int, double> table_key;  // d, base
  std::vector<double> table;
};

void draw_input(State& s, InputCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_input(const State& s, const InputCache& cache);

}  // namespace app
