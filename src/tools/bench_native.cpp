// Native timings of the core's table computations, for scripts/bench.mjs (the same computations the
// page times in wasm and in plain JavaScript). Prints one JSON object.
//   posenc_bench_native [n] [d]     (default 65536 512)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/encoding.hpp"
#include "core/table_recurrence.hpp"

namespace {

template <class F>
double best_ms(F&& f, int runs = 5) {
  double best = 1e300;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 65536;
  const int d = argc > 2 ? std::atoi(argv[2]) : 512;
  std::vector<double> direct(static_cast<size_t>(n) * static_cast<size_t>(d)), fast(direct.size());
  const double t_direct = best_ms([&] { pe::encoding_table(0, n, d, 10000.0, direct); });
  const double t_fast = best_ms([&] { pe::encoding_table_recurrence(n, d, 10000.0, fast); });
  double worst = 0;
  for (size_t j = 0; j < direct.size(); ++j) worst = std::max(worst, std::fabs(direct[j] - fast[j]));
  std::printf("{\"n\":%d,\"d\":%d,\"direct_ms\":%.3f,\"recurrence_ms\":%.3f,\"max_abs_diff\":%.3g}\n", n, d, t_direct,
              t_fast, worst);
  return 0;
}
