// Lesson: Learned positions (view id `learned`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct LearnedCache {};

void draw_learned(State& s, LearnedCache& cache, const ViewContext& ctx);

}  // namespace app
