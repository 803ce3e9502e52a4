// The guided tour: a fixed sequence of steps through the lessons, each setting the state (as a
// query string, through the same validated path as the URL) and showing one caption.
#pragma once
#include "state.hpp"

namespace app {

struct TourStep {
  const char* title;
  const char* preset;   // query string applied when the step starts (view and parameters)
  const char* caption;  // what to look at, in one or two sentences
};

// Step 1..kTourSteps; returns nullptr for 0 or out of range.
const TourStep* tour_step(int step);

}  // namespace app
