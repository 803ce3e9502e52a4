#include "frame_stats.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace app {

void FrameStats::add(double ms) {
  ms_[static_cast<size_t>(total_) % kWindow] = ms;
  ++total_;
}

double FrameStats::quantile(double q) const {
  const size_t n = std::min(static_cast<size_t>(total_ - kept_from_), kWindow);
  if (n == 0) return 0.0;
  std::vector<double> v(n);
  for (size_t j = 0; j < n; ++j) v[j] = ms_[(static_cast<size_t>(total_) - 1 - j) % kWindow];  // the newest n
  const size_t rank = static_cast<size_t>(std::ceil(q * static_cast<double>(n)));
  const size_t k = rank == 0 ? 0 : rank - 1;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

}  // namespace app
