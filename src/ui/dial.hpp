// Dials shared by the clock, RoPE, gotcha, RoPE-base and long-context views, all read like a clock: a pair of values (x, y)
// is drawn x to the right and y up, so the hand of an encoding pair (sin θ, cos θ) points at twelve
// o'clock for θ = 0 and turns clockwise as θ grows. Sizes are in pixels at UI scale 1 (times ui_scale).
#pragma once
#include "imgui.h"

namespace app {

// Screen point of the value pair (x, y) on a dial centred at c, r pixels per unit: x right, y up.
ImVec2 dial_point(ImVec2 c, float r, double x, double y);
// Tip of a hand of length r at dial angle theta: dial_point(c, r, sin θ, cos θ).
ImVec2 hand_tip(ImVec2 c, float r, double theta);

// The face and the rim (in the selection colour and `selected_rim` thick when selected, else `rim` thick).
void dial_face(ImDrawList* dl, ImVec2 c, float r, bool selected, float rim, float selected_rim, float ui_scale);
// A hand from the centre to `tip`, `width` thick, with a dot of radius `dot` at the tip.
void dial_hand(ImDrawList* dl, ImVec2 c, ImVec2 tip, ImU32 col, float width, float dot, float ui_scale);
// The dark dot over the centre, where the hands meet.
void dial_hub(ImDrawList* dl, ImVec2 c, float radius, float ui_scale);
// A filled wedge of radius r from dial angle `from` turning by `turn` (clockwise for turn > 0).
void dial_wedge(ImDrawList* dl, ImVec2 c, float r, double from, double turn, ImU32 col, int segments);
// A filled sweep of radius r from twelve o'clock turning clockwise by `turn` radians (a full disc from
// one turn on; nothing below 1e-4): the angles a hand has swept. Drawn as equal wedges of at most a
// quarter turn with anti-aliased fill off, so no seams show between them.
void dial_sweep(ImDrawList* dl, ImVec2 c, float r, double turn, ImU32 col);

}  // namespace app
