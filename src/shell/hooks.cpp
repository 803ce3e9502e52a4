#include "shell/hooks.hpp"

#include <algorithm>

#include "shell/app.hpp"
#include "shell/lesson_code.hpp"

namespace app {

std::string app_hook(App& a, std::string_view name, const std::vector<double>& args, std::vector<double>& out) {
  const auto arg = [&](size_t i) { return i < args.size() ? args[i] : 0.0; };
  out.clear();
  // The lessons' hooks reach into their code, which a split page may not hold yet.
  if (name.rfind("heatmap.", 0) == 0 && !lesson_code_here(View::heatmap)) return lesson_code_missing_text();
  if (name == "heatmap.rect") {
    const HeatmapCache& c = a.views.heatmap;
    if (c.drawn)
      out = {c.plot_min.x, c.plot_min.y, c.plot_max.x - c.plot_min.x, c.plot_max.y - c.plot_min.y,
             c.pos0,       c.positions,  c.dim0,                       c.dims};
    return "";
  }
  if (name == "heatmap.window") {
    if constexpr (lesson_linked(View::heatmap)) { POSENC_ENTRY_CALL heatmap_set_window(a.views.heatmap, a.state, arg(0), arg(1), arg(2), arg(3), arg(4) != 0); }
    return "";
  }
  if (name == "similarity.kmax") {
    const double k = std::clamp(arg(0), double(kSimilarityMinK), double(kSimilarityMaxK));
    set_number(a.state, Field::similarityMaxK, static_cast<int>(k));
    return "";
  }
  return "no hook named '" + std::string(name) + "'";
}

}  // namespace app
