// Lesson: the experiment (view id `experiment`). A small Transformer is trained in the page on a task of
// random tokens, once per position encoding (none, sinusoidal, learned, RoPE, ALiBi), to measure three
// claims the sources call untested: relative attention, extrapolation past the training length L, and
// the use of the slow dimensions. The view shows, filling in as runs arrive:
//   - every run's training loss against step, coloured by encoding;
//   - accuracy at L, 2L and 4L per encoding (each seed a dot, their mean a bar), with the chance level;
//   - one run's attention map on a sample at L, and the share of attention on the answer's key per query
//     position up to 2L (a relative mechanism keeps it as the position moves past L);
//   - for sinusoidal runs, the accuracy left with the fastest or the slowest quarter of the PE
//     dimensions zeroed, and how strongly each PE dimension reaches the queries and keys;
//   - each claim, tagged as never tested, beside what these runs measured, read in words with a verdict
//     computed from the runs (findings.hpp), and a closing summary of the three claims;
//   - how long Run and Run all take on this device, from the engine's measured speed (time_estimate.hpp).
// The runs themselves happen outside the view: it queues requests (`outbox`, options as the engine's
// key=value lines) that the platform hands to the training engine's service (train/service.hpp: in a Web
// Worker on the web, in the frame loop on the desktop), which reports back through experiment_receive()
// with the engine's own texts (train/progress_json.hpp, train/result.hpp). The options are the State's
// experiment settings.
#pragma once
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "lessons/experiment/run.hpp"
#include "lessons/experiment/time_estimate.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

// A request for the platform: run the engine with these options.
struct TrainRequest {
  int id;
  std::string options;  // "key=value" lines, the engine's keys (train/config.hpp)
};

// Run all: seeds seed .. seed + kSeedsPerEncoding - 1 for every encoding. Chosen from the engine's time
// (train_dump run, natively on the 2-core machine, 2026-12-02, the defaults: 300 steps, L = 16,
// d_model 32, 1 layer, 2 heads): one seed of every encoding takes 4.1 s end to end (3.7 s of training:
// none 0.68, sinusoidal 0.67, learned 0.75, RoPE 0.81, ALiBi 0.76), the fair setting's 5.7 s (none and
// ALiBi at 2 layers, 1.43 s each). Measured in the page, the button pressed to its last result
// (node scripts/bench.mjs --only=train-frames, headless Chromium on the same machine, idle): 9 seeds
// took 66.5 s (2026-12-02); 7 seeds 61.8 s at 360x640 and 66.4 s at 1280x800 (2026-12-03, where
// SwiftShader's frames take the second core), over the minute a 2-core laptop allows; 6 seeds 53.8 s
// at 360x640 and 64.3 s at 1280x800 (the software renderer's progress frames, 83 ms each, still take a
// core there). The fair Run all takes about 40% more (none and ALiBi at 2 layers); the estimate under
// Run says so before either is pressed.
inline constexpr int kSeedsPerEncoding = 6;

struct ExperimentCache {
  std::vector<ExperimentRun> runs;    // the runs of the current settings, in the order asked for
  std::string settings_key;           // the options shared by those runs (all but encoding and seed)
  State set;                          // the settings those runs were asked with (the charts' L, k, task)
  std::vector<TrainRequest> outbox;   // taken by the platform after each frame
  bool cancel = false;                // the reader pressed Cancel: the platform stops the queue
  int next_id = 1;
  int map_encoding = -1;              // the encoding whose attention map is shown; -1: the latest done
  std::string message;                // why the last Run was refused ("" if it was not)
  bool saved = false;                 // a Save button was pressed: the view shows what the export did
  TrainSpeed speed;                   // the engine's measured speed here, kept across sets of runs
  bool fold_options = false;          // Run or Run all was accepted: Settings folds, so the results show
};

void draw_experiment(State& s, ExperimentCache& cache, const ViewContext& ctx);
// The view's key numbers in words, for describe().
std::string describe_experiment(const State& s, const ExperimentCache& cache);

// The engine's options for a run of the State's settings with this encoding and seed (key=value lines;
// the fair-test options startOffset, copyLengths, lookbackK only when not at their defaults).
std::string experiment_options(const State& s, int encoding, double seed);
// The fair setting of that run (train::fair_setting); its changes are empty unless runAll is fair.
train::FairSetting experiment_fair(const State& s, int encoding, double seed);
// What a run is sent: experiment_options, then (runAll fair) the fair setting's changes as later lines.
std::string experiment_run_options(const State& s, int encoding, double seed);
// Queues one run (the State's encoding and seed) or every encoding with seeds seed .. seed + 6; returns
// "" or why the settings cannot be trained (train::validate's message, also kept in cache.message).
std::string experiment_request(const State& s, ExperimentCache& cache, bool all);
// A message from the engine about run `id`: kind "progress" (progress_json), "result" (to_json) or
// "error" (a message). Unknown ids and malformed JSON are ignored (the run, if known, fails).
void experiment_receive(ExperimentCache& cache, int id, std::string_view kind, std::string_view text);
// Runs queued or running.
int experiment_pending(const ExperimentCache& cache);

}  // namespace app
