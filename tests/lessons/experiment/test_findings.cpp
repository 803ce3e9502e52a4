// The experiment's findings (src/lessons/experiment/findings.hpp): runs written by hand, their verdicts and
// words worked out by hand here (means, seed spreads, the 95% margins with t(2) = 4.303, the reference
// right_then_chance in closed form), then the view itself: whole frames drawn headless, the words read
// back from the glyphs on screen, and the words changing when the runs change.
#include "catch2_any.hpp"

#include <string>
#include <vector>

#include "lessons/experiment/experiment.hpp"
#include "lessons/experiment/findings.hpp"
#include "state/lessons.hpp"
#include "text/format.hpp"
#include "views/headless.hpp"

using namespace app;

namespace {

constexpr int kNone = static_cast<int>(train::Encoding::none);
constexpr int kSin = static_cast<int>(train::Encoding::sinusoidal);
constexpr int kLearned = static_cast<int>(train::Encoding::learned);
constexpr int kRope = static_cast<int>(train::Encoding::rope);

ExperimentRun run(int encoding, double seed, std::array<double, 3> accuracy, double trained, double beyond) {
  ExperimentRun r;
  r.encoding = encoding;
  r.seed = seed;
  r.status = ExperimentRun::Status::done;
  r.steps = r.step = 300;
  r.length = 16;
  r.accuracy = accuracy;
  r.share_trained = trained;
  r.share_beyond = beyond;
  return r;
}

ExperimentRun sinusoidal(double seed, double acc2, double trained, double beyond, double no_slow, double no_fast) {
  ExperimentRun r = run(kSin, seed, {1.0, acc2, 0.33}, trained, beyond);
  r.ablation = true;
  r.base_l = 1.0;
  r.no_slow_l = no_slow;
  r.no_fast_l = no_fast;
  return r;
}

// Three sinusoidal seeds shaped like the README's lookback results.
std::vector<ExperimentRun> readme_like() {
  return {sinusoidal(1, 0.50, 0.89, 0.11, 0.97, 0.20), sinusoidal(2, 0.59, 0.90, 0.16, 0.98, 0.22),
          sinusoidal(3, 0.59, 0.88, 0.21, 0.95, 0.19)};
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The words on screen without spaces or line breaks: screen_text() finds a space from the gap between
// glyphs, which a proportional font's narrow gaps ("the first") do not always show, and a sentence
// wrapped over lines comes back in pieces (" | "). Expected words are compared the same way (flat()).
std::string flat(const std::string& t) {
  std::string out;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t.compare(i, 3, " | ") == 0) {
      i += 2;
      continue;
    }
    if (t[i] != ' ') out += t[i];
  }
  return out;
}
std::string screen_words() { return flat(screen_text()); }
bool shows(const std::string& screen, const std::string& part) { return has(screen, flat(part)); }

}  // namespace

TEST_CASE("a clear drop: the sinusoidal head's share past L, against its margin over three seeds") {
  const train::Config cfg;  // lookback, k = 3, L = 16, vocab 16
  const Findings f = find_findings(readme_like(), cfg);
  // Per seed beyond - trained: -0.78, -0.74, -0.67. Mean -0.73; deviations -0.05, -0.01, +0.06, so
  // s = sqrt(0.0062 / 2) = 0.0557, M = 4.303 * 0.0557 / sqrt 3 = 0.138.
  CHECK(f.relative.encoding == kSin);
  CHECK(f.relative.trained == Approx(0.89).margin(1e-12));
  CHECK(f.relative.beyond == Approx(0.16).margin(1e-12));
  CHECK(f.relative.change.verdict == train::Verdict::below);
  CHECK(f.relative.change.spread == Approx(0.05568).margin(1e-5));
  CHECK(f.relative.change.margin == Approx(0.1383).margin(1e-4));
  const std::string w = relative_words(f, cfg);
  INFO(w);
  CHECK(has(w, "sinusoidal's best head puts 0.89"));
  CHECK(has(w, "and 0.16 at positions L to 2L"));
  CHECK(has(w, "difference \xE2\x88\x92" "0.73, larger than its 95% margin 0.14 over 3 seeds (spread 0.06)"));
  CHECK(has(w, std::string(lesson_text(View::experiment, "relative_below"))));
  CHECK_FALSE(has(w, std::string(lesson_text(View::experiment, "not_sinusoidal"))));
  CHECK(has(summary_verdict(f, 0, cfg), "falls from 0.89 to 0.16 (3 seeds)"));
}

