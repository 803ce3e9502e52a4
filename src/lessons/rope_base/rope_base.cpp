#include "lessons/rope_base/rope_base.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/frequency.hpp"
#include "core/params.hpp"
#include "core/rope_turns.hpp"
#include "ui/dial.hpp"
#include "ui/dial_row.hpp"
#include "ui/focus.hpp"
#include "imgui.h"
#include "ui/key.hpp"
#include "ui/label.hpp"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "state/interface_text.hpp"
#include "state/state_io.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

// The shared base and the second one.
const ImU32& kBaseA = colors::hand;
const ImU32& kBaseB = colors::accent;
const ImU32& kNever = colors::warning;

constexpr double kMinCompare = kMinCompareBase;  // the compareBase setting's limit (view_options.hpp)

// A text of the lesson's file with its placeholders filled (rope_base.txt: its words in the reader's
// language).
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::rope_base, key), values);
}

// A number of turns with its word ("0.996 turns", "1 turn"), in the reader's language; "? turns" while
// withheld.
std::string turns_label(double t) { return label(t == 1.0 ? "turns_one" : "turns_many", {{"t", turns_text(t)}}); }
std::string turns_hidden() { return label("turns_many", {{"t", "?"}}); }

void refresh(RopeBaseCache& c, const State& s) {
  if (!c.key.changed(s.d, s.base, s.compareBase, s.n)) return;
  const int pairs = s.d / 2;
  c.turns_a.assign(static_cast<size_t>(pairs), 0.0);
  c.turns_b.assign(static_cast<size_t>(pairs), 0.0);
  for (int i = 0; i < pairs; ++i) {
    c.turns_a[static_cast<size_t>(i)] = pe::turns_to_last(pe::omega(i, s.d, s.base), s.n);
    c.turns_b[static_cast<size_t>(i)] = pe::turns_to_last(pe::omega(i, s.d, s.compareBase), s.n);
  }
  c.full_a = pe::pairs_with_full_turn(s.n, s.d, s.base);
  c.full_b = pe::pairs_with_full_turn(s.n, s.d, s.compareBase);
}

// A base as a person writes it: 10,000 and 500,000 grouped, 1.5 or 2.5e+11 otherwise.
std::string base_text(double b) {
  if (b == std::floor(b) && b < 1e10) return grouped(b);
  return fmt(b < 1e6 ? "%.6g" : "%.4g", b);
}

// "base 10,000: pairs 0 to 49 complete ..." for one base.
std::string base_sentence(const State& s, double base, int full, const std::vector<double>& turns) {
  const int pairs = s.d / 2;
  const std::string end = grouped(std::max(0, s.n - 1));
  const View v = View::rope_base;
  if (s.n <= 1) return fill(lesson_text(v, "base_one"), {{"base", base_text(base)}});
  if (full >= pairs)
    return fill(lesson_text(v, "base_all"), {{"base", base_text(base)}, {"end", end}, {"slow", turns_text(turns.back())}});
  if (full == 0)
    return fill(lesson_text(v, "base_none"), {{"base", base_text(base)}, {"end", end}, {"t0", turns_text(turns.front())}});
  return fill(lesson_text(v, "base_some"), {{"base", base_text(base)},
                                            {"end", end},
                                            {"last", std::to_string(full - 1)},
                                            {"first", std::to_string(full)},
                                            {"lastpair", std::to_string(pairs - 1)},
                                            {"never", std::to_string(pairs - full)},
                                            {"pairs", std::to_string(pairs)},
                                            {"slow", turns_text(turns.back())}});
}

// The slowdown from the shared base to the second one, for the last pair.
std::string slow_sentence(const State& s, const RopeBaseCache&) {
  const int last = s.d / 2 - 1;
  const double f = pe::base_slowdown(last, s.d, s.base, s.compareBase);
  const View v = View::rope_base;
  const bool slower = s.compareBase >= s.base;
  return fill(lesson_text(v, slower ? "note_slower" : "note_faster"),
              {{"a", base_text(s.base)}, {"b", base_text(s.compareBase)}, {"last", std::to_string(last)},
               {"factor", fmt("%.4g", slower ? f : 1 / f)}});
}

