#include "lessons/counter/counter.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/frequency.hpp"
#include "ui/dial.hpp"
#include "imgui.h"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "text/number_style.hpp"
#include "state/interface_text.hpp"
#include "state/state_io.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

constexpr double kRadToDeg = 180.0 / pe::kPi;

// A text of the lesson's file (counter.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::counter, key), values);
}

// What the view shows, for the drawing and for describe().
struct CounterFacts {
  std::int64_t n = 0;  // floor(pos)
  int width = 1;       // bits that write n
  int shown = 8;       // bits in the strip: width rounded up to whole nibbles, at least 8
  int rows = 8;        // rows of bits beside pairs: the strip's, and on to the bit nearest the slowest pair
  double ratio = 1;    // base^(2/d)
  double ppd = 1;      // pairs per doubling
};

CounterFacts facts(const State& s) {
  CounterFacts f;
  f.n = pe::counter_value(s.pos);
  f.width = pe::counter_width(s.pos);
  f.shown = std::max(8, (f.width + 3) / 4 * 4);
  f.rows = std::clamp(std::max(f.shown, pe::nearest_bit(pe::period(s.d / 2 - 1, s.d, s.base)) + 1), 1, 63);
  f.ratio = pe::period_ratio(s.d, s.base);
  f.ppd = pe::pairs_per_doubling(s.d, s.base);
  return f;
}

pe::Return pair0_return(CounterCache& cache) {
  if (!cache.return_ready) {
    cache.pair0_return = pe::closest_return(1.0, CounterCache::kReturnSteps);
    cache.return_ready = true;
  }
  return cache.pair0_return;
}

// A period in positions: grouped digits while short, else four significant figures.
std::string period_text(double T) { return T < 1e7 ? grouped(T, T < 100 ? 3 : (T < 1e4 ? 1 : 0)) : fmt("%.4g", T); }
// 2^e as digits up to 2^20, else as a power.
std::string power_of_two(int e) { return e <= 20 ? grouped(std::ldexp(1.0, e)) : "2^" + std::to_string(e); }
// A ratio of periods, pair over bit.
std::string ratio_text(double r) { return (r >= 0.01 && r < 1000 ? fmt("%#.3g", r) : fmt("%.2e", r)) + "\xC3\x97"; }

// The lesson's sentences on where the likeness ends, filled with live numbers.
std::string sentence_smooth(const State& s) {
  return fill(lesson_text(View::counter, "smooth"),
              {{"bit0", std::to_string(pe::counter_bit(s.pos, 0))}, {"deg", fmt("%.1f", pe::omega(0, s.d, s.base) * kRadToDeg)}});
}
std::string sentence_ratio(const State& s, const CounterFacts& f) {
  if (s.d == 2) return std::string(lesson_text(View::counter, "ratio_one_pair"));
  if (f.ratio < 2)
    return fill(lesson_text(View::counter, "ratio_small"), {{"ratio", fmt("%.4f", f.ratio)}, {"ppd", fmt("%.1f", f.ppd)}});
  return fill(lesson_text(View::counter, "ratio_large"), {{"ratio", fmt("%.4g", f.ratio)}, {"doublings", fmt("%.2f", 1.0 / f.ppd)}});
}
std::string sentence_powers(const State& s) {
  std::string periods;
  for (int i = 0; i < std::min(3, s.d / 2); ++i) periods.append(i ? number_list_separator() : "").append(period_text(pe::period(i, s.d, s.base)));
  return fill(lesson_text(View::counter, "powers"), {{"periods", periods}});
}
std::string sentence_repeat(const CounterFacts& f, const pe::Return& r) {
  return fill(lesson_text(View::counter, "repeat"),
              {{"bits", std::to_string(f.shown)}, {"steps", power_of_two(f.shown)}, {"window", grouped(CounterCache::kReturnSteps)},
               {"m", grouped(static_cast<double>(r.steps))}, {"miss", fmt("%.1e", r.miss)}});
}
std::string sentence_shown(const State& s, const CounterFacts& f) {
  const std::string n = grouped(static_cast<double>(f.n));
  if (f.n < 0) return fill(lesson_text(View::counter, "shows_negative"), {{"n", n}});
  if (static_cast<double>(f.n) != s.pos) return fill(lesson_text(View::counter, "shows_floor"), {{"n", n}, {"pos", fmt("%.2f", s.pos)}});
  return fill(lesson_text(View::counter, "shows_whole"), {{"n", n}});
}