TEST_CASE("a tie within the spread: accuracy at 2L against right up to L, then chance") {
  const train::Config cfg;
  const Findings f = find_findings(readme_like(), cfg);
  const ExtrapolationFinding& x = f.extrapolation;
  // The reference at 2L = 32: (13 + 16/16) / 29 = 0.4828; at 64: (13 + 48/16) / 61 = 0.2623.
  CHECK(x.reference2 == Approx(14.0 / 29).margin(1e-12));
  CHECK(x.reference4 == Approx(16.0 / 61).margin(1e-12));
  // Per seed 0.50, 0.59, 0.59 minus 0.4828: mean 0.0772, s = sqrt(0.0054 / 2) = 0.0520,
  // M = 4.303 * 0.0520 / sqrt 3 = 0.129: every seed is above the reference, yet three cannot tell.
  CHECK(x.at2.verdict == train::Verdict::within);
  CHECK(x.at2.mean == Approx(0.0772).margin(1e-4));
  CHECK(x.at2.margin == Approx(0.1291).margin(1e-4));
  // At 4L every seed has 0.33: s = 0, M = 0.01, and 0.33 - 0.2623 = 0.068 counts.
  CHECK(x.at4.verdict == train::Verdict::above);
  CHECK_FALSE(x.against_learned);  // no learned runs
  const std::string w = extrapolation_words(f, cfg);
  INFO(w);
  CHECK(has(w, "accuracy 0.56 against 0.48 for a model right up to L and at chance (1/16) after it"));
  CHECK(has(w, "difference +0.08, within its 95% margin 0.13 over 3 seeds (spread 0.05): within noise, too close to tell"));
  CHECK(has(w, "at 4L: 0.33 against 0.26, difference +0.07, larger than its 95% margin 0.01"));
  // 2L within, 4L above: a mixed finding, the lengths named.
  CHECK(has(w, "It does better than guessing past L at 4L only, not clearly at 2L"));
  CHECK(has(summary_verdict(f, 1, cfg), "Unclear: above right up to L, then chance at 4L only (at 2L 0.56 against 0.48, at 4L 0.33 against 0.26; 3 seeds)"));
  // 4L as scattered as 2L (0.26, 0.33, 0.40 against 0.2623: mean +0.07, s = 0.07, M = 0.17): within at both.
  std::vector<ExperimentRun> runs = readme_like();
  for (ExperimentRun& r : runs) r.accuracy[2] = 0.26 + 0.07 * (r.seed - 1);
  const Findings g = find_findings(runs, cfg);
  CHECK(g.extrapolation.at4.verdict == train::Verdict::within);
  CHECK(has(extrapolation_words(g, cfg), std::string(lesson_text(View::experiment, "extrapolation_within"))));
  CHECK(has(summary_verdict(g, 1, cfg), "Not shown: at 2L 0.56 against 0.48 and at 4L 0.33 against 0.26"));
}

TEST_CASE("sinusoidal against learned at 2L, paired by seed") {
  const train::Config cfg;
  std::vector<ExperimentRun> runs = readme_like();
  // Learned on seeds 1 and 2 only: the pairs are (0.50, 0.49) and (0.59, 0.51): d = 0.01, 0.08;
  // t(1) = 12.706, s = 0.0495, M = 12.706 * 0.0495 / sqrt 2 = 0.445: two seeds cannot tell.
  runs.push_back(run(kLearned, 1, {1, 0.49, 0.28}, 0.95, 0.03));
  runs.push_back(run(kLearned, 2, {1, 0.51, 0.28}, 0.95, 0.03));
  runs.push_back(run(kLearned, 9, {1, 0.10, 0.10}, 0.95, 0.03));  // a seed sinusoidal lacks: left out
  const Findings f = find_findings(runs, cfg);
  REQUIRE(f.extrapolation.against_learned);
  CHECK(f.extrapolation.versus.n == 2);
  CHECK(f.extrapolation.sinusoidal2 == Approx(0.545).margin(1e-12));
  CHECK(f.extrapolation.learned2 == Approx(0.50).margin(1e-12));
  CHECK(f.extrapolation.versus.margin == Approx(0.4447).margin(1e-3));
  CHECK(f.extrapolation.versus.verdict == train::Verdict::within);
  CHECK(has(extrapolation_words(f, cfg), "against 0.50, difference +0.04, within its 95% margin 0.44 over 2 seeds"));
}

