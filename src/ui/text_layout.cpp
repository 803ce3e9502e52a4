#include "ui/text_layout.hpp"

#include <algorithm>

#include "imgui_internal.h"  // the window's text wrap position (text_wrapped_at_spaces)

namespace app {

namespace detail {

namespace {
// Signs of a relation, which keep the words on either side of them on their line.
bool relation_sign_at(std::string_view t, size_t i) {
  if (i >= t.size()) return false;
  if (t[i] == '=') return true;
  // ≈ (E2 89 88), ≠ (E2 89 A0), ≤ (E2 89 A4), ≥ (E2 89 A5)
  if (i + 2 < t.size() && t[i] == '\xE2' && t[i + 1] == '\x89') {
    const char c = t[i + 2];
    return c == '\x88' || c == '\xA0' || c == '\xA4' || c == '\xA5';
  }
  return false;
}
bool relation_sign_ends_at(std::string_view t, size_t end) {  // the sign's last byte is t[end - 1]
  if (end >= 1 && t[end - 1] == '=') return true;
  return end >= 3 && relation_sign_at(t, end - 3);
}
// The word that ends at `end` or begins at `begin`: a run of non-spaces, which also ends where a line
// may break between Chinese characters ("指针：pos": the word before " + k" is "pos").
std::string_view word_ending_at(std::string_view t, size_t end) {
  size_t b = end;
  while (b > 0 && t[b - 1] != ' ' && t[b - 1] != '\n' && !(b < end && cjk_break_at(t, b))) --b;
  return t.substr(b, end - b);
}
std::string_view word_starting_at(std::string_view t, size_t begin) {
  size_t e = begin;
  while (e < t.size() && t[e] != ' ' && t[e] != '\n' && !(e > begin && cjk_break_at(t, e))) ++e;
  return t.substr(begin, e - begin);
}
// A lone arithmetic operator: - + − × · /
bool is_operator(std::string_view w) {
  return w == "-" || w == "+" || w == "/" || w == "\xE2\x88\x92" || w == "\xC3\x97" || w == "\xC2\xB7";
}
// A short operand ("n", "pos", "2i"): an expression of such operands stays whole ("n - m", "pos + k").
bool is_short(std::string_view w) { return !w.empty() && w.size() <= 4; }
}  // namespace

bool may_break_at(std::string_view text, size_t at) {
  size_t before = at, after = at;
  while (before > 0 && text[before - 1] == ' ') --before;
  while (after < text.size() && text[after] == ' ') ++after;
  if (before == 0 || after >= text.size() || text[after] == '\n') return true;
  if (relation_sign_ends_at(text, before) || relation_sign_at(text, after)) return false;
  const std::string_view prev = word_ending_at(text, before), next = word_starting_at(text, after);
  if (is_operator(prev) && is_short(next)) {  // "n - | m": the operand before the operator must be short too
    size_t b = before - prev.size();
    while (b > 0 && text[b - 1] == ' ') --b;
    if (b > 0 && is_short(word_ending_at(text, b))) return false;
  }
  if (is_operator(next) && is_short(prev)) {  // "n | - m"
    size_t e = after + next.size();
    while (e < text.size() && text[e] == ' ') ++e;
    if (e < text.size() && is_short(word_starting_at(text, e))) return false;
  }
  return true;
}

namespace {
// The code point of the UTF-8 character starting at t[i] (0 for a continuation byte or past the end).
unsigned code_point_at(std::string_view t, size_t i) {
  if (i >= t.size()) return 0;
  const auto b = static_cast<unsigned char>(t[i]);
  if (b < 0x80) return b;
  if ((b & 0xC0) == 0x80) return 0;
  const int n = (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : 4;
  unsigned cp = n == 2 ? (b & 0x1Fu) : n == 3 ? (b & 0x0Fu) : (b & 0x07u);
  for (int k = 1; k < n; ++k) cp = (cp << 6) | (i + static_cast<size_t>(k) < t.size() ? static_cast<unsigned char>(t[i + static_cast<size_t>(k)]) & 0x3Fu : 0u);
  return cp;
}
size_t char_start_before(std::string_view t, size_t i) {
  size_t b = i;
  while (b > 0 && (static_cast<unsigned char>(t[--b]) & 0xC0) == 0x80) {}
  return b;
}
// Chinese script and its punctuation: CJK symbols, kana, ideographs and the fullwidth forms.
bool cjk(unsigned cp) { return (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFF00 && cp <= 0xFFEF); }
// Punctuation a line never starts with (，。、；：！？）」』》 and the closing quotes), and punctuation it
// never ends with (（「『《 and the opening quotes).
bool closing(unsigned cp) {
  return cp == 0xFF0C || cp == 0x3002 || cp == 0x3001 || cp == 0xFF1B || cp == 0xFF1A || cp == 0xFF01 || cp == 0xFF1F ||
         cp == 0xFF09 || cp == 0x300D || cp == 0x300F || cp == 0x300B || cp == 0x3009 || cp == 0x201D || cp == 0x2019 ||
         cp == 0x2026 || cp == ')' || cp == ',' || cp == '.' || cp == ';' || cp == ':';
}
bool opening(unsigned cp) {
  return cp == 0xFF08 || cp == 0x300C || cp == 0x300E || cp == 0x300A || cp == 0x3008 || cp == 0x201C || cp == 0x2018 || cp == '(';
}
}  // namespace

bool cjk_break_at(std::string_view text, size_t at) {
  if (at == 0 || at >= text.size()) return false;
  const unsigned next = code_point_at(text, at);
  if (next == 0 || next == ' ' || next == '\n') return false;
  const unsigned prev = code_point_at(text, char_start_before(text, at));
  if (prev == ' ' || prev == '\n') return false;
  return (cjk(prev) || cjk(next)) && !closing(next) && !opening(prev);
}

size_t next_cut(std::string_view text, size_t from, size_t end) {
  for (size_t q = from; q < end; ++q) {
    if (text[q] == ' ' ? may_break_at(text, q) : cjk_break_at(text, q)) return q;
  }
  return end;
}

bool relation_follows(std::string_view text, size_t at) {
  size_t after = at;
  while (after < text.size() && text[after] == ' ') ++after;
  return after < text.size() && relation_sign_at(text, after);
}

}  // namespace detail

std::string shown_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0') {
      out.push_back(' ');
      ++i;
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

namespace {
std::vector<TextLine> wrap_in_font(std::string_view text, float width) {
  return wrap_at_spaces(text, width, [](std::string_view line) {
    const std::string t = shown_text(line);
    return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x;
  });
}
}  // namespace

ImVec2 wrapped_text_size(std::string_view text, float width) {
  const std::string t = shown_text(text);
  ImVec2 size(0, 0);
  for (const TextLine& l : wrap_in_font(t, width)) {
    size.x = std::max(size.x, ImGui::CalcTextSize(t.data() + l.begin, t.data() + l.end).x);
    size.y += ImGui::GetTextLineHeight();
  }
  return size;
}

ImVec2 add_text_wrapped(ImDrawList* dl, ImVec2 pos, ImU32 col, std::string_view text, float width) {
  const std::string t = shown_text(text);
  const float line = ImGui::GetTextLineHeight();
  ImVec2 size(0, 0);
  for (const TextLine& l : wrap_in_font(t, width)) {
    dl->AddText(ImVec2(pos.x, pos.y + size.y), col, t.data() + l.begin, t.data() + l.end);
    size.x = std::max(size.x, ImGui::CalcTextSize(t.data() + l.begin, t.data() + l.end).x);
    size.y += line;
  }
  return size;
}

void text_wrapped_at_spaces(std::string_view text, float width) {
  if (text.empty()) return;
  if (width <= 0) {
    width = ImGui::GetContentRegionAvail().x;
    // A wrap position the caller pushed (ImGui::PushTextWrapPos) narrows the line, as for TextWrapped.
    const ImGuiWindow* w = ImGui::GetCurrentWindow();
    if (w->DC.TextWrapPos > 0) width = std::min(width, w->Pos.x - w->Scroll.x + w->DC.TextWrapPos - w->DC.CursorPos.x);
    width = std::max(width, 1.0f);
  }
  const std::string t = shown_text(text);
  const std::vector<TextLine> lines = wrap_in_font(t, width);
  ImGui::PushTextWrapPos(-1.0f);  // the lines are cut here; ImGui must not wrap them again
  ImGui::BeginGroup();
  for (size_t i = 0; i < lines.size(); ++i) {
    // Lines of one paragraph sit as close as TextWrapped's; the usual item spacing follows the last.
    const bool last = i + 1 == lines.size();
    if (!last) ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
    ImGui::TextUnformatted(t.data() + lines[i].begin, t.data() + lines[i].end);
    if (!last) ImGui::PopStyleVar();
  }
  ImGui::EndGroup();
  ImGui::PopTextWrapPos();
}

bool same_line_if_fits(float w, float spacing) {
  const float gap = spacing < 0 ? ImGui::GetStyle().ItemSpacing.x : spacing;
  // The right edge of the window's content, or of the table cell (GetContentRegionMax knows both).
  const float right = ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + gap + w > right + 0.5f) return false;
  ImGui::SameLine(0, gap);
  return true;
}

float button_width(const char* label) { return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x; }

float checkbox_width(const char* label) {
  const float text = ImGui::CalcTextSize(label, nullptr, true).x;
  return ImGui::GetFrameHeight() + (text > 0 ? ImGui::GetStyle().ItemInnerSpacing.x + text : 0.0f);
}

float combo_width(float words) { return words + ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x; }

std::string pad_to_width(std::string text, float width, bool at_end) {
  const float half_blank = ImGui::CalcTextSize(" ").x / 2;
  for (int n = 0; n < 200 && ImGui::CalcTextSize(text.c_str()).x + half_blank < width; ++n) text.insert(at_end ? text.size() : 0, 1, ' ');
  return text;
}

void text_flow_after(std::string_view text) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;  // the line's end
  const float room = right - ImGui::GetItemRectMax().x - st.ItemSpacing.x;
  const auto measure = [](std::string_view t) {
    const std::string s = shown_text(t);
    return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x;
  };
  const std::vector<TextLine> first = wrap_at_spaces(text, room, measure);
  if (first.empty() || measure(text.substr(first[0].begin, first[0].end - first[0].begin)) > room) {
    text_wrapped_at_spaces(text);  // not even its first word fits beside the item
    return;
  }
  ImGui::SameLine();
  const std::string line = shown_text(text.substr(first[0].begin, first[0].end - first[0].begin));
  ImGui::TextUnformatted(line.c_str());
  if (first.size() > 1) text_wrapped_at_spaces(text.substr(first[1].begin));
}

void text_after(std::string_view text, float spacing) {
  const std::string t = shown_text(text);
  same_line_if_fits(ImGui::CalcTextSize(t.data(), t.data() + t.size()).x, spacing);
  text_wrapped_at_spaces(text);
}

}  // namespace app
