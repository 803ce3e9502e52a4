// Small UI helpers shared by the views: parameter controls that write through the validated path,
// and number formatting that never shows NaN or Infinity.
#pragma once
#include <string>
#include <vector>

#include "format.hpp"
#include "imgui.h"
#include "state_io.hpp"

namespace app {

// A labelled slider plus an exact-entry field for a numeric State field. The edited value is
// applied with set_number(); a rejected value leaves the state as it was and its reason lands in
// `notices`. Returns true when the state changed.
bool param_slider(const char* label, State& s, Field f, double lo, double hi, const char* fmt,
                  std::vector<Rejection>& notices, bool logarithmic = false);


// Wrapped caption text in the dim caption colour.
void caption(const char* text);

}  // namespace app
