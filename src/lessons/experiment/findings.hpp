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

struct Findings {
  RelativeFinding relative;
  ExtrapolationFinding extrapolation;
  SlowFinding slow;
};

// `settings`: the task, k, trainLength and vocab the runs were trained with.
Findings find_findings(const std::vector<ExperimentRun>& runs, const train::Config& settings);

// The "Measured here" lines, "" where no run measures the claim yet (measured_none is then the view's).
std::string relative_words(const Findings& f, const train::Config& settings);
std::string extrapolation_words(const Findings& f, const train::Config& settings);
std::string slow_words(const Findings& f);
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

}  // namespace app
