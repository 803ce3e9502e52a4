// What the app needs carried out outside its frame, by whoever runs it (src/platform/ on the web and the
// desktop, a test harness in tests/views/): exports, which need the pixels of the frame just drawn, and
// training runs, which go to a Web Worker on the web and into the frame loop on the desktop. The platform
// registers one of each at start (App::services) and knows no single view: the app hands each service
// what it asks for in app_after_frame() and routes the answers back to the lesson that asked.
#pragma once
#include <string>
#include <string_view>

namespace app {

struct App;

struct ExportService {
  virtual ~ExportService() = default;
  // Carries out App::pending_export (and any image the page asked for) from the frame just drawn, a
  // framebuffer of fb_w x fb_h device pixels; says what it did in App::export_message.
  virtual void carry_out(App& a, int fb_w, int fb_h) = 0;
};

struct TrainingService {
  virtual ~TrainingService() = default;
  // Queues a run: `options` are the engine's key=value lines (train::parse_option_lines).
  virtual void request(int id, const std::string& options) = 0;
  // Stops the queue: queued runs are refused, the running one ends with what it has.
  virtual void cancel() = 0;
  // After each frame: work that runs in the frame loop (the desktop) advances here; answers are given
  // to app_training_answer() as they come, here or from elsewhere (the web's worker messages).
  virtual void after_frame(App&) {}
  // Whether the frame loop must keep drawing while runs are pending (true where they advance in it).
  virtual bool runs_in_frame_loop() const { return false; }
};

struct Services {
  ExportService* exports = nullptr;
  TrainingService* training = nullptr;
};

// An answer about a run the app asked for: kind "progress", "result" or "error", text as the engine
// wrote it (JSON, or the reason in words).
void app_training_answer(App& a, int id, std::string_view kind, std::string_view text);

}  // namespace app
