#include "export_io.hpp"

#include <GLES3/gl3.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "state/export.hpp"

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
// The canvas as PNG: called in the same frame as the drawing, so the drawing buffer still holds it.
EM_JS(void, js_download_canvas_png, (const char* name), {
  const file = UTF8ToString(name);
  Module['canvas'].toBlob((blob) => {
    if (!blob) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = file;
    document.body.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }, 'image/png');
});
#endif

namespace platform {

namespace {

#ifndef __EMSCRIPTEN__
uint32_t crc32(const unsigned char* p, size_t n, uint32_t c = 0xffffffffu) {
  for (size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
  }
  return c;
}

void put32(std::vector<unsigned char>& v, uint32_t x) {
  for (int s = 24; s >= 0; s -= 8) v.push_back(static_cast<unsigned char>(x >> s));
}

void chunk(std::vector<unsigned char>& png, const char* type, const std::vector<unsigned char>& data) {
  put32(png, static_cast<uint32_t>(data.size()));
  std::vector<unsigned char> body(type, type + 4);
  body.insert(body.end(), data.begin(), data.end());
  png.insert(png.end(), body.begin(), body.end());
  put32(png, crc32(body.data(), body.size()) ^ 0xffffffffu);
}

// A PNG with stored (uncompressed) deflate blocks: no zlib needed, larger files, same pixels.
bool write_png(const std::string& path, int w, int h, const std::vector<unsigned char>& rgba_bottom_up) {
  std::vector<unsigned char> raw;
  for (int y = h - 1; y >= 0; --y) {
    raw.push_back(0);
    const auto row = rgba_bottom_up.begin() + static_cast<std::ptrdiff_t>(y) * w * 4;
    for (int x = 0; x < w; ++x) raw.insert(raw.end(), row + x * 4, row + x * 4 + 3);
  }
  std::vector<unsigned char> z = {0x78, 0x01};
  uint32_t a = 1, b = 0;
  for (unsigned char c : raw) a = (a + c) % 65521, b = (b + a) % 65521;
  for (size_t off = 0; off < raw.size() || off == 0; off += 65535) {
    const size_t len = std::min<size_t>(65535, raw.size() - off);
    z.push_back(off + len >= raw.size() ? 1 : 0);
    z.push_back(static_cast<unsigned char>(len & 0xff));
    z.push_back(static_cast<unsigned char>(len >> 8));
    z.push_back(static_cast<unsigned char>(~len & 0xff));
    z.push_back(static_cast<unsigned char>((~len >> 8) & 0xff));
    z.insert(z.end(), raw.begin() + static_cast<std::ptrdiff_t>(off), raw.begin() + static_cast<std::ptrdiff_t>(off + len));
    if (len == 0) break;
  }
  put32(z, (b << 16) | a);
  std::vector<unsigned char> png = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a};
  std::vector<unsigned char> ihdr;
  put32(ihdr, static_cast<uint32_t>(w));
  put32(ihdr, static_cast<uint32_t>(h));
  ihdr.insert(ihdr.end(), {8, 2, 0, 0, 0});  // 8-bit RGB
  chunk(png, "IHDR", ihdr);
  chunk(png, "IDAT", z);
  chunk(png, "IEND", {});
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  const bool ok = std::fwrite(png.data(), 1, png.size(), f) == png.size();
  return std::fclose(f) == 0 && ok;
}

bool write_text(const std::string& path, const std::string& text) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  return std::fclose(f) == 0 && ok;
}
#endif

}  // namespace

void carry_out_export(app::App& a, int fw, int fh) {
  const app::ExportKind kind = a.pending_export;
  if (kind == app::ExportKind::none) return;
  a.pending_export = app::ExportKind::none;
  const std::string name = app::export_filename(a.state, kind);
  const std::string text = app::export_text(a.state, kind);
  const char* mime = kind == app::ExportKind::csv ? "text/csv" : "text/x-python";
#ifdef __EMSCRIPTEN__
  (void)fw, (void)fh;
  if (kind == app::ExportKind::png) js_download_canvas_png(name.c_str());
  else js_download_text(name.c_str(), mime, text.c_str());
  a.export_message = "Downloading " + name;
#else
  (void)mime;
  bool ok = false;
  if (kind == app::ExportKind::png) {
    std::vector<unsigned char> px(static_cast<size_t>(fw) * static_cast<size_t>(fh) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, fw, fh, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    ok = write_png(name, fw, fh, px);
  } else {
    ok = write_text(name, text);
  }
  a.export_message = ok ? "Saved " + name + " in the working folder" : "Could not write " + name;
#endif
}

}  // namespace platform
