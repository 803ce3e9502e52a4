// What the runs shown say about the three claims the article marks as never tested, computed from those
// runs each time they change: the numbers, a verdict on each (train/seed_verdict.hpp: a difference counts
// when it is larger than its 95% margin over the seeds; one seed cannot tell), and the words for the view
// and describe() (texts of experiment.txt, filled here). No UI.
//
//   relative attention   the encoding's best head: share of attention on the answer's key at L <= t < 2L
//                        minus the share at t < L, per seed. A rule about offsets keeps its share past L.
//   extrapolation        accuracy at 2L (and 4L) minus train::right_then_chance, per seed: above it, the
//                        model is right past L more often than guessing; and, for sinusoidal, sinusoidal
//                        minus learned at 2L on the same seeds (the paper's alternative; it chose the
//                        sinusoids because they "may" extrapolate).
//   slow dimensions      sinusoidal: accuracy at L lost when the slowest quarter of the PE dimensions is
//                        zeroed, per seed (and the fastest quarter's, for scale). No cost: the model does
//                        not rely on them.
// Only runs that finished their steps count (a cancelled run's partial model is drawn, not judged).
// The encoding measured for the first two is the sinusoidal one when it has runs (the claims are about
// it), else the first encoding that has runs, and the words then say the claim needs the sinusoids.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "lessons/experiment/run.hpp"
#include "train/config.hpp"
#include "train/seed_verdict.hpp"

namespace app {

struct RelativeFinding {
  int encoding = -1;                // -1: no done run has the share
  double trained = 0, beyond = 0;   // mean over seeds of the best head's share, t < L and L <= t < 2L
  train::SeedVerdict change;        // per seed: beyond - trained
};

struct ExtrapolationFinding {
  int encoding = -1;                   // -1: no done run
  std::array<double, 3> accuracy{};    // mean at L, 2L, 4L
  double reference2 = 0, reference4 = 0;  // train::right_then_chance at 2L, 4L
  train::SeedVerdict at2, at4;         // per seed: accuracy - reference
  bool against_learned = false;        // encoding is sinusoidal and learned has runs with the same seeds
  double sinusoidal2 = 0, learned2 = 0;  // means at 2L over those common seeds
  train::SeedVerdict versus;           // per common seed: sinusoidal - learned at 2L
};

struct SlowFinding {
  bool measured = false;           // a sinusoidal run is done
  double slow = 0, fast = 0;       // mean accuracy lost at L without the slowest / fastest quarter
  train::SeedVerdict slow_cost, fast_cost;  // per seed: intact - ablated
};

// The new positions (issue 25), on the same encoding as extrapolation: at 2L, the accuracy on t >= L with
// every key against the same through a window of L keys (each offset one it trained on), per seed; and
// the same accuracy against none's (no position information at all) on the same seeds.
struct NewPositionsFinding {
  int encoding = -1;                       // -1: no done run holds the windowed figure
  bool window_shows = true;                // false: the window hides every answer (first): tests nothing
  double full = 0, windowed = 0, at_l = 0;  // means: new positions at 2L, full and windowed; accuracy at L
  train::SeedVerdict gain;                 // per seed: windowed - full
  train::SeedVerdict short_of_l;           // per seed: accuracy at L - windowed
  bool against_none = false;               // none has runs with the same seeds (and encoding is not none)
  double subject = 0, none = 0;            // means over those seeds, new positions at 2L
  train::SeedVerdict versus_none;          // per common seed: encoding - none
};

// The encodings with no position in their inputs (none, ALiBi's bias aside): accuracy at L against the
// order-blind ceiling there, per seed. One causal layer of none can only sense how many keys there are
// (Haviv et al. 2022; Kazemnejad et al. 2023); a second can read position off the causal mask.
struct BlindFinding {
  int encoding = -1;          // none or alibi; -1: no done run
  int layers = 0, heads = 0;  // as they trained (the fair setting may have changed them)
  double accuracy = 0, ceiling = 0;
  train::SeedVerdict above;   // per seed: accuracy at L - order-blind ceiling at L
};

struct Findings {
  RelativeFinding relative;
  ExtrapolationFinding extrapolation;
  SlowFinding slow;
  NewPositionsFinding fresh;
  std::array<BlindFinding, 2> blind;  // none, alibi
};

// `settings`: the task, k, trainLength and vocab the runs were trained with.
Findings find_findings(const std::vector<ExperimentRun>& runs, const train::Config& settings);

// The "Measured here" lines, "" where no run measures the claim yet (measured_none is then the view's).
std::string relative_words(const Findings& f, const train::Config& settings);
std::string extrapolation_words(const Findings& f, const train::Config& settings);
std::string slow_words(const Findings& f);
// The new positions through the window and against none, "" if not measured; with startOffset > 0 the
// words say the training windows moved (Ruoss et al. 2023).
std::string new_positions_finding_words(const Findings& f, const train::Config& settings);
// none and ALiBi against the order-blind ceiling, "" if neither ran (`task` decides the citation's words).
std::string blind_words(const Findings& f, const train::Config& settings);
// The same as a line per encoding, for the claim's headline: accuracy at L against the ceiling and the word.
std::vector<std::string> blind_summary(const Findings& f, const train::Config& settings);
// The closing summary: one verdict per claim (0 relative, 1 extrapolation, 2 slow dimensions).
inline constexpr int kClaimCount = 3;
std::string summary_claim(int claim);
// The relative claim is read on lookback only (the other tasks' answers are not at one fixed offset).
std::string summary_verdict(const Findings& f, int claim, const train::Config& settings);
// A verdict with its numbers: "difference +0.33, larger than its 95% margin 0.12 over 3 seeds (spread
// 0.05)", "... within ...: too close to tell", "... from one seed: one run cannot tell ...". Two
// decimals, up to five where the difference and the margin would otherwise print alike.
std::string verdict_words(const train::SeedVerdict& v);
// A signed difference as the words print it: "+0.08", "−0.73" (a minus sign), "0.00".
std::string signed_number(double v, int decimals = 2);

// An encoding's name where people read it (experiment.txt enc_<id>: RoPE, not the engine's rope), in the
// reader's language; the link and the exports keep the engine's id (train::encoding_names).
std::string encoding_shown(int e);

}  // namespace app
