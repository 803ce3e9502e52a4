// A small, strict JSON reader (RFC 8259) for the training results the experiment view receives
// (src/train/result.hpp's to_json): one DOM value per call, objects keep their members in order.
//
// Strict: no comments, no trailing commas, no leading zeros, no bare control characters in strings,
// no lone UTF-16 surrogates in \u escapes, nothing but whitespace after the value. Numbers are read with
// std::strtod (the app never sets a locale), so every double printed with %.17g reads back exactly; a
// number that overflows a double is an error ("number out of range"). Nesting deeper than
// kJsonMaxDepth arrays/objects is an error, so no input can exhaust the stack. Bytes >= 0x80 in strings
// are copied as they are (not checked as UTF-8).
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace app {

inline constexpr int kJsonMaxDepth = 64;

struct Json {
  enum class Type { null, boolean, number, string, array, object };
  Type type = Type::null;
  bool b = false;
  double num = 0;
  std::string str;
  std::vector<Json> items;                            // array
  std::vector<std::pair<std::string, Json>> members;  // object, in order (a repeated key: the first wins)

  // Declared here and defaulted in the .cpp: defined in the class, they would need pair<string, Json>
  // complete while Json is not yet (clang with libstdc++ refuses that).
  Json();
  Json(const Json&);
  Json(Json&&) noexcept;
  Json& operator=(const Json&);
  Json& operator=(Json&&) noexcept;
  ~Json();

  bool is_null() const { return type == Type::null; }
  bool is_bool() const { return type == Type::boolean; }
  bool is_number() const { return type == Type::number; }
  bool is_string() const { return type == Type::string; }
  bool is_array() const { return type == Type::array; }
  bool is_object() const { return type == Type::object; }
  size_t size() const;                                 // items or members; 0 for the other types
  const Json* find(std::string_view key) const;        // the member, or nullptr
  const Json& operator[](std::string_view key) const;  // the member, or a null value
  const Json& operator[](size_t i) const;              // the item, or a null value
  double number(double fallback = 0) const;            // num if a finite number, else fallback
  bool boolean(bool fallback = false) const { return is_bool() ? b : fallback; }
  std::string_view string(std::string_view fallback = {}) const { return is_string() ? std::string_view(str) : fallback; }
};

// Parses `text` into `out`. On an error returns false, leaves `out` null and sets `error` to
// "<what> at byte <offset>". Never throws (short of running out of memory) and never crashes.
bool parse_json(std::string_view text, Json& out, std::string& error);

}  // namespace app
