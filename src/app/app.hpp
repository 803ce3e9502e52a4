// The app: the one State, what the views cache between frames, and the frame function.
// Platform code (src/platform/) owns one App, feeds it time and events, and renders what it draws.
#pragma once
#include <string>
#include <vector>

#include "state.hpp"
#include "state_io.hpp"
#include "style.hpp"
#include "view_clock.hpp"

namespace app {

struct App {
  State state;
  Fonts fonts;
  float ui_scale = 1.0f;
  std::vector<Rejection> notices;  // what the last change from URL/API/UI ignored, shown until dismissed
  ClockCache clock;
};

void app_init(App& a);
// Advances the animation by dt seconds and builds this frame's UI. Order: simulate, then draw.
void app_frame(App& a, double dt);
// Applies a query string through the validated path and keeps its rejections for the notice line.
std::vector<Rejection> app_apply(App& a, std::string_view query);

}  // namespace app
