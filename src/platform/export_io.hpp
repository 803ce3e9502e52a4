// Carries out the exports asked for, right after the frame is rendered, while the drawn image is still
// in the back buffer (the PNG exports read it):
//   - App::pending_export (the sidebar's buttons, PosEnc.exportFile): on the web the browser
//     downloads the file; on the desktop it is written to the working folder;
//   - request_page_image (PosEnc.exportImage, web only): the PNG goes to the page as a Blob, to the
//     oldest waiting promise (Module.posencImageWaiters, web/posenc.js).
// 'png' is the whole canvas, 'figure' the view's figure alone (App::figure_min..figure_max, display
// pixels) cut from the canvas in device pixels; 'svg' is src/export/figure_export.hpp.
#pragma once
#include "shell/app.hpp"

namespace platform {

// The export service the platform registers with the app (shell/services.hpp): carry_out is the above.
app::ExportService& export_service();
// Queues a PNG (png or figure) for the page, handed over after the next drawn frame.
void request_page_image(app::ExportKind kind);

// The part of the framebuffer a PNG kind shows, in device pixels from the top-left corner.
struct PixelRect {
  int x = 0, y = 0, w = 0, h = 0;
};
PixelRect export_pixels(const app::App& a, app::ExportKind kind, int framebuffer_w, int framebuffer_h);

}  // namespace platform
