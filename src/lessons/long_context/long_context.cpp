#include "lessons/long_context/long_context.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/frequency.hpp"
#include "ui/figure_mark.hpp"
#include "ui/dial.hpp"
#include "ui/dial_row.hpp"
#include "ui/key.hpp"
#include "ui/focus.hpp"
#include "imgui.h"
#include "ui/label.hpp"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/table.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "text/number_style.hpp"
#include "state/interface_text.hpp"
#include "state/state_io.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

using pe::RopeScalingType;

constexpr RopeScalingType kMethods[4] = {RopeScalingType::none, RopeScalingType::linear, RopeScalingType::ntk, RopeScalingType::yarn};
constexpr int kNtk = 2, kYarn = 3;

// The contextLength and contextFactor settings' limits (view_options.hpp).
constexpr double kMinTrained = kMinTrainedLength, kMaxTrained = kMaxTrainedLength, kMinFactor = kMinContextFactor,
                 kMaxFactor = kMaxContextFactor;
constexpr double kRadToDeg = 180.0 / pe::kPi;

const ImU32& kTrained = colors::hand;
const ImU32& kUnseen = colors::threshold;

// A text of the lesson's file with its placeholders filled (long_context.txt: its words in the reader's
// language).
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::long_context, key), values);
}

// A number of turns with its word ("4.2 turns", "1 turn"), in the reader's language.
std::string turns_label(double t) { return label(t == 1.0 ? "turns_one" : "turns_many", {{"t", turns_text(t)}}); }

// `text` after a space, or right after the text before it where it opens with a CJK character or
// full-width punctuation (a Chinese "（...）" needs no space).
std::string spaced(std::string text) {
  const unsigned char first = text.empty() ? 0 : static_cast<unsigned char>(text[0]);
  if (first >= 0xE3) return text;
  return std::string(" ").append(text);
}

ImU32 method_color(int m) {
  constexpr int kSeries[4] = {6, 2, 8, 4};  // grey, purple, teal, brown
  return series_color(kSeries[m]);
}
std::string method_name(int m) {
  constexpr const char* kKeys[4] = {"name_none", "name_linear", "name_ntk", "name_yarn"};
  return std::string(lesson_text(View::long_context, kKeys[m]));
}
// The contextMethod setting: all, or one method (its index - 1).
bool method_shown(const State& s, int m) {
  const int shown = static_cast<int>(s.contextMethod) - 1;
  return shown < 0 || shown == m;
}
bool method_available(const State& s, int m) { return m != kNtk || s.d >= 4; }

void refresh(LongContextCache& c, const State& s) {
  if (!c.key.changed(s.d, s.base, s.contextLength, s.contextFactor)) return;
  c.length = s.contextLength;
  c.factor = s.contextFactor;
  const int pairs = s.d / 2;
  for (int m = 0; m < 4; ++m) {
    if (method_available(s, m))
      c.sweeps[static_cast<size_t>(m)] = pe::context_sweeps(kMethods[m], s.d, s.base, c.length, c.factor);
    else
      c.sweeps[static_cast<size_t>(m)].clear();
    c.leaving[static_cast<size_t>(m)] = static_cast<int>(std::count_if(c.sweeps[static_cast<size_t>(m)].begin(),
                                                                       c.sweeps[static_cast<size_t>(m)].end(),
                                                                       [](const pe::Sweep& w) { return w.leaves; }));
  }
  const pe::RopeScaling sc = pe::context_scaling(RopeScalingType::yarn, c.length, c.factor);
  c.range = pe::yarn_correction_range(s.d, s.base, sc);
  c.ramp.assign(static_cast<size_t>(pairs), 0.0);
  c.keep = c.blend = c.interpolate = 0;
  for (int i = 0; i < pairs; ++i) {
    const double r = pe::yarn_ramp(i, s.d, s.base, sc);
    c.ramp[static_cast<size_t>(i)] = r;
    (r <= 0 ? c.keep : r >= 1 ? c.interpolate : c.blend)++;
  }
  c.short_sweeps = static_cast<int>(std::count_if(c.sweeps[0].begin(), c.sweeps[0].end(),
                                                  [](const pe::Sweep& w) { return w.trained < pe::kTwoPi; }));
}

// The cache's numbers when they are for this state, else worked now (describe before the first frame).
LongContextCache fresh(const State& s, const LongContextCache& cache) {
  (void)cache;
  LongContextCache c;
  refresh(c, s);
  return c;
}

std::string length_text(double v) { return v == std::floor(v) && v < 1e15 ? grouped(v) : fmt("%.6g", v); }
std::string factor_text(double v) { return fmt("%.4g", v); }

