// Lesson: Order blindness (view id `order`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct OrderCache {};

void draw_order(State& s, OrderCache& cache, const ViewContext& ctx);

}  // namespace app
