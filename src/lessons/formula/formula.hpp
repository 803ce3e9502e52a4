// Lesson: the formula, worked (view id `formula`).
// For one (pos, j): pair i = floor(j/2), exponent 2i/d, base^(2i/d), w_i = 1/base^(2i/d),
// angle = w_i * pos, sin (j even) or cos (j odd), value, each step with its numbers
// (core/formula_steps.hpp); the wave of dimension j with pos marked; and the whole vector as a table.
// A button loads the primer's example, d = 4 and pos = 1: 0.8415, 0.5403, 0.0100, 0.99995.
#pragma once
#include <string>
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct FormulaCache {
  int dim = 0;             // the dimension j being worked (view-local)
  int followed_pair = -1;  // s.pair when dim was last synced: a new s.pair moves dim to 2 * s.pair
  int scrolled_dim = -1;   // the row the table last scrolled to (it scrolls when dim changes elsewhere)
};

void draw_formula(State& s, FormulaCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_formula(const State& s, const FormulaCache& cache);

}  // namespace app
