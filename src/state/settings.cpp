#include "settings.hpp"

#include <cmath>
#include <type_traits>

#include "text/format.hpp"
#include "tour.hpp"

namespace app {

namespace {

// Not constexpr: the experiment's rows read their limits from the engine's table (a constant-initialised
// array, so it is ready before this one is built).
const Setting kSettings[] = {
#define POSENC_X(key, kind, lo, hi, meaning) {Field::key, #key, Kind::kind, double(lo), double(hi), meaning},
    POSENC_SETTINGS(POSENC_X)
#undef POSENC_X
};
static_assert(sizeof(kSettings) / sizeof(kSettings[0]) == static_cast<size_t>(Field::count));

constexpr const char* kPaletteNames[] = {"standard", "colorblind"};
constexpr const char* kThemeNames[] = {"light", "dark", "auto"};
constexpr const char* kTextNames[] = {"auto", "full", "summary", "off"};

template <class T>
double as_number(T v) {
  if constexpr (std::is_enum_v<T>) return static_cast<double>(static_cast<int>(v));
  else return static_cast<double>(v);
}

template <class T>
void assign(T& member, double v) {
  if constexpr (std::is_enum_v<T>) member = static_cast<T>(static_cast<int>(v));
  else if constexpr (std::is_same_v<T, bool>) member = v != 0.0;
  else member = static_cast<T>(v);
}

bool is_integer(double v) { return std::isfinite(v) && std::floor(v) == v; }

// A limit as a person writes it: 1e9 and 1e12 rather than 1000000000.
std::string limit_text(double v) {
  const double a = std::fabs(v);
  if (a >= 1e6) {
    const double e = std::round(std::log10(a));
    if (std::pow(10.0, e) == a) return std::string(v < 0 ? "-" : "") + "1e" + std::to_string(static_cast<int>(e));
  }
  return shortest_number(v);
}

std::string join(std::span<const char* const> names, const char* sep) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += std::string(i ? sep : "") + names[i];
  return out;
}

}  // namespace

std::span<const Setting> settings() { return kSettings; }
const Setting& setting(Field f) {
  const int i = static_cast<int>(f);
  return kSettings[i >= 0 && i < static_cast<int>(Field::count) ? i : 0];  // Field::count is no row
}
const char* field_key(Field f) { return setting(f).key; }

bool field_from_key(std::string_view key, Field& out) {
  for (const Setting& r : kSettings)
    if (key == r.key) {
      out = r.field;
      return true;
    }
  return false;
}

std::span<const char* const> choice_names(Field f) {
  switch (f) {
    case Field::view: return view_ids();
    case Field::palette: return kPaletteNames;
    case Field::theme: return kThemeNames;
    case Field::text: return kTextNames;
    case Field::task: return train::task_names();
    case Field::encoding: return train::encoding_names();
    default: return {};
  }
}

double max_value(Field f, const State& s) {
  const Setting& r = setting(f);
  switch (r.kind) {
    case Kind::pair_index: return s.d / 2 - 1;
    case Kind::choice: return static_cast<double>(choice_names(f).size()) - 1;
    default: return f == Field::step ? tour_step_count() : r.max;
  }
}

double get_value(const State& s, Field f) {
  switch (f) {
#define POSENC_X(key, kind, lo, hi, meaning) \
  case Field::key: return as_number(s.key);
    POSENC_SETTINGS(POSENC_X)
#undef POSENC_X
    case Field::count: break;
  }
  return 0;
}

