// Interleaved and concatenated layouts: a shift by k is a rotation only when the pairing follows the layout.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "core/encoding.hpp"
#include "core/layout.hpp"
#include "core/rotation.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

TEST_CASE("hand-worked d = 4: where the layouts keep sin and cos") {
  CHECK(layout_permutation(Layout::interleaved, Layout::concatenated, 4) == std::vector<int>{0, 2, 1, 3});
  const std::vector<double> inter{10, 11, 20, 21};  // s0 c0 s1 c1
  std::vector<double> cat(4);
  convert_layout(inter, Layout::interleaved, Layout::concatenated, cat);
  CHECK(cat == std::vector<double>{10, 20, 11, 21});  // s0 s1 c0 c1
  CHECK(layout_dims(Layout::concatenated, 1, 4).sin_dim == 1);
  CHECK(layout_dims(Layout::concatenated, 1, 4).cos_dim == 3);
  CHECK(layout_dims(Layout::interleaved, 1, 4).cos_dim == 3);
  // The primer's d = 4, pos = 1 values, in the concatenated order.
  CHECK_THAT(layout_value(1, 1, 4, 10000, Layout::concatenated), WithinAbs(std::sin(0.01), 1e-15));
  CHECK_THAT(layout_value(1, 2, 4, 10000, Layout::concatenated), WithinAbs(std::cos(1.0), 1e-15));
}

TEST_CASE("layout conversion round-trips and matches the concatenated encoding") {
  for (int d : {2, 6, 64, 1024}) {
    const auto v = encoding_vector(3.5, d, 10000);
    std::vector<double> cat(v.size()), back(v.size()), direct(v.size());
    convert_layout(v, Layout::interleaved, Layout::concatenated, cat);
    convert_layout(cat, Layout::concatenated, Layout::interleaved, back);
    CHECK(back == v);
    encoding_in_layout(3.5, d, 10000, Layout::concatenated, direct);
    CHECK(direct == cat);
    for (int j = 0; j < d; ++j) CHECK(layout_value(3.5, j, d, 10000, Layout::concatenated) == cat[size_t(j)]);
  }
}

// Tolerance 1e-12: positions up to 1000 and offsets up to 100 give angles below 1.1e3 rad, whose
// rounding (~2e-13) is the only difference between the two routes.
TEST_CASE("the pairing that follows the layout makes the shift a rotation, in both layouts") {
  for (Layout L : {Layout::interleaved, Layout::concatenated})
    for (int d : {2, 8, 64, 1024})
      for (double pos : {0.0, 1.0, 17.25, 1000.0})
        for (double k : {1.0, -5.0, 37.0, 100.0}) {
          INFO("layout=" << int(L) << " d=" << d << " pos=" << pos << " k=" << k);
          CHECK(shift_error(pos, k, d, 10000, L, pairing_for(L, d)) < 1e-12);
        }
}

TEST_CASE("interleaved pairing on the interleaved layout is exactly rotation.hpp's shift") {
  const int d = 32;
  const auto v = encoding_vector(9, d, 10000);
  std::vector<double> a(v.size()), b(v.size());
  shift_by_pairing(v, 4, d, 10000, pairing_for(Layout::interleaved, d), a);
  shift_by_rotation(v, 4, d, 10000, b);
  CHECK(a == b);
}

TEST_CASE("mis-pairing breaks the rotation (documented cases)") {
  // d = 8, pos = 1, k = 1: the interleaved pairing applied to the concatenated layout. Error about 0.966.
  const double e1 = shift_error(1, 1, 8, 10000, Layout::concatenated, pairing_for(Layout::interleaved, 8));
  CHECK(e1 > 0.1);
  CHECK_THAT(e1, WithinAbs(0.96637, 1e-5));  // value printed once by an independent Python script
  // And the other way round.
  CHECK(shift_error(1, 1, 8, 10000, Layout::interleaved, pairing_for(Layout::concatenated, 8)) > 0.1);
  // Hand-worked: sin and cos of pair 0 exchanged. The "hand" (cos 1, sin 1) turned by 1 rad puts
  // cos^2 1 + sin^2 1 = 1 where cos 2 belongs: error |1 - cos 2| = 1.4161...
  const auto swapped = swap_dims(pairing_for(Layout::interleaved, 8), 0, 1);
  CHECK(swapped[0].sin_dim == 1);
  CHECK(swapped[0].cos_dim == 0);
  CHECK_THAT(shift_error(1, 1, 8, 10000, Layout::interleaved, swapped), WithinAbs(1.0 - std::cos(2.0), 1e-15));
  // Two cos dims of different pairs exchanged.
  CHECK(shift_error(1, 1, 8, 10000, Layout::interleaved, swap_dims(pairing_for(Layout::interleaved, 8), 1, 3)) > 0.1);
}

TEST_CASE("a wrong pairing still shifts nothing at k = 0 (the error needs a turn to show)") {
  CHECK(shift_error(5, 0, 16, 10000, Layout::concatenated, pairing_for(Layout::interleaved, 16)) == 0.0);
}
