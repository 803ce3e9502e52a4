// The training service: the one queue of runs, their cancelling and their chunking, driven the same way by
// both platforms (the desktop frame loop, src/platform/train_service_native.cpp, and the page's Web Worker,
// src/platform/train_worker.cpp + web/posenc-train-worker.js). The platforms only move text in and out.
//
//   Service s;
//   s.submit(id, "key=value\n...");    queued in the order submitted; the options (train/config.hpp's
//                                      parse_option_lines) are read when the run starts
//   s.cancel(id);  s.cancel();         that run / every run: a queued one answers an error ("cancelled
//                                      before it started"); the running one stops and answers its result,
//                                      with "cancelled":true and what it reached
//   for (Message& m : s.step()) ...    trains for one chunk (kChunkMs) and returns what happened since the
//                                      last call, in order
//   s.busy()                           runs queued or running: step() has work to do
//
// Messages, per run id, the texts exactly as the engine wrote them (nobody rewrites them on the way):
//   progress  train/progress_json.hpp's {"step","steps","loss","log":[new loss points],"done"}: after the
//             run's first chunk, then at most every kReportMs of the run, and at its last step
//   result    train::to_json(train::finish(trainer, ms)) (train/result.hpp), cancelled runs too; ms is the
//             time from the run's start to its last step, chunking included (the evaluation not)
//   error     why the options were refused, or "cancelled before it started"; nothing else follows
// A run answers one error, or progress messages and then one result.
//
// Chunks: step(budget_ms) starts queued runs and trains the running one, one optimiser step after another,
// until budget_ms have passed (at least one step per call while a run is going, so budget 0 is one step).
// A run that ends inside the budget hands the rest to the next queued one.
#pragma once
#include <chrono>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "trainer.hpp"

namespace train {

// The one chunk budget, in milliseconds: the longest the engine trains before it returns. The desktop
// window draws one frame between chunks and stays responsive; the worker reads its messages (a cancel)
// between them, so a cancel takes effect within one chunk.
inline constexpr double kChunkMs = 12.0;
// How often a run reports progress, in milliseconds: the page draws one frame per progress message and
// PosEnc.on('train') is called a few times a second, so not every chunk reports.
inline constexpr double kReportMs = 50.0;

struct Message {
  enum class Kind { progress, result, error };
  int id = 0;
  Kind kind = Kind::progress;
  std::string text;
};

// "progress", "result", "error": the kinds app::experiment_receive and the worker's messages use.
const char* kind_name(Message::Kind k);

class Service {
 public:
  // report_ms: the progress interval (tests set 0 to have every chunk report).
  explicit Service(double report_ms = kReportMs) : report_ms_(report_ms) {}
  ~Service();
  Service(const Service&) = delete;
  Service& operator=(const Service&) = delete;

  void submit(int id, std::string option_lines);
  // The messages a cancel causes (the queued runs' errors, the running run's result) come with the next
  // step(), in that order.
  void cancel(int id);  // the queued or running run with this id (nothing if there is none)
  void cancel();        // every run
  std::vector<Message> step(double budget_ms = kChunkMs);
  bool busy() const { return running_ != nullptr || !queue_.empty(); }

 private:
  using Clock = std::chrono::steady_clock;
  struct Request {
    int id;
    std::string options;
  };
  struct Running {
    int id;
    std::unique_ptr<Trainer> trainer;
    Clock::time_point start, reported;
    size_t logged = 0;  // loss points already reported
    bool ever_reported = false;
  };
  bool start_next(std::vector<Message>& out);
  void finish(std::vector<Message>& out, bool cancelled);

  double report_ms_;
  std::deque<Request> queue_;
  std::unique_ptr<Running> running_;
  std::vector<Message> pending_;  // from cancel(), handed out by the next step()
};

}  // namespace train
