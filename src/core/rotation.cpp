#include "rotation.hpp"

#include <cmath>

#include "frequency.hpp"

namespace pe {

Rotation rotation_for_angle(double theta) { return {std::cos(theta), std::sin(theta)}; }

Rotation shift_rotation(int pair, double k, int d, double base) {
  return rotation_for_angle(omega(pair, d, base) * k);
}

Pair rotate(const Rotation& r, Pair p) {
  return {r.m00() * p.s + r.m01() * p.c, r.m10() * p.s + r.m11() * p.c};
}

void shift_by_rotation(std::span<const double> pe, double k, int d, double base, std::span<double> out) {
  for (int i = 0; i < d / 2; ++i) {
    const auto a = static_cast<size_t>(2 * i), b = a + 1;
    const Pair q = rotate(shift_rotation(i, k, d, base), {pe[a], pe[b]});
    out[a] = q.s;
    out[b] = q.c;
  }
}

}  // namespace pe