void square_bullet(ImU32 col, const std::string& text, float sc) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float lh = ImGui::GetTextLineHeight();
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x + 2 * sc, p.y + lh / 2 - 5 * sc), ImVec2(p.x + 12 * sc, p.y + lh / 2 + 5 * sc), col);
  ImGui::Indent(18 * sc);
  text_wrapped_at_spaces(text);
  ImGui::Unindent(18 * sc);
}

constexpr float kControlsTwoColumns = 600;  // the width (UI pixels) from which the two sliders sit side by side

void draw_controls(State& s, RopeBaseCache&, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const bool two_columns = ImGui::GetContentRegionAvail().x >= kControlsTwoColumns * sc;
  if (!ImGui::BeginTable("rb_controls", two_columns ? 2 : 1, ImGuiTableFlags_SizingStretchSame)) return;
  ImGui::TableNextColumn();
  param_slider(label("context_slider").c_str(), s, Field::n, 1, 100000, "%.0f", ctx.notices, true);
  if (const auto n = preset_buttons({4096.0, 8192.0, 32768.0, 100000.0}, "n", label("context_preset").c_str())) set_number(s, Field::n, *n);
  ImGui::TableNextColumn();
  double b = s.compareBase;
  const std::string second = label("second_base");
  if (log_slider(second.c_str(), "##compare", b, kMinCompare, pe::kMaxBase, "%.6g")) set_number(s, Field::compareBase, b);
  if (const auto v = preset_buttons({10000.0, 500000.0, 1000000.0}, "b", second.c_str())) set_number(s, Field::compareBase, *v);
  ImGui::EndTable();
}

