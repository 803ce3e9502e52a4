// The wasm side of window.PosEnc (web/posenc.js wraps these). Functions in, EM_JS callbacks out.
// Every state change goes through app::app_apply, the same validated path as the URL and the UI.
// Compute functions validate their parameters with the core's checks and return "" on success or
// the reason on failure; results are written to a caller-provided buffer.
#include <emscripten.h>
#include <emscripten/heap.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "app/app.hpp"
#include "state/export.hpp"
#include "state/state_io.hpp"
#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/params.hpp"
#include "core/table_recurrence.hpp"
#include "core/ranges.hpp"
#include "core/rope.hpp"
#include "core/similarity.hpp"
#include "platform.hpp"
#include "web_api.hpp"

// The page listens through Module.onFirstFrame / Module.onStateChange, if it set them.
EM_JS(void, js_first_frame, (), { if (Module["onFirstFrame"]) Module["onFirstFrame"](); });
EM_JS(void, js_state_change, (const char* json), {
  if (Module["onStateChange"]) Module["onStateChange"](UTF8ToString(json));
});

namespace {

std::string g_reply;  // the buffer behind returned strings, valid until the next call
std::string g_last_state;
bool g_first_frame_sent = false;
double g_frames_drawn = 0;  // [embed] frames actually drawn, for PosEnc._framesDrawn()

const char* reply(std::string s) {
  g_reply = std::move(s);
  return g_reply.c_str();
}

std::string check_dims(double d, double base) {
  std::string err = pe::check_d(d);
  if (err.empty()) err = pe::check_base(base);
  return err;
}

}  // namespace

namespace platform {

void web_after_frame() {
  ++g_frames_drawn;  // [embed] called once per drawn frame (main.cpp returns early on idle frames)
  if (!g_first_frame_sent) {
    g_first_frame_sent = true;
    js_first_frame();
  }
  std::string now = app::to_json(the_app().state);
  if (now != g_last_state) {
    g_last_state = std::move(now);
    js_state_change(g_last_state.c_str());
  }
}

}  // namespace platform