std::string check_value(const State& s, Field f, double v) {
  const Setting& r = setting(f);
  const std::string key = r.key, got = " (got " + pe::format_number(v) + ")";
  const double lo = r.min, hi = max_value(f, s);
  const std::string range = limit_text(lo) + " to " + limit_text(hi);
  switch (r.kind) {
    case Kind::integer:
      if (!is_integer(v) || v < lo || v > hi) return key + " must be an integer from " + range + got;
      return {};
    case Kind::even_integer:
      if (!is_integer(v) || v < lo || v > hi || std::fmod(v, 2.0) != 0.0) return key + " must be an even integer from " + range + got;
      return {};
    case Kind::pair_index:
      if (!is_integer(v) || v < lo || v > hi)
        return key + " must be an integer from " + range + " for d = " + std::to_string(s.d) + got;
      return {};
    case Kind::number:
      if (!std::isfinite(v) || v < lo || v > hi) return key + " must be a finite number from " + range + got;
      return {};
    case Kind::number_above_min:
      if (!std::isfinite(v) || v <= lo || v > hi)
        return key + " must be a number greater than " + limit_text(lo) + " and at most " + limit_text(hi) + got;
      return {};
    case Kind::boolean:
      if (v != 0.0 && v != 1.0) return key + " must be true or false (1 or 0)";
      return {};
    case Kind::choice:
      if (!is_integer(v) || v < 0 || v > hi) return key + " must be one of: " + join(choice_names(f), ", ");
      return {};
  }
  return "unknown setting";
}

void store_value(State& s, Field f, double v) {
  switch (f) {
#define POSENC_X(key, kind, lo, hi, meaning) \
  case Field::key: assign(s.key, v); break;
    POSENC_SETTINGS(POSENC_X)
#undef POSENC_X
    case Field::count: break;
  }
  if (s.pair > s.d / 2 - 1) s.pair = s.d / 2 - 1;  // a narrower model keeps the last pair selected
}

std::string value_text(const State& s, Field f) {
  const double v = get_value(s, f);
  switch (setting(f).kind) {
    case Kind::boolean: return v != 0 ? "1" : "0";
    case Kind::choice: return choice_names(f)[static_cast<size_t>(v)];
    default: return shortest_number(v);
  }
}

std::string value_json(const State& s, Field f) {
  switch (setting(f).kind) {
    case Kind::boolean: return get_value(s, f) != 0 ? "true" : "false";
    case Kind::choice: return json_string(value_text(s, f));
    default: return value_text(s, f);
  }
}

std::string allowed_text(Field f) {
  const Setting& r = setting(f);
  const State defaults;
  const std::string range = limit_text(r.min) + "..";
  switch (r.kind) {
    case Kind::integer: return "integer " + range + limit_text(max_value(f, defaults));
    case Kind::even_integer: return "even integer " + range + limit_text(r.max);
    case Kind::pair_index: return "integer 0..d/2-1";
    case Kind::number: return "number " + range + limit_text(r.max);
    case Kind::number_above_min: return "number > " + limit_text(r.min) + ", <= " + limit_text(r.max);
    case Kind::boolean: return "true/false/1/0";
    case Kind::choice: return join(choice_names(f), " / ");
  }
  return {};
}

std::string settings_json() {
  static constexpr const char* kKinds[] = {"integer", "even_integer", "pair_index", "number", "number_above_min",
                                           "boolean", "choice"};
  const State defaults;
  std::string out = "[";
  for (const Setting& r : kSettings) {
    const bool ranged = r.kind != Kind::boolean && r.kind != Kind::choice;
    out += std::string(r.field == Field::view ? "" : ",") + "{\"key\":" + json_string(r.key) +
           ",\"kind\":" + json_string(kKinds[static_cast<int>(r.kind)]) +
           (ranged ? ",\"min\":" + shortest_number(r.min) : std::string()) +
           (ranged && r.kind != Kind::pair_index ? ",\"max\":" + shortest_number(max_value(r.field, defaults)) : std::string()) +
           ",\"default\":" + value_json(defaults, r.field) + ",\"meaning\":" + json_string(r.meaning) +
           ",\"allowed\":" + json_string(allowed_text(r.field));
    if (r.kind == Kind::choice) {
      out += ",\"choices\":[";
      const auto names = choice_names(r.field);
      for (size_t i = 0; i < names.size(); ++i) out += std::string(i ? "," : "") + json_string(names[i]);
      out += "]";
    }
    out += "}";
  }
  return out + "]";
}

}  // namespace app