// The bits of the counter in a strip, highest bit left, split into rows of 16 or 8 when the line is short.
void draw_strip(const State& s, const CounterFacts& f, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const float cell = std::max(24 * sc, line * 1.45f), gap = 2 * sc, group_gap = 7 * sc;
  const float avail = ImGui::GetContentRegionAvail().x;
  const auto row_width = [&](int bits) { return static_cast<float>(bits) * (cell + gap) + static_cast<float>(bits / 4 - 1) * group_gap; };
  int per_row = f.shown;
  while (per_row > 8 && row_width(per_row) > avail) per_row /= 2;
  const int rows = (f.shown + per_row - 1) / per_row;
  const float row_h = cell + line + 4 * sc;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(std::min(avail, row_width(per_row)), static_cast<float>(rows) * row_h));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int j = 0; j < f.shown; ++j) {
    const int b = f.shown - 1 - j;  // highest bit first
    const int r = j / per_row, c = j % per_row;
    const ImVec2 p(origin.x + static_cast<float>(c) * (cell + gap) + static_cast<float>(c / 4) * group_gap, origin.y + static_cast<float>(r) * row_h);
    const int v = pe::counter_bit(s.pos, b);
    // Bits above the number's own width are leading zeros (or copies of the sign): muted.
    const bool lead = b >= f.width;
    const ImU32 fill_col = v ? (lead ? tint(colors::hand, 0.45f) : colors::hand) : colors::paper;
    dl->AddRectFilled(p, ImVec2(p.x + cell, p.y + cell), fill_col, 3 * sc);
    dl->AddRect(p, ImVec2(p.x + cell, p.y + cell), lead ? colors::guide : colors::frame, 3 * sc, 0, 1.2f * sc);
    const char* digit = v ? "1" : "0";
    const ImVec2 dsz = ImGui::CalcTextSize(digit);
    dl->AddText(ImVec2(p.x + (cell - dsz.x) / 2, p.y + (cell - dsz.y) / 2), v ? ink_on(fill_col) : (lead ? colors::muted : colors::ink), digit);
    const std::string idx = std::to_string(b);
    const float iw = ImGui::CalcTextSize(idx.c_str()).x;
    // The index under every cell when it fits there, else under every fourth.
    if (iw <= cell + gap || b % 4 == 0) dl->AddText(ImVec2(p.x + (cell - iw) / 2, p.y + cell + 1 * sc), colors::text_dim, idx.c_str());
  }
}

// A bit as a hand: up for 0, down for 1 (the hand of period 2^(b+1), snapped back to its last half turn).
void bit_dial(ImDrawList* dl, ImVec2 c, float r, int value, bool lead, float sc) {
  dial_face(dl, c, r, false, 1.2f, 1.2f, sc);
  for (int q = 0; q < 2; ++q) dl->AddLine(hand_tip(c, r * 0.8f, q * pe::kPi), hand_tip(c, r, q * pe::kPi), colors::tick, 1.5f * sc);
  dial_hand(dl, c, hand_tip(c, r * 0.86f, value * pe::kPi), lead ? colors::muted : colors::hand, 2.5f, 3.0f, sc);
  dial_hub(dl, c, 2.5f, sc);
}

// The encoding's hand of pair i at pos, as the clock view draws it.
void pair_dial(ImDrawList* dl, ImVec2 c, float r, double theta, bool selected, float sc) {
  dial_face(dl, c, r, selected, 1.2f, 2.5f, sc);
  for (int q = 0; q < 4; ++q) dl->AddLine(hand_tip(c, r * 0.86f, q * pe::kPi / 2), hand_tip(c, r, q * pe::kPi / 2), colors::tick, 1.5f * sc);
  dial_hand(dl, c, hand_tip(c, r * 0.86f, std::fmod(theta, pe::kTwoPi)), colors::hand, 2.5f, 3.0f, sc);
  dial_hub(dl, c, 2.5f, sc);
}

// Three lines of text at p (screen), the first in `first` colour.
void three_lines(ImDrawList* dl, ImVec2 p, float line, ImU32 first, const std::string& a, const std::string& b, const std::string& c) {
  dl->AddText(p, first, a.c_str());
  dl->AddText(ImVec2(p.x, p.y + line), colors::ink, b.c_str());
  dl->AddText(ImVec2(p.x, p.y + 2 * line), colors::text_dim, c.c_str());
}

