#include "settings.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <iterator>
#include <type_traits>

#include "text/format.hpp"
#include "state_io.hpp"  // sanitise
#include "tour.hpp"

namespace app {

namespace {

// The keys `free` may name (lockable_keys()): the rows of the lesson's settings, in the table's order, and
// each row's bit in `free` (-1: not one of them). Built from the table's key and group columns alone, so it
// is ready before the table itself (whose `free` row lists it as its choices).
struct KeyGroup {
  const char* key;
  Group group;
};
constexpr KeyGroup kKeyGroups[] = {
#define POSENC_X(key, type, init, kind, scope, lo, hi, choices, group, ...) {#key, Group::group},
    POSENC_SETTINGS(POSENC_X)
#undef POSENC_X
};
constexpr bool lockable_group(Group g) {
  return g == Group::none || g == Group::motion || g == Group::encoding || g == Group::model;
}
constexpr size_t count_lockable() {
  size_t n = 0;
  for (const KeyGroup& k : kKeyGroups) n += lockable_group(k.group) ? 1 : 0;
  return n;
}
constexpr auto kLockable = [] {
  std::array<const char*, count_lockable()> out{};
  size_t i = 0;
  for (const KeyGroup& k : kKeyGroups)
    if (lockable_group(k.group)) out[i++] = k.key;
  return out;
}();
constexpr auto kLockableBit = [] {
  std::array<int, static_cast<size_t>(Field::count)> out{};
  int bit = 0;
  for (size_t i = 0; i < out.size(); ++i) out[i] = lockable_group(kKeyGroups[i].group) ? bit++ : -1;
  return out;
}();
static_assert(count_lockable() <= 53, "free keeps one bit per lesson setting in 53 bits");
static_assert(static_cast<int>(View::count) <= 53, "views keeps one bit per lesson in 53 bits");

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

// A list row's bits of its names (kAllNames has these and more: names added later).
std::uint64_t names_mask(Field f) { return (std::uint64_t{1} << choice_names(f).size()) - 1; }

std::string list_text(Field f, std::uint64_t mask) {
  const auto names = choice_names(f);
  if ((mask & names_mask(f)) == names_mask(f)) return "all";
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    if ((mask >> i) & 1) out.append(out.empty() ? "" : ",").append(names[i]);
  return out.empty() ? "none" : out;
}

// A list row's names for a message, cut short where they are many (the schema lists them all).
std::string names_text(Field f) {
  std::string out = join(choice_names(f), ", ");
  if (out.size() <= 240) return out;
  const size_t cut = out.rfind(", ", 220);
  return out.substr(0, cut).append(", ... (the row's choices in PosEnc.schema())");
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// The first lesson `views` offers (views names at least one).
View first_offered(const State& s) {
  for (int i = 0; i < static_cast<int>(View::count); ++i)
    if ((s.views >> i) & 1) return static_cast<View>(i);
  return kPathStart;
}

}  // namespace

std::span<const char* const> lockable_keys() { return kLockable; }

bool may_move(const State& s, Field f) {
  if (f == Field::view || f == Field::step) return !s.lock;
  switch (setting(f).group) {
    case Group::display:
    case Group::reader: return true;
    case Group::figure: return false;
    default: break;
  }
  const int i = static_cast<int>(f);
  const int bit = i >= 0 && i < static_cast<int>(Field::count) ? kLockableBit[static_cast<size_t>(i)] : -1;
  return bit >= 0 && ((s.free >> bit) & 1) != 0;
}

bool view_offered(const State& s, View v) {
  const int i = static_cast<int>(v);
  return i >= 0 && i < static_cast<int>(View::count) && ((s.views >> i) & 1) != 0;
}

View next_offered_view(const State& s, int dir) {
  const int n = static_cast<int>(View::count), step = dir < 0 ? n - 1 : 1;
  for (int i = 1, v = static_cast<int>(s.view); i <= n; ++i) {
    v = (v + step) % n;
    if (view_offered(s, static_cast<View>(v))) return static_cast<View>(v);
  }
  return s.view;
}

bool parse_list(Field f, std::string_view text, double& out, std::string& why) {
  const Setting& r = setting(f);
  const auto names = choice_names(f);
  text = trimmed(text);
  if (text == "all") {
    out = static_cast<double>(kAllNames);
    return true;
  }
  std::uint64_t mask = 0;
  if (text != "none") {
    while (true) {
      const size_t comma = text.find(',');
      const std::string_view item = trimmed(text.substr(0, comma));
      if (!item.empty()) {
        size_t i = 0;
        while (i < names.size() && item != names[i]) ++i;
        if (i == names.size()) {
          why = std::string(r.key).append(": '").append(sanitise(item)).append("' is not one of: ").append(names_text(f));
          return false;
        }
        mask |= std::uint64_t{1} << i;
      }
      if (comma == std::string_view::npos) break;
      text.remove_prefix(comma + 1);
    }
  }
  out = static_cast<double>(mask);
  return true;
}

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
  return setting(f).kind == Kind::choice || setting(f).kind == Kind::list ? 0 : setting(f).min;
}

double max_value(Field f, const State& s) {
  const Setting& r = setting(f);
  switch (r.kind) {
    case Kind::pair_index: return s.d / 2 - 1;
    case Kind::choice: return static_cast<double>(choice_names(f).size()) - 1;
    case Kind::list: return static_cast<double>(kAllNames);
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
    case Field::view: return "views";
    case Field::step: return "views, lock";
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
  // The student's own change of what the figure fixes (a value it already has is no change: the tabs
  // report the open tab every frame).
  if (s.student && v != get_value(s, f) && !may_move(s, f))
    return key + (f == Field::view || f == Field::step ? " is fixed in this figure (lock=1)" : " is fixed in this figure (free does not name it)");
  if (f == Field::view && is_integer(v) && v >= 0 && v < static_cast<double>(View::count) && !view_offered(s, static_cast<View>(static_cast<int>(v))))
    return "view must be one of the lessons offered (views=" + value_text(s, Field::views) + ")";
  if (f == Field::step && is_integer(v) && v > 0 && v <= max_value(f, s)) {
    if (s.lock) return "step must be 0: a locked figure (lock=1) has no tour";
    const TourStep* t = tour_step(static_cast<int>(v));
    if (t && !view_offered(s, t->view))
      return "step " + shortest_number(v) + " is on the lesson " + view_id(t->view) + ", which views=" + value_text(s, Field::views) + " does not offer";
  }
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
    case Kind::list: {
      const bool whole = is_integer(v) && v >= 0 && v <= hi;
      const auto mask = whole ? static_cast<std::uint64_t>(v) : 0;
      if (!whole || (mask != kAllNames && mask > names_mask(f)) || std::popcount(mask & names_mask(f)) < r.min)
        return key + " must be all" + (r.min > 0 ? "" : ", none") + " or names separated by commas" +
               (r.min > 0 ? " (at least one)" : "") + " from: " + names_text(f);
      return {};
    }
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
  // A list that names every name is `all` (and stays all when names are added); the view is one of
  // those offered, and a tour step only on a lesson offered and in a figure that is not locked.
  if ((s.views & names_mask(Field::views)) == names_mask(Field::views)) s.views = kAllNames;
  if ((s.free & names_mask(Field::free)) == names_mask(Field::free)) s.free = kAllNames;
  if (!view_offered(s, s.view)) s.view = first_offered(s);
  if (s.step > 0) {
    const TourStep* t = tour_step(s.step);
    if (s.lock || (t && !view_offered(s, t->view))) s.step = 0;
  }
}

std::string value_text(const State& s, Field f) {
  const double v = get_value(s, f);
  switch (setting(f).kind) {
    case Kind::boolean: return v != 0 ? "1" : "0";
    case Kind::choice: return choice_names(f)[static_cast<size_t>(v)];
    case Kind::list: return list_text(f, static_cast<std::uint64_t>(v));
    default: return shortest_number(v);
  }
}

std::string value_json(const State& s, Field f) {
  switch (setting(f).kind) {
    case Kind::boolean: return get_value(s, f) != 0 ? "true" : "false";
    case Kind::choice:
    case Kind::list: return json_string(value_text(s, f));
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
    case Kind::list:
      return std::string("all").append(r.min > 0 ? "" : " / none").append(" / any of these, separated by commas: ").append(join(choice_names(f), ", "));
  }
  return {};
}

std::string default_text(Field f) {
  const State defaults;
  switch (setting(f).kind) {
    case Kind::boolean: return get_value(defaults, f) != 0 ? "true" : "false";
    case Kind::choice:
    case Kind::list: return std::string("`").append(value_text(defaults, f)).append("`");
    default: return value_text(defaults, f);
  }
}

std::string settings_json() {
  static constexpr const char* kKinds[] = {"integer", "even_integer", "pair_index", "number", "number_above_min",
                                           "boolean", "choice", "list"};
  const State defaults;
  std::string out = "[";
  for (const Setting& r : kSettings) {
    const bool ranged = r.kind != Kind::boolean && r.kind != Kind::choice && r.kind != Kind::list;
    // The static limits: a dependent one (alibiHead's max, t5MaxDistance's min) is the widest it can be,
    // and `dependsOn` names the keys that narrow it (pair has no max: d/2 - 1).
    const double hi = r.field == Field::step ? max_value(r.field, defaults) : r.max;
    out += std::string(&r == kSettings ? "" : ",") + "{\"key\":" + json_string(r.key) +
           ",\"kind\":" + json_string(kKinds[static_cast<int>(r.kind)]) + ",\"scope\":" + json_string(scope_name(r)) +
           (ranged || r.kind == Kind::list ? ",\"min\":" + shortest_number(r.min) : std::string()) +
           (ranged && r.kind != Kind::pair_index ? ",\"max\":" + shortest_number(hi) : std::string()) +
           ",\"default\":" + value_json(defaults, r.field) + ",\"meaning\":" + json_string(r.meaning) +
           ",\"allowed\":" + json_string(allowed_text(r.field));
    if (r.kind == Kind::choice || r.kind == Kind::list) {
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
