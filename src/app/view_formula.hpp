// Lesson: The formula, worked (view id `formula`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct FormulaCache {};

void draw_formula(State& s, FormulaCache& cache, const ViewContext& ctx);

}  // namespace app
