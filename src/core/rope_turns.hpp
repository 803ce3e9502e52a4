// How far each RoPE hand turns within a context, and whether a longer context takes it to angles that
// training never showed. Pair i turns by w_i radians per position (frequency.hpp, or a scaled w from
// rope_scaling.hpp).
//
//   turns within positions 0 .. n-1:      w_i (n - 1) / 2π         (the hand at the last position)
//   pair i completes a full turn there     iff  w_i (n - 1) >= 2π,  i.e. its period <= n - 1
//   as w_i falls with i, those pairs are 0 .. m-1, and
//   m = min(d/2, floor(d ln((n-1)/2π) / (2 ln base)) + 1)   (0 when n - 1 < 2π)
//   raising the base from b to b' slows pair i by (b'/b)^(2i/d): pair 0 not at all, the last pair by
//   (b'/b)^((d-2)/d), almost b'/b.
//
// Context extension (the convention of the PI and YaRN papers: a length L covers positions [0, L)):
//   trained sweep of pair i:   angles [0, w_i L]
//   extended sweep at s·L:     angles [0, w'_i s L], w'_i the scaled frequency (rope_scaling.hpp)
//   A pair whose trained sweep is a full turn or more has seen every angle. Otherwise the extended
//   sweep reaches angles training never showed when w'_i s L > w_i L; those unseen angles are
//   (w_i L, min(w'_i s L, 2π)], a share of the circle. (Position interpolation gives w'_i s L = w_i L
//   exactly in real numbers; a relative tolerance of 1e-9 keeps its rounding from counting as leaving.)
// Arguments are assumed valid (params.hpp; d >= 4 for ntk).
#pragma once
#include <vector>

#include "rope_scaling.hpp"

namespace pe {

// w (n - 1) / 2π: the turns of a hand of frequency w at the last of n positions (0 for n <= 1).
double turns_to_last(double w, double n);
// How many pairs complete a full turn within positions 0 .. n-1 (pairs 0 .. m-1), counted pair by pair.
int pairs_with_full_turn(double n, int d, double base);
// (to / from)^(2i/d): how many times more slowly pair i turns at base `to` than at base `from`.
double base_slowdown(int pair, int d, double from, double to);

struct Sweep {
  double trained = 0;   // w_i L, radians
  double extended = 0;  // w'_i s L, radians
  bool leaves = false;  // the extended sweep reaches angles the trained one never did
  double unseen = 0;    // radians of the circle reached only beyond training, in [0, 2π)
};
// One pair's trained sweep against its extended sweep, from its trained and scaled frequencies.
Sweep compare_sweep(double w_trained, double w_scaled, double length, double factor);
// Every pair's sweeps for a model trained to `length` run at factor·length under scaling `type`
// (the YaRN settings: betas 32 and 1, original length `length`). d/2 entries.
std::vector<Sweep> context_sweeps(RopeScalingType type, int d, double base, double length, double factor);
// The RopeScaling context_sweeps uses for `type`.
RopeScaling context_scaling(RopeScalingType type, double length, double factor);

}  // namespace pe