// Pair indices as ranges: "46 to 63", "3, 5 to 9"; at most six ranges, then "and more".
std::string index_ranges(const std::vector<int>& idx) {
  if (idx.empty()) return label("ranges_none");
  const std::string sep = number_list_separator();
  std::string out;
  int ranges = 0;
  for (size_t a = 0; a < idx.size();) {
    size_t b = a;
    while (b + 1 < idx.size() && idx[b + 1] == idx[b] + 1) ++b;
    if (ranges == 6) return label("ranges_more", {{"ranges", out}});
    if (ranges > 0) out.append(sep);
    if (b == a) out.append(std::to_string(idx[a]));
    else if (b == a + 1) out.append(std::to_string(idx[a])).append(sep).append(std::to_string(idx[b]));
    else out.append(label("range", {{"a", std::to_string(idx[a])}, {"b", std::to_string(idx[b])}}));
    ++ranges;
    a = b + 1;
  }
  return out;
}

std::vector<int> leaving_pairs(const LongContextCache& c, int m) {
  std::vector<int> out;
  const std::vector<pe::Sweep>& sw = c.sweeps[static_cast<size_t>(m)];
  for (size_t i = 0; i < sw.size(); ++i)
    if (sw[i].leaves) out.push_back(static_cast<int>(i));
  return out;
}

std::vector<int> pairs_where(const LongContextCache& c, bool (*pred)(double)) {
  std::vector<int> out;
  for (size_t i = 0; i < c.ramp.size(); ++i)
    if (pred(c.ramp[i])) out.push_back(static_cast<int>(i));
  return out;
}

// "no pairs", "one pair", "{k} pairs": the lesson text `<key>_zero`, `<key>_one` or `<key>_many`.
std::string count_text(const char* key, int k) {
  const View v = View::long_context;
  const std::string id(key);
  if (k == 0) return std::string(lesson_text(v, id + "_zero"));
  if (k == 1) return std::string(lesson_text(v, id + "_one"));
  return fill(lesson_text(v, id + "_many"), {{"k", std::to_string(k)}});
}

std::string leave_count(int k) { return count_text("leave", k); }

// While a tour question asks which pairs meet new angles, the view withholds its answer (mark_leaves):
// a sweep is drawn and told as if it left nothing, and the counts and lists read "?".
bool leaves_withheld() { return text_withheld(View::long_context, "mark_leaves"); }
bool leaves_shown(const pe::Sweep& w) { return w.leaves && !leaves_withheld(); }
std::string leave_count_shown(int k) { return leaves_withheld() ? fill(lesson_text(View::long_context, "leave_many"), {{"k", "?"}}) : leave_count(k); }

// " (pairs 46 to 63)" after a count, " (pairs ?)" while withheld, "" for none.
std::string which_pairs(const std::vector<int>& pairs) {
  if (leaves_withheld()) return spaced(label("which_pairs", {{"ranges", "?"}}));
  if (pairs.empty()) return {};
  return spaced(label("which_pairs", {{"ranges", index_ranges(pairs)}}));
}

// ---- the sentences (the view and describe() say the same) ----

std::string run_sentence(const State& s, const LongContextCache& c) {
  const View v = View::long_context;
  const int pairs = s.d / 2;
  std::string t = fill(lesson_text(v, "run_line"),
                       {{"L", length_text(c.length)}, {"sL", length_text(c.factor * c.length)}, {"s", factor_text(c.factor)}});
  t.append(" ");
  if (c.short_sweeps == 0)
    t.append(lesson_text(v, "short_none"));
  else
    t.append(fill(lesson_text(v, c.short_sweeps == pairs ? "short_all" : "short_some"),
                  {{"first", std::to_string(pairs - c.short_sweeps)},
                   {"last", std::to_string(pairs - 1)},
                   {"short", std::to_string(c.short_sweeps)},
                   {"pairs", std::to_string(pairs)}}));
  return t;
}

std::string reach_text(int k) { return leaves_withheld() ? fill(lesson_text(View::long_context, "reach_many"), {{"k", "?"}}) : count_text("reach", k); }

std::string capitalised(std::string t) {
  if (!t.empty() && t[0] >= 'a' && t[0] <= 'z') t[0] = static_cast<char>(t[0] - 'a' + 'A');
  return t;
}

std::string cost_sentence(const State& s, const LongContextCache& c, int m) {
  const View v = View::long_context;
  const int k = c.leaving[static_cast<size_t>(m)];
  const std::string which = which_pairs(leaving_pairs(c, m));
  switch (m) {
    case 0: return fill(lesson_text(v, "cost_none"), {{"s", factor_text(c.factor)}, {"reach", reach_text(k)}, {"which", which}});
    case 1:
      return fill(lesson_text(v, "cost_linear"), {{"s", factor_text(c.factor)}, {"deg", fmt("%.3g", kRadToDeg / c.factor)}});
    case 2:
      if (!method_available(s, m)) return std::string(lesson_text(v, "ntk_d2"));
      return fill(lesson_text(v, "cost_ntk"), {{"base", length_text(s.base)},
                                               {"nbase", fmt("%.6g", pe::ntk_base(s.base, c.factor, s.d))},
                                               {"last", std::to_string(s.d / 2 - 1)},
                                               {"reach", reach_text(k)},
                                               {"which", which}});
    default:
      return fill(lesson_text(v, "cost_yarn"), {{"reach", capitalised(reach_text(k))}, {"which", which},
                                                {"keepers", index_ranges(pairs_where(c, [](double r) { return r <= 0; }))}});
  }
}

