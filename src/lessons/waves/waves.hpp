// Lesson: each column is a wave (view id `waves`, the article's Figure 2).
// A few dimensions j of the encoding drawn against position over the window 0..N-1:
// PE(p, j) = sin(w_i p) for even j = 2i, cos(w_i p) for odd j, with dots at whole positions and
// each curve's period 2*pi/w_i in the legend. The selected pair's sin dimension is always drawn,
// highlighted. Curves are drawn one vertex per pixel column; where a wave turns more than a
// fraction of a radian within one pixel, the column shows the wave's exact extent there instead
// (closed form, core/ranges.hpp), so nothing aliases.
#pragma once
#include <string>
#include <vector>

#include "ui/keyed_cache.hpp"
#include "state/state.hpp"
#include "ui/view_context.hpp"

namespace app {

struct WavesCache {
  KeyedCache<int> key;    // d: the width the dimension list was made for (the list resets when d changes)
  std::vector<int> dims;  // dimensions drawn besides the selected pair's sin dimension
  int add_dim = 0;        // value of the "add dimension" field
};

// The default choice: 0, d/16, d/4, d/2 and d-12, rounded down to even and kept in [0, d-2]
// without repeats (0, 32, 128, 256, 500 for d = 512, as in the article).
std::vector<int> default_wave_dims(int d);

void draw_waves(State& s, WavesCache& cache, const ViewContext& ctx);
// The view's key numbers in words (the same numbers the canvas shows, including the view's own
// settings kept in its cache), for describe().
std::string describe_waves(const State& s, const WavesCache& cache);

}  // namespace app
