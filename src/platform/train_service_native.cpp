#include <chrono>
#include <deque>
#include <memory>
#include <string>

#include "train/config.hpp"
#include "train/progress_json.hpp"
#include "train/result.hpp"
#include "train/trainer.hpp"
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

std::deque<app::TrainRequest> g_queue;
std::unique_ptr<Running> g_run;

double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

void finish(app::ExperimentCache& c, bool cancelled) {
  train::Result r = train::finish(*g_run->trainer, ms_since(g_run->start));
  r.cancelled = cancelled;
  app::experiment_receive(c, g_run->id, "result", train::to_json(r));
  g_run.reset();
}

}  // namespace

bool train_service_busy(const app::ExperimentCache& c) { return app::experiment_pending(c) > 0; }

void train_service_frame(app::ExperimentCache& c) {
  if (c.cancel) {
    c.cancel = false;
    c.outbox.clear();
    for (const app::TrainRequest& r : g_queue) app::experiment_receive(c, r.id, "error", "cancelled before it started");
    g_queue.clear();
    if (g_run) finish(c, true);
  }
  for (app::TrainRequest& r : c.outbox) g_queue.push_back(std::move(r));
  c.outbox.clear();
  const auto frame_start = std::chrono::steady_clock::now();
  while (ms_since(frame_start) < kBudgetMs) {
    if (!g_run) {
      if (g_queue.empty()) return;
      const app::TrainRequest r = g_queue.front();
      g_queue.pop_front();
      train::Config cfg;
      const std::string refused = train::parse_option_lines(r.options, cfg);
      if (!refused.empty()) {
        app::experiment_receive(c, r.id, "error", refused);
        continue;
      }
      g_run = std::make_unique<Running>(Running{r.id, std::make_unique<train::Trainer>(cfg), std::chrono::steady_clock::now(), 0});
    }
    while (!g_run->trainer->done() && ms_since(frame_start) < kBudgetMs) g_run->trainer->step();
    app::experiment_receive(c, g_run->id, "progress", train::progress_json(*g_run->trainer, g_run->logged));
    if (g_run->trainer->done()) finish(c, false);
  }
}

}  // namespace platform
