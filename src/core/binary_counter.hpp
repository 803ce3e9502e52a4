// The binary counter beside the encoding: the article's analogy of fast and slow bits, and where it ends.
//
//   bit b of a whole number n:  bit_b(n) = floor(n / 2^b) mod 2        (b = 0 is the lowest bit)
//     it flips every 2^b steps and repeats every period_b = 2^(b+1) steps; neighbouring bits: ratio 2
//   pair i of the encoding:     period_i = 2*pi * base^(2i/d);          neighbouring pairs: ratio base^(2/d)
//
// A bit is a hand of period 2^(b+1), angle theta = pi * n / 2^b, that only ever points up or down:
//   bit_b(n) = floor(theta / pi) mod 2.
// The encoding's hand of pair i turns smoothly by w_i radians per position and has a value at every real
// position; a bit has one value per whole number and jumps.
//
// A real position pos is counted as the whole number n = floor(pos). The mod above is the mathematical
// one (result 0 or 1), so a negative n reads in two's complement, as a counter counting down from 0
// shows it: -1 is ...1111, -2 is ...1110.
// Arguments are assumed valid (see params.hpp): |pos| <= 1e9, 0 <= b <= 62.
#pragma once
#include <cstdint>

namespace pe {

// floor(pos) as a whole number (|pos| <= 1e9 fits easily).
std::int64_t counter_value(double pos);
// bit_b(floor(pos)), 0 or 1.
int counter_bit(double pos, int b);
// Steps of bit b's repeat: 2^(b+1).
double bit_period(int b);
// The number of bits that write floor(pos): for n >= 0 its bit length (at least 1); for n < 0 the bit
// length of -n - 1 plus one sign bit (every higher bit is a copy of it).
int counter_width(double pos);
// The pair whose period is nearest to `period` on a log scale (the smallest ratio either way), among
// pairs 0..d/2-1. period > 0.
int nearest_pair(double period, int d, double base);
// The bit whose period 2^(b+1) is nearest to `period` on a log scale, b >= 0: max(0, round(log2 period) - 1),
// capped at 62.
int nearest_bit(double period);
// How many pairs it takes the period to double: ln 2 / ln(base^(2/d)) = d ln 2 / (2 ln base).
// A bit does it in one step.
double pairs_per_doubling(int d, double base);
// The whole number of steps m in 1..max_steps after which a hand turning w radians per step comes
// nearest to where it started (the smallest distance of w*m to a whole number of turns), and that
// distance in radians. A counter's lowest B bits repeat exactly after 2^B steps; pair 0 (w = 1) never
// does, because 2*pi is not a whole number of positions.
struct Return {
  long steps = 0;
  double miss = 0;  // radians, in [0, pi]
};
Return closest_return(double w, long max_steps);

}  // namespace pe
