// The training service the platform registers with the app (shell/services.hpp). Both run the runs
// through train::Service (src/train/service.hpp: the queue, cancel, one chunk budget, the message texts):
//   web (train_service_web.cpp):    web/posenc.js hands them to a Web Worker that drives the service in the
//                                   engine's own wasm module (train_worker.cpp); its texts come back
//                                   unchanged through posenc_train_event (web_api.cpp)
//   desktop (train_service_native.cpp): the service runs one chunk in the frame loop after each frame
#pragma once
#include "shell/services.hpp"

namespace platform {

app::TrainingService& training_service();

}  // namespace platform
