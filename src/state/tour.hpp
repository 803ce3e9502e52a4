// The guided tour: a fixed sequence of steps through the lessons, read from src/lessons/tour.txt.
// Each step sets a preset (view and parameters, applied through the validated path by set_step in
// state_io.hpp) and shows one caption.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "lessons.hpp"

namespace app {

struct TourStep {
  std::string title;
  View view = View::clock;                                   // the preset's view
  std::vector<std::pair<std::string, std::string>> preset;  // key = value pairs, as in a URL
  std::string caption;                                       // what to look at, in one or two sentences
};

int tour_step_count();
// Step 1..tour_step_count(); nullptr for 0 or out of range.
const TourStep* tour_step(int step);
// The steps that show lesson v, in order.
std::vector<int> tour_steps_of(View v);

}  // namespace app