extern "C" {

EMSCRIPTEN_KEEPALIVE void* posenc_alloc(int bytes) { return bytes > 0 ? std::malloc(static_cast<size_t>(bytes)) : nullptr; }
EMSCRIPTEN_KEEPALIVE void posenc_free(void* p) { std::free(p); }

EMSCRIPTEN_KEEPALIVE const char* posenc_get_state() { return reply(app::to_json(platform::the_app().state)); }

// Asks for an export after the next frame: kind 1 PNG, 2 CSV, 3 NumPy, 4 PyTorch. Returns 0 if unknown.
EMSCRIPTEN_KEEPALIVE int posenc_request_export(int kind) {
  if (kind < 1 || kind > 4) return 0;
  platform::the_app().pending_export = static_cast<app::ExportKind>(kind);
  platform::request_redraw();
  return 1;
}

// The text of an export (kind 2 CSV, 3 NumPy, 4 PyTorch) for the current state, without downloading.
EMSCRIPTEN_KEEPALIVE const char* posenc_export_text(int kind) {
  const app::State& s = platform::the_app().state;
  switch (kind) {
    case 2: return reply(app::export_csv(s));
    case 3: return reply(app::export_numpy(s));
    case 4: return reply(app::export_pytorch(s));
    default: return "";
  }
}

// Frame statistics for PosEnc.stats(): out = [frames, median ms, p95 ms, wasm heap bytes].
EMSCRIPTEN_KEEPALIVE const char* posenc_stats_out(double* out) {
  const app::FrameStats& f = platform::frame_stats();  // median/p95 over the newest 1024 frames
  out[0] = static_cast<double>(f.frames());
  out[1] = f.median_ms();
  out[2] = f.p95_ms();
  out[3] = static_cast<double>(emscripten_get_heap_size());
  return "";
}

EMSCRIPTEN_KEEPALIVE void posenc_stats_reset() { platform::frame_stats().reset_window(); }

// Benchmark hook: the similarity view's largest plotted offset (its own slider goes to 10,000).
EMSCRIPTEN_KEEPALIVE void posenc_similarity_kmax(int kmax) {
  platform::the_app().views.similarity.kmax = kmax < 1 ? 1 : kmax > 10000 ? 10000 : kmax;
  platform::request_redraw();
}

// Rows first..first+n-1 of the encoding table (row-major), by the rotation recurrence (the fast path)
// or, with direct = 1, by sin/cos per value. PosEnc.table() fills a whole table chunk by chunk, so the
// wasm heap never holds more than one chunk.
EMSCRIPTEN_KEEPALIVE const char* posenc_table_rows(double first, double n, double d, double base, int direct,
                                                   double* out) {
  std::string err = check_dims(d, base);
  if (err.empty()) err = pe::check_length(n, 1 << 20, "n");
  if (err.empty() && !(first >= 0 && first < 1e9 && first == static_cast<long>(first))) err = "first row must be a whole number";
  if (err.empty() && n * d > 16.0 * 1024 * 1024) err = "a chunk holds at most 16777216 values";
  if (!err.empty()) return reply(err);
  const std::span<double> rows{out, static_cast<size_t>(n) * static_cast<size_t>(d)};
  if (direct)
    pe::encoding_table(first, static_cast<int>(n), static_cast<int>(d), base, rows);
  else
    pe::encoding_table_recurrence(static_cast<long>(first), static_cast<int>(n), static_cast<int>(d), base, rows);
  return "";
}

// Plain-text description of the current view and its key numbers (the page's text alternative).
EMSCRIPTEN_KEEPALIVE const char* posenc_describe() { return reply(app::describe(platform::the_app().state)); }

// query: "key=value&..." (URL-encoded). Returns {"state":{...},"rejected":[...]}.
EMSCRIPTEN_KEEPALIVE const char* posenc_set_state(const char* query) {
  app::App& a = platform::the_app();
  const std::vector<app::Rejection> rejected = app::app_apply(a, query ? query : "");
  platform::request_redraw();
  return reply("{\"state\":" + app::to_json(a.state) + ",\"rejected\":" + app::rejections_to_json(rejected) + "}");
}

EMSCRIPTEN_KEEPALIVE const char* posenc_encoding(double pos, double d, double base, double* out) {
  std::string err = check_dims(d, base);
  if (err.empty()) err = pe::check_position(pos, "pos");
  if (!err.empty()) return reply(err);
  pe::encoding_vector(pos, static_cast<int>(d), base, {out, static_cast<size_t>(d)});
  return "";
}

EMSCRIPTEN_KEEPALIVE const char* posenc_dot(double pos, double k, double d, double base, double* out) {
  std::string err = check_dims(d, base);
  if (err.empty()) err = pe::check_position(pos, "pos");
  if (err.empty()) err = pe::check_position(k, "k");
  if (err.empty()) err = pe::check_position(pos + k, "pos + k");
  if (!err.empty()) return reply(err);
  *out = pe::dot_direct(pos, k, static_cast<int>(d), base);
  return "";
}

EMSCRIPTEN_KEEPALIVE const char* posenc_period(double pair, double d, double base, double* out) {
  std::string err = check_dims(d, base);
  if (err.empty()) err = pe::check_pair(pair, static_cast<int>(d));
  if (!err.empty()) return reply(err);
  *out = pe::period(static_cast<int>(pair), static_cast<int>(d), base);
  return "";
}

// Writes the d ranges (max minus min over positions 0..n-1, core/ranges.hpp) to out.
EMSCRIPTEN_KEEPALIVE const char* posenc_dimension_ranges(double n, double d, double base, double* out) {
  std::string err = check_dims(d, base);
  if (err.empty()) err = pe::check_length(n, app::kMaxLength, "n");
  if (!err.empty()) return reply(err);
  const std::vector<double> r = pe::dimension_ranges(static_cast<int>(n), static_cast<int>(d), base);
  for (size_t j = 0; j < r.size(); ++j) out[j] = r[j];
  return "";
}

// q and k hold q_len and k_len doubles (equal, even, 2..kMaxD; only read once the lengths pass).
// Writes R(m w) q . R(n w) k (core/rope.hpp) to *out.
EMSCRIPTEN_KEEPALIVE const char* posenc_rope(const double* q, double q_len, const double* k, double k_len, double m,
                                             double n, double base, double* out) {
  if (!(q_len >= 2 && q_len <= pe::kMaxD && std::floor(q_len) == q_len && std::fmod(q_len, 2.0) == 0.0))
    return reply("q must have an even length from 2 to " + std::to_string(pe::kMaxD) + " (got " +
                 pe::format_number(q_len) + ")");
  if (k_len != q_len)
    return reply("k must have the same length as q (got " + pe::format_number(k_len) + " and " +
                 pe::format_number(q_len) + ")");
  const auto len = static_cast<size_t>(q_len);
  for (size_t j = 0; j < len; ++j) {
    if (!std::isfinite(q[j])) return reply("q[" + std::to_string(j) + "] must be finite (got " + pe::format_number(q[j]) + ")");
    if (!std::isfinite(k[j])) return reply("k[" + std::to_string(j) + "] must be finite (got " + pe::format_number(k[j]) + ")");
  }
  std::string err = pe::check_position(m, "m");
  if (err.empty()) err = pe::check_position(n, "n");
  if (err.empty()) err = pe::check_base(base);
  if (!err.empty()) return reply(err);
  *out = pe::rope_score({q, len}, {k, len}, m, n, base);
  return "";
}

}  // extern "C"

