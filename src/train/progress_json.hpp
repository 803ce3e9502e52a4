// A training run's progress as JSON, the same text in the Web Worker (src/platform/train_worker.cpp) and
// in the desktop app (src/platform/train_native.cpp), read by the experiment view:
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