// One row per bit: the bit's hand and numbers, then the nearest pair's (a cell that selects the pair).
void draw_rows(State& s, const CounterFacts& f, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const float dial = 40 * sc;
  // The widest texts of a block decide its width.
  const float text_w = std::max({ImGui::CalcTextSize(label("flips_line", {{"n", "2^62"}}).c_str()).x,
                                 ImGui::CalcTextSize(label("period_line", {{"T", fmt("%.4g", 2.147e9)}}).c_str()).x,
                                 ImGui::CalcTextSize(label("ratio_line", {{"ratio", fmt("%.2e", 1.23e-5) + "\xC3\x97"}}).c_str()).x});
  const float avail = ImGui::GetContentRegionAvail().x;
  const float min_block = dial + 10 * sc + text_w + 8 * sc;
  const bool side_by_side = avail >= 2 * min_block + 8 * sc;
  // Side by side, the two blocks share the width (up to a point, so a hand stays near its numbers).
  const float block_w = side_by_side ? std::min((avail - 8 * sc) / 2, 300 * sc) : min_block;
  const float block_h = std::max(dial, 3 * line) + 8 * sc;
  const float row_h = side_by_side ? block_h : 2 * block_h;
  ImDrawList* dl = ImGui::GetWindowDrawList();

  // Column heads.
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
  const float x0 = ImGui::GetCursorPosX();
  text_wrapped_at_spaces(lesson_text(View::counter, "bits_head"), side_by_side ? block_w : avail);
  if (side_by_side) {
    ImGui::SameLine(x0 + block_w + 8 * sc);
    text_wrapped_at_spaces(lesson_text(View::counter, "pairs_head"), avail - block_w - 8 * sc);
  } else {
    ImGui::Indent(24 * sc);
    text_wrapped_at_spaces(lesson_text(View::counter, "pairs_head"), avail - 24 * sc);
    ImGui::Unindent(24 * sc);
  }
  ImGui::PopStyleColor();
  ImGui::Separator();

  ImGuiListClipper clipper;
  clipper.Begin(f.rows, row_h);
  while (clipper.Step()) {
    for (int b = clipper.DisplayStart; b < clipper.DisplayEnd; ++b) {
      ImGui::PushID(b);
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const int v = pe::counter_bit(s.pos, b);
      const bool lead = b >= f.width;
      const double bit_T = pe::bit_period(b);
      bit_dial(dl, ImVec2(p.x + 4 * sc + dial / 2, p.y + block_h / 2), dial / 2, v, lead, sc);
      three_lines(dl, ImVec2(p.x + dial + 12 * sc, p.y + (block_h - 3 * line) / 2), line, lead ? colors::text_dim : colors::hand,
                  label("bit_line", {{"b", std::to_string(b)}, {"v", std::to_string(v)}}), label("flips_line", {{"n", power_of_two(b)}}),
                  label("period_line", {{"T", power_of_two(b + 1)}}));
      // The pair block: beside, or under the bit block (indented) in a narrow window.
      const int i = pe::nearest_pair(bit_T, s.d, s.base);
      const double T = pe::period(i, s.d, s.base);
      const ImVec2 q = side_by_side ? ImVec2(p.x + block_w + 8 * sc, p.y) : ImVec2(p.x + 24 * sc, p.y + block_h);
      ImGui::SetCursorScreenPos(q);
      const std::string name = label("pair_line", {{"i", std::to_string(i)}});
      const PairCell pc = pair_cell(s, i, ImVec2(std::min(block_w, avail - (q.x - p.x)), block_h), "", sc);
      pair_dial(dl, ImVec2(q.x + 4 * sc + dial / 2, q.y + block_h / 2), dial / 2, pe::omega(i, s.d, s.base) * s.pos, pc.selected, sc);
      three_lines(dl, ImVec2(q.x + dial + 12 * sc, q.y + (block_h - 3 * line) / 2), line, pc.selected ? colors::selected : colors::ink,
                  name, label("period_line", {{"T", withheld_or(View::counter, "mark_periods", period_text(T))}}),
                  label("ratio_line", {{"ratio", withheld_or(View::counter, "mark_periods", ratio_text(T / bit_T))}}));
      if (pc.hovered)
        ImGui::SetTooltip("%s\n%s\n%s", label("tip_pair", {{"i", std::to_string(i)}, {"a", std::to_string(2 * i)}, {"b", std::to_string(2 * i + 1)}}).c_str(),
                          label("tip_period", {{"T", withheld_or(View::counter, "mark_periods", fmt("%.6g", T))},
                                               {"w", withheld_or(View::counter, "mark_periods", fmt("%.6g", pe::omega(i, s.d, s.base)))}})
                              .c_str(),
                          label("tip_click").c_str());
      ImGui::SetCursorScreenPos(p);
      ImGui::Dummy(ImVec2(side_by_side ? 2 * block_w + 8 * sc : block_w + 24 * sc, row_h));
      ImGui::PopID();
    }
  }
  clipper.End();
}

