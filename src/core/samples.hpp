// Evenly spaced samples of a span, both ends included: the positions a curve is drawn at when the
// window start .. start + span holds more whole positions than the plot can afford to evaluate.
//
//   x_j = start + span · j / (count - 1),   j = 0 .. count - 1
//
// (one sample, start, for count = 1; none for count <= 0). The adding and RoPE views sample their
// window of positions this way.
#pragma once
#include <vector>

namespace pe {

std::vector<double> even_samples(double start, double span, int count);

}  // namespace pe
