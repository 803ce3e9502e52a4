// Native speed of the training engine, as JSON on stdout.
//
//   train_bench [key=value ...]   steps per second of Trainer::step() for the config (default: Config{}),
//                                 and the wall time of the whole default run (training + evaluation)
//   train_bench --all [key=value ...]   also "Run all": every encoding x seeds 1,2,3 x tasks lookback,
//                                 first, copy; one line per run with its accuracies, then the total time
//   train_bench --all --fair [key=value ...]   the same with each encoding under train::fair_setting
//                                 (fair.hpp); each run's line adds the changes ("fair") it ran with
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "train/config.hpp"
#include "train/fair.hpp"
#include "train/result.hpp"
#include "train/trainer.hpp"

using namespace train;

namespace {
double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

int main(int argc, char** argv) {
  bool all = false, fair = false;
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--all")
      all = true;
    else if (a == "--fair")
      fair = true;
    else
      args.push_back(a);
  }
  Config c;
  const std::string err = parse_options(args, c);
  if (!err.empty()) {
    std::fprintf(stderr, "train_bench: %s\n", err.c_str());
    return 2;
  }
  // Steps per second: a warm-up, then as many steps as fit in ~2 s.
  Config long_run = c;
  long_run.steps = 100000;
  Trainer t(long_run);
  for (int i = 0; i < 5; ++i) t.step();
  const double t0 = now_ms();
  int n = 0;
  while (now_ms() - t0 < 2000.0) {
    t.step();
    ++n;
  }
  const double per = (now_ms() - t0) / n;
  const Result r = run(c);
  std::printf("{\"config\":%s,\"stepsPerSecond\":%.1f,\"msPerStep\":%.3f,\"defaultRunMs\":%.1f,\"accuracy\":[%.4f,%.4f,%.4f]",
              config_json(c).c_str(), 1000.0 / per, per, r.ms, r.eval.accuracy[0].accuracy,
              r.eval.accuracy[1].accuracy, r.eval.accuracy[2].accuracy);
  if (!all) {
    std::printf("}\n");
    return 0;
  }
  std::printf(",\"runs\":[\n");
  const double a0 = now_ms();
  double per_task[kTaskCount] = {0, 0, 0};
  bool first = true;
  for (int task = 0; task < kTaskCount; ++task) {
    const double tt0 = now_ms();
    for (int e = 0; e < kEncodingCount; ++e)
      for (std::uint32_t seed = 1; seed <= 3; ++seed) {
        Config k = c;
        k.task = static_cast<Task>(task);
        k.encoding = static_cast<Encoding>(e);
        k.seed = seed;
        const FairSetting f = fair_setting(k);
        if (fair) k = f.config;
        const Result x = run(k);
        const HeadShare& h = x.eval.relative.heads[static_cast<size_t>(x.eval.relative.bestLayer) * static_cast<size_t>(k.heads) +
                                                   static_cast<size_t>(x.eval.relative.bestHead)];
        std::printf("%s{\"task\":\"%s\",\"encoding\":\"%s\",\"seed\":%u,\"finalLoss\":%.4f,\"acc\":[%.3f,%.3f,%.3f],"
                    "\"answerShare\":[%.3f,%.3f],\"ms\":%.0f%s}\n",
                    first ? "" : ",", task_name(k.task), encoding_name(k.encoding), seed, x.loss.back().loss,
                    x.eval.accuracy[0].accuracy, x.eval.accuracy[1].accuracy, x.eval.accuracy[2].accuracy,
                    h.meanTrained, h.meanBeyond, x.ms, fair ? (",\"fair\":" + fair_json(f)).c_str() : "");
        first = false;
      }
    per_task[task] = now_ms() - tt0;
  }
  std::printf("],\"runAllMsPerTask\":[%.0f,%.0f,%.0f],\"runAllMs\":%.0f}\n", per_task[0], per_task[1], per_task[2],
              now_ms() - a0);
  return 0;
}