std::string paper_sentence(int m) {
  constexpr const char* kKeys[4] = {"paper_none", "paper_linear", "paper_ntk", "paper_yarn"};
  return std::string(lesson_text(View::long_context, kKeys[m]));
}

std::string ramp_sentence(const LongContextCache& c) {
  return fill(lesson_text(View::long_context, "ramp_text"),
              {{"low", std::to_string(c.range.low)},
               {"high", std::to_string(c.range.high)},
               {"keep", index_ranges(pairs_where(c, [](double r) { return r <= 0; }))},
               {"blend", index_ranges(pairs_where(c, [](double r) { return r > 0 && r < 1; }))},
               {"interp", index_ranges(pairs_where(c, [](double r) { return r >= 1; }))}});
}

std::string temperature_sentence(const LongContextCache& c) {
  const double t = pe::yarn_attention_factor(c.factor);
  return fill(lesson_text(View::long_context, "temperature"), {{"s", factor_text(c.factor)}, {"t", fmt("%.4f", t)}, {"t2", fmt("%.4f", t * t)}});
}

// ---- drawing ----

// An arc of the ring from dial angle `from` to `to` (clockwise from twelve o'clock).
void ring_arc(ImDrawList* dl, ImVec2 c, float r, double from, double to, ImU32 col, float thickness) {
  if (!(to - from > 1e-4)) return;
  if (to - from >= pe::kTwoPi - 1e-9) {
    dl->AddCircle(c, r, col, 48, thickness);
    return;
  }
  const int segments = std::max(3, static_cast<int>(48 * (to - from) / pe::kTwoPi));
  dl->PathArcTo(c, r, static_cast<float>(from - pe::kPi / 2), static_cast<float>(to - pe::kPi / 2), segments);
  dl->PathStroke(col, 0, thickness);
}

// One dial: the trained sweep (filled), the sweep at s·L (a ring in the method's colour, red beyond the
// trained angles), a tick where training stopped and the hand at position s·L.
void sweep_dial(ImDrawList* dl, ImVec2 c, float r, const pe::Sweep& w, ImU32 method_col, float sc) {
  dial_face(dl, c, r, false, 1.5f, 3.0f, sc);
  dial_sweep(dl, c, r * 0.64f, w.trained, tint(kTrained, 0.45f));
  const float ring = r * 0.83f, thick = 4.5f * sc;
  ring_arc(dl, c, ring, 0, std::min(w.extended, pe::kTwoPi), method_col, thick);
  if (leaves_shown(w)) ring_arc(dl, c, ring, w.trained, w.trained + w.unseen, kUnseen, thick);
  if (w.trained < pe::kTwoPi) dl->AddLine(hand_tip(c, r * 0.3f, w.trained), hand_tip(c, r, w.trained), kTrained, 2.0f * sc);
  const ImVec2 tip = hand_tip(c, r * 0.9f, std::fmod(w.extended, pe::kTwoPi));
  dial_hand(dl, c, tip, colors::ink, 1.8f, 2.5f, sc);
  if (leaves_shown(w)) dl->AddCircleFilled(tip, 3.5f * sc, kUnseen);
  dial_hub(dl, c, 2.5f, sc);
}

bool one_column(const ViewContext& ctx) { return ImGui::GetContentRegionAvail().x < 560 * ctx.ui_scale; }

// The trained length L and the factor s, each a slider with its presets, in the current table column
// or line.
void draw_length_controls(State& s) {
  double length = s.contextLength, factor = s.contextFactor;
  log_slider(label("length_slider").c_str(), "##L", length, kMinTrained, kMaxTrained, "%.0f");
  if (const auto v = preset_buttons({2048.0, 4096.0, 8192.0, 32768.0}, "L", label("length_preset").c_str())) length = *v;
  if (ImGui::TableGetColumnCount() > 1) ImGui::TableNextColumn();
  log_slider(label("factor_slider").c_str(), "##s", factor, kMinFactor, kMaxFactor, "%.3g");
  if (const auto v = preset_buttons({2.0, 4.0, 8.0, 16.0, 32.0}, "s", label("factor_preset").c_str(), [](double x) { return fmt("%g", x); })) factor = *v;
  // Through the validated path (the settings table's limits), as a URL or a tour step sets them.
  if (std::round(length) != s.contextLength) set_number(s, Field::contextLength, std::round(length));
  if (factor != s.contextFactor) set_number(s, Field::contextFactor, factor);
}

