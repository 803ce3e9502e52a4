// The experiment view's runs, carried out: after each frame the platform takes the view's queued
// requests (ExperimentCache::outbox) and its Cancel, hands them to the training engine, and gives the
// engine's answers back to the view (app::experiment_receive).
//   web (train_service_web.cpp):    web/posenc.js runs them in a Web Worker with the engine's own wasm
//                                   module; its answers come back through posenc_train_event (web_api.cpp)
//   desktop (train_service_native.cpp): the engine runs in the frame loop, a few milliseconds a frame
#pragma once
#include "lessons/experiment/experiment.hpp"

namespace platform {

// Call once per frame, after drawing.
void train_service_frame(app::ExperimentCache& cache);
// Whether the frame loop must keep drawing for the runs: on the desktop while runs are queued or going
// (they advance in the frame loop); on the web never (the worker's messages each ask for a frame,
// web_api.cpp's posenc_train_event, so a run costs the page one frame per progress message).
bool train_service_busy(const app::ExperimentCache& cache);

}  // namespace platform