// ---- [SECTION] heatmap debug hooks (for tests/browser/test_heatmap.mjs; not part of the public API) ----
extern "C" {

// Where the heatmap was drawn last frame and its window: out = {x, y, w, h (CSS pixels from the
// canvas's top-left corner), pos0, positions, dim0, dims}. Returns 0 (out untouched) until drawn.
EMSCRIPTEN_KEEPALIVE int posenc_heatmap_rect(double* out) {
  const app::HeatmapCache& c = platform::the_app().views.heatmap;
  if (!c.drawn) return 0;
  const double v[8] = {c.plot_min.x, c.plot_min.y, c.plot_max.x - c.plot_min.x, c.plot_max.y - c.plot_min.y,
                       c.pos0, c.positions, c.dim0, c.dims};
  for (int i = 0; i < 8; ++i) out[i] = v[i];
  return 1;
}

// Sets the heatmap window (clamped as the UI clamps it) and its naive float32 switch.
EMSCRIPTEN_KEEPALIVE void posenc_heatmap_window(double pos0, double positions, double dim0, double dims, int naive) {
  app::App& a = platform::the_app();
  app::heatmap_set_window(a.views.heatmap, a.state, pos0, positions, dim0, dims, naive != 0);
  platform::request_redraw();
}

}  // extern "C"

// ---- [SECTION] embedding (web/posenc.js: idle measurement, off-screen pause, URL defaults) ----
namespace {
bool g_hidden = false;       // the canvas is off-screen or the tab hidden
bool g_idle = false;         // paused and untouched for a while: nothing to draw until something happens
bool g_loop_paused = false;  // the frame loop is stopped (hidden or idle)

void update_loop() {
  const bool pause = g_hidden || g_idle;
  if (pause && !g_loop_paused) emscripten_pause_main_loop();
  if (!pause && g_loop_paused) emscripten_resume_main_loop();
  g_loop_paused = pause;
}
}  // namespace

namespace platform {
// From main.cpp: idle stops the loop altogether (not even a callback per display frame); any input
// (web/posenc.js wakes the loop on pointer, key, wheel, focus and resize events) or API call restarts it.
void web_set_idle(bool idle) {
  if (idle == g_idle) return;
  g_idle = idle;
  update_loop();
}
}  // namespace platform

extern "C" {

// Frames drawn since start. A paused, untouched page draws none (main.cpp returns before drawing).
EMSCRIPTEN_KEEPALIVE double posenc_frames_drawn() { return g_frames_drawn; }

// The page calls this when the canvas leaves or re-enters the screen (or the tab is hidden): the
// frame loop stops entirely while hidden, so an off-screen embed costs no CPU; the state (including
// `playing`) is kept, and the animation continues where it was when shown again.
EMSCRIPTEN_KEEPALIVE void posenc_set_visible(int visible) {
  g_hidden = !visible;
  update_loop();
  if (visible) platform::request_redraw();
}
// Input reached the page (pointer, key, wheel, focus, resize): draw the next frames.
EMSCRIPTEN_KEEPALIVE void posenc_wake() { platform::request_redraw(); }
EMSCRIPTEN_KEEPALIVE int posenc_loop_paused() { return g_loop_paused ? 1 : 0; }

// The default state, so the page can leave default values out of its URL.
EMSCRIPTEN_KEEPALIVE const char* posenc_default_state() { return reply(app::to_json(app::State{})); }

}  // extern "C"