TEST_CASE("one seed cannot tell, and a claim read on another encoding says it needs the sinusoids") {
  const train::Config cfg;
  const std::vector<ExperimentRun> runs{run(kRope, 1, {1.0, 0.81, 0.51}, 0.97, 0.62)};
  const Findings f = find_findings(runs, cfg);
  CHECK(f.relative.encoding == kRope);
  CHECK(f.relative.change.verdict == train::Verdict::single);
  CHECK(f.extrapolation.at2.verdict == train::Verdict::single);
  CHECK_FALSE(f.slow.measured);
  const std::string w = extrapolation_words(f, cfg);
  INFO(w);
  // 0.81 - 0.4828 = +0.33: large, and still one run.
  CHECK(has(w, "difference +0.33 from one seed: one run cannot tell"));
  CHECK(has(w, std::string(lesson_text(View::experiment, "not_sinusoidal"))));
  CHECK_FALSE(has(w, "  "));  // the missing finding leaves no double space
  CHECK_FALSE(has(relative_words(f, cfg), "  "));
  // No finding sentence for one seed.
  for (const char* k : {"extrapolation_above", "extrapolation_within", "extrapolation_below", "extrapolation_mixed"})
    CHECK_FALSE(has(w, std::string(lesson_text(View::experiment, k))));
  CHECK(slow_words(f).empty());
  CHECK(summary_verdict(f, 1, cfg) == fill(lesson_text(View::experiment, "summary_other"), {{"encoding", "RoPE"}}));
  CHECK(summary_verdict(f, 2, cfg) == lesson_text(View::experiment, "summary_none"));
  // Sinusoidal with one seed: the summary says one seed cannot tell.
  const Findings g = find_findings({sinusoidal(1, 0.5, 0.9, 0.1, 0.97, 0.2)}, cfg);
  CHECK(summary_verdict(g, 0, cfg) == "One seed of sinusoidal cannot tell: Run all trains " + std::to_string(kSeedsPerEncoding) + ".");
  // A cancelled run is not judged: with the only sinusoidal run cancelled, rope is the one read.
  std::vector<ExperimentRun> cancelled{sinusoidal(1, 0.5, 0.9, 0.1, 0.97, 0.2), run(kRope, 1, {1.0, 0.81, 0.51}, 0.97, 0.62)};
  cancelled[0].cancelled = true;
  CHECK(find_findings(cancelled, cfg).extrapolation.encoding == kRope);
  CHECK_FALSE(find_findings(cancelled, cfg).slow.measured);
  // No runs: nothing measured, every summary line says so.
  const Findings none = find_findings({}, cfg);
  for (int k = 0; k < kClaimCount; ++k) CHECK(summary_verdict(none, k, cfg) == lesson_text(View::experiment, "summary_none"));
  CHECK(relative_words(none, cfg).empty());
}

TEST_CASE("the slow dimensions: a cost within the seeds' margin is no cost they can tell") {
  const train::Config cfg;
  const Findings f = find_findings(readme_like(), cfg);
  // Lost without the slow quarter: 0.03, 0.02, 0.05: mean 0.0333, s = 0.0153, M = 4.303 * 0.0153 / sqrt 3
  // = 0.038. Without the fast quarter: 0.80, 0.78, 0.81: far above its margin.
  CHECK(f.slow.measured);
  CHECK(f.slow.slow == Approx(0.03333).margin(1e-5));
  CHECK(f.slow.slow_cost.margin == Approx(0.03795).margin(1e-4));
  CHECK(f.slow.slow_cost.verdict == train::Verdict::within);
  CHECK(f.slow.fast_cost.verdict == train::Verdict::above);
  const std::string w = slow_words(f);
  INFO(w);
  CHECK(has(w, "costs 0.03 accuracy at L: difference +0.03, within its 95% margin 0.04 over 3 seeds"));
  CHECK(has(w, "Zeroing the fastest quarter costs 0.80: difference +0.80, larger than"));
  CHECK(has(w, std::string(lesson_text(View::experiment, "slow_within"))));
  // A cost of 0.10 on every seed: s = 0, M = 0.01, and it counts.
  std::vector<ExperimentRun> runs = readme_like();
  for (ExperimentRun& r : runs) r.no_slow_l = 0.90;
  CHECK(find_findings(runs, cfg).slow.slow_cost.verdict == train::Verdict::above);
  CHECK(has(summary_verdict(find_findings(runs, cfg), 2, cfg), "The model uses them: zeroing them costs 0.10"));
}

