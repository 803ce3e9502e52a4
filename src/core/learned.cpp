#include "learned.hpp"

#include <cmath>

namespace pe {

double learned_parameter_count(int n_positions, int d) {
  return static_cast<double>(n_positions) * static_cast<double>(d);
}

bool learned_table_covers(double pos, int n_positions) {
  return std::isfinite(pos) && pos >= 0.0 && pos <= static_cast<double>(n_positions) - 1.0;
}

bool learned_table_has_row(double pos, int n_positions) {
  return learned_table_covers(pos, n_positions) && pos == std::floor(pos);
}

}  // namespace pe
