// Lesson: Similarity (view id `similarity`). Not built yet: a placeholder that says so.
#pragma once
#include "state.hpp"
#include "view_context.hpp"

namespace app {

struct SimilarityCache {};

void draw_similarity(State& s, SimilarityCache& cache, const ViewContext& ctx);

}  // namespace app