void draw_ends(const State& s, CounterCache& cache, const CounterFacts& f, const ViewContext& ctx) {
  ImGui::PushFont(ctx.fonts.title);
  text_wrapped_at_spaces(lesson_text(View::counter, "ends_title"));
  ImGui::PopFont();
  const pe::Return r = pair0_return(cache);
  for (const std::string& t : {sentence_smooth(s), sentence_ratio(s, f), sentence_powers(s), sentence_repeat(f, r)}) {
    text_wrapped_at_spaces(t);
    ImGui::Spacing();
  }
}

}  // namespace

void draw_counter(State& s, CounterCache& cache, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  lesson_intro(View::counter, ctx);
  const CounterFacts f = facts(s);

  // Stepping by one position shows the lowest bit flip and the fast hands turn.
  if (ImGui::Button("-1##counter")) set_number(s, Field::pos, std::floor(s.pos) == s.pos ? s.pos - 1 : std::floor(s.pos));
  // Play and Pause in the reader's language (interface.txt), each with an id of its own in every language.
  const std::string play = std::string(ui(s.playing ? "pause" : "play")).append(s.playing ? "###counter_pause" : "###counter_play");
  same_line_if_fits(button_width(play.c_str()));
  if (ImGui::Button(play.c_str())) set_number(s, Field::playing, s.playing ? 0 : 1);
  same_line_if_fits(button_width("+1"));
  if (ImGui::Button("+1##counter")) set_number(s, Field::pos, std::floor(s.pos) + 1);
  const std::string shown = sentence_shown(s, f);
  text_after(shown);
  draw_strip(s, f, ctx);

  // Wide: the rows left, where the likeness ends right. Narrow: one below the other, the view scrolls.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float panel = 380 * sc;
  const bool side = avail.x >= panel + 440 * sc;
  const float min_h = 4 * (40 * sc + 8 * sc) + 2 * ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginChild("counter_rows", ImVec2(side ? avail.x - panel - ImGui::GetStyle().ItemSpacing.x : 0, side ? std::max(avail.y, min_h) : std::max(avail.y * 0.6f, min_h)), true);
  draw_rows(s, f, ctx);
  ImGui::EndChild();
  if (side) {
    ImGui::SameLine();
    ImGui::BeginChild("counter_ends", ImVec2(0, std::max(avail.y, min_h)), true);
  }
  draw_ends(s, cache, f, ctx);
  if (side) ImGui::EndChild();
}

}  // namespace app

namespace app {

std::string describe_counter(const State& s, const CounterCache& cache) {
  const CounterFacts f = facts(s);
  std::string bits;
  for (int b = f.shown - 1; b >= 0; --b) bits += pe::counter_bit(s.pos, b) ? '1' : '0';
  std::string t = sentence_shown(s, f);
  t.append(" ").append(label("describe_bits", {{"count", std::to_string(f.shown)}, {"bits", bits}})).append(" ");
  for (int b = 0; b < std::min(f.rows, 4); ++b) {
    const int i = pe::nearest_pair(pe::bit_period(b), s.d, s.base);
    t.append(label("describe_bit", {{"b", std::to_string(b)},
                                    {"T", power_of_two(b + 1)},
                                    {"i", std::to_string(i)},
                                    {"pair_T", withheld_or(View::counter, "mark_periods", period_text(pe::period(i, s.d, s.base)))}}))
        .append(" ");
  }
  CounterCache fresh = cache;
  t.append(sentence_smooth(s)).append(" ").append(sentence_ratio(s, f)).append(" ").append(sentence_powers(s)).append(" ");
  t.append(sentence_repeat(f, pair0_return(fresh)));
  return t;
}

}  // namespace app
