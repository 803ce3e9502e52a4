// CPU time per drawn frame, kept for the last kWindow frames: median and 95th percentile for
// PosEnc.stats() and the benchmark. Timing is the platform's job; this only keeps the numbers.
#pragma once
#include <array>
#include <cstddef>

namespace app {

class FrameStats {
 public:
  static constexpr size_t kWindow = 1024;

  void add(double ms);
  // Forgets the kept times (not the total count), so a measurement can start clean.
  void reset_window() { kept_from_ = total_; }
  long frames() const { return total_; }       // drawn frames since start
  double median_ms() const { return quantile(0.5); }
  double p95_ms() const { return quantile(0.95); }
  // The q-quantile (nearest rank) of the kept frames; 0 when there are none.
  double quantile(double q) const;

 private:
  std::array<double, kWindow> ms_{};
  long total_ = 0;
  long kept_from_ = 0;  // frames before this index are not counted by quantile()
};

}  // namespace app
