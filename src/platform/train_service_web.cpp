#include <emscripten.h>

#include "train_service.hpp"

namespace {

EM_JS(void, js_train_request, (int id, const char* options), {
  if (Module["posencTrainRequest"]) Module["posencTrainRequest"](id, UTF8ToString(options));
});
EM_JS(void, js_train_cancel, (), { if (Module["posencTrainCancel"]) Module["posencTrainCancel"](); });

}  // namespace

namespace platform {

namespace {

// The worker does the work and answers through posenc_train_event: nothing advances in the frame loop.
struct WorkerTraining final : app::TrainingService {
  void request(int id, const std::string& options) override { js_train_request(id, options.c_str()); }
  void cancel() override { js_train_cancel(); }
};

}  // namespace

app::TrainingService& training_service() {
  static WorkerTraining service;
  return service;
}

}  // namespace platform
