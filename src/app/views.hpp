// The views of the lessons in the registry (src/state/lessons.hpp): one #include per lesson. Each
// view_<id>.hpp declares draw_<id>(State&, <its cache>&, const ViewContext&) and
// describe_<id>(const State&); app.hpp binds them to the registry by id, so a lesson missing either
// does not compile.
#pragma once
#include "view_adding.hpp"
#include "view_clock.hpp"
#include "view_counter.hpp"
#include "view_embedding.hpp"
#include "view_formula.hpp"
#include "view_gotcha.hpp"
#include "view_heatmap.hpp"
#include "view_input.hpp"
#include "view_learned.hpp"
#include "view_long_context.hpp"
#include "view_order.hpp"
#include "view_periods.hpp"
#include "view_precision.hpp"
#include "view_projections.hpp"
#include "view_ranges.hpp"
#include "view_rope.hpp"
#include "view_rope_base.hpp"
#include "view_rope_layouts.hpp"
#include "view_rope_practice.hpp"
#include "view_rope_scores.hpp"
#include "view_schemes.hpp"
#include "view_similarity.hpp"
#include "view_symmetry.hpp"
#include "view_waves.hpp"
