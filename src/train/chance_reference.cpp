#include "chance_reference.hpp"

#include <algorithm>
#include <limits>

namespace train {

namespace {
// The first and last target position at length T (last < first: none).
void target_range(const Config& c, int T, int& first, int& last) {
  switch (c.task) {
    case Task::lookback: first = c.k, last = T - 1; return;
    case Task::first: first = 1, last = T - 1; return;
    case Task::copy: first = T / 2 - 1, last = T - 2; return;
  }
  first = 0, last = -1;
}
}  // namespace

int target_count_below(const Config& c, int T, int below) {
  int first = 0, last = -1;
  target_range(c, T, first, last);
  last = std::min(last, below - 1);
  return std::max(0, last - first + 1);
}

int target_count(const Config& c, int T) { return target_count_below(c, T, T); }

double right_then_chance(const Config& c, int T) {
  const int n = target_count(c, T);
  if (n <= 0 || c.vocab <= 0) return std::numeric_limits<double>::quiet_NaN();
  const int inside = target_count_below(c, T, c.trainLength);
  return (inside + (n - inside) / static_cast<double>(c.vocab)) / n;
}

}  // namespace train
