// The experiment's own wasm module (posenc_train.js + .wasm), run in a Web Worker by
// web/posenc-train-worker.js and loaded only when a training run is first asked for: the page's first
// download does not carry the engine. The queue, cancelling and chunking are train::Service's
// (src/train/service.hpp), the same as the desktop's; these functions only move text in and out:
//
//   posenc_train_submit(id, "key=value\n...")   queue a run
//   posenc_train_cancel(id), posenc_train_cancel_all()
//   posenc_train_step()                         train one chunk; returns how many messages it gave, read
//   posenc_train_message_id/kind/text(i)        with these (valid until the next posenc_train_step)
//   posenc_train_busy()                         1 while runs are queued or running
//   posenc_train_schema()                       the option table, for PosEnc.trainSchema()
//
// The message texts are the engine's own (progress JSON, the result JSON, an error message): the worker
// posts them on unparsed.
#include <emscripten.h>

#include <string>
#include <vector>

#include "train/config.hpp"
#include "train/service.hpp"

namespace {

train::Service g_service;
std::vector<train::Message> g_messages;  // the last step's
std::string g_text;                      // the last returned schema

const train::Message* message(int i) {
  return i >= 0 && static_cast<size_t>(i) < g_messages.size() ? &g_messages[static_cast<size_t>(i)] : nullptr;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE void posenc_train_submit(int id, const char* lines) { g_service.submit(id, lines ? lines : ""); }
EMSCRIPTEN_KEEPALIVE void posenc_train_cancel(int id) { g_service.cancel(id); }
EMSCRIPTEN_KEEPALIVE void posenc_train_cancel_all() { g_service.cancel(); }

EMSCRIPTEN_KEEPALIVE int posenc_train_step() {
  g_messages = g_service.step();
  return static_cast<int>(g_messages.size());
}

EMSCRIPTEN_KEEPALIVE int posenc_train_message_id(int i) {
  const train::Message* m = message(i);
  return m ? m->id : 0;
}
EMSCRIPTEN_KEEPALIVE const char* posenc_train_message_kind(int i) {
  const train::Message* m = message(i);
  return m ? train::kind_name(m->kind) : "";
}
EMSCRIPTEN_KEEPALIVE const char* posenc_train_message_text(int i) {
  const train::Message* m = message(i);
  return m ? m->text.c_str() : "";
}

EMSCRIPTEN_KEEPALIVE int posenc_train_busy() { return g_service.busy() ? 1 : 0; }

// The option table (key, kind, min, max, default, meaning, choices) for PosEnc.trainSchema().
EMSCRIPTEN_KEEPALIVE const char* posenc_train_schema() {
  g_text = train::config_rows_json();
  return g_text.c_str();
}

}  // extern "C"
