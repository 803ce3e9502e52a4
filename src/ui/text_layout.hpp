// Text laid out for the canvas and for narrow windows: wrapping that never breaks inside a number or a
// relation, and flow layout (items that stay on their line while they fit, else start a new one).
#pragma once
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "imgui.h"

namespace app {

// [SECTION] Text that never breaks inside a number.
// Dear ImGui's own wrapping (TextWrapped, AddText
// with a wrap width, CalcTextSize with one) may break after '.' or ',', splitting 2.5366 into "2." and
// "5366" or 60,611 into "60," and "611"; these break only at spaces, '\n' and between Chinese characters
// (which are not separated by spaces; cjk_break_at keeps punctuation off a line's start). They also keep a
// relation together: no break at a space beside '=', '≈', '≠', '≤' or '≥', so "d = 512" stays on one
// line, and none at a no-break space (U+00A0, drawn as a space) for any other pair of words that
// must stay together.

// One line of wrapped text: text.substr(begin, end - begin).
struct TextLine {
  size_t begin, end;
};
// The lines of `text` no wider than `width` as `measure` sees them, broken only where the rules above
// allow; a run that cannot be broken and is wider than `width` takes a line of its own.
template <class Measure>
std::vector<TextLine> wrap_at_spaces(std::string_view text, float width, Measure measure);
// The text as drawn: a no-break space becomes a plain space (the fonts have no glyph for U+00A0).
std::string shown_text(std::string_view text);
// Size of `text` wrapped at spaces to `width` in the current font (height: lines × line height).
ImVec2 wrapped_text_size(std::string_view text, float width);
// Draws `text` wrapped at spaces to `width` into a draw list at `pos`; returns its size.
ImVec2 add_text_wrapped(ImDrawList* dl, ImVec2 pos, ImU32 col, std::string_view text, float width);
// Wrapped text as ImGui items. width <= 0: the available width. The lines form a group, so text that
// follows an item on its line (SameLine) continues under its own first line, as TextWrapped's does.
void text_wrapped_at_spaces(std::string_view text, float width = 0);

// [SECTION] Layout for narrow windows: phones, 360 px columns, figures in small frames, large UI
// scales. Widths are screen pixels (UI pixels times the scale), as everywhere in the views.

// Flow layout: call before an item `w` pixels wide that would follow the previous item on its line.
// It stays on that line (ImGui::SameLine) when it fits before the right edge of the window or table
// cell, and starts a new line otherwise. spacing < 0: the style's item spacing. Returns true when it
// stayed on the line.
bool same_line_if_fits(float w, float spacing = -1.0f);
// The widths an item with this label takes, for same_line_if_fits() (the part after "##" not shown).
float button_width(const char* label);
float checkbox_width(const char* label);  // also a radio button's
// The width a drop-down needs to show a choice whose words are `words` wide, with its arrow.
float combo_width(float words);
// `text` padded with blanks of the current font to `width` pixels (to the nearest blank), at its end, or
// at its start to align it right: a column of a monospaced table, as printf's %-9s or %9s, that lines
// up whatever the language's words (a Chinese character is wider than a digit). The width of n digits:
// ImGui::CalcTextSize("000...").x.
std::string pad_to_width(std::string text, float width, bool at_end = true);
// Text after the previous item on its line when it fits there, else on a line of its own, wrapped at
// spaces when wider than the window.
void text_after(std::string_view text, float spacing = -1.0f);
// Text that flows on from the previous item like a paragraph: its first line on the item's line in
// the width left there (if its first word fits), the rest under it at the window's full width, so a
// tag before a sentence on a phone does not squeeze the whole sentence into a narrow column.
void text_flow_after(std::string_view text);
// ---- implementation of the template above --------------------------------------------------------

namespace detail {
// Whether a line may break at the space text[at] (the rules of wrap_at_spaces).
bool may_break_at(std::string_view text, size_t at);
// Whether a line may break before text[at] without a space: between two characters of Chinese script
// (or one of it and a neighbour), never before closing punctuation (，。）」...) nor after opening (（「...).
bool cjk_break_at(std::string_view text, size_t at);
// The first place at or after `from`, before `end`, where a line may end: a space may_break_at allows,
// or a cjk_break_at boundary; `end` if none.
size_t next_cut(std::string_view text, size_t from, size_t end);
// Whether a relation sign ('=', '≈', ...) follows the space text[at]: where a chain of relations is
// wider than its line ("i = floor(j/2) = floor(0/2) = 0" on a phone), it breaks before a sign.
bool relation_follows(std::string_view text, size_t at);
}  // namespace detail

template <class Measure>
std::vector<TextLine> wrap_at_spaces(std::string_view text, float width, Measure measure) {
  std::vector<TextLine> lines;
  const size_t n = text.size();
  constexpr size_t npos = std::string_view::npos;
  size_t start = 0;
  while (start < n) {
    const size_t para_end = std::min(text.find('\n', start), n);
    // The longest run of whole words from `start` that fits; at least one word.
    size_t best = npos, from = start + 1;  // a line holds at least one character
    for (;;) {
      const size_t cut = detail::next_cut(text, from, para_end);
      if (best != npos && measure(text.substr(start, cut - start)) > width) break;
      best = cut;
      if (cut >= para_end) break;
      from = cut + 1;
    }
    // A run that cannot be broken by the rules and is wider than the line: break it before a relation
    // sign instead, the way a long chain of equations continues on the next line.
    if (measure(text.substr(start, best - start)) > width) {
      size_t relaxed = npos;
      for (size_t f = start;;) {
        size_t cut = text.find(' ', f);
        while (cut < para_end && !detail::may_break_at(text, cut) && !detail::relation_follows(text, cut)) cut = text.find(' ', cut + 1);
        cut = std::min(cut, para_end);
        if (relaxed != npos && measure(text.substr(start, cut - start)) > width) break;
        relaxed = cut;
        if (cut >= para_end) break;
        f = cut + 1;
      }
      best = std::min(best, relaxed);
    }
    lines.push_back({start, best});
    size_t next = best;
    while (next < para_end && text[next] == ' ') ++next;
    if (next == para_end && para_end < n) ++next;  // the line break itself
    start = next;
  }
  return lines;
}

}  // namespace app
