// Similarity of two position vectors depends only on their distance.
//
//   PE(pos) . PE(pos + k) = sum_i [sin(w_i pos) sin(w_i (pos+k)) + cos(w_i pos) cos(w_i (pos+k))]
//                         = sum_i cos(w_i k)            (since sin a sin b + cos a cos b = cos(a - b))
//
// The closed form has no pos in it; its maximum, d/2, is at k = 0.
#pragma once

namespace pe {

// The dot product summed term by term from the two encoding vectors.
double dot_direct(double pos, double k, int d, double base);
// sum_{i < d/2} cos(w_i k).
double dot_closed_form(double k, int d, double base);

}  // namespace pe
