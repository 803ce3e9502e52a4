// Lesson: Periods (view id `periods`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct PeriodsCache {};

void draw_periods(State& s, PeriodsCache& cache, const ViewContext& ctx);

}  // namespace app
