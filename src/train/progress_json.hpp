// A training run's progress as JSON, written by train::Service (service.hpp) for the Web Worker and the
// desktop app alike, read by the experiment view:
//
//   {"step":s,"steps":n,"loss":x,"log":[{"step":s,"loss":x},...],"done":false}
//
// `log` holds the loss-log entries after the first `logged` (which is then advanced past them), so each
// message carries only what is new.
#pragma once
#include <cstddef>
#include <string>

#include "trainer.hpp"

namespace train {

std::string progress_json(const Trainer& t, size_t& logged);

}  // namespace train
