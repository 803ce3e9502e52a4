#include "export_io.hpp"

#include <GLES3/gl3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "export/app_export.hpp"
#include "imgui.h"
#include "export/tables.hpp"
#include "shell/lesson_code.hpp"
#include "text/png.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// A download of text made by the app; nothing from the page goes into it.
EM_JS(void, js_download_text, (const char* name, const char* mime, const char* text), {
  const blob = new Blob([UTF8ToString(text)], {type : UTF8ToString(mime)});
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = UTF8ToString(name);
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
});
// Part of the canvas as a PNG Blob for `done(blob or null, error)`. Called in the same frame as the
// drawing, so the drawing buffer still holds it: drawImage copies it now, the encoding comes later.
EM_JS(void, js_canvas_png, (int x, int y, int w, int h, int to_page, const char* name), {
  const file = UTF8ToString(name);
  const waiter = to_page ? (Module['posencImageWaiters'] || []).shift() : null;
  if (to_page && !waiter) return;
  const done = (blob) => {
    if (waiter) {
      if (blob) waiter.resolve(blob);
      else waiter.reject(new Error('the browser could not make a PNG of the canvas'));
      return;
    }
    if (!blob) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = file;
    document.body.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  };
  try {
    const out = document.createElement('canvas');
    out.width = w;
    out.height = h;
    out.getContext('2d').drawImage(Module['canvas'], x, y, w, h, 0, 0, w, h);
    out.toBlob(done, 'image/png');
  } catch (e) {
    if (waiter) waiter.reject(e);
  }
});
#endif

namespace platform {

namespace {

std::vector<app::ExportKind> g_page_images;  // PosEnc.exportImage requests, oldest first

#ifndef __EMSCRIPTEN__
bool write_file(const std::string& path, const void* data, size_t size) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  const bool ok = std::fwrite(data, 1, size, f) == size;
  return std::fclose(f) == 0 && ok;
}

bool write_png(const std::string& path, const PixelRect& r, int fh) {
  std::vector<unsigned char> px(static_cast<size_t>(r.w) * static_cast<size_t>(r.h) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(r.x, fh - r.y - r.h, r.w, r.h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());  // GL counts rows from the bottom
  const std::vector<unsigned char> png = app::encode_png_from_gl(px.data(), r.w, r.h);
  return write_file(path, png.data(), png.size());
}
#endif

}  // namespace

PixelRect export_pixels(const app::App& a, app::ExportKind kind, int fw, int fh) {
  if (kind != app::ExportKind::figure) return {0, 0, fw, fh};
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const double sx = display.x > 0 ? fw / static_cast<double>(display.x) : 1.0;
  const double sy = display.y > 0 ? fh / static_cast<double>(display.y) : 1.0;
  const int x0 = std::clamp(static_cast<int>(std::lround(a.figure_min.x * sx)), 0, fw);
  const int y0 = std::clamp(static_cast<int>(std::lround(a.figure_min.y * sy)), 0, fh);
  const int x1 = std::clamp(static_cast<int>(std::lround(a.figure_max.x * sx)), x0, fw);
  const int y1 = std::clamp(static_cast<int>(std::lround(a.figure_max.y * sy)), y0, fh);
  return {x0, y0, std::max(1, x1 - x0), std::max(1, y1 - y0)};
}

void request_page_image(app::ExportKind kind) { g_page_images.push_back(kind); }

namespace {

void carry_out_export(app::App& a, int fw, int fh) {
  const app::ExportKind kind = a.pending_export;
  a.pending_export = app::ExportKind::none;
  if (kind != app::ExportKind::none && !app::export_is_image(kind) && !app::shared_code_here()) {
    a.export_message = app::shared_code_missing_text();  // its code comes with the other lessons
  } else if (kind != app::ExportKind::none) {
    const std::string name = app::export_filename_of(a, kind);
    const bool image = app::export_is_image(kind);
    const PixelRect r = export_pixels(a, kind, fw, fh);
    std::string text;
    if (!image) { POSENC_ENTRY_CALL text = app::export_text_of(a, kind); }
#ifdef __EMSCRIPTEN__
    if (image) js_canvas_png(r.x, r.y, r.w, r.h, 0, name.c_str());
    else js_download_text(name.c_str(), app::export_mime(kind), text.c_str());
    a.export_message = "Downloading " + name;
#else
    const bool ok = image ? write_png(name, r, fh) : write_file(name, text.data(), text.size());
    a.export_message = ok ? "Saved " + name + " in the working folder" : "Could not write " + name;
#endif
  }
#ifdef __EMSCRIPTEN__
  for (app::ExportKind k : g_page_images) {
    const PixelRect r = export_pixels(a, k, fw, fh);
    js_canvas_png(r.x, r.y, r.w, r.h, 1, "");
  }
#endif
  g_page_images.clear();
}

struct PageExports final : app::ExportService {
  void carry_out(app::App& a, int fb_w, int fb_h) override { carry_out_export(a, fb_w, fb_h); }
};

}  // namespace

app::ExportService& export_service() {
  static PageExports service;
  return service;
}

}  // namespace platform