TEST_CASE("a difference and its margin that print alike at two decimals get the decimals that tell them apart") {
  // The costs of the slowest quarter in the engine's own lookback runs, seeds 1-3 (train_dump run
  // encoding=sinusoidal seed=N): 0.045673, 0.030048, 0.020433. Mean 0.032051, s = 0.012739,
  // M = 4.303 * s / sqrt 3 = 0.031649: it counts, by 0.0004, and "+0.03, larger than 0.03" would not say so.
  const std::vector<double> d{0.0456731, 0.0300481, 0.0204327};
  const train::SeedVerdict v = train::seed_verdict(d);
  CHECK(v.verdict == train::Verdict::above);
  CHECK(v.margin == Approx(0.031649).margin(2e-6));
  CHECK(verdict_words(v) == "difference +0.0321, larger than its 95% margin 0.0316 over 3 seeds (spread 0.01)");
  CHECK(signed_number(-0.004) == "0.00");
  CHECK(signed_number(-0.006) == "\xE2\x88\x92" "0.01");
}

TEST_CASE("the relative claim on a task without one fixed offset says lookback tests it") {
  train::Config cfg;
  cfg.task = train::Task::first;
  const Findings f = find_findings(readme_like(), cfg);
  CHECK(has(relative_words(f, cfg), "(On first the answer is not at one fixed offset"));
  CHECK(has(summary_verdict(f, 0, cfg), "Not tested by first"));
  // The reference follows the task: first at 2L = (15 + 16/16) / 31.
  CHECK(f.extrapolation.reference2 == Approx(16.0 / 31).margin(1e-12));
}

TEST_CASE("the view's words come from the runs shown: other runs, other words on screen and in describe()") {
  Headless h;
  h.app.state.view = View::experiment;
  ExperimentCache& c = h.app.views.experiment;
  c.set = h.app.state;
  c.runs = readme_like();
  c.runs.push_back(run(kNone, 1, {0.26, 0.20, 0.16}, 0.13, 0.04));
  // Tall enough that nothing scrolls out of the window (a clipped line draws no glyphs).
  h.frames(3, ImVec2(1280, 4000));
  // One idea at a time: each claim with its verdict in a line; the numbers behind it folded.
  const std::string folded = screen_words();
  INFO(folded);
  CHECK(shows(folded, "Never tested"));
  CHECK(shows(folded, "Measured here"));
  CHECK(shows(folded, "Unclear: above right up to L, then chance at 4L only"));
  CHECK(shows(folded, std::string(lesson_text(View::experiment, "numbers_fold"))));
  CHECK(shows(folded, std::string(lesson_text(View::experiment, "verdict_fold"))));
  CHECK_FALSE(shows(folded, "difference \xE2\x88\x92" "0.73, larger than its 95% margin 0.14 over 3 seeds"));
  // Opened, the numbers are there.
  CHECK(h.open_folds(lesson_text(View::experiment, "numbers_fold"), ImVec2(1280, 4000)) == 3);  // relative, extrapolation, slow (no run here has the ceiling)
  const std::string before = screen_words();
  INFO(before);
  CHECK(shows(before, "difference \xE2\x88\x92" "0.73, larger than its 95% margin 0.14 over 3 seeds"));
  CHECK(shows(before, "too close to tell"));
  CHECK(shows(before, "Unclear: above right up to L, then chance at 4L only"));
  const std::string described = describe_experiment(h.app.state, c);
  CHECK_FALSE(has(described, "nan"));
  CHECK(has(described, "Unclear: above right up to L, then chance at 4L only"));

  // Sinusoidal now holds up past L on every seed: 0.80, 0.82, 0.84 (mean 0.82 - 0.4828 = 0.337,
  // s = 0.02, M = 0.0497): the extrapolation verdict and the summary turn.
  for (ExperimentRun& r : c.runs)
    if (r.encoding == kSin) r.accuracy[1] = 0.80 + 0.02 * (r.seed - 1);
  h.frames(3, ImVec2(1280, 4000));
  const std::string after = screen_words();
  INFO(after);
  CHECK(shows(after, "accuracy 0.82 against 0.48"));
  CHECK(shows(after, "difference +0.34, larger than its 95% margin 0.05 over 3 seeds (spread 0.02)"));
  CHECK(shows(after, std::string(lesson_text(View::experiment, "extrapolation_above"))));
  CHECK(shows(after, "In part: above right up to L, then chance, at 2L (0.82 against 0.48) and at 4L"));
  CHECK_FALSE(shows(after, "Unclear:"));
  CHECK(has(describe_experiment(h.app.state, c), "In part: above right up to L, then chance, at 2L (0.82 against 0.48)"));

  // One seed left: every verdict says one run cannot tell.
  c.runs.resize(1);
  h.frames(3, ImVec2(1280, 4000));
  const std::string one = screen_words();
  INFO(one);
  CHECK(shows(one, "one run cannot tell"));
  CHECK(shows(one, "One seed of sinusoidal cannot tell"));
  CHECK_FALSE(shows(one, "larger than its 95% margin 0"));
}

