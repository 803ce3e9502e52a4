// Dumps of the training engine, as JSON on stdout.
//
//   train_dump grad [key=value ...]   one forward + backward in double on the initial weights jittered by
//                                     U(-0.1, 0.1) (so gains and biases are not 1 and 0), one training
//                                     batch: config, tokens, targets, mask, every tensor's values and
//                                     gradient, the loss. tests/train/torch_check.py rebuilds the model in
//                                     PyTorch from this and compares.
//   train_dump eval [key=value ...]  trains (float), then prints the trained weights, the evaluation
//                                     sets at L, 2L and 4L (16 sequences each: tokens, targets) and the
//                                     result JSON evaluated on those sets, for torch_check.py to redo the
//                                     evaluation (full, windowed, new positions, and for sinusoidal the
//                                     PE ablations, with the shuffle's permutations) from the weights alone.
//   train_dump run [--no-time] [--fair] [key=value ...]   trains (float) and prints the result JSON
//                                     (result.hpp); --no-time writes ms as 0, so that a native and a wasm
//                                     run of the same config can be compared as text; --fair trains
//                                     fair_setting(config) instead (fair.hpp) and adds its changes as "fair".
//   train_dump fair [key=value ...]   prints {"config": fair_setting's config, "fair": its changes}.
//   train_dump verdict                reads lines of numbers from stdin, one difference per seed separated
//                                     by blanks, and prints for each line its seed verdict
//                                     (train/seed_verdict.hpp) as {"verdict", "n", "mean", "spread",
//                                     "margin"}, one line each, flushed: scripts/experiment_results.py asks
//                                     the engine's rule instead of keeping a copy of it.
// Exit status 2 on a bad option (the message on stderr), 3 if a number was not finite.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "train/config.hpp"
#include "train/evaluate.hpp"
#include "train/fair.hpp"
#include "text/json_write.hpp"
#include "train/model.hpp"
#include "train/result.hpp"
#include "train/rng.hpp"
#include "train/seed_verdict.hpp"
#include "train/tasks.hpp"
#include "train/trainer.hpp"

using namespace train;
using app::JsonWriter;  // the one JSON writer (src/text/json_write.hpp)

namespace {

void int_array(JsonWriter& w, const std::vector<int>& v) {
  w.raw("[");
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) w.raw(",");
    w.integer(v[i]);
  }
  w.raw("]");
}

void put(JsonWriter& w, double v) { w.num(v); }
void put(JsonWriter& w, float v) { w.numf(v); }  // shortest round-trip as a float

template <class S>
void values_json(JsonWriter& w, const std::vector<S>& v, size_t from, size_t count) {
  w.raw("[");
  for (size_t j = 0; j < count; ++j) {
    if (j) w.raw(",");
    put(w, v[from + j]);
  }
  w.raw("]");
}

// [{name, rows, cols, values, grad (if grads)}] for every tensor.
template <class S>
void tensors_json(JsonWriter& w, const std::vector<TensorInfo>& tensors, const std::vector<S>& params,
                  const std::vector<S>* grads) {
  w.raw("[");
  for (size_t i = 0; i < tensors.size(); ++i) {
    const TensorInfo& t = tensors[i];
    if (i) w.raw(",");
    w.raw("{"); w.key("name"); w.str(t.name);
    w.raw(","); w.key("rows"); w.integer(static_cast<long long>(t.rows));
    w.raw(","); w.key("cols"); w.integer(static_cast<long long>(t.cols));
    w.raw(","); w.key("values"); values_json(w, params, t.offset, t.size());
    if (grads) {
      w.raw(","); w.key("grad"); values_json(w, *grads, t.offset, t.size());
    }
    w.raw("}");
  }
  w.raw("]");
}

int grad(const Config& c) {
  Model<double> m(c);
  m.init(c.seed);
  Rng jitter(c.seed, 99);
  for (double& p : m.params) p += jitter.symmetric(0.1);
  Rng data(c.seed, static_cast<std::uint64_t>(Stream::train_batches));
  Rng windows(c.seed, static_cast<std::uint64_t>(Stream::train_windows));
  Batch b;
  next_training_batch(c, data, windows, b);  // the trainer's first batch
  Workspace<double> ws;
  const double loss = m.forward_backward(b, ws);

  JsonWriter w;
  w.raw("{");
  w.key("config"); w.raw(config_json(c));
  w.raw(","); w.key("mlpRatio"); w.integer(kMlpRatio);
  w.raw(","); w.key("lnEps"); w.num(kLayerNormEps);
  w.raw(","); w.key("base"); w.num(kPositionBase);
  w.raw(","); w.key("tokens"); int_array(w, b.tokens);
  w.raw(","); w.key("targets"); int_array(w, b.targets);
  // Only where the new options are in use, so that the dumps of the other configs stay as they were.
  if (b.T != c.trainLength) {
    w.raw(","); w.key("length"); w.integer(b.T);
  }
  if (c.startOffset > 0) {
    w.raw(","); w.key("start"); int_array(w, b.start);
  }
  if (k_in_input(c)) {
    w.raw(","); w.key("kseq"); int_array(w, b.kseq);
  }
  w.raw(","); w.key("loss"); w.num(loss);
  w.raw(","); w.key("tensors"); tensors_json(w, m.tensors, m.params, &m.grads);
  w.raw("}");
  std::printf("%s\n", w.out.c_str());
  return w.bad ? 3 : 0;
}

