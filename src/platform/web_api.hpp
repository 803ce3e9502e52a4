// Web-only hooks from the frame loop to the page (src/platform/web_api.cpp).
#pragma once

namespace platform {

// After each drawn frame: resolves PosEnc.ready on the first one and reports state changes.
void web_after_frame();
// Stops (idle = true) or restarts the frame loop for lack of anything to draw.
void web_set_idle(bool idle);
// After main() has set the frame loop: starts it paused if the page has said the canvas is not seen.
void web_loop_started();

}  // namespace platform
