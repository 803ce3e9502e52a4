// A shift by k is a rotation of every sin/cos pair.
//
// For pair i with s = sin(w_i pos), c = cos(w_i pos) and theta = w_i * k:
//
//   ( s' )   (  cos theta   sin theta ) ( s )      s' = sin(w_i (pos + k))
//   ( c' ) = ( -sin theta   cos theta ) ( c ),     c' = cos(w_i (pos + k))
//
// The matrix depends on k and not on pos, so PE(pos + k) is a fixed linear map of PE(pos).
#pragma once
#include <span>

namespace pe {

// The 2x2 matrix above, stored by its two numbers.
struct Rotation {
  double cos_t;
  double sin_t;
  double m00() const { return cos_t; }
  double m01() const { return sin_t; }
  double m10() const { return -sin_t; }
  double m11() const { return cos_t; }
};

struct Pair {
  double s;  // sin component (dimension 2i)
  double c;  // cos component (dimension 2i+1)
};

Rotation rotation_for_angle(double theta);
// The rotation that shifts pair i by k positions: theta = w_i * k.
Rotation shift_rotation(int pair, double k, int d, double base);
Pair rotate(const Rotation& r, Pair p);
// out = PE(pos + k) computed from pe = PE(pos) by rotating each pair; both hold d values.
void shift_by_rotation(std::span<const double> pe, double k, int d, double base, std::span<double> out);

}  // namespace pe
