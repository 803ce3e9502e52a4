// Training in chunks: a Trainer owns the model, the optimiser, the batch stream and a workspace sized
// once, so step() allocates nothing. train::Service (service.hpp) calls step() for a chunk, reports
// progress (step_index, loss_log), looks at its queue and cancels, and continues, on the web and the
// desktop alike; the command line calls run() once.
//
//   Trainer t(cfg);                     // cfg must pass validate(); otherwise error() says why, done() is true
//   while (!t.done()) { t.step(); ... } // one Adam step per call, returns that step's loss
//   Result r = finish(t, ms);           // evaluation + result (result.hpp)
//
// Loss log: one entry every log_every() steps (steps/100, at least 1) holding the mean loss of the steps
// since the previous entry, plus one at the last step.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "adam.hpp"
#include "config.hpp"
#include "model.hpp"
#include "rng.hpp"
#include "tasks.hpp"

namespace train {

struct LossPoint {
  int step;     // steps done when logged (1-based)
  double loss;  // mean training loss since the previous entry
};

class Trainer {
 public:
  explicit Trainer(const Config& c);
  double step();  // no-op returning 0 when done()
  bool done() const { return !error_.empty() || step_ >= cfg_.steps; }
  int step_index() const { return step_; }
  int log_every() const { return log_every_; }
  double last_loss() const { return last_loss_; }
  const std::vector<LossPoint>& loss_log() const { return log_; }
  const Model<float>& model() const { return model_; }
  const Config& config() const { return cfg_; }
  const std::string& error() const { return error_; }

 private:
  Config cfg_;
  std::string error_;
  Model<float> model_;
  Adam adam_;
  Rng data_, windows_;  // tokens (and copy lengths), window starts (startOffset)
  Batch batch_;
  Workspace<float> ws_;
  std::vector<LossPoint> log_;
  int step_ = 0, log_every_ = 1, since_log_ = 0;
  double last_loss_ = 0.0, sum_since_log_ = 0.0;
};

struct Progress {
  int step, steps;
  double loss;  // the latest step's
  const std::vector<LossPoint>* log;
};

}  // namespace train