// The controls above the figure: L, s and the methods shown in two or three columns; on one column (a
// phone) the methods alone, as a menu, and L and s under the figure (draw_long_context), which their two
// sliders and presets pushed under a phone's first screen.
void draw_controls(State& s, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const float avail = ImGui::GetContentRegionAvail().x;
  const int columns = avail >= 900 * sc ? 3 : one_column(ctx) ? 1 : 2;
  if (!ImGui::BeginTable("lc_controls", columns, ImGuiTableFlags_SizingStretchSame)) return;
  ImGui::TableNextColumn();
  if (columns > 1) {
    draw_length_controls(s);
    ImGui::TableNextColumn();
  }
  if (columns == 1) {
    // One column (a phone): a menu in place of two rows of radio buttons, to keep the figure near.
    std::vector<std::string> names = {label("all_methods")};
    for (int m = 0; m < 4; ++m) names.push_back(method_name(m));
    const int current = static_cast<int>(s.contextMethod);
    const std::string shown_words = label("methods_shown");
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize(shown_words.c_str()).x - ImGui::GetStyle().ItemInnerSpacing.x);
    const int methods_mark = focus_mark();
    const bool methods_open = ImGui::BeginCombo((shown_words + "###methods_shown").c_str(), names[static_cast<size_t>(std::clamp(current, 0, 4))].c_str());
    focus_name_since(methods_mark, shown_words);  // BeginCombo reports no label
    if (methods_open) {
      for (int i = 0; i < 5; ++i)
        if (ImGui::Selectable((names[static_cast<size_t>(i)] + "###method_" + std::to_string(i)).c_str(), i == current))
          set_number(s, Field::contextMethod, i);
      ImGui::EndCombo();
    }
    ImGui::EndTable();
    return;
  }
  ImGui::TextUnformatted(label("methods_shown").c_str());
  // Each button's id is the same in every language: "all", "m0" .. "m3".
  const auto radio = [&](const std::string& name, const char* id, int value, bool first) {
    const std::string widget = name + "###" + id;
    if (!first) same_line_if_fits(checkbox_width(widget.c_str()));
    if (ImGui::RadioButton(widget.c_str(), static_cast<int>(s.contextMethod) - 1 == value)) set_number(s, Field::contextMethod, value + 1);
    focus_name(label("show_method", {{"method", name}}));
  };
  radio(label("all_methods"), "all", -1, true);
  constexpr const char* kIds[4] = {"m0", "m1", "m2", "m3"};
  for (int m = 0; m < 4; ++m) radio(method_name(m), kIds[m], m, false);
  ImGui::EndTable();
}

