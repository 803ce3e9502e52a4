// describe(): the view's title, its own key numbers (the registry's describe_<id>), then the shared
// settings.
#include "app.hpp"
#include "state/format.hpp"
#include "state/tour.hpp"

namespace app {

std::string describe(const State& s, const ViewCaches& views) {
  std::string t = std::string("View: ") + std::string(lesson(s.view).title) + ". ";
  switch (s.view) {
#define POSENC_X(id, label, core, tour) \
  case View::id: t += describe_##id(s, views.id); break;
    POSENC_LESSONS(POSENC_X)
#undef POSENC_X
    case View::count: break;
  }
  t += " Model width d = " + std::to_string(s.d) + ", base " + fmt("%g", s.base) + ", position " + fmt("%.2f", s.pos) +
       ", offset k " + fmt("%.2f", s.k) + ", selected pair " + std::to_string(s.pair) + (s.playing ? ", playing." : ", paused.");
  if (s.step > 0) t += " Guided tour step " + std::to_string(s.step) + " of " + std::to_string(tour_step_count()) + ".";
  return t;
}

std::string describe(const State& s) {
  static const ViewCaches fresh;
  return describe(s, fresh);
}

}  // namespace app
