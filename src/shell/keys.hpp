// The lecture keys (arrows, PageUp/PageDown for clickers, t n p h f c i d l x + -) and the help overlay.
#pragma once
#include "shell/app.hpp"

namespace app {

// Acts on this frame's keys; nothing while a text field is being edited.
void handle_keys(App& a);
// The help overlay listing the keys, when it is open.
void draw_help(App& a);

}  // namespace app
