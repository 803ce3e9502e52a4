#include "progress_json.hpp"

#include "text/json_write.hpp"

namespace train {

using app::JsonWriter;

std::string progress_json(const Trainer& t, size_t& logged) {
  JsonWriter w;
  w.raw("{\"step\":");
  w.integer(t.step_index());
  w.raw(",\"steps\":");
  w.integer(t.config().steps);
  w.raw(",\"loss\":");
  w.num(t.last_loss());
  w.raw(",\"log\":[");
  const auto& log = t.loss_log();
  for (size_t i = logged; i < log.size(); ++i) {
    w.raw(i > logged ? ",{\"step\":" : "{\"step\":");
    w.integer(log[i].step);
    w.raw(",\"loss\":");
    w.num(log[i].loss);
    w.raw("}");
  }
  logged = log.size();
  w.raw(t.done() ? "],\"done\":true}" : "],\"done\":false}");
  return w.out;
}

}  // namespace train
