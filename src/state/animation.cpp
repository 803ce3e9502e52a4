#include "animation.hpp"

#include <cmath>

#include "core/params.hpp"
#include "state_io.hpp"

namespace app {

namespace {
int g_next_id = 1;

double smoothstep(double u) { return u * u * (3.0 - 2.0 * u); }
}  // namespace

bool animatable(Field f) {
  const Kind kind = setting(f).kind;
  return kind == Kind::number || kind == Kind::number_above_min;
}

std::string animatable_keys(std::string_view separator) {
  std::string out;
  for (const Setting& r : settings()) {
    if (!animatable(r.field)) continue;
    if (!out.empty()) out.append(separator);
    out.append(r.key);
  }
  return out;
}

std::string start_animation(State& s, Animation& a, std::string_view key, double to, double seconds, int& replaced) {
  replaced = 0;
  Field f;
  if (!field_from_key(key, f)) return "animate: unknown key \"" + std::string(key.substr(0, 40)) + "\"";
  if (!animatable(f)) return "animate moves number settings only (" + animatable_keys(", ") + "), not " + std::string(field_key(f));
  if (!std::isfinite(seconds) || seconds < 0 || seconds > kMaxAnimationSeconds)
    return "animate: seconds must be a finite number from 0 to " + pe::format_number(kMaxAnimationSeconds) + " (got " +
           pe::format_number(seconds) + ")";
  if (std::string err = check_value(s, f, to); !err.empty()) return "animate: " + err;
  replaced = a.id;
  a = Animation{f, get_value(s, f), to, seconds, 0.0, g_next_id++};
  if (f == Field::pos && s.playing) set_number(s, Field::playing, 0);
  return {};
}

int advance_animation(State& s, Animation& a, double dt) {
  if (!a.id) return 0;
  a.elapsed += std::isfinite(dt) && dt > 0 ? dt : 0.0;
  if (a.elapsed >= a.seconds) return finish_animation(s, a);
  const double v = a.from + (a.to - a.from) * smoothstep(a.elapsed / a.seconds);
  set_number(s, a.field, v);
  return 0;
}

int finish_animation(State& s, Animation& a) {
  const int id = a.id;
  if (!id) return 0;
  set_number(s, a.field, a.to);
  a.id = 0;
  return id;
}

}  // namespace app
