// Lesson: Pairing gotcha (view id `gotcha`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct GotchaCache {};

void draw_gotcha(State& s, GotchaCache& cache, const ViewContext& ctx);

}  // namespace app
