// Lesson: learned positions did as well (view id `learned`).
// The paper's Table 3 row (E) next to the base model, what that experiment showed and what it left
// untested, and a live comparison of a learned table's size (n x d numbers, rows 0..n-1 only) with
// the formula's zero parameters for the current d, n and pos.
#pragma once
#include <string>
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct LearnedCache {};

void draw_learned(State& s, LearnedCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_learned(const State& s, const LearnedCache& cache);

}  // namespace app
