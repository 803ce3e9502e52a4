// The sinusoidal positional encoding, interleaved layout.
//
//   PE(pos, 2i)   = sin(w_i * pos)
//   PE(pos, 2i+1) = cos(w_i * pos),     w_i = 1 / base^(2i/d)
//
// As one value, a vector of d values, and a table (rows are positions, columns dimensions).
// Arguments are assumed valid (see params.hpp); out-buffers hold d (vector) or n*d (table) values.
#pragma once
#include <span>
#include <vector>

namespace pe {

double encoding_value(double pos, int dim, int d, double base);
void encoding_vector(double pos, int d, double base, std::span<double> out);
std::vector<double> encoding_vector(double pos, int d, double base);
// Row r holds PE(pos0 + r), for r in [0, n); row-major.
void encoding_table(double pos0, int n, int d, double base, std::span<double> out);

}  // namespace pe
