// What the platform layer shares between its files: the one App and a way to ask for redraws.
#pragma once
#include "shell/app.hpp"
#include "state/frame_stats.hpp"

namespace platform {

app::App& the_app();
// CPU time per drawn frame (input to the end of draw-list building).
app::FrameStats& frame_stats();
// Something outside the event queue (the JS API) changed the state: draw the next frames.
void request_redraw();
// New data for the view and nothing else (a training run's progress): draw one frame.
void request_frame();
// The app could not start (no window, no GL context): says why on stderr and, on the web, to the page
// (Module.onStartFailed). Returns main's exit code.
int start_failed(const char* what, const char* detail);
// A step of the start, from main() to the first drawn frame, for PosEnc.timing.startup (on the web:
// Module.onStartupMark(name) with the page's clock; nothing on the desktop).
void startup_mark(const char* name);

}  // namespace platform
