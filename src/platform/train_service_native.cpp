#include <chrono>
#include <deque>
#include <memory>
#include <string>

#include "train/config.hpp"
#include "train/progress_json.hpp"
#include "train/result.hpp"
#include "train/trainer.hpp"
#include "shell/app.hpp"
#include "train_service.hpp"

namespace platform {

namespace {

constexpr double kBudgetMs = 12.0;  // training time per frame: the window stays responsive

struct Running {
  int id;
  std::unique_ptr<train::Trainer> trainer;
  std::chrono::steady_clock::time_point start;
  size_t logged = 0;
};

struct Request {
  int id;
  std::string options;
};

std::deque<Request> g_queue;
bool g_cancel = false;
std::unique_ptr<Running> g_run;

double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

void finish(app::App& a, bool cancelled) {
  train::Result r = train::finish(*g_run->trainer, ms_since(g_run->start));
  r.cancelled = cancelled;
  app::app_training_answer(a, g_run->id, "result", train::to_json(r));
  g_run.reset();
}

// The runs advance in the frame loop, kBudgetMs of each frame.
struct FrameLoopTraining final : app::TrainingService {
  void request(int id, const std::string& options) override { g_queue.push_back({id, options}); }
  void cancel() override { g_cancel = true; }
  bool runs_in_frame_loop() const override { return true; }
  void after_frame(app::App& a) override;
};

void FrameLoopTraining::after_frame(app::App& a) {
  if (g_cancel) {
    g_cancel = false;
    for (const Request& r : g_queue) app::app_training_answer(a, r.id, "error", "cancelled before it started");
    g_queue.clear();
    if (g_run) finish(a, true);
  }
  const auto frame_start = std::chrono::steady_clock::now();
  while (ms_since(frame_start) < kBudgetMs) {
    if (!g_run) {
      if (g_queue.empty()) return;
      const Request r = g_queue.front();
      g_queue.pop_front();
      train::Config cfg;
      const std::string refused = train::parse_option_lines(r.options, cfg);
      if (!refused.empty()) {
        app::app_training_answer(a, r.id, "error", refused);
        continue;
      }
      g_run = std::make_unique<Running>(Running{r.id, std::make_unique<train::Trainer>(cfg), std::chrono::steady_clock::now(), 0});
    }
    while (!g_run->trainer->done() && ms_since(frame_start) < kBudgetMs) g_run->trainer->step();
    app::app_training_answer(a, g_run->id, "progress", train::progress_json(*g_run->trainer, g_run->logged));
    if (g_run->trainer->done()) finish(a, false);
  }
}

}  // namespace

app::TrainingService& training_service() {
  static FrameLoopTraining service;
  return service;
}

}  // namespace platform