// The matrix: a row per method shown, a column per pair shown.
void draw_matrix(State& s, const LongContextCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const int pairs = s.d / 2;
  const float lh = ImGui::GetTextLineHeight();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float dial = 58 * sc;
  // Each cell as wide as the widest number of turns in the reader's words ("6.6e-10 turns").
  const float cell_w = std::max(turns_cell_width(dial, 14 * sc, sc), ImGui::CalcTextSize(turns_label(6.6e-10).c_str()).x + 10 * sc);
  const auto [side_labels, label_w, count] = dial_columns(avail, cell_w, 560 * sc, 150 * sc);
  // The selected pair, pair 0, the last, the two sides of the one-turn boundary and YaRN's low and high.
  const int first_short = pairs - c.short_sweeps;
  const std::vector<int> shown = dial_pairs(pairs, count, {s.pair, 0, pairs - 1, first_short, first_short - 1, c.range.low, c.range.high});
  std::vector<int> rows;
  for (int m = 0; m < 4; ++m)
    if (method_shown(s, m)) rows.push_back(m);
  const float header_h = 2 * lh + 6 * sc;
  ImGui::PushFont(ctx.fonts.title);
  ImFont* title_font = ImGui::GetFont();
  const float title_h = ImGui::GetFontSize();
  ImGui::PopFont();
  const float label_h = title_h + lh + 4 * sc;  // the method's name over its count
  const float row_h = dial + lh + 12 * sc + (side_labels ? 0 : label_h);
  // One row of dials per method: the cells are the pair columns, the dial 5 px under a row's top.
  const DialRow dr = dial_row(static_cast<int>(shown.size()), avail - label_w, ImVec2(cell_w, row_h), dial, 5 * sc, 2 * sc);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float width = label_w + cell_w * static_cast<float>(shown.size());
  const float height = header_h + row_h * static_cast<float>(rows.size());
  ImDrawList* dl = ImGui::GetWindowDrawList();

  // Columns: a click selects the pair; the selected and hovered columns are tinted.
  int hovered = -1;
  for (size_t k = 0; k < shown.size(); ++k) {
    const int i = shown[k];
    const ImVec2 p(o.x + label_w + cell_w * static_cast<float>(k), o.y);
    ImGui::SetCursorScreenPos(p);
    if (int chosen = 0; focus_take_choice("dials", chosen)) set_number(s, Field::pair, chosen);
    ImGui::PushID(i);
    if (ImGui::InvisibleButton("col", ImVec2(cell_w, height))) set_number(s, Field::pair, i);
    focus_name(dials_name(i, s.d / 2));
    focus_member("dials", i == s.pair, i);
    focus_ring();
    if (ImGui::IsItemHovered()) hovered = i;
    ImGui::PopID();
    if (i == s.pair || i == hovered)
      dl->AddRectFilled(p, ImVec2(p.x + cell_w, p.y + height), i == s.pair ? tint(colors::selected, 0.13f) : colors::hover_fill, 6 * sc);
    // Header: the pair and its turns within L.
    const std::string name = label("pair_name", {{"pair", std::to_string(i)}});
    const std::string tl = turns_text(c.sweeps[0][static_cast<size_t>(i)].trained / pe::kTwoPi);
    dl->AddText(ImVec2(p.x + (cell_w - ImGui::CalcTextSize(name.c_str()).x) / 2, p.y + 2 * sc), i == s.pair ? colors::selected : colors::ink,
                name.c_str());
    dl->AddText(ImVec2(p.x + (cell_w - ImGui::CalcTextSize(tl.c_str()).x) / 2, p.y + 2 * sc + lh), kTrained, tl.c_str());
  }
  if (side_labels) {
    const std::string h1 = label("side_pair"), h2 = label("side_turns");
    dl->AddText(ImVec2(o.x, o.y + 2 * sc), colors::text_dim, h1.c_str());
    dl->AddText(ImVec2(o.x, o.y + 2 * sc + lh), kTrained, h2.c_str());
  }

  for (size_t r = 0; r < rows.size(); ++r) {
    const int m = rows[r];
    const ImU32 mc = method_color(m);
    float y = o.y + header_h + row_h * static_cast<float>(r);
    dl->AddLine(ImVec2(o.x, y), ImVec2(o.x + width, y), colors::grid, 1.0f);
    // The row's label: the method (with its chart colour) and how many pairs leave.
    const std::string name = method_name(m);
    const std::string count_text = method_available(s, m) ? leave_count_shown(c.leaving[static_cast<size_t>(m)]) : label("needs_d4");
    const ImU32 count_col = method_available(s, m) && (c.leaving[static_cast<size_t>(m)] == 0 || leaves_withheld()) ? colors::text_dim : colors::warning;
    const float ly = side_labels ? y + (row_h - label_h) / 2 : y + 2 * sc;
    key_swatch(dl, o.x, ly + title_h / 2, 14 * sc, {Swatch::line, mc, 0, 3.0f * sc});
    dl->AddText(title_font, title_h, ImVec2(o.x + 20 * sc, ly), colors::ink, name.c_str());
    dl->AddText(ImVec2(o.x + 20 * sc, ly + title_h), count_col, count_text.c_str());
    if (!side_labels) y += label_h;
    if (!method_available(s, m)) {
      // Why, beside the pair columns: the placer keeps it off them (the selected one is tinted down
      // the whole matrix), within this row, right of the last column. Where that leaves too little
      // room the row's "needs d ≥ 4" stands alone; the method's section below says why.
      const std::string why(lesson_text(View::long_context, "ntk_d2"));
      const float left = o.x + width + 8 * sc, room = o.x + avail - left;
      const ImVec2 lo(o.x + label_w, y), hi(o.x + avail, y + row_h - (side_labels ? 0 : label_h));
      LabelPlacer place(lo, hi);
      place.avoid_rect(ImVec2(o.x + label_w, y), ImVec2(o.x + width, hi.y));
      if (room >= 120 * sc) {
        const ImVec2 size = wrapped_text_size(why, room);
        const ImVec2 spot[] = {ImVec2(left, y + 8 * sc), ImVec2(left, y)};
        const LabelPlacer::Choice free = place.choose(size, spot);
        if (free.cost <= 0 && size.y <= hi.y - y) add_text_wrapped(dl, place.place(size, spot), colors::warning, why, room);
      }
      continue;
    }
    for (size_t k = 0; k < shown.size(); ++k) {
      const int i = shown[k];
      const pe::Sweep& w = c.sweeps[static_cast<size_t>(m)][static_cast<size_t>(i)];
      const ImVec2 p = dr.cell_pos(ImVec2(o.x + label_w, y), static_cast<int>(k));
      sweep_dial(dl, dr.centre(p), dial / 2 - 2 * sc, w, mc, sc);
      const std::string t = turns_label(w.extended / pe::kTwoPi);
      dial_label(dl, dr, p, dr.label_y(p), t.c_str(), leaves_shown(w) ? colors::warning : colors::ink, LabelAlign::centre);
    }
  }
  ImGui::SetCursorScreenPos(o);
  ImGui::Dummy(ImVec2(std::max(width, 1.0f), height));
  mark_figure_item();

  if (hovered >= 0) {
    std::string tip = label("tip_column", {{"pair", std::to_string(hovered)},
                                           {"L", length_text(c.length)},
                                           {"turns", turns_label(c.sweeps[0][static_cast<size_t>(hovered)].trained / pe::kTwoPi)}});
    for (int m = 0; m < 4; ++m) {
      if (!method_available(s, m)) continue;
      const pe::Sweep& w = c.sweeps[static_cast<size_t>(m)][static_cast<size_t>(hovered)];
      const std::string turns = turns_label(w.extended / pe::kTwoPi);
      tip.append("\n");
      if (leaves_withheld()) tip.append(label("tip_method_hidden", {{"method", method_name(m)}, {"turns", turns}}));
      else if (w.leaves)
        tip.append(label("tip_method_unseen", {{"method", method_name(m)}, {"turns", turns}, {"deg", fmt("%.1f", w.unseen * kRadToDeg)}}));
      else tip.append(label("tip_method", {{"method", method_name(m)}, {"turns", turns}}));
    }
    ImGui::SetTooltip("%s", tip.c_str());
  }
}

