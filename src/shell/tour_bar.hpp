// The guided tour's bar (shell/tour_bar.cpp): drawn above the view while a tour step is on.
#pragma once
#include "shell/app.hpp"

namespace app {

// A tour step starts: its question is unanswered again and the view's own settings that it names are set.
void start_tour_step(App& a);
// The bar itself, at the cursor (nothing when no step is on).
void draw_tour_bar(App& a);

}  // namespace app
