// The guided tour's bar (shell/tour_bar.cpp): drawn above the view while a tour step is on.
#pragma once
#include "shell/app.hpp"

namespace app {

// A tour step starts: its question is unanswered again and the view's own settings that it names are set.
void start_tour_step(App& a);
// The bar itself, at the cursor (nothing when no step is on).
void draw_tour_bar(App& a);
// While the step's question is open on its own view, the lesson texts it names as giving the answer
// away are withheld (lessons.hpp: withhold_texts); once answered or shown, or on another view, none are.
void withhold_open_answer(const App& a);

}  // namespace app
