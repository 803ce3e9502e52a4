// describe(): the view's title, its own key numbers (the registry's describe_<id>), then the shared
// settings.
#include "app.hpp"
#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/similarity.hpp"
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

std::string key_numbers_json(const State& s) {
  const int i = s.pair;
  const double w = pe::omega(i, s.d, s.base);
  // Built by appending (GCC 12 warns falsely on long chains of std::string +).
  std::string pair_text = std::to_string(i);
  pair_text.append(" (").append(std::to_string(2 * i)).append(", ").append(std::to_string(2 * i + 1)).append(")");
  std::string values = fmt("%.4f", pe::encoding_value(s.pos, 2 * i, s.d, s.base));
  values.append(", ").append(fmt("%.4f", pe::encoding_value(s.pos, 2 * i + 1, s.d, s.base)));
  std::string step;
  step.append(std::to_string(s.step)).append(" of ").append(std::to_string(tour_step_count()));
  std::vector<std::pair<std::string, std::string>> rows = {
      {"view", std::string(lesson(s.view).title)},
      {"model width d", std::to_string(s.d)},
      {"base", fmt("%g", s.base)},
      {"position pos", fmt("%.2f", s.pos)},
      {"offset k", fmt("%.2f", s.k)},
      {"selected pair i (dimensions 2i, 2i+1)", pair_text},
      {"its frequency w_i, radians per position", fmt("%.6g", w)},
      {"its period, positions", fmt("%.6g", pe::period(i, s.d, s.base))},
      {"its sin and cos at pos", values},
      {"PE(pos) \u00b7 PE(pos + k), the same for every pos", fmt("%.4f", pe::dot_closed_form(s.k, s.d, s.base))},
  };
  if (s.step > 0) rows.push_back({"guided tour step", step});
  std::string out = "[";
  for (size_t r = 0; r < rows.size(); ++r) {
    if (r) out += ",";
    out.append("[").append(json_string(rows[r].first)).append(",").append(json_string(rows[r].second)).append("]");
  }
  return out + "]";
}

std::string describe(const State& s) {
  static const ViewCaches fresh;
  return describe(s, fresh);
}

}  // namespace app
