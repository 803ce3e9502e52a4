// Lesson: Adding (view id `adding`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct AddingCache {};

void draw_adding(State& s, AddingCache& cache, const ViewContext& ctx);

}  // namespace app
