// The training service the platform registers with the app (shell/services.hpp):
//   web (train_service_web.cpp):    web/posenc.js runs the runs in a Web Worker with the engine's own wasm
//                                   module; its answers come back through posenc_train_event (web_api.cpp)
//   desktop (train_service_native.cpp): the engine runs in the frame loop, a few milliseconds a frame
#pragma once
#include "shell/services.hpp"

namespace platform {

app::TrainingService& training_service();

}  // namespace platform