// Two rows of dials (one per base) for a few pairs: the hand at position n - 1 and its sweep.
void draw_dials(State& s, const RopeBaseCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const int pairs = s.d / 2;
  const float lh = ImGui::GetTextLineHeight();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float dial = 60 * sc;
  // Each cell as wide as the widest number of turns in the reader's words ("6.6e-10 turns").
  const ImVec2 cell(std::max(turns_cell_width(dial, 16 * sc, sc), ImGui::CalcTextSize(turns_label(6.6e-10).c_str()).x + 10 * sc),
                    lh + dial + lh + 12 * sc);
  const auto [side_labels, label_w, count] = dial_columns(avail, cell.x, 560 * sc, 120 * sc);
  // The selected pair, pair 0, the last and the pairs on each side of each base's one-turn line.
  // While a tour question asks where the second base's pairs stop completing a turn, its dials show no
  // sweep and no count, and the pairs shown are not chosen at its boundary.
  const bool second_withheld = text_withheld(View::rope_base, "mark_second_base");
  const int edge_b = second_withheld ? c.full_a : c.full_b;
  const std::vector<int> shown = dial_pairs(pairs, count, {s.pair, 0, pairs - 1, c.full_a - 1, c.full_a, edge_b - 1, edge_b});
  const DialRow dr = dial_row(static_cast<int>(shown.size()), avail - label_w, cell, dial, lh + 4 * sc, 2 * sc);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const double end = std::max(0, s.n - 1);

  for (int row = 0; row < 2; ++row) {
    const double base = row == 0 ? s.base : s.compareBase;
    const std::vector<double>& turns = row == 0 ? c.turns_a : c.turns_b;
    const ImU32 col = row == 0 ? kBaseA : kBaseB;
    const std::string name = label("base_name", {{"base", base_text(base)}});
    ImGui::PushID(row);
    if (!side_labels) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(col), "%s", name.c_str());
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    if (side_labels) {
      ImGui::PushFont(ctx.fonts.title);
      add_text_wrapped(dl, ImVec2(p0.x, p0.y + cell.y / 2 - lh), col, name, label_w - 8 * sc);
      ImGui::PopFont();
      ImGui::SetCursorScreenPos(ImVec2(p0.x + label_w, p0.y));
    }
    for (size_t k = 0; k < shown.size(); ++k) {
      const int i = shown[k];
      dial_row_next(dr, static_cast<int>(k));
      const std::string pair_name = label("pair_name", {{"pair", std::to_string(i)}});
      const PairCell pc = pair_cell(s, i, cell, pair_name.c_str(), sc);
      const double t = turns[static_cast<size_t>(i)];
      const double angle = t * pe::kTwoPi;
      const ImVec2 ctr = dr.centre(pc.pos);
      const float r = dial / 2 - 2 * sc;
      dial_face(dl, ctr, r, pc.selected, 1.5f, 3.0f, sc);
      const bool hide = row == 1 && second_withheld;
      if (!hide) dial_sweep(dl, ctr, r * 0.82f, angle, tint(col, 0.3f));
      dl->AddLine(hand_tip(ctr, r * 0.84f, 0), hand_tip(ctr, r, 0), colors::tick, 2.0f * sc);
      dial_hand(dl, ctr, hand_tip(ctr, r * 0.9f, std::fmod(angle, pe::kTwoPi)), col, 2.5f, 3.5f, sc);
      dial_hub(dl, ctr, 2.5f, sc);
      const std::string tt = hide ? turns_hidden() : turns_label(t);
      dial_label(dl, dr, pc.pos, dr.label_y(pc.pos), tt.c_str(), hide || t >= 1 || i < (row == 0 ? c.full_a : c.full_b) ? colors::ink : kNever,
                 LabelAlign::centre);
      if (pc.hovered) {
        std::string tip = label("tip_dial", {{"pair", std::to_string(i)},
                                             {"base", base_text(base)},
                                             {"w", fmt("%.6g", pe::omega(i, s.d, base))},
                                             {"T", fmt("%.6g", pe::period(i, s.d, base))}});
        tip.append("\n").append(label("tip_dial_end", {{"end", grouped(end)}, {"angle", fmt("%.6g", angle)}, {"turns", hide ? "?" : turns_label(t)}}));
        ImGui::SetTooltip("%s", tip.c_str());
      }
    }
    ImGui::PopID();
  }
}

