#include "text/number_style.hpp"

#include "text/number.hpp"

namespace app {

namespace {
NumberStyle g_style = kPlainNumbers;
bool digit(char c) { return c >= '0' && c <= '9'; }

// `digits` with `group` between threes, counted from the right, when there are at least `from` of them.
void append_grouped(std::string& out, std::string_view digits, char group, int from) {
  const bool grouping = group != 0 && static_cast<int>(digits.size()) >= from;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (grouping && i > 0 && (digits.size() - i) % 3 == 0) out += group;
    out += digits[i];
  }
}

// Whether `whole` is digits with `group` exactly between threes from the right (1.234.567, 60.611, 999).
bool validly_grouped(std::string_view whole, char group) {
  size_t run = 0;
  bool seen = false;
  for (size_t i = 0; i < whole.size(); ++i) {
    if (whole[i] == group) {
      if (run == 0 || (seen && run != 3) || run > 3) return false;
      seen = true;
      run = 0;
    } else if (digit(whole[i])) {
      ++run;
    } else {
      return false;
    }
  }
  return !seen || run == 3;
}
}  // namespace

void set_number_style(const NumberStyle& style) { g_style = style; }
const NumberStyle& number_style() { return g_style; }
const char* number_list_separator() { return g_style.list_separator; }

std::string styled_number(std::string_view c_text, const NumberStyle& style, bool group_digits) {
  std::string out;
  out.reserve(c_text.size() + 8);
  size_t i = 0;
  while (i < c_text.size()) {
    if (!digit(c_text[i])) {
      out += c_text[i++];
      continue;
    }
    size_t j = i;
    while (j < c_text.size() && digit(c_text[j])) ++j;
    append_grouped(out, c_text.substr(i, j - i), group_digits ? style.group : 0, style.group_from);
    i = j;
    if (i + 1 < c_text.size() && c_text[i] == '.' && digit(c_text[i + 1])) {
      out += style.decimal;
      for (++i; i < c_text.size() && digit(c_text[i]); ++i) out += c_text[i];
    }
  }
  return out;
}

bool parse_styled_number(std::string_view text, const NumberStyle& style, double& out) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.size() > 60) return false;
  // The whole part (after a sign, before the decimal mark or an exponent) may carry the style's group
  // marks, each between threes; they are dropped and the decimal mark becomes a point.
  std::string t(text);
  const size_t sign = !t.empty() && (t[0] == '-' || t[0] == '+') ? 1 : 0;
  size_t end = t.find_first_of("eE", sign);
  if (end == std::string::npos) end = t.size();
  size_t mark = t.find(style.decimal, sign);
  if (mark != std::string::npos && mark > end) mark = std::string::npos;
  if (style.decimal != '.' && style.group != '.' && t.find('.') != std::string::npos) return false;
  const size_t whole_end = mark == std::string::npos ? end : mark;
  const std::string_view whole = std::string_view(t).substr(sign, whole_end - sign);
  std::string c_text = t.substr(0, sign);
  if (style.group != 0 && whole.find(style.group) != std::string_view::npos) {
    if (!validly_grouped(whole, style.group)) {
      // A '.' that cannot be a thousands separator (0.5, 2.75) is the C locale's decimal point, read
      // as written, when the style's own decimal mark is absent.
      if (style.group != '.' || mark != std::string::npos) return false;
      return parse_number(text, out);
    }
    for (char c : whole)
      if (c != style.group) c_text += c;
  } else {
    c_text.append(whole);
  }
  if (mark != std::string::npos) c_text.append(".").append(t.substr(mark + 1));
  else c_text.append(t.substr(whole_end));
  return parse_number(c_text, out);
}

}  // namespace app
