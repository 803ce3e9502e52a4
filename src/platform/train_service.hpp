// The experiment view's runs, carried out: after each frame the platform takes the view's queued
// requests (ExperimentCache::outbox) and its Cancel, hands them to the training engine, and gives the
// engine's answers back to the view (app::experiment_receive). Both run them through train::Service
// (src/train/service.hpp: the queue, cancel, one chunk budget, the message texts):
//   web (train_service_web.cpp):    web/posenc.js hands them to a Web Worker that drives the service in the
//                                   engine's own wasm module (train_worker.cpp); its texts come back
//                                   unchanged through posenc_train_event (web_api.cpp)
//   desktop (train_service_native.cpp): the service runs one chunk in the frame loop after each frame
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
