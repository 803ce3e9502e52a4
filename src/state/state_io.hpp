// The single validated path into State, driven by the settings table (settings.hpp).
//
// A change is applied field by field in the table's order (so `pair` is checked against the new d).
// An invalid value is rejected with a reason and leaves its field unchanged; valid fields still apply.
// Unknown keys are reported and ignored. A repeated key: the last one wins.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "settings.hpp"
#include "state.hpp"

namespace app {

struct Rejection {
  std::string key;     // as received (sanitised, at most 40 characters)
  std::string value;   // as received (sanitised, at most 40 characters)
  std::string reason;  // what is allowed
};

// The page-level URL keys, read by the page and never part of the state: `embed` (1/0) and
// `origins` (the embed's allow-list, checked by the page). Collected by apply_query when asked.
inline constexpr const char* kPageKeys[] = {"embed", "origins"};
struct PageKeys {
  bool embed = false;
  bool has_origins = false;
  std::string origins;  // decoded, as given
  std::string query;    // the page-level parts as received, to keep in the address bar
};

// A numeric value (booleans 0/1, choices their index). Returns "" when applied, else the reason.
std::string set_number(State& s, Field f, double value);
std::string set_view(State& s, View v);
// Parses `value` as the key's kind (numbers strictly: the whole text must be a number) and applies it.
std::string set_field(State& s, std::string_view key, std::string_view value);
// Moves the guided tour to `step` (0 ends it). A new step applies its preset first (tour.hpp);
// under reduced motion a preset never starts playing.
std::string set_step(State& s, int step);
// The reader's motion preference; turning it on pauses.
void set_reduced_motion(State& s, bool reduced);
// The browser's prefers-color-scheme: dark (what theme=auto follows).
inline void set_prefers_dark(State& s, bool dark) { s.prefers_dark = dark; }

// Applies a query string ("a=1&b=2", with or without a leading '?', %-encoded). A query that moves
// the tour to a new step applies that step's preset first; the query's own keys still win.
// Page-level keys go to `page` when given, and are reported as unknown otherwise.
std::vector<Rejection> apply_query(State& s, std::string_view query, PageKeys* page = nullptr);

// The state as a query string (every key, or with omit_defaults only those that differ from the
// defaults, `view` always) and as a JSON object.
std::string to_query(const State& s, bool omit_defaults = false);
std::string to_json(const State& s);
std::string rejections_to_json(const std::vector<Rejection>& r);

// Text safe to show anywhere: printable ASCII only, at most `max_len` characters (with "..." if cut).
std::string sanitise(std::string_view text, size_t max_len = 40);

}  // namespace app
