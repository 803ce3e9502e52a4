// The top row of the main area (the way to the controls when they are not a column, the space of the
// page's Copy link button), Contents and the current chapter's tabs.
#pragma once
#include "shell/app.hpp"

namespace app {

// `column`: the controls are a column beside the main area this frame (no button is needed for them).
void draw_top_row(App& a, bool column);
// Contents and the current chapter's tabs (contents.hpp): a view set from outside (URL, API, keyboard)
// selects its tab; otherwise the tab bar sets it.
void draw_tabs(App& a);

}  // namespace app
