#include "state_io.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <utility>

#include "text/format.hpp"
#include "text/json_write.hpp"
#include "text/number.hpp"
#include "text/percent.hpp"
#include "tour.hpp"

namespace app {

namespace {

constexpr int kMaxParts = 64;

// The text of a value as the number the table stores; nullopt with the reason in `why` otherwise.
std::optional<double> parse_value(Field f, std::string_view value, std::string& why) {
  const Setting& r = setting(f);
  if (r.kind == Kind::boolean) {
    if (value == "true" || value == "1") return 1.0;
    if (value == "false" || value == "0") return 0.0;
    why = std::string(r.key) + " must be true or false (1 or 0)";
    return std::nullopt;
  }
  if (r.kind == Kind::list) {
    double mask = 0;
    if (parse_list(f, value, mask, why)) return mask;
    return std::nullopt;
  }
  if (r.kind == Kind::choice) {
    const auto names = choice_names(f);
    for (size_t i = 0; i < names.size(); ++i)
      if (value == names[i]) return static_cast<double>(i);
    why = check_value(State{}, f, -1);  // "... must be one of: ..."
    return std::nullopt;
  }
  double v = 0;
  // A NUL (e.g. "%00" in a URL) would end the text early for strtod: "64%00junk" must not read as 64;
  // parse_number refuses it with every other text that is not one number.
  if (parse_number(value, v)) return v;
  why = std::string(r.key) + " must be a number";
  return std::nullopt;
}

using Values = std::optional<std::string>[static_cast<int>(Field::count)];

// Applies the values given: what the figure offers and locks first (views, lock: a tour step is checked
// against them), then a tour step (its preset sets the scene), then the rest in the table's order, so they
// win over the preset. Rejections go to `rejected` when given.
void apply_values(State& s, const Values& values, std::vector<Rejection>* rejected) {
  const auto apply = [&](const Setting& r) {
    const auto& v = values[static_cast<int>(r.field)];
    if (!v) return;
    const std::string err = set_field(s, r.key, *v);
    if (!err.empty() && rejected) rejected->push_back({r.key, sanitise(*v), err});
  };
  constexpr Field kFirst[] = {Field::views, Field::lock, Field::step};
  for (const Field f : kFirst) apply(setting(f));
  for (const Setting& r : settings())
    if (std::find(std::begin(kFirst), std::end(kFirst), r.field) == std::end(kFirst)) apply(r);
}

// A tour step's preset, as the step starts. Under reduced motion it never starts playing.
void apply_preset(State& s, int step) {
  const TourStep* t = tour_step(step);
  if (!t) return;
  Values values;
  for (const auto& [key, value] : t->preset) {
    Field f;
    if (field_from_key(key, f)) values[static_cast<int>(f)] = value;
  }
  const bool was_playing = s.playing;
  // The preset is the tour's (the author's), not the student's move: what `free` fixes it still sets.
  const bool student = std::exchange(s.student, false);
  apply_values(s, values, nullptr);
  s.student = student;
  if (s.reduced_motion && s.playing && !was_playing) s.playing = false;
}

}  // namespace

std::string sanitise(std::string_view text, size_t max_len) {
  std::string out;
  for (char ch : text) {
    if (out.size() >= max_len) {
      out += "...";
      break;
    }
    out += (ch >= 0x20 && ch < 0x7f) ? ch : '?';
  }
  return out;
}

std::string set_number(State& s, Field f, double value) {
  if (f == Field::count) return "unknown field";
  std::string err = check_value(s, f, value);
  if (err.empty()) store_value(s, f, value);
  return err;
}

std::string set_view(State& s, View v) { return set_number(s, Field::view, static_cast<double>(static_cast<int>(v))); }

std::string set_field(State& s, std::string_view key, std::string_view value) {
  Field f;
  if (!field_from_key(key, f)) return "not a setting of PosEnc Lab";
  std::string why;
  const std::optional<double> v = parse_value(f, value, why);
  if (!v) return why;
  if (f == Field::step) {
    const std::string err = check_value(s, f, *v);
    return err.empty() ? set_step(s, static_cast<int>(*v)) : err;
  }
  return set_number(s, f, *v);
}

std::string set_step(State& s, int step) {
  std::string err = check_value(s, Field::step, step);
  if (!err.empty()) return err;
  if (step > 0 && step != s.step) apply_preset(s, step);
  s.step = step;
  return {};
}

void set_reduced_motion(State& s, bool reduced) {
  s.reduced_motion = reduced;
  if (reduced) s.playing = false;
}

std::vector<Rejection> apply_query(State& s, std::string_view query, PageKeys* page) {
  if (!query.empty() && query.front() == '?') query.remove_prefix(1);
  std::vector<Rejection> rejected;
  Values values;
  int count = 0;
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view part = query.substr(0, amp);
    query = (amp == std::string_view::npos) ? std::string_view{} : query.substr(amp + 1);
    if (part.empty()) continue;
    if (++count > kMaxParts) {
      rejected.push_back({"(rest)", "", "too many parameters; the rest were ignored"});
      break;
    }
    const size_t eq = part.find('=');
    const std::string key = percent_decode(part.substr(0, eq), true);
    const std::string value = eq == std::string_view::npos ? std::string{} : percent_decode(part.substr(eq + 1), true);
    Field f;
    if (field_from_key(key, f)) {
      values[static_cast<int>(f)] = value;
      continue;
    }
    if (page && std::find(std::begin(kPageKeys), std::end(kPageKeys), key) != std::end(kPageKeys)) {
      page->query += std::string(page->query.empty() ? "" : "&") + std::string(part);
      if (key == "origins") {
        page->has_origins = true;
        page->origins = value;
      } else if (value == "1" || value == "true" || value == "0" || value == "false") {
        page->embed = value == "1" || value == "true";
      } else {
        rejected.push_back({key, sanitise(value), "embed must be 1 or 0"});
      }
      continue;
    }
    rejected.push_back({sanitise(key), sanitise(value), "not a setting of PosEnc Lab"});
  }
  apply_values(s, values, &rejected);
  return rejected;
}

std::string to_query(const State& s, bool omit_defaults) {
  const State defaults;
  std::string out;
  for (const Setting& r : settings()) {
    const std::string v = value_text(s, r.field);
    if (omit_defaults && r.field != Field::view && v == value_text(defaults, r.field)) continue;
    out += std::string(out.empty() ? "" : "&") + r.key + "=" + url_encode(v);
  }
  return out;
}

std::string to_json(const State& s) {
  JsonWriter w;
  w.raw("{");
  for (const Setting& r : settings()) {
    if (w.out.size() > 1) w.raw(",");
    w.key(r.key);
    w.raw(value_json(s, r.field));
  }
  w.raw("}");
  return std::move(w.out);
}

std::string rejections_to_json(const std::vector<Rejection>& r) {
  JsonWriter w;
  w.raw("[");
  for (size_t i = 0; i < r.size(); ++i) {
    if (i) w.raw(",");
    w.raw("{"); w.key("key"); w.str(r[i].key);
    w.raw(","); w.key("value"); w.str(r[i].value);
    w.raw(","); w.key("reason"); w.str(r[i].reason);
    w.raw("}");
  }
  w.raw("]");
  return std::move(w.out);
}

}  // namespace app
