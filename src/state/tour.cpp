#include "tour.hpp"

#include "text_file.hpp"

namespace app {

namespace {

std::vector<TourStep> load() {
  std::vector<TourStep> steps;
  for (const TextEntry& e : parse_text_file(embedded_text("tour"))) {
    if (e.key == "step") {
      steps.push_back({e.value, View::clock, {}, {}});
    } else if (steps.empty()) {
      continue;  // text before the first step
    } else if (e.key == "preset") {
      std::string_view q = e.value;
      while (!q.empty()) {
        const size_t amp = q.find('&');
        const std::string_view part = q.substr(0, amp);
        q = amp == std::string_view::npos ? std::string_view{} : q.substr(amp + 1);
        const size_t eq = part.find('=');
        if (eq == std::string_view::npos) continue;
        steps.back().preset.emplace_back(part.substr(0, eq), part.substr(eq + 1));
        if (part.substr(0, eq) == "view") view_from_id(part.substr(eq + 1), steps.back().view);
      }
    } else if (e.key == "text") {
      steps.back().caption = e.value;
    }
  }
  return steps;
}

const std::vector<TourStep>& steps() {
  static const std::vector<TourStep> s = load();
  return s;
}

}  // namespace

int tour_step_count() { return static_cast<int>(steps().size()); }

const TourStep* tour_step(int step) { return (step >= 1 && step <= tour_step_count()) ? &steps()[static_cast<size_t>(step - 1)] : nullptr; }

std::vector<int> tour_steps_of(View v) {
  std::vector<int> out;
  for (int i = 1; i <= tour_step_count(); ++i)
    if (steps()[static_cast<size_t>(i - 1)].view == v) out.push_back(i);
  return out;
}

}  // namespace app
