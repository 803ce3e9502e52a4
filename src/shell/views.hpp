// The views of the lessons in the registry (src/state/lessons.hpp). The includes are generated from the
// registry at build time (cmake/lesson_views.cmake), one per row. Each src/lessons/<id>/<id>.hpp declares
// draw_<id>(State&, <its cache>&, const ViewContext&) and describe_<id>(const State&); app.hpp binds
// them to the registry by id, so a lesson missing either does not compile.
#pragma once
#include "lesson_views.hpp"
