#include "trainer.hpp"

namespace train {

namespace {
AdamSettings adam_settings(const Config& c) {
  AdamSettings s;
  s.lr = c.lr;
  return s;
}
// A valid stand-in so that members can be built when the config is bad (error() then reports it).
Config usable(const Config& c) { return validate(c).empty() ? c : Config{}; }
}  // namespace

Trainer::Trainer(const Config& c)
    : cfg_(usable(c)),
      error_(validate(c)),
      model_(cfg_),
      adam_(model_.params.size(), adam_settings(cfg_)),
      data_(cfg_.seed, static_cast<std::uint64_t>(Stream::train_batches)),
      windows_(cfg_.seed, static_cast<std::uint64_t>(Stream::train_windows)) {
  if (!error_.empty()) cfg_ = c;  // report what was asked for
  model_.init(model_.cfg.seed);
  batch_.resize(model_.cfg.batch, model_.cfg.trainLength);
  model_.reserve(ws_, static_cast<size_t>(batch_.n), static_cast<size_t>(batch_.T));
  const int steps = model_.cfg.steps;  // the valid config's (cfg_ may hold a refused one)
  log_every_ = steps / 100 > 1 ? steps / 100 : 1;
  log_.reserve(static_cast<size_t>(steps / log_every_ + 2));
}

double Trainer::step() {
  if (done()) return 0.0;
  next_training_batch(model_.cfg, data_, windows_, batch_);
  const double loss = model_.forward_backward(batch_, ws_);
  adam_.step(model_.params, model_.grads);
  ++step_;
  last_loss_ = loss;
  sum_since_log_ += loss;
  ++since_log_;
  if (since_log_ == log_every_ || step_ == cfg_.steps) {
    log_.push_back({step_, sum_since_log_ / since_log_});
    sum_since_log_ = 0.0;
    since_log_ = 0;
  }
  return loss;
}

}  // namespace train
