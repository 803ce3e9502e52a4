// Smooth moves of a number setting for course pages and lectures: PosEnc.animate('k', {to: 37,
// seconds: 2}) and the embed handle's animate(). The value follows smoothstep, v(t) = from + (to -
// from)(3u^2 - 2u^3) with u = t / seconds: it starts and ends at rest, and lands exactly on `to`. Each
// step goes through set_number(), the validated path; animating pos pauses `playing`, which would
// otherwise move pos at the same time.
#pragma once
#include <string>
#include <string_view>

#include "settings.hpp"
#include "state.hpp"

namespace app {

constexpr double kMaxAnimationSeconds = 600.0;

struct Animation {
  Field field = Field::pos;
  double from = 0, to = 0, seconds = 0, elapsed = 0;
  int id = 0;  // 0: nothing running
};

// Starts moving `key` to `to` over `seconds` (0 jumps at the next step). Only number settings move
// (pos, k, speed, base, scale). Returns "" and sets a.id (a new number each time), or the reason,
// leaving `a` as it was. A running animation of another move is replaced: `replaced` gets its id.
std::string start_animation(State& s, Animation& a, std::string_view key, double to, double seconds, int& replaced);
// Advances by dt seconds. Returns the id of the animation that finished in this step (0 if none).
int advance_animation(State& s, Animation& a, double dt);
// Ends it at once, at its target (the page does this when the figure is hidden, so a promise never
// waits for a frame that will not come). Returns its id, or 0 if none was running.
int finish_animation(State& s, Animation& a);

}  // namespace app
