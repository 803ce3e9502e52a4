// The controls (shell/sidebar.cpp): a column on wide screens, a drawer on small ones.
#pragma once
#include "shell/app.hpp"

namespace app {

// Keeps the page's Copy link button free at the cursor; false where it does not fit.
bool keep_link_space(App& a);
// The controls, in the current window.
void draw_controls(App& a);
// The width of the controls' column: metrics::sidebar_width at the UI scale, wider where a label of
// the reader's language needs it (a button or header that would cut its words), at most 1.5 times as
// wide and never more than `most` (screen pixels).
float controls_width(const App& a, float most);
// The drawer of small screens, below `top`, when it is open.
void draw_drawer(App& a, float top);

}  // namespace app
