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

// The settings animate moves: the number rows of the settings table (kind number or number_above_min).
// The one list: the refusal below, the .d.ts's AnimateKey and the README's list are made from it
// (posenc_settings_tool).
bool animatable(Field f);
// Their keys in table order, joined by `separator` ("pos, k, ...").
std::string animatable_keys(std::string_view separator);

// Starts moving `key` to `to` over `seconds` (0 jumps at the next step). Only animatable() settings
// move. Returns "" and sets a.id (a new number each time), or the reason, leaving `a` as it was. A
// running animation of another move is replaced: `replaced` gets its id.
std::string start_animation(State& s, Animation& a, std::string_view key, double to, double seconds, int& replaced);
// Advances by dt seconds. Returns the id of the animation that finished in this step (0 if none).
int advance_animation(State& s, Animation& a, double dt);
// Ends it at once, at its target (the page does this when the figure is hidden, so a promise never
// waits for a frame that will not come). Returns its id, or 0 if none was running.
int finish_animation(State& s, Animation& a);

}  // namespace app
