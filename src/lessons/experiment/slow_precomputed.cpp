#include "lessons/experiment/slow_precomputed.hpp"

#include <algorithm>

#include "core/frequency.hpp"
#include "state/lessons.hpp"
#include "text/format.hpp"
#include "slow_ablation_data.hpp"  // generated (cmake/slow_ablation.cmake)

namespace app {

namespace sd = slow_data;

double slow_quarter_turn(int d, int length, double base) {
  const int pair = (d - d / 4) / 2;
  return pe::omega(pair, d, base) * (length - 1);
}

namespace {
std::vector<SlowPrecomputedRow> compute_rows() {
  std::vector<SlowPrecomputedRow> rows;
  for (const sd::Run& r : sd::kRuns) {
    const auto it = std::find_if(rows.begin(), rows.end(), [&](const SlowPrecomputedRow& x) {
      return x.task == sd::kTasks[r.task] && x.length == r.length;
    });
    if (it == rows.end()) {
      SlowPrecomputedRow row;
      row.task = sd::kTasks[r.task];
      row.length = r.length;
      row.turn = slow_quarter_turn(sd::kDModel, r.length);
      rows.push_back(row);
    }
  }
  static constexpr int kAblated[kSlowAblations] = {sd::kZeroSlow, sd::kMeanSlow, sd::kShuffleSlow, sd::kZeroFast};
  for (SlowPrecomputedRow& row : rows) {
    for (int at = 0; at < 2; ++at) {
      const int o = at * sd::kFigures;
      std::vector<double> intact;
      std::array<std::vector<double>, kSlowAblations> lost;
      for (const sd::Run& r : sd::kRuns) {
        if (sd::kTasks[r.task] != row.task || r.length != row.length) continue;
        intact.push_back(r.accuracy[o + sd::kBase]);
        for (int a = 0; a < kSlowAblations; ++a)
          lost[static_cast<size_t>(a)].push_back(static_cast<double>(r.accuracy[o + sd::kBase]) - r.accuracy[o + kAblated[a]]);
      }
      row.intact[at] = train::seed_verdict(intact).mean;
      for (int a = 0; a < kSlowAblations; ++a)
        row.cost[static_cast<size_t>(at)][static_cast<size_t>(a)] = train::seed_verdict(lost[static_cast<size_t>(a)]);
    }
  }
  return rows;
}
}  // namespace

const std::vector<SlowPrecomputedRow>& slow_precomputed() {
  static const std::vector<SlowPrecomputedRow> rows = compute_rows();
  return rows;
}

int slow_precomputed_d_model() { return sd::kDModel; }

std::string slow_precomputed_source() {
  int seeds = 0;  // runs per task and length
  for (const sd::Run& r : sd::kRuns) seeds += r.task == sd::kRuns[0].task && r.length == sd::kRuns[0].length;
  const auto n = [](int v) { return std::to_string(v); };
  // In the reader's language (experiment.txt, pre_source); the date and the commit as the data file has them.
  return fill(lesson_text(View::experiment, "pre_source"),
              {{"seeds", n(seeds)}, {"dm", n(sd::kDModel)}, {"steps", n(sd::kSteps)}, {"layers", n(sd::kLayers)},
               {"layer_s", std::string(lesson_text(View::experiment, sd::kLayers == 1 ? "layer_one" : "layer_many"))},
               {"heads", n(sd::kHeads)}, {"k", n(sd::kK)}, {"date", sd::kDate}, {"commit", sd::kCommit}});
}

SlowUse slow_use(const std::vector<SlowPrecomputedRow>& rows) {
  bool zero = false, info = false;
  for (const SlowPrecomputedRow& row : rows) {
    const auto& c = row.cost[0];  // at L: the positions the model was trained on
    zero = zero || c[0].verdict == train::Verdict::above;
    info = info || c[1].verdict == train::Verdict::above || c[2].verdict == train::Verdict::above;
  }
  return info ? SlowUse::information : zero ? SlowUse::constant : SlowUse::unused;
}

}  // namespace app
