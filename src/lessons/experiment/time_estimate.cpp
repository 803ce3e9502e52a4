#include "lessons/experiment/time_estimate.hpp"

#include "state/lessons.hpp"
#include "text/format.hpp"

namespace app {

namespace {
std::string text(std::string_view key) { return std::string(lesson_text(View::experiment, key)); }
}  // namespace

void TrainSpeed::add(const std::string& settings_key, double run_layer_steps, double run_ms) {
  if (!(run_layer_steps > 0) || !(run_ms > 0)) return;  // a run that did not train, or an untimed one
  if (settings_key != key) *this = TrainSpeed{settings_key};
  steps += run_layer_steps;
  ms += run_ms;
  ++runs;
}

double TrainSpeed::steps_per_second(const std::string& settings_key) const {
  return settings_key == key && runs > 0 && ms > 0 ? steps / ms * 1000.0 : 0.0;
}

std::string duration_words(double seconds) {
  if (seconds < 0.1) return fill(text("under"), {{"n", fill(text("seconds"), {{"n", fmt("%.1f", 0.1)}})}});
  if (seconds < 10) return fill(text("seconds"), {{"n", fmt("%.1f", seconds)}});
  if (seconds < 120) return fill(text("seconds"), {{"n", fmt("%.0f", seconds)}});
  return fill(text("minutes"), {{"n", fmt("%.1f", seconds / 60)}});
}

std::string estimate_words(const TrainSpeed& s, const std::string& settings_key, double run_cost, int all_runs, double all_cost) {
  const double speed = s.steps_per_second(settings_key);
  if (speed <= 0) return text(s.runs > 0 ? "estimate_other" : "estimate_none");
  return fill(text("estimate"), {{"speed", grouped(speed)},
                                 {"runs", s.runs == 1 ? text("runs_one") : fill(text("runs_many"), {{"n", std::to_string(s.runs)}})},
                                 {"run", duration_words(run_cost / speed)}, {"all_runs", std::to_string(all_runs)},
                                 {"all", duration_words(all_cost / speed)}});
}

std::string remaining_words(const TrainSpeed& s, const std::string& settings_key, double cost_left) {
  const double speed = s.steps_per_second(settings_key);
  if (speed <= 0) return {};
  return fill(text("running_left"), {{"left", duration_words(cost_left / speed)}});
}

}  // namespace app