TEST_CASE("new positions: the window's gain over every key, and none and ALiBi against the order-blind ceiling") {
  // Three sinusoidal seeds: on the new positions at 2L 0.20, 0.25, 0.30 with every key and 0.95, 1.00,
  // 1.00 through the window; accuracy at L 1.00. Gain per seed 0.75, 0.75, 0.70: mean 0.7333, spread
  // 0.0289, margin 4.303 * 0.0289 / sqrt 3 = 0.072: clear. At L minus windowed: 0.05, 0, 0, mean 0.0167,
  // spread 0.0289, margin 0.072: within, so all of the drop comes from offsets never seen.
  std::vector<ExperimentRun> runs;
  const double full[3] = {0.20, 0.25, 0.30}, win[3] = {0.95, 1.00, 1.00};
  for (int i = 0; i < 3; ++i) {
    ExperimentRun r = run(kSin, i + 1, {1.0, 0.6, 0.3}, 0.9, 0.2);
    r.accuracy_new = {full[i], 0.1};
    r.accuracy_windowed_new = {win[i], 0.5};
    r.answer_in_window_new = {1.0, 1.0};
    runs.push_back(r);
  }
  // none with one layer, at the order-blind ceiling 0.30 at L (0.29, 0.30, 0.31: within).
  for (int i = 0; i < 3; ++i) {
    ExperimentRun r = run(kNone, i + 1, {0.29 + 0.01 * i, 0.2, 0.15}, 0.1, 0.05);
    r.order_blind = {0.30, 0.2, 0.15};
    r.layers = 1;
    r.heads = 2;
    r.accuracy_new = {0.2, 0.15};
    runs.push_back(r);
  }
  train::Config cfg;
  const Findings f = find_findings(runs, cfg);
  REQUIRE(f.fresh.encoding == kSin);
  CHECK(f.fresh.gain.verdict == train::Verdict::above);
  CHECK(f.fresh.short_of_l.verdict == train::Verdict::within);
  const std::string w = new_positions_finding_words(f, cfg);
  INFO(w);
  CHECK(has(w, std::string(lesson_text(View::experiment, "window_above_all"))));
  // Against none on the same seeds: 0.25 against 0.20 (each seed +0.00, +0.05, +0.10: within 0.124).
  CHECK(f.fresh.against_none);
  CHECK(f.fresh.versus_none.verdict == train::Verdict::within);
  CHECK(has(w, "within noise"));
  const std::string b = blind_words(f, cfg);
  INFO(b);
  CHECK(f.blind[0].above.verdict == train::Verdict::within);
  CHECK(has(b, "none with 1 layer and 2 heads on lookback at L: 0.30 against the order-blind ceiling 0.30"));
  CHECK(has(b, std::string(lesson_text(View::experiment, "blind_why_none1"))));
  CHECK(f.blind[1].encoding == -1);  // no ALiBi run: no words for it
  CHECK(b.find("NaN") == std::string::npos);
  // The claim's headline: one line per encoding that ran, with the same figures and the finding's word.
  const std::vector<std::string> head = blind_summary(f, cfg);
  REQUIRE(head.size() == 1);
  CHECK(head[0] == "none (1 layer, 2 heads) on lookback at L: 0.30 against the order-blind ceiling 0.30 (3 seeds). " +
                       std::string(lesson_text(View::experiment, "blind_within")));
  // The window hides every answer (first): no window words, never a claim from a figure that tests nothing.
  for (ExperimentRun& r : runs) r.answer_in_window_new = {0.0, 0.0};
  CHECK(new_positions_finding_words(find_findings(runs, cfg), cfg).find("window minus") == std::string::npos);
}
