#include "settings.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <type_traits>

#include "text/format.hpp"
#include "tour.hpp"

namespace app {

namespace {

// Not constexpr: the experiment's rows read their limits from the engine's table (a constant-initialised
// array, so it is ready before this one is built).
const Setting kSettings[] = {
#define POSENC_X(key, type, init, kind, scope, lo, hi, choices, group, label, slo, shi, format, scale, meaning)        \
  {Field::key, #key, Kind::kind, View::scope, double(lo), double(hi), std::span<const char* const>(choices), Group::group, \
   label, double(slo), double(shi), format, Scale::scale, meaning},
#define all count
    POSENC_SETTINGS(POSENC_X)
#undef all
#undef POSENC_X
};
static_assert(sizeof(kSettings) / sizeof(kSettings[0]) == static_cast<size_t>(Field::count));

// The shared rows each view reads (the lesson registry's `reads` column), one bit per Field.
namespace reads {
[[maybe_unused]] constexpr std::uint64_t none = 0;
#define POSENC_X(key, ...) [[maybe_unused]] constexpr std::uint64_t key = std::uint64_t{1} << static_cast<int>(Field::key);
POSENC_SETTINGS(POSENC_X)
#undef POSENC_X
static_assert(static_cast<int>(Field::count) <= 64, "one bit per field");
constexpr std::uint64_t kReads[] = {
#define POSENC_X(id, label, chapter, cores, bits, tour) bits,
    POSENC_LESSONS(POSENC_X)
#undef POSENC_X
};
}  // namespace reads

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

std::span<const char* const> choice_names(Field f) { return setting(f).choices; }

double min_value(Field f, const State& s) {
  if (f == Field::t5MaxDistance) return schemes_exact(s.t5Buckets, s.t5Bidirectional) + 1;
  return setting(f).kind == Kind::choice ? 0 : setting(f).min;
}

double max_value(Field f, const State& s) {
  const Setting& r = setting(f);
  switch (r.kind) {
    case Kind::pair_index: return s.d / 2 - 1;
    case Kind::choice: return static_cast<double>(choice_names(f).size()) - 1;
    default: break;
  }
  if (f == Field::step) return tour_step_count();
  if (f == Field::alibiHead) return s.alibiHeads - 1;
  return r.max;
}

const char* depends_on(Field f) {
  switch (f) {
    case Field::pair: return "d";
    case Field::alibiHead: return "alibiHeads";
    case Field::t5MaxDistance: return "t5Buckets, t5Bidirectional";
    default: return "";
  }
}

bool in_scope(const Setting& r, View v) {
  if (r.scope != View::count) return r.scope == v;
  if (r.group != Group::motion && r.group != Group::encoding) return true;
  const int i = static_cast<int>(v);
  if (i < 0 || i >= static_cast<int>(View::count)) return false;
  // speed moves pos: it is read wherever pos is (the registry's reads column names pos only).
  const Field f = r.field == Field::speed ? Field::pos : r.field;
  return (reads::kReads[i] & (std::uint64_t{1} << static_cast<int>(f))) != 0;
}

const char* scope_name(const Setting& r) { return r.scope == View::count ? "all" : view_id(r.scope); }

double get_value(const State& s, Field f) {
  switch (f) {
#define POSENC_X(key, ...) \
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
  const double lo = min_value(f, s), hi = max_value(f, s);
  const std::string range = limit_text(lo) + " to " + limit_text(hi);
  // Where a limit depends on other keys, the message says on what values.
  std::string where;
  if (f == Field::alibiHead) where = " for alibiHeads = " + std::to_string(s.alibiHeads);
  if (f == Field::t5MaxDistance)
    where = std::string(" for t5Buckets = ").append(std::to_string(s.t5Buckets)).append(s.t5Bidirectional ? ", bidirectional" : ", one-way");
  switch (r.kind) {
    case Kind::integer:
      if (!is_integer(v) || v < lo || v > hi) return key + " must be an integer from " + range + where + got;
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
#define POSENC_X(key, ...) \
  case Field::key: assign(s.key, v); break;
    POSENC_SETTINGS(POSENC_X)
#undef POSENC_X
    case Field::count: break;
  }
  // The invariants of the dependent limits: a narrower model keeps the last pair selected, fewer heads
  // the last head, and T5's max distance stays above the exact buckets of new buckets or direction.
  if (s.pair > s.d / 2 - 1) s.pair = s.d / 2 - 1;
  if (s.alibiHead > s.alibiHeads - 1) s.alibiHead = s.alibiHeads - 1;
  s.t5MaxDistance = std::max(s.t5MaxDistance, schemes_exact(s.t5Buckets, s.t5Bidirectional) + 1);
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
  if (f == Field::alibiHead) return "integer 0..alibiHeads-1";
  if (f == Field::t5MaxDistance) return std::string("integer E+1..").append(limit_text(r.max)).append(" (E = t5Buckets/4, or /2 one-way)");
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

std::string default_text(Field f) {
  const State defaults;
  switch (setting(f).kind) {
    case Kind::boolean: return get_value(defaults, f) != 0 ? "true" : "false";
    case Kind::choice: return std::string("`").append(value_text(defaults, f)).append("`");
    default: return value_text(defaults, f);
  }
}

std::string settings_json() {
  static constexpr const char* kKinds[] = {"integer", "even_integer", "pair_index", "number", "number_above_min",
                                           "boolean", "choice"};
  const State defaults;
  std::string out = "[";
  for (const Setting& r : kSettings) {
    const bool ranged = r.kind != Kind::boolean && r.kind != Kind::choice;
    // The static limits: a dependent one (alibiHead's max, t5MaxDistance's min) is the widest it can be,
    // and `dependsOn` names the keys that narrow it (pair has no max: d/2 - 1).
    const double hi = r.field == Field::step ? max_value(r.field, defaults) : r.max;
    out += std::string(r.field == Field::view ? "" : ",") + "{\"key\":" + json_string(r.key) +
           ",\"kind\":" + json_string(kKinds[static_cast<int>(r.kind)]) + ",\"scope\":" + json_string(scope_name(r)) +
           (ranged ? ",\"min\":" + shortest_number(r.min) : std::string()) +
           (ranged && r.kind != Kind::pair_index ? ",\"max\":" + shortest_number(hi) : std::string()) +
           ",\"default\":" + value_json(defaults, r.field) + ",\"meaning\":" + json_string(r.meaning) +
           ",\"allowed\":" + json_string(allowed_text(r.field));
    if (r.kind == Kind::choice) {
      out += ",\"choices\":[";
      const auto names = choice_names(r.field);
      for (size_t i = 0; i < names.size(); ++i) out += std::string(i ? "," : "") + json_string(names[i]);
      out += "]";
    }
    if (*depends_on(r.field) && r.kind != Kind::pair_index) out += ",\"dependsOn\":" + json_string(depends_on(r.field));
    out += "}";
  }
  return out + "]";
}

}  // namespace app
