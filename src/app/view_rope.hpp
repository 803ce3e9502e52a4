// Lesson: RoPE (view id `rope`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct RopeCache {};

void draw_rope(State& s, RopeCache& cache, const ViewContext& ctx);

}  // namespace app