void draw_chart(State& s, const RopeBaseCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const int pairs = s.d / 2;
  const float lh = ImGui::GetTextLineHeight();
  if (s.n <= 1) {
    caption(lesson_text(View::rope_base, "one_position"));
    return;
  }
  const double top = std::max(1.0, c.turns_a.front());
  const double bottom = std::min({1.0, c.turns_a.back(), c.turns_b.back()});
  const double ylo = bottom / 3, yhi = top * 3;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float h = std::max(metrics::plot_min_height * sc, std::min(avail.y - 2 * lh, 420 * sc));
  const double pad = std::max(0.5, pairs * 0.015);
  const std::string title(lesson_text(View::rope_base, "chart_title"));
  const std::string x_title = label("pair_axis");
  const Plot p = plot_frame("rb_plot", ImVec2(avail.x, h), -pad, pairs - 1 + pad, ylo, yhi, true, x_title.c_str(), title.c_str(), sc, true);
  const int hover = std::clamp(static_cast<int>(std::lround(p.x_at(p.mouse.x))), 0, pairs - 1);
  if (p.clicked && p.mouse.x >= p.lo.x && p.mouse.x <= p.hi.x) set_number(s, Field::pair, hover);

  ImDrawList* dl = ImGui::GetWindowDrawList();
  // Every mark is drawn and told to the placer first; then the labels and the key go where none is.
  LabelPlacer labels(p.lo, p.hi);
  plot_clip_push(p);
  // Below one turn: never a full turn within the context.
  const float y1 = p.sy(1.0);
  dl->AddRectFilled(ImVec2(p.lo.x, y1), p.hi, tint(kNever, 0.07f));
  dashed_line(dl, ImVec2(p.lo.x, y1), ImVec2(p.hi.x, y1), colors::axis, 1.4f * sc, 6 * sc);
  labels.avoid_segment(ImVec2(p.lo.x, y1), ImVec2(p.hi.x, y1), 1.4f * sc);
  // The two curves: a dot per pair where there is room, else one vertex per pixel column.
  const float spacing = p.width() / static_cast<float>(std::max(1, pairs));
  const float dot = std::min(3.5f * sc, spacing * 0.35f);
  const int rows = text_withheld(View::rope_base, "mark_second_base") ? 1 : 2;  // the second base withheld
  for (int row = 0; row < rows; ++row) {
    const std::vector<double>& turns = row == 0 ? c.turns_a : c.turns_b;
    const ImU32 col = row == 0 ? kBaseA : kBaseB;
    std::vector<ImVec2> pts;
    int last_px = -1 << 30;
    for (int i = 0; i < pairs; ++i) {
      const ImVec2 q(p.sx(i), p.sy(std::max(turns[static_cast<size_t>(i)], ylo)));
      const int px = static_cast<int>(q.x);
      if (px == last_px && i != pairs - 1) continue;
      last_px = px;
      pts.push_back(q);
    }
    if (pts.size() > 1) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), col, 0, 2.4f * sc);
    labels.avoid_polyline(pts, 2.4f * sc);
    if (spacing >= 5 * sc)
      for (const ImVec2& q : pts) {
        dl->AddCircleFilled(q, dot, col);
        labels.avoid_point(q, dot);
      }
  }
  // Where each base's pairs stop completing a turn: a dashed line between the last pair that does and
  // the first that does not.
  struct Edge {
    int full;
    float x;
    ImU32 col;
  };
  std::vector<Edge> edges;
  for (int row = 0; row < rows; ++row) {
    const int full = row == 0 ? c.full_a : c.full_b;
    if (full <= 0 || full >= pairs) continue;
    const ImU32 col = row == 0 ? kBaseA : kBaseB;
    const float x = p.sx(full - 0.5);
    dashed_line(dl, ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), col, 1.3f * sc, 4 * sc);
    labels.avoid_segment(ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), 1.3f * sc);
    edges.push_back({full, x, col});
  }
  // The selected pair.
  {
    const float x = p.sx(s.pair);
    plot_vline(dl, p, x, with_alpha(colors::selected, 110), 1.0f * sc);
    labels.avoid_segment(ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), 1.0f * sc);
    for (int row = 0; row < rows; ++row) {
      const double t = (row == 0 ? c.turns_a : c.turns_b)[static_cast<size_t>(s.pair)];
      const ImVec2 q(x, p.sy(std::max(t, ylo)));
      dl->AddCircle(q, 7.0f * sc, colors::selected, 0, 2.0f * sc);
      labels.avoid_point(q, 8.0f * sc);
    }
  }
  // Text on a halo at a spot the placer gives (spots are the halo's box, 2 px wider than the text on
  // either side).
  const auto put = [&](const std::string& t, ImU32 col, const std::vector<ImVec2>& spots) {
    const ImVec2 at = labels.place(ImVec2(ImGui::CalcTextSize(t.c_str()).x + 4, lh), spots);
    halo_text(dl, ImVec2(at.x + 2, at.y), col, t.c_str());
  };
  const float step = lh + 2 * sc;
  {
    // "1 turn" on its line: above it at the left or the right end (the curves cross it between), else below.
    const std::string one(lesson_text(View::rope_base, "one_turn"));
    const float w = ImGui::CalcTextSize(one.c_str()).x + 4;
    const float left = p.lo.x + 6 * sc, right = p.hi.x - w - 6 * sc;
    put(one, colors::axis, {ImVec2(left, y1 - lh - 2 * sc), ImVec2(right, y1 - lh - 2 * sc), ImVec2(left, y1 + 2 * sc), ImVec2(right, y1 + 2 * sc)});
  }
  // Each base's edge: "pairs ≥ 3: under one turn" beside its line, in the rows from the top down, right
  // of the line where it fits, else left of it; where every such spot covers a curve or a mark, the
  // short form "≥ 3" (the line's colour says which base).
  const int row_count = std::max(1, static_cast<int>((p.height() - 4 * sc) / step));
  for (const Edge& e : edges) {
    const std::string long_t = fill(lesson_text(View::rope_base, "never_label"), {{"first", std::to_string(e.full)}});
    const std::string short_t = "\xE2\x89\xA5 " + std::to_string(e.full);
    const auto spots_for = [&](const std::string& t) {
      const float tw = ImGui::CalcTextSize(t.c_str()).x;
      std::vector<ImVec2> spots;
      for (float side : {e.x + 5 * sc, e.x - tw - 5 * sc}) {
        const std::vector<ImVec2> column = LabelPlacer::along(ImVec2(side - 2, p.lo.y + 4 * sc), ImVec2(0, step), row_count);
        spots.insert(spots.end(), column.begin(), column.end());
      }
      return spots;
    };
    const std::vector<ImVec2> long_spots = spots_for(long_t), short_spots = spots_for(short_t);
    // (While a tour question withholds the words, no short form gives the number away.)
    const bool long_fits = labels.choose(ImVec2(ImGui::CalcTextSize(long_t.c_str()).x + 4, lh), long_spots).cost <= 0;
    if (long_fits || text_withheld(View::rope_base, "never_label"))
      put(long_t, e.col, long_spots);
    else
      put(short_t, e.col, short_spots);
  }
  // The band's words: along its bottom from the left, then row by row up to the one-turn line.
  bool band_in_key = false;
  if (p.hi.y - y1 > lh + 6 * sc) {
    const std::string never(lesson_text(View::rope_base, "below_line"));
    const float w = ImGui::CalcTextSize(never.c_str()).x + 4;
    const int across = std::max(1, static_cast<int>((p.width() - w) / (12 * sc)) + 1);
    std::vector<ImVec2> spots;
    for (float y = p.hi.y - lh - 4 * sc; y >= y1 + 3 * sc; y -= lh / 2) {
      const std::vector<ImVec2> row = LabelPlacer::along(ImVec2(p.lo.x + 6 * sc, y), ImVec2(12 * sc, 0), across);
      spots.insert(spots.end(), row.begin(), row.end());
    }
    // Where the curves and the lines leave it no room, the key names the band instead.
    if (!spots.empty() && labels.choose(ImVec2(w, lh), spots).cost <= 0)
      put(never, kNever, spots);
    else
      band_in_key = true;
  }
  // The key: which curve is which base, in a corner the data leave free, else under the chart.
  const std::string name_a = label("base_name", {{"base", base_text(s.base)}}), name_b = label("base_name", {{"base", base_text(s.compareBase)}});
  const std::string band_words(lesson_text(View::rope_base, "band_key"));
  std::vector<FlowEntry> shown_key = {{{Swatch::line, kBaseA, 0, 2.4f * sc}, name_a.c_str()}};
  if (rows > 1) shown_key.push_back({{Swatch::line, kBaseB, 0, 2.4f * sc}, name_b.c_str()});
  if (band_in_key) shown_key.push_back({{Swatch::square, tint(kNever, 0.2f), 5 * sc}, band_words.c_str()});
  const KeyFlow flow{18 * sc, 6 * sc, 20 * sc, 2 * sc, colors::ink};
  const bool key_inside = placed_key(dl, labels, shown_key, flow, 4 * sc, labels.corners(placed_key_size(shown_key, flow, 4 * sc), 2 * sc));
  if (p.hovered && p.mouse.x >= p.lo.x && p.mouse.x <= p.hi.x) {
    for (int row = 0; row < rows; ++row) {
      const double t = (row == 0 ? c.turns_a : c.turns_b)[static_cast<size_t>(hover)];
      dl->AddCircle(ImVec2(p.sx(hover), p.sy(std::max(t, ylo))), metrics::hover_radius * sc, colors::hover_ring, 0, 1.5f * sc);
    }
    std::string tip = label("tip_chart", {{"pair", std::to_string(hover)}, {"end", grouped(s.n - 1)}});
    tip.append("\n").append(label("tip_chart_base", {{"base", base_text(s.base)}, {"turns", turns_label(c.turns_a[static_cast<size_t>(hover)])}}));
    tip.append("\n").append(label("tip_chart_base", {{"base", base_text(s.compareBase)},
                                                     {"turns", withheld_or(View::rope_base, "mark_second_base",
                                                                           turns_label(c.turns_b[static_cast<size_t>(hover)]))}}));
    ImGui::SetTooltip("%s", tip.c_str());
  }
  plot_clip_pop();
  if (!key_inside) key_flow(shown_key, p.hi.x - p.lo.x, flow);
}

}  // namespace

