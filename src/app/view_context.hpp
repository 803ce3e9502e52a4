// What every view's draw function receives besides the State and its own cache.
#pragma once
#include <vector>

#include "state/state_io.hpp"
#include "style.hpp"

namespace app {

struct ViewContext {
  const Fonts& fonts;
  float ui_scale;
  std::vector<Rejection>& notices;  // where a rejected UI edit reports its reason
};

}  // namespace app
