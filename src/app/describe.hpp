// A plain-text description of what the canvas shows, for the page's screen-reader text alternative
// (and for anyone who wants the numbers as text). Built from the state and the core, never from
// pixels; every number is finite-checked.
#pragma once
#include <string>

#include "state.hpp"

namespace app {

std::string describe(const State& s);

}  // namespace app
