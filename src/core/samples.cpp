#include "samples.hpp"

#include <cstddef>

namespace pe {

std::vector<double> even_samples(double start, double span, int count) {
  if (count <= 0) return {};
  if (count == 1) return {start};
  std::vector<double> xs(static_cast<std::size_t>(count));
  for (int j = 0; j < count; ++j) xs[static_cast<std::size_t>(j)] = start + span * j / (count - 1);
  return xs;
}

}  // namespace pe
