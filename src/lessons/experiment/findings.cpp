#include "lessons/experiment/findings.hpp"
#include "lessons/experiment/experiment.hpp"

#include <algorithm>
#include <cmath>

#include "state/lessons.hpp"
#include "text/format.hpp"
#include "train/chance_reference.hpp"

namespace app {

namespace {

using train::SeedVerdict;
using train::Verdict;

constexpr int kSinusoidal = static_cast<int>(train::Encoding::sinusoidal);
constexpr int kLearned = static_cast<int>(train::Encoding::learned);
constexpr int kNone = static_cast<int>(train::Encoding::none);
constexpr int kAlibi = static_cast<int>(train::Encoding::alibi);

std::string text(std::string_view key) { return std::string(lesson_text(View::experiment, key)); }
std::string num2(double v) { return fmt("%.2f", v); }


// A run that finished its steps: a cancelled one (a result with the steps it reached) is drawn, but a
// model stopped part way says nothing of the claims at these settings.
bool done(const ExperimentRun& r) { return r.status == ExperimentRun::Status::done && !r.cancelled; }

bool has_runs(const std::vector<ExperimentRun>& runs, int e) {
  return std::any_of(runs.begin(), runs.end(), [e](const ExperimentRun& r) { return done(r) && r.encoding == e; });
}

// The encoding a claim about the sinusoids is read on: sinusoidal when it has runs, else the first that has.
int subject(const std::vector<ExperimentRun>& runs) {
  if (has_runs(runs, kSinusoidal)) return kSinusoidal;
  for (int e = 0; e < train::kEncodingCount; ++e)
    if (has_runs(runs, e)) return e;
  return -1;
}

double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

// Two encodings' done runs of the same seeds, paired: the means of value over the pairs and the verdict
// on the differences (a's value minus b's, seed by seed). A run whose value is below 0 (not measured)
// pairs with none. any = false: no pair.
struct Paired {
  bool any = false;
  double a = 0, b = 0;
  train::SeedVerdict verdict;
};
template <class Value>
Paired paired(const std::vector<ExperimentRun>& runs, int enc_a, int enc_b, Value value) {
  std::vector<double> a, b, d;
  for (const ExperimentRun& s : runs)
    if (done(s) && s.encoding == enc_a && value(s) >= 0)
      for (const ExperimentRun& o : runs)
        if (done(o) && o.encoding == enc_b && o.seed == s.seed && value(o) >= 0) {
          a.push_back(value(s));
          b.push_back(value(o));
          d.push_back(value(s) - value(o));
        }
  Paired p;
  if (d.empty()) return p;
  p = {true, mean(a), mean(b), train::seed_verdict(d)};
  return p;
}

// "above", "within", "below" (the key suffix of a finding), "" for single and none: one seed says nothing.
const char* outcome(const SeedVerdict& v) {
  switch (v.verdict) {
    case Verdict::above: return "above";
    case Verdict::below: return "below";
    case Verdict::within: return "within";
    default: return "";
  }
}

// The verdicts at 2L and 4L as one outcome: the same at both; "mixed" when one length is above the
// reference and the other is not; "below" when neither is above and one is below; "" for one seed.
std::string combined(const SeedVerdict& at2, const SeedVerdict& at4) {
  const std::string a = outcome(at2), b = outcome(at4);
  if (a.empty() || b.empty() || a == b) return a.empty() ? std::string() : a;
  if (a == "above" || b == "above") return "mixed";
  return "below";
}

std::string finding(std::string_view prefix, const SeedVerdict& v) {
  const std::string o = outcome(v);
  return o.empty() ? std::string() : text(std::string(prefix) + "_" + o);
}

// Sentences joined with one space, empty ones left out (a template whose last {finding} was empty
// ends in a space: trimmed, so no two spaces meet).
std::string join(std::initializer_list<std::string> parts) {
  std::string out;
  for (const std::string& p : parts) {
    const size_t end = p.find_last_not_of(' ');
    if (end == std::string::npos) continue;
    if (!out.empty()) out += ' ';
    out.append(p, 0, end + 1);
  }
  return out;
}

}  // namespace

std::string signed_number(double v, int decimals) {
  const std::string s = fmt(("%." + std::to_string(decimals) + "f").c_str(), std::fabs(v));
  if (s.find_first_not_of("0.,") == std::string::npos) return s;  // 0.00 (0,00 in Spanish): no sign
  return (v < 0 ? "\xE2\x88\x92" : "+") + s;
}

std::string verdict_words(const SeedVerdict& v) {
  const char* key = v.verdict == Verdict::single ? "verdict_single" : v.clear() ? "verdict_clear" : "verdict_within";
  if (v.verdict == Verdict::none) return {};
  // Two decimals, more where the difference and its margin would print the same ("+0.03, larger than
  // its margin 0.03"): the words then show the comparison they state.
  int decimals = 2;
  const auto at = [&](double x) { return fmt(("%." + std::to_string(decimals) + "f").c_str(), x); };
  while (decimals < 5 && v.n > 1 && at(std::fabs(v.mean)) == at(v.margin)) ++decimals;
  return fill(text(key), {{"diff", signed_number(v.mean, decimals)}, {"margin", at(v.margin)}, {"n", std::to_string(v.n)},
                          {"spread", num2(v.spread)}});
}

Findings find_findings(const std::vector<ExperimentRun>& runs, const train::Config& cfg) {
  Findings f;
  const int e = subject(runs);
  if (e < 0) return f;

  // Relative attention: the subject's runs that measured a share at both ranges.
  {
    std::vector<double> trained, beyond, change;
    for (const ExperimentRun& r : runs)
      if (done(r) && r.encoding == e && r.share_trained >= 0 && r.share_beyond >= 0) {
        trained.push_back(r.share_trained);
        beyond.push_back(r.share_beyond);
        change.push_back(r.share_beyond - r.share_trained);
      }
    if (!change.empty()) {
      f.relative.encoding = e;
      f.relative.trained = mean(trained);
      f.relative.beyond = mean(beyond);
      f.relative.change = train::seed_verdict(change);
    }
  }

  // Extrapolation: accuracy past L against right-up-to-L-then-chance, and sinusoidal against learned.
  {
    const double ref2 = train::right_then_chance(cfg, 2 * cfg.trainLength);
    const double ref4 = train::right_then_chance(cfg, 4 * cfg.trainLength);
    std::array<std::vector<double>, 3> acc;
    std::vector<double> d2, d4;
    for (const ExperimentRun& r : runs)
      if (done(r) && r.encoding == e) {
        for (size_t i = 0; i < 3; ++i) acc[i].push_back(r.accuracy[i]);
        d2.push_back(r.accuracy[1] - ref2);
        d4.push_back(r.accuracy[2] - ref4);
      }
    ExtrapolationFinding& x = f.extrapolation;
    x.encoding = e;
    for (size_t i = 0; i < 3; ++i) x.accuracy[i] = mean(acc[i]);
    x.reference2 = ref2;
    x.reference4 = ref4;
    x.at2 = train::seed_verdict(d2);
    x.at4 = train::seed_verdict(d4);
    if (e == kSinusoidal) {
      const Paired p = paired(runs, kSinusoidal, kLearned, [](const ExperimentRun& r) { return r.accuracy[1]; });
      if (p.any) {
        x.against_learned = true;
        x.sinusoidal2 = p.a;
        x.learned2 = p.b;
        x.versus = p.verdict;
      }
    }
  }

  // Slow dimensions: sinusoidal runs only (the ablation is theirs).
  {
    std::vector<double> slow, fast;
    for (const ExperimentRun& r : runs)
      if (done(r) && r.ablation) {
        slow.push_back(r.base_l - r.no_slow_l);
        fast.push_back(r.base_l - r.no_fast_l);
      }
    if (!slow.empty()) {
      f.slow.measured = true;
      f.slow.slow = mean(slow);
      f.slow.fast = mean(fast);
      f.slow.slow_cost = train::seed_verdict(slow);
      f.slow.fast_cost = train::seed_verdict(fast);
    }
  }

  // New positions at 2L: through the window against every key, and against none on the same seeds.
  {
    NewPositionsFinding& n = f.fresh;
    std::vector<double> full, win, at_l, gain, short_of_l;
    for (const ExperimentRun& r : runs)
      if (done(r) && r.encoding == e && r.accuracy_new[0] >= 0 && r.accuracy_windowed_new[0] >= 0) {
        full.push_back(r.accuracy_new[0]);
        win.push_back(r.accuracy_windowed_new[0]);
        at_l.push_back(r.accuracy[0]);
        gain.push_back(r.accuracy_windowed_new[0] - r.accuracy_new[0]);
        short_of_l.push_back(r.accuracy[0] - r.accuracy_windowed_new[0]);
        if (r.answer_in_window_new[0] == 0) n.window_shows = false;
      }
    if (!gain.empty()) {
      n.encoding = e;
      n.full = mean(full);
      n.windowed = mean(win);
      n.at_l = mean(at_l);
      n.gain = train::seed_verdict(gain);
      n.short_of_l = train::seed_verdict(short_of_l);
    }
    if (e != kNone) {
      const Paired p = paired(runs, e, kNone, [](const ExperimentRun& r) { return r.accuracy_new[0]; });
      if (p.any) {
        n.against_none = true;
        n.subject = p.a;
        n.none = p.b;
        n.versus_none = p.verdict;
      }
    }
  }

  // none and ALiBi against the order-blind ceiling at L.
  for (size_t i = 0; i < 2; ++i) {
    const int enc = i == 0 ? kNone : kAlibi;
    BlindFinding& b = f.blind[i];
    std::vector<double> acc, ceil, d;
    for (const ExperimentRun& r : runs)
      if (done(r) && r.encoding == enc && r.order_blind[0] >= 0) {
        acc.push_back(r.accuracy[0]);
        ceil.push_back(r.order_blind[0]);
        d.push_back(r.accuracy[0] - r.order_blind[0]);
        b.layers = r.layers;
        b.heads = r.heads;
      }
    if (d.empty()) continue;
    b.encoding = enc;
    b.accuracy = mean(acc);
    b.ceiling = mean(ceil);
    b.above = train::seed_verdict(d);
  }
  return f;
}

std::string new_positions_finding_words(const Findings& f, const train::Config& cfg) {
  const NewPositionsFinding& n = f.fresh;
  if (n.encoding < 0) return {};
  std::string window;
  if (n.window_shows) {
    std::string o = outcome(n.gain);
    // Above: all of the drop, when the window brings it back to its accuracy at L (no clear gap left).
    if (o == "above") o = n.short_of_l.clear() && n.short_of_l.verdict == Verdict::above ? "above_part" : "above_all";
    window = fill(text("measured_window"), {{"encoding", encoding_shown(n.encoding)}, {"full", num2(n.full)},
                                            {"windowed", num2(n.windowed)}, {"atl", num2(n.at_l)},
                                            {"verdict", verdict_words(n.gain)}, {"finding", o.empty() ? std::string() : text("window_" + o)}});
  }
  const std::string none = n.against_none ? fill(text("measured_vs_none"), {{"encoding", encoding_shown(n.encoding)}, {"a", num2(n.subject)},
                                                                         {"b", num2(n.none)}, {"verdict", verdict_words(n.versus_none)},
                                                                         {"finding", finding("vs_none", n.versus_none)}})
                                          : std::string();
  const std::string offset = cfg.startOffset > 0 ? fill(text("start_offset_note"), {{"s", std::to_string(cfg.startOffset)}}) : std::string();
  return join({window, none, offset});
}

std::string blind_words(const Findings& f, const train::Config& cfg) {
  std::string out;
  for (const BlindFinding& b : f.blind) {
    if (b.encoding < 0) continue;
    const std::string o = outcome(b.above);
    std::string why;
    if (!o.empty()) {
      // What the sources say of it, where the numbers touch it.
      if (b.encoding == kNone) why = text(b.layers >= 2 ? "blind_why_none2" : "blind_why_none1");
      if (b.encoding == kAlibi) why = text(b.heads >= 8 ? "blind_why_alibi8" : "blind_why_alibi");
    }
    const std::string line = fill(text("measured_blind"),
                                  {{"encoding", encoding_shown(b.encoding)}, {"layers", std::to_string(b.layers)},
                                   {"layer_s", text(b.layers == 1 ? "layer_one" : "layer_many")}, {"heads", std::to_string(b.heads)},
                                   {"task", train::task_names()[static_cast<size_t>(cfg.task)]},
                                   {"acc", num2(b.accuracy)}, {"ceiling", num2(b.ceiling)}, {"verdict", verdict_words(b.above)},
                                   {"finding", o.empty() ? std::string() : text("blind_" + o)}, {"why", why}});
    out = join({out, line});
  }
  return out;
}

std::vector<std::string> blind_summary(const Findings& f, const train::Config& cfg) {
  std::vector<std::string> out;
  for (const BlindFinding& b : f.blind) {
    if (b.encoding < 0) continue;
    const std::string o = outcome(b.above);
    out.push_back(join({fill(text("summary_blind"),
                          {{"encoding", encoding_shown(b.encoding)}, {"layers", std::to_string(b.layers)},
                           {"layer_s", text(b.layers == 1 ? "layer_one" : "layer_many")}, {"heads", std::to_string(b.heads)},
                           {"task", train::task_names()[static_cast<size_t>(cfg.task)]}, {"acc", num2(b.accuracy)},
                           {"ceiling", num2(b.ceiling)}, {"n", std::to_string(b.above.n)},
                           {"finding", o.empty() ? text("summary_blind_single") : text("blind_" + o)}})}));
  }
  return out;
}

std::string relative_words(const Findings& f, const train::Config& cfg) {
  const RelativeFinding& r = f.relative;
  if (r.encoding < 0) return {};
  const std::string line = fill(text("measured_relative"),
                                {{"encoding", encoding_shown(r.encoding)}, {"trained", num2(r.trained)},
                                 {"beyond", num2(r.beyond)}, {"verdict", verdict_words(r.change)},
                                 {"finding", finding("relative", r.change)}});
  const std::string task = cfg.task == train::Task::lookback
                               ? std::string()
                               : fill(text("relative_task"), {{"task", train::task_names()[static_cast<size_t>(cfg.task)]}});
  return join({line, task, r.encoding == kSinusoidal ? std::string() : text("not_sinusoidal")});
}

namespace {
// The finding sentence of the two lengths together, with the lengths named where they differ.
std::string extrapolation_finding(const ExtrapolationFinding& x) {
  const std::string o = combined(x.at2, x.at4);
  if (o.empty()) return {};
  const bool above2 = x.at2.verdict == Verdict::above;
  return fill(text("extrapolation_" + o), {{"above", above2 ? "2L" : "4L"}, {"other", above2 ? "4L" : "2L"}});
}
}  // namespace

std::string extrapolation_words(const Findings& f, const train::Config& cfg) {
  const ExtrapolationFinding& x = f.extrapolation;
  if (x.encoding < 0) return {};
  const std::string line = fill(text("measured_extrapolation"),
                                {{"encoding", encoding_shown(x.encoding)}, {"acc2", num2(x.accuracy[1])},
                                 {"ref2", num2(x.reference2)}, {"vocab", std::to_string(cfg.vocab)},
                                 {"verdict2", verdict_words(x.at2)}, {"acc4", num2(x.accuracy[2])},
                                 {"ref4", num2(x.reference4)}, {"verdict4", verdict_words(x.at4)},
                                 {"finding", extrapolation_finding(x)}});
  const std::string versus = x.against_learned
                                 ? fill(text("measured_versus"), {{"sin2", num2(x.sinusoidal2)}, {"learned2", num2(x.learned2)},
                                                                  {"verdict", verdict_words(x.versus)},
                                                                  {"finding", finding("versus", x.versus)}})
                                 : std::string();
  return join({line, versus, x.encoding == kSinusoidal ? std::string() : text("not_sinusoidal")});
}

std::string slow_words(const Findings& f) {
  const SlowFinding& s = f.slow;
  if (!s.measured) return {};
  return join({fill(text("measured_slow"), {{"slow", num2(s.slow)}, {"verdict_slow", verdict_words(s.slow_cost)},
                                             {"fast", num2(s.fast)}, {"verdict_fast", verdict_words(s.fast_cost)},
                                             {"finding", finding("slow", s.slow_cost)}})});
}

std::string summary_claim(int claim) {
  static constexpr const char* kKeys[kClaimCount] = {"summary_relative", "summary_extrapolation", "summary_slow"};
  return claim >= 0 && claim < kClaimCount ? text(kKeys[claim]) : std::string();
}

std::string summary_verdict(const Findings& f, int claim, const train::Config& cfg) {
  // Which encoding the claim was read on and its verdict; the claims are about the sinusoids.
  int e = -1;
  SeedVerdict v;
  if (claim == 0) e = f.relative.encoding, v = f.relative.change;
  if (claim == 1) e = f.extrapolation.encoding, v = f.extrapolation.at2;
  if (claim == 2) e = f.slow.measured ? kSinusoidal : -1, v = f.slow.slow_cost;
  if (e < 0) return text("summary_none");
  if (e != kSinusoidal) return fill(text("summary_other"), {{"encoding", encoding_shown(e)}});
  if (claim == 0 && cfg.task != train::Task::lookback)
    return fill(text("summary_relative_task"), {{"task", train::task_names()[static_cast<size_t>(cfg.task)]}});
  if (v.verdict == Verdict::single)
    return fill(text("summary_single"), {{"encoding", encoding_shown(e)}, {"seeds", std::to_string(kSeedsPerEncoding)}});
  const std::string o = outcome(v);
  const std::string n = std::to_string(v.n);
  if (claim == 0)
    return fill(text("summary_relative_" + o), {{"trained", num2(f.relative.trained)}, {"beyond", num2(f.relative.beyond)}, {"n", n}});
  if (claim == 1) {
    const ExtrapolationFinding& x = f.extrapolation;
    return fill(text("summary_extrapolation_" + combined(x.at2, x.at4)),
                {{"acc2", num2(x.accuracy[1])}, {"ref2", num2(x.reference2)}, {"acc4", num2(x.accuracy[2])},
                 {"ref4", num2(x.reference4)}, {"above", x.at2.verdict == Verdict::above ? "2L" : "4L"}, {"n", n}});
  }
  return fill(text("summary_slow_" + o), {{"slow", num2(f.slow.slow)}, {"fast", num2(f.slow.fast)}, {"n", n}});
}

std::string encoding_shown(int e) {
  const auto names = train::encoding_names();
  if (e < 0 || e >= static_cast<int>(names.size())) return "?";
  const std::string_view shown = lesson_text(View::experiment, std::string("enc_") + names[static_cast<size_t>(e)]);
  return std::string(shown.empty() ? std::string_view(names[static_cast<size_t>(e)]) : shown);
}

}  // namespace app
