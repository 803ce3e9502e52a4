// Lesson: Building the input (view id `input`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct InputCache {};

void draw_input(State& s, InputCache& cache, const ViewContext& ctx);

}  // namespace app