void draw_rope_base(State& s, RopeBaseCache& cache, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  lesson_intro(View::rope_base, ctx);
  // The dials right under their controls; what each base's row shows, in words, just below them. On a
  // narrow screen (a phone) the controls come under the dials: above, their two sliders and presets
  // took most of a phone's first screen.
  const bool narrow = ImGui::GetContentRegionAvail().x < kControlsTwoColumns * sc;
  if (!narrow) {
    draw_controls(s, cache, ctx);
    ImGui::Spacing();
  }
  refresh(cache, s);
  draw_dials(s, cache, ctx);
  if (narrow) {
    draw_controls(s, cache, ctx);
    refresh(cache, s);
  }
  square_bullet(kBaseA, base_sentence(s, s.base, cache.full_a, cache.turns_a), sc);
  square_bullet(kBaseB, base_sentence(s, s.compareBase, cache.full_b, cache.turns_b), sc);
  ImGui::Spacing();
  draw_chart(s, cache, ctx);
  ImGui::Spacing();
  claim_line(ClaimSource::math, slow_sentence(s, cache), sc);
  claim_line(ClaimSource::math, lesson_text(View::rope_base, "note_once"), sc);
  claim_line(ClaimSource::paper, lesson_text(View::rope_base, "note_llama"), sc);
}

