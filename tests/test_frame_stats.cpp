// Frame-time statistics: nearest-rank quantiles over the last 1024 frames.
#include "catch2_any.hpp"

#include "state/frame_stats.hpp"

using app::FrameStats;

TEST_CASE("no frames: zeros") {
  FrameStats f;
  CHECK(f.frames() == 0);
  CHECK(f.median_ms() == 0);
}

TEST_CASE("1..100 ms: median 50, p95 95 (nearest rank, worked by hand)") {
  FrameStats f;
  for (int i = 100; i >= 1; --i) f.add(i);
  CHECK(f.frames() == 100);
  CHECK(f.median_ms() == 50);
  CHECK(f.p95_ms() == 95);
}

TEST_CASE("only the last 1024 frames count") {
  FrameStats f;
  for (int i = 0; i < 5000; ++i) f.add(1000.0);
  for (size_t i = 0; i < FrameStats::kWindow; ++i) f.add(2.0);
  CHECK(f.frames() == 5000 + 1024);
  CHECK(f.p95_ms() == 2.0);
}

TEST_CASE("reset_window starts a clean measurement; the total keeps counting") {
  FrameStats f;
  for (int i = 0; i < 50; ++i) f.add(100.0);
  f.reset_window();
  CHECK(f.median_ms() == 0);
  f.add(1.0);
  f.add(3.0);
  f.add(2.0);
  CHECK(f.frames() == 53);
  CHECK(f.median_ms() == 2.0);
  CHECK(f.p95_ms() == 3.0);
}
