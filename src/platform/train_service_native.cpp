// The desktop's side of the experiment's runs: train::Service (src/train/service.hpp) in the frame loop,
// one chunk after each frame.
#include <utility>

#include "train/service.hpp"
#include "train_service.hpp"

namespace platform {

namespace {

train::Service& service() {
  static train::Service s;
  return s;
}

}  // namespace

bool train_service_busy(const app::ExperimentCache& c) { return app::experiment_pending(c) > 0; }

void train_service_frame(app::ExperimentCache& c) {
  if (c.cancel) {
    c.cancel = false;
    c.outbox.clear();
    service().cancel();
  }
  for (app::TrainRequest& r : c.outbox) service().submit(r.id, std::move(r.options));
  c.outbox.clear();
  for (const train::Message& m : service().step()) app::experiment_receive(c, m.id, train::kind_name(m.kind), m.text);
}

}  // namespace platform