std::string describe_rope_base(const State& s, const RopeBaseCache&) {
  // The cache may be stale (describe before the first frame): work the numbers for this state.
  RopeBaseCache c;
  refresh(c, s);
  const int i = s.pair;
  std::string t = fill(lesson_text(View::rope_base, "describe_intro"), {{"n", grouped(s.n)}, {"end", grouped(std::max(0, s.n - 1))}});
  t.append(" ").append(base_sentence(s, s.base, c.full_a, c.turns_a));
  t.append(" ").append(base_sentence(s, s.compareBase, c.full_b, c.turns_b));
  t.append(" ").append(fill(lesson_text(View::rope_base, "describe_pair"),
                            {{"pair", std::to_string(i)},
                             {"a", base_text(s.base)},
                             {"ta", turns_label(c.turns_a[static_cast<size_t>(i)])},
                             {"b", base_text(s.compareBase)},
                             {"tb", withheld_or(View::rope_base, "mark_second_base", turns_label(c.turns_b[static_cast<size_t>(i)]))}}));
  // The note with its source's tag, as the view shows it: "(Math) ...".
  t.append(" ").append(label("describe_tagged", {{"tag", std::string(claim_label(*claim_source_info(ClaimSource::math)))},
                                                 {"sentence", slow_sentence(s, c)}}));
  return t;
}

}  // namespace app