void legend_item(ImU32 col, const std::string& text, float thickness, bool first, float sc) {
  const float w = 26 * sc + ImGui::CalcTextSize(text.c_str()).x;
  if (!first) same_line_if_fits(w, 14 * sc);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float lh = ImGui::GetTextLineHeight();
  key_swatch(ImGui::GetWindowDrawList(), p.x, p.y + lh / 2, 20 * sc, {Swatch::line, col, 0, thickness * sc});
  ImGui::SetCursorScreenPos(ImVec2(p.x + 26 * sc, p.y));
  ImGui::TextUnformatted(text.c_str());
}

// Every pair's turns within L and within s·L under each method shown (log scale).
void draw_chart(State& s, const LongContextCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const int pairs = s.d / 2;
  const float lh = ImGui::GetTextLineHeight();
  const View v = View::long_context;
  legend_item(kTrained, std::string(lesson_text(v, "legend_trained")), 4.0f, true, sc);
  for (int m = 0; m < 4; ++m)
    if (method_shown(s, m) && method_available(s, m)) legend_item(method_color(m), method_name(m), 2.2f, false, sc);
  if (!leaves_withheld()) {
    const std::string t(lesson_text(v, "legend_leaves"));
    same_line_if_fits(26 * sc + ImGui::CalcTextSize(t.c_str()).x, 14 * sc);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddCircle(ImVec2(p.x + 10 * sc, p.y + lh / 2), 5.0f * sc, kUnseen, 12, 2.0f * sc);
    ImGui::SetCursorScreenPos(ImVec2(p.x + 26 * sc, p.y));
    ImGui::TextUnformatted(t.c_str());
  }

  // Range: every curve shown and the one-turn line.
  double lo = 1, hi = 1;
  for (int m = 0; m < 4; ++m) {
    if (!method_available(s, m) || (m > 0 && !method_shown(s, m))) continue;
    for (const pe::Sweep& w : c.sweeps[static_cast<size_t>(m)]) {
      for (double a : {w.trained, w.extended}) {
        if (!(a > 0)) continue;
        lo = std::min(lo, a / pe::kTwoPi);
        hi = std::max(hi, a / pe::kTwoPi);
      }
    }
  }
  const double ylo = lo / 3, yhi = hi * 3;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float h = std::max(metrics::plot_min_height * sc, std::min(avail.y - lh, 380 * sc));
  const double pad = std::max(0.5, pairs * 0.015);
  const std::string title(lesson_text(v, "chart_title"));
  const std::string x_title = label("pair_axis");
  const Plot p = plot_frame("lc_plot", ImVec2(avail.x, h), -pad, pairs - 1 + pad, ylo, yhi, true, x_title.c_str(), title.c_str(), sc, true);
  const int hover = std::clamp(static_cast<int>(std::lround(p.x_at(p.mouse.x))), 0, pairs - 1);
  if (p.clicked && p.mouse.x >= p.lo.x && p.mouse.x <= p.hi.x) set_number(s, Field::pair, hover);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  plot_clip_push(p);
  const float y1 = p.sy(1.0);
  dashed_line(dl, ImVec2(p.lo.x, y1), ImVec2(p.hi.x, y1), colors::axis, 1.4f * sc, 6 * sc);
  {
    const std::string one(lesson_text(v, "one_turn"));
    halo_text(dl, ImVec2(p.lo.x + 6 * sc, y1 - lh - 2 * sc), colors::axis, one.c_str());
  }
  // A curve through every pair, one vertex per pixel column.
  const auto curve = [&](const std::vector<pe::Sweep>& sw, bool trained, ImU32 col, float width) {
    std::vector<ImVec2> pts;
    int last_px = -1 << 30;
    for (int i = 0; i < pairs; ++i) {
      const double a = trained ? sw[static_cast<size_t>(i)].trained : sw[static_cast<size_t>(i)].extended;
      const ImVec2 q(p.sx(i), p.sy(std::max(a / pe::kTwoPi, ylo)));
      const int px = static_cast<int>(q.x);
      if (px == last_px && i != pairs - 1) continue;
      last_px = px;
      pts.push_back(q);
    }
    if (pts.size() > 1)
      dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), col, 0, width);
    else if (pts.size() == 1)
      dl->AddCircleFilled(pts[0], width * 1.5f, col);
  };
  curve(c.sweeps[0], true, kTrained, 5.0f * sc);
  for (int m = 0; m < 4; ++m)
    if (method_shown(s, m) && method_available(s, m)) curve(c.sweeps[static_cast<size_t>(m)], false, method_color(m), 2.0f * sc);
  // The pairs that leave the trained range: a ring on their curve, one per pixel column.
  for (int m = 0; m < 4; ++m) {
    if (!method_shown(s, m) || !method_available(s, m)) continue;
    int last_px = -1 << 30;
    for (int i = 0; i < pairs; ++i) {
      const pe::Sweep& w = c.sweeps[static_cast<size_t>(m)][static_cast<size_t>(i)];
      if (!leaves_shown(w)) continue;
      const ImVec2 q(p.sx(i), p.sy(std::max(w.extended / pe::kTwoPi, ylo)));
      const int px = static_cast<int>(q.x / (10 * sc));  // at most one ring per 10 px
      if (px == last_px) continue;
      last_px = px;
      dl->AddCircle(q, 4.5f * sc, kUnseen, 12, 1.8f * sc);
    }
  }
  {
    const float x = p.sx(s.pair);
    plot_vline(dl, p, x, with_alpha(colors::selected, 120), 1.0f * sc);
  }
  if (p.hovered && p.mouse.x >= p.lo.x && p.mouse.x <= p.hi.x) {
    const float x = p.sx(hover);
    plot_vline(dl, p, x, colors::hover_ring, 1.0f);
    std::string tip = label("tip_chart", {{"pair", std::to_string(hover)},
                                          {"turns", turns_label(c.sweeps[0][static_cast<size_t>(hover)].trained / pe::kTwoPi)}});
    for (int m = 0; m < 4; ++m)
      if (method_available(s, m))
        tip.append("\n").append(label("tip_chart_method", {{"method", method_name(m)},
                                                            {"turns", turns_label(c.sweeps[static_cast<size_t>(m)][static_cast<size_t>(hover)].extended / pe::kTwoPi)}}));
    ImGui::SetTooltip("%s", tip.c_str());
  }
  plot_clip_pop();
}

