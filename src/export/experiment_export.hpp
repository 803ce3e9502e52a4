// The experiment view's runs as files a student keeps or a lecturer compares (PosEnc.exportText /
// exportFile 'results-json' and 'results-csv', and the view's Save buttons):
//   - JSON: {"module":"PosEnc Lab","export":"experiment results","runs":[...]}, each run the engine's
//     result exactly as it arrived (src/train/result.hpp: its full config, loss curve, accuracy at L,
//     2L and 4L, attention maps, relative-attention shares and ablation), done runs only, in the
//     order they were asked for;
//   - CSV: a comment line with the settings, a header, then one row per done run with the numbers the
//     view charts (the same doubles as the JSON, written to round-trip).
// With no run done, the JSON has "runs":[] and the CSV its two opening lines only.
#pragma once
#include <string>

#include "lessons/experiment/experiment.hpp"

namespace app {

std::string experiment_results_json(const ExperimentCache& c);
std::string experiment_results_csv(const ExperimentCache& c);

}  // namespace app