int eval(const Config& c) {
  constexpr int kSequences = 16;
  Trainer t(c);
  while (!t.done()) t.step();
  // The ablation too (sinusoidal only), with the shuffle's permutations, so that torch_check.py can redo
  // the zeroed, mean and shuffled PE quarters.
  const Result r = finish(t, 0, EvalOptions{kSequences, c.encoding == Encoding::sinusoidal, false});
  JsonWriter w;
  w.raw("{");
  w.key("config"); w.raw(config_json(c));
  w.raw(","); w.key("lnEps"); w.num(kLayerNormEps);
  w.raw(","); w.key("base"); w.num(kPositionBase);
  w.raw(","); w.key("tensors");
  tensors_json(w, t.model().tensors, t.model().params, static_cast<const std::vector<float>*>(nullptr));
  w.raw(","); w.key("sets"); w.raw("[");
  for (int mult : {1, 2, 4}) {
    const Batch b = eval_set(c, kSequences, c.trainLength * mult);
    if (mult > 1) w.raw(",");
    w.raw("{"); w.key("length"); w.integer(b.T);
    w.raw(","); w.key("tokens"); int_array(w, b.tokens);
    w.raw(","); w.key("targets"); int_array(w, b.targets);
    if (k_in_input(c)) {
      w.raw(","); w.key("kseq"); int_array(w, b.kseq);
    }
    w.raw("}");
  }
  w.raw("]");
  if (r.eval.ablation.defined) {
    w.raw(","); w.key("ablationPermutation"); w.raw("{");
    w.key("L"); int_array(w, ablation_permutation(c, c.trainLength));
    w.raw(","); w.key("2L"); int_array(w, ablation_permutation(c, 2 * c.trainLength));
    w.raw("}");
  }
  w.raw(","); w.key("result"); w.raw(to_json(r));
  w.raw("}");
  std::printf("%s\n", w.out.c_str());
  return w.bad ? 3 : 0;
}

int verdicts() {
  static constexpr const char* kNames[] = {"none", "single", "within", "above", "below"};
  std::string line;
  for (int ch; (ch = std::getchar()) != EOF;) {
    if (ch != '\n') {
      line.push_back(static_cast<char>(ch));
      continue;
    }
    std::vector<double> d;
    const char* p = line.c_str();
    for (char* end = nullptr;; p = end) {
      const double v = std::strtod(p, &end);
      if (end == p) break;
      d.push_back(v);
    }
    while (*p == ' ' || *p == '\t' || *p == '\r') ++p;
    if (*p) {
      std::fprintf(stderr, "train_dump verdict: not a number at '%.40s'\n", p);
      return 2;
    }
    const SeedVerdict v = seed_verdict(d);
    JsonWriter w;
    w.raw("{"); w.key("verdict"); w.str(kNames[static_cast<int>(v.verdict)]);
    w.raw(","); w.key("n"); w.integer(v.n);
    w.raw(","); w.key("mean"); w.num(v.mean);
    w.raw(","); w.key("spread"); w.num(v.spread);
    w.raw(","); w.key("margin"); w.num(v.margin);
    w.raw("}");
    std::printf("%s\n", w.out.c_str());
    std::fflush(stdout);
    line.clear();
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: train_dump grad|eval|run|fair|verdict [--no-time] [--fair] [key=value ...]\n");
    return 2;
  }
  const std::string mode = argv[1];
  if (mode == "verdict") return verdicts();
  bool no_time = false, fair = false;
  std::vector<std::string> args;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--no-time")
      no_time = true;
    else if (a == "--fair")
      fair = true;
    else
      args.push_back(a);
  }
  Config c;
  const std::string err = parse_options(args, c);
  if (!err.empty()) {
    std::fprintf(stderr, "train_dump: %s\n", err.c_str());
    return 2;
  }
  if (mode == "grad") return grad(c);
  if (mode == "eval") return eval(c);
  if (mode == "fair") {
    const FairSetting f = fair_setting(c);
    std::printf("{\"config\":%s,\"fair\":%s}\n", config_json(f.config).c_str(), fair_json(f).c_str());
    return 0;
  }
  if (mode == "run") {
    const FairSetting f = fair_setting(c);
    Result r = run(fair ? f.config : c);
    if (no_time) r.ms = 0;
    int bad = 0;
    std::string json = to_json(r, &bad);
    if (fair) json = with_fair(json, f);
    std::printf("%s\n", json.c_str());
    if (bad) std::fprintf(stderr, "train_dump: %d non-finite numbers in the result (a bug)\n", bad);
    return bad ? 3 : 0;
  }
  std::fprintf(stderr, "train_dump: unknown mode '%s' (grad, eval, run, fair or verdict)\n", mode.c_str());
  return 2;
}