// YaRN's ramp over the pair index, with its three groups.
void draw_ramp(const State& s, const LongContextCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const int pairs = s.d / 2;
  const float w = ImGui::GetContentRegionAvail().x;
  const double pad = std::max(0.5, pairs * 0.015);
  const std::string title(lesson_text(View::long_context, "ramp_title"));
  const std::string x_title = label("pair_axis");
  const Plot p = plot_frame("lc_ramp", ImVec2(w, 150 * sc), -pad, pairs - 1 + pad, -0.08, 1.12, false, x_title.c_str(), title.c_str(), sc, true);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  plot_clip_push(p);
  const ImU32 yc = method_color(kYarn);
  // Groups as bands: keep (ramp 0) blue, interpolate (ramp 1) in YaRN's colour.
  const auto band = [&](int a, int b, ImU32 col) {
    if (a > b) return;
    dl->AddRectFilled(ImVec2(p.sx(a - 0.5), p.lo.y), ImVec2(p.sx(b + 0.5), p.hi.y), tint(col, 0.14f));
  };
  band(0, c.keep - 1, kTrained);
  band(c.keep + c.blend, pairs - 1, yc);
  std::vector<ImVec2> pts;
  int last_px = -1 << 30;
  for (int i = 0; i < pairs; ++i) {
    const ImVec2 q(p.sx(i), p.sy(c.ramp[static_cast<size_t>(i)]));
    const int px = static_cast<int>(q.x);
    if (px == last_px && i != pairs - 1) continue;
    last_px = px;
    pts.push_back(q);
  }
  if (pts.size() > 1) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), yc, 0, 2.4f * sc);
  const float lh = ImGui::GetTextLineHeight();
  // Each group's name over its part of the axis: keep above the line at 0, interpolate below the line
  // at 1, blend at the top left of its part, where the rising line is still low.
  const auto group_label = [&](int a, int b, const char* key, ImU32 col, float y, bool centred) {
    if (a > b) return;
    const std::string t(lesson_text(View::long_context, key));
    const float tw = ImGui::CalcTextSize(t.c_str()).x;
    const float x = centred ? (p.sx(a - 0.5) + p.sx(b + 0.5) - tw) / 2 : p.sx(a - 0.5) + 4 * sc;
    halo_text(dl, ImVec2(std::clamp(x, p.lo.x + 2 * sc, p.hi.x - tw - 2 * sc), y), col, t.c_str());
  };
  group_label(0, c.keep - 1, "group_keep", kTrained, p.sy(0) - lh - 4 * sc, true);
  group_label(c.keep, c.keep + c.blend - 1, "group_blend", colors::ink, p.sy(1) + 4 * sc, false);
  group_label(c.keep + c.blend, pairs - 1, "group_interp", colors::ink, p.sy(1) + 4 * sc, true);
  plot_vline(dl, p, p.sx(s.pair), with_alpha(colors::selected, 120), 1.0f * sc);
  plot_clip_pop();
}

