// Lesson: float32 (view id `precision`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct PrecisionCache {};

void draw_precision(State& s, PrecisionCache& cache, const ViewContext& ctx);

}  // namespace app
