// A shift by k is a rotation: rotating PE(pos) must give PE(pos + k) computed directly.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/rotation.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

TEST_CASE("the rotation matrix is orthonormal with determinant 1") {
  for (double t : {0.0, 0.3, 1.0, 2.5, -4.0, 1e5}) {
    const Rotation r = rotation_for_angle(t);
    CHECK_THAT(r.m00() * r.m11() - r.m01() * r.m10(), WithinAbs(1.0, 1e-15));
    CHECK_THAT(r.m00() * r.m01() + r.m10() * r.m11(), WithinAbs(0.0, 1e-15));
  }
}

TEST_CASE("hand-worked: a quarter turn maps (sin 0, cos 0) = (0, 1) to (1, 0) = (sin pi/2, cos pi/2)") {
  const Pair p = rotate(rotation_for_angle(kPi / 2), {0.0, 1.0});
  CHECK_THAT(p.s, WithinAbs(1.0, 1e-15));
  CHECK_THAT(p.c, WithinAbs(0.0, 1e-15));
}

// Tolerance: an angle of size A carries a rounding error of about A * 2^-53 in double, so at
// positions up to 1e6 both routes can differ by a few 1e-10; 1e-9 leaves a small margin.
TEST_CASE("rotation equals the direct shift for positions up to 1e6 and several widths") {
  const double tol = 1e-9;
  for (int d : {2, 4, 64, 512, 1024}) {
    for (double base : {10000.0, 500.0}) {
      for (double pos : {0.0, 1.0, 37.5, 1000.0, 123456.0, 1e6}) {
        for (double k : {1.0, -3.0, 37.0, 0.25, 5000.0}) {
          const auto v = encoding_vector(pos, d, base);
          std::vector<double> rotated(static_cast<size_t>(d));
          shift_by_rotation(v, k, d, base, rotated);
          const auto direct = encoding_vector(pos + k, d, base);
          double worst = 0;
          for (int j = 0; j < d; ++j) worst = std::max(worst, std::fabs(rotated[size_t(j)] - direct[size_t(j)]));
          INFO("d=" << d << " base=" << base << " pos=" << pos << " k=" << k);
          CHECK(worst < tol);
        }
      }
    }
  }
}

TEST_CASE("the matrix for pair i depends on k only, not on pos") {
  const Rotation a = shift_rotation(3, 37, 64, 10000);
  const double theta = omega(3, 64, 10000) * 37;
  CHECK(a.cos_t == std::cos(theta));
  CHECK(a.sin_t == std::sin(theta));
  for (double pos : {0.0, 100.0, 300.0}) {
    const Pair p = rotate(a, {encoding_value(pos, 6, 64, 10000), encoding_value(pos, 7, 64, 10000)});
    CHECK_THAT(p.s, WithinAbs(encoding_value(pos + 37, 6, 64, 10000), 1e-12));
    CHECK_THAT(p.c, WithinAbs(encoding_value(pos + 37, 7, 64, 10000), 1e-12));
  }
}
