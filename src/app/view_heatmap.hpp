// Lesson: Heatmap (view id `heatmap`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct HeatmapCache {};

void draw_heatmap(State& s, HeatmapCache& cache, const ViewContext& ctx);

}  // namespace app
