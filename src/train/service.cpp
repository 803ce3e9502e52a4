#include "service.hpp"

#include <utility>

#include "config.hpp"
#include "progress_json.hpp"
#include "result.hpp"

namespace train {

namespace {

constexpr const char* kCancelledBeforeStart = "cancelled before it started";

double ms_between(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

}  // namespace

const char* kind_name(Message::Kind k) {
  switch (k) {
    case Message::Kind::progress: return "progress";
    case Message::Kind::result: return "result";
    case Message::Kind::error: return "error";
  }
  return "error";
}

Service::~Service() = default;

void Service::submit(int id, std::string option_lines) { queue_.push_back({id, std::move(option_lines)}); }

void Service::cancel(int id) {
  for (auto it = queue_.begin(); it != queue_.end();) {
    if (it->id == id) {
      pending_.push_back({it->id, Message::Kind::error, kCancelledBeforeStart});
      it = queue_.erase(it);
    } else {
      ++it;
    }
  }
  if (running_ && running_->id == id) finish(pending_, true);
}

void Service::cancel() {
  for (const Request& r : queue_) pending_.push_back({r.id, Message::Kind::error, kCancelledBeforeStart});
  queue_.clear();
  if (running_) finish(pending_, true);
}

// Takes queued requests until one starts (its trainer made) or none is left; refused ones answer an error.
bool Service::start_next(std::vector<Message>& out) {
  while (!queue_.empty()) {
    Request r = std::move(queue_.front());
    queue_.pop_front();
    Config cfg;
    std::string refused = parse_option_lines(r.options, cfg);
    auto trainer = refused.empty() ? std::make_unique<Trainer>(cfg) : nullptr;
    if (trainer && !trainer->error().empty()) refused = trainer->error();
    if (!refused.empty()) {
      out.push_back({r.id, Message::Kind::error, std::move(refused)});
      continue;
    }
    const Clock::time_point now = Clock::now();
    running_ = std::make_unique<Running>(Running{r.id, std::move(trainer), now, now, 0, false});
    return true;
  }
  return false;
}

void Service::finish(std::vector<Message>& out, bool cancelled) {
  Result r = train::finish(*running_->trainer, ms_between(running_->start, Clock::now()));
  r.cancelled = cancelled;
  out.push_back({running_->id, Message::Kind::result, to_json(r)});
  running_.reset();
}

std::vector<Message> Service::step(double budget_ms) {
  const Clock::time_point t0 = Clock::now();
  std::vector<Message> out = std::move(pending_);
  pending_.clear();
  while (running_ || start_next(out)) {
    Running& run = *running_;
    Trainer& t = *run.trainer;
    do t.step();
    while (!t.done() && ms_between(t0, Clock::now()) < budget_ms);
    const Clock::time_point now = Clock::now();
    if (!run.ever_reported || t.done() || ms_between(run.reported, now) >= report_ms_) {
      out.push_back({run.id, Message::Kind::progress, progress_json(t, run.logged)});
      run.ever_reported = true;
      run.reported = now;
    }
    if (t.done()) finish(out, false);
    if (ms_between(t0, Clock::now()) >= budget_ms) break;
  }
  return out;
}

}  // namespace train
