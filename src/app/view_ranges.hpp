// Lesson: Ranges (view id `ranges`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct RangesCache {};

void draw_ranges(State& s, RangesCache& cache, const ViewContext& ctx);

}  // namespace app
