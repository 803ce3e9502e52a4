// The wasm side of window.PosEnc (web/posenc.js wraps these). Functions in, EM_JS callbacks out.
// Every state change goes through app::app_apply, the same validated path as the URL and the UI.
// Compute functions validate their parameters with the core's checks and return "" on success or
// the reason on failure; results are written to a caller-provided buffer.
#include <emscripten.h>

#include <cstdlib>
#include <string>

#include "app/state_io.hpp"
#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/params.hpp"
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

}  // extern "C"
