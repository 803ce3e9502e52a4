// Lesson: Waves (view id `waves`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct WavesCache {};

void draw_waves(State& s, WavesCache& cache, const ViewContext& ctx);

}  // namespace app
