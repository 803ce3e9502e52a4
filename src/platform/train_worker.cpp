// The experiment's own wasm module (posenc_train.js + .wasm), run in a Web Worker by
// web/posenc-train-worker.js and loaded only when a training run is first asked for: the page's first
// download does not carry the engine. A run goes in chunks so that the worker can post progress and
// see a cancel message between them:
//
//   posenc_train_begin("key=value\n...")  -> "" or why the options were refused (train::parse_options)
//   posenc_train_chunk(n)                 -> {"step","steps","loss","log":[new loss points]}
//   posenc_train_finish(cancelled)        -> the result JSON (train::to_json): what PosEnc.train resolves to
//
// Option rules live in src/train/config.cpp alone; this file only moves text in and out.
#include <emscripten.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "train/config.hpp"
#include "train/progress_json.hpp"
#include "train/result.hpp"
#include "train/trainer.hpp"

namespace {

std::unique_ptr<train::Trainer> g_trainer;
std::chrono::steady_clock::time_point g_start;
size_t g_logged = 0;  // loss points already posted
std::string g_text;   // the last returned text (valid until the next call)

double elapsed_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - g_start).count();
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* posenc_train_begin(const char* lines) {
  train::Config config;
  g_text = train::parse_option_lines(lines, config);
  if (!g_text.empty()) return g_text.c_str();
  g_start = std::chrono::steady_clock::now();
  g_trainer = std::make_unique<train::Trainer>(config);
  g_logged = 0;
  g_text = g_trainer->error();
  if (!g_text.empty()) g_trainer.reset();
  return g_text.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* posenc_train_chunk(int n) {
  if (!g_trainer) return "{}";
  for (int i = 0; i < n && !g_trainer->done(); ++i) g_trainer->step();
  g_text = train::progress_json(*g_trainer, g_logged);
  return g_text.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* posenc_train_finish(int cancelled) {
  if (!g_trainer) return "{}";
  train::Result r = train::finish(*g_trainer, elapsed_ms());
  r.cancelled = cancelled != 0;
  g_text = train::to_json(r);
  g_trainer.reset();
  return g_text.c_str();
}

// The option table (key, kind, min, max, default, meaning, choices) for PosEnc.trainSchema().
EMSCRIPTEN_KEEPALIVE const char* posenc_train_schema() {
  g_text = train::config_rows_json();
  return g_text.c_str();
}

}  // extern "C"
