#include <emscripten.h>

#include "train_service.hpp"

namespace {

EM_JS(void, js_train_request, (int id, const char* options), {
  if (Module["posencTrainRequest"]) Module["posencTrainRequest"](id, UTF8ToString(options));
});
EM_JS(void, js_train_cancel, (), { if (Module["posencTrainCancel"]) Module["posencTrainCancel"](); });

}  // namespace

namespace platform {

bool train_service_busy(const app::ExperimentCache&) { return false; }

void train_service_frame(app::ExperimentCache& c) {
  if (c.cancel) {
    c.cancel = false;
    c.outbox.clear();
    js_train_cancel();
  }
  for (const app::TrainRequest& r : c.outbox) js_train_request(r.id, r.options.c_str());
  c.outbox.clear();
}

}  // namespace platform