// The selected pair under each method: its speed, its turns within s·L and the angles it newly reaches.
void draw_pair_table(const State& s, const LongContextCache& c, const ViewContext& ctx) {
  const int i = s.pair;
  const pe::Sweep& t0 = c.sweeps[0][static_cast<size_t>(i)];
  text_wrapped_at_spaces(fill(lesson_text(View::long_context, "pair_line"),
                              {{"pair", std::to_string(i)},
                               {"w", fmt("%.6g", pe::omega(i, s.d, s.base))},
                               {"turns", turns_label(t0.trained / pe::kTwoPi)},
                               {"L", length_text(c.length)}}));
  if (!begin_table_fit("lc_pair", 4, ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp, 460 * ctx.ui_scale, 5)) return;
  ImGui::TableSetupColumn(label("col_method").c_str());
  ImGui::TableSetupColumn(label("col_w").c_str());
  ImGui::TableSetupColumn(label("col_turns").c_str());
  ImGui::TableSetupColumn(label("col_unseen").c_str());
  ImGui::TableHeadersRow();
  for (int m = 0; m < 4; ++m) {
    if (!method_shown(s, m)) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(method_name(m).c_str());
    if (!method_available(s, m)) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(label("needs_d4").c_str());
      continue;
    }
    const pe::Sweep& w = c.sweeps[static_cast<size_t>(m)][static_cast<size_t>(i)];
    ImGui::PushFont(ctx.fonts.mono);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(fmt("%.6g", w.extended / (c.factor * c.length)).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(turns_text(w.extended / pe::kTwoPi).c_str());
    ImGui::TableNextColumn();
    if (leaves_withheld())
      ImGui::TextUnformatted("?");
    else if (w.leaves)
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors::warning), "%s\xC2\xB0", fmt("%.2f", w.unseen * kRadToDeg).c_str());
    else
      ImGui::TextUnformatted(label("unseen_none").c_str());
    ImGui::PopFont();
  }
  ImGui::EndTable();
}

}  // namespace

void draw_long_context(State& s, LongContextCache& cache, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  lesson_intro(View::long_context, ctx);
  const bool narrow = one_column(ctx);
  draw_controls(s, ctx);
  refresh(cache, s);
  // The figure right under its controls; the run in words and the key to the dials just below it.
  draw_matrix(s, cache, ctx);
  if (narrow) {
    draw_length_controls(s);
    refresh(cache, s);
  }
  text_wrapped_at_spaces(run_sentence(s, cache));
  caption(lesson_text(View::long_context, "legend"));
  ImGui::Spacing();
  draw_chart(s, cache, ctx);
  ImGui::Spacing();
  draw_pair_table(s, cache, ctx);
  for (int m = 0; m < 4; ++m) {
    if (!method_shown(s, m)) continue;
    ImGui::Spacing();
    ImGui::PushFont(ctx.fonts.title);
    ImGui::TextUnformatted(method_name(m).c_str());
    ImGui::PopFont();
    claim_line(ClaimSource::math, cost_sentence(s, cache, m), sc);
    if (m == kYarn) {
      claim_line(ClaimSource::math, ramp_sentence(cache), sc);
      draw_ramp(s, cache, ctx);
      claim_line(ClaimSource::math, temperature_sentence(cache), sc);
    }
    claim_line(ClaimSource::paper, paper_sentence(m), sc);
  }
}

std::string describe_long_context(const State& s, const LongContextCache& cache) {
  const LongContextCache c = fresh(s, cache);
  std::string t = run_sentence(s, c);
  // A sentence with its source's tag, as the view shows it: "(Math) ...".
  const std::string math_tag(claim_label(*claim_source_info(ClaimSource::math)));
  const auto tagged = [&](const std::string& sentence) { return label("describe_tagged", {{"tag", math_tag}, {"sentence", sentence}}); };
  for (int m = 0; m < 4; ++m) {
    if (!method_shown(s, m)) continue;
    t.append(" ");
    if (!method_available(s, m)) {
      t.append(label("describe_method_note", {{"method", method_name(m)}, {"note", std::string(lesson_text(View::long_context, "ntk_d2"))}}));
      continue;
    }
    t.append(label("describe_method", {{"method", method_name(m)},
                                       {"count", leave_count_shown(c.leaving[static_cast<size_t>(m)])},
                                       {"which", which_pairs(leaving_pairs(c, m))}}));
    t.append(" ").append(tagged(cost_sentence(s, c, m)));
    if (m == kYarn) t.append(" ").append(tagged(ramp_sentence(c))).append(" ").append(tagged(temperature_sentence(c)));
  }
  const int i = s.pair;
  t.append(" ").append(fill(lesson_text(View::long_context, "pair_line"),
                            {{"pair", std::to_string(i)},
                             {"w", fmt("%.6g", pe::omega(i, s.d, s.base))},
                             {"turns", turns_label(c.sweeps[0][static_cast<size_t>(i)].trained / pe::kTwoPi)},
                             {"L", length_text(c.length)}}));
  for (int m = 0; m < 4; ++m) {
    if (!method_shown(s, m) || !method_available(s, m)) continue;
    const pe::Sweep& w = c.sweeps[static_cast<size_t>(m)][static_cast<size_t>(i)];
    const std::string turns = turns_label(w.extended / pe::kTwoPi);
    t.append(" ");
    if (leaves_withheld()) t.append(label("describe_pair_hidden", {{"method", method_name(m)}, {"turns", turns}}));
    else if (w.leaves)
      t.append(label("describe_pair_unseen", {{"method", method_name(m)}, {"turns", turns}, {"deg", fmt("%.2f", w.unseen * kRadToDeg)}}));
    else t.append(label("describe_pair", {{"method", method_name(m)}, {"turns", turns}}));
  }
  return t;
}

}  // namespace app
