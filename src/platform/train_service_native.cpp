// The desktop's side of the experiment's runs: train::Service (src/train/service.hpp) in the frame loop,
// one chunk after each frame.
#include <string>

#include "shell/app.hpp"
#include "train/service.hpp"
#include "train_service.hpp"

namespace platform {

namespace {

struct FrameLoopTraining final : app::TrainingService {
  train::Service service;
  void request(int id, const std::string& options) override { service.submit(id, options); }
  void cancel() override { service.cancel(); }
  bool runs_in_frame_loop() const override { return true; }
  void after_frame(app::App& a) override {
    for (const train::Message& m : service.step()) app::app_training_answer(a, m.id, train::kind_name(m.kind), m.text);
  }
};

}  // namespace

app::TrainingService& training_service() {
  static FrameLoopTraining training;
  return training;
}

}  // namespace platform
