// Carries out an export the UI asked for (App::pending_export): on the web the browser downloads the
// file; on the desktop it is written to the working folder. Call right after the frame is rendered,
// while the drawn image is still in the back buffer (the PNG export reads it).
#pragma once
#include "app/app.hpp"

namespace platform {

void carry_out_export(app::App& a, int framebuffer_w, int framebuffer_h);

}  // namespace platform
