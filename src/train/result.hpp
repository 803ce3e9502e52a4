// The result of one training run, mirroring the page API's {config, loss, accuracy, attention, relative,
// ablation, ms}, its JSON form, and the one-call run() for the command line.
//
// JSON: {"config":{...every key...},"steps":n,"cancelled":false,"ms":t,
//        "loss":[{"step":s,"loss":x},...],
//        "accuracy":[{"length":L,"accuracy":a,"loss":x,"targetsNew":n,"accuracyNew":a|null,"window":W,
//                     "accuracyWindowed":a,"accuracyWindowedNew":a|null,"answerInWindowNew":s|null,
//                     "chance":1/vocab,"rightThenChance":r,"orderBlind":c,"orderBlindNew":c|null},{2L},{4L}],
//        "orderBlindExact":true (false: orderBlind bounds the ceiling from above, copy),
//        "attention":[{"layer":l,"head":h,"length":L,"weights":[[row 0],[row 1],...]},...],
//        "relative":{"answerAt":"t-k","length":2L,"trainLength":L,"best":{"layer":l,"head":h},
//                    "heads":[{"layer","head","meanTrained","spreadTrained","meanBeyond","spreadBeyond",
//                              "shareL":[per query at L],"share2L":[per query at 2L]; null where undefined,
//                              "meanNew4L","spreadNew4L","meanBeyondWindowed","meanNew4LWindowed" (or null)}]},
//        "mechanism":[{"layer","head","offsetR2L","offsetR2QueryL","scoreSpreadL","offsetR22L",
//                      "offsetR2Query2L","scoreSpread2L","commutingFraction"; null where undefined},...],
//        "ablation":null | {"quarter":q,"L":{"base","noFast","noSlow","lostFast","lostSlow",
//                                            "meanFast","meanSlow","shuffleFast","shuffleSlow","lostMeanFast",
//                                            "lostMeanSlow","lostShuffleFast","lostShuffleSlow"},"2L":{...},
//                           "peRms":[...],"peWeightQ":[...],"peWeightK":[...],"meanOver":L}}
// A number that is not finite cannot be written: to_json reports it through `bad` (a bug, never printed).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "config.hpp"
#include "evaluate.hpp"
#include "trainer.hpp"

namespace train {

struct Result {
  Config config;
  std::string error;  // validate()'s message when the config was refused; nothing else is set then
  int steps = 0;      // steps done
  bool cancelled = false;
  std::vector<LossPoint> loss;
  Evaluation eval;
  double ms = 0;      // wall time of the training, up to its last step (the evaluation not included)
};

// Evaluates the trainer's model and gathers the result.
Result finish(const Trainer& t, double ms, const EvalOptions& opt = {});

// Trains to the end (or until should_cancel() returns true, checked every `chunk` steps), calling
// progress after each chunk, then evaluates. Either callback may be empty.
Result run(const Config& c, const std::function<void(const Progress&)>& progress = {},
           const std::function<bool()>& should_cancel = {}, int chunk = 25, const EvalOptions& opt = {});

// bad (optional): set to the number of non-finite numbers met (written as null).
std::string to_json(const Result& r, int* bad = nullptr);

}  // namespace train
