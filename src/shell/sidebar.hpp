// The controls (shell/sidebar.cpp): a column on wide screens, a drawer on small ones.
#pragma once
#include "shell/app.hpp"

namespace app {

// Keeps the page's Copy link button free at the cursor; false where it does not fit.
bool keep_link_space(App& a);
// The controls, in the current window.
void draw_controls(App& a);
// The drawer of small screens, below `top`, when it is open.
void draw_drawer(App& a, float top);

}  // namespace app
