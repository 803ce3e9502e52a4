#include "lessons/gotcha/gotcha.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include "core/frequency.hpp"
#include "core/layout.hpp"
#include "core/rotation.hpp"
#include "ui/figure_mark.hpp"
#include "ui/dial.hpp"
#include "ui/dial_row.hpp"
#include "ui/key.hpp"
#include "imgui.h"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

// Colours of this view: the strip's sin and cos ticks, and an arc joining two dims that belong together.
const ImU32& kSinTick = colors::label;
const ImU32& kCosTick = colors::guide;
const ImU32& kRightArc = colors::axis;

// A text of the lesson's file with its placeholders filled (gotcha.txt: its words in the reader's language).
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::gotcha, key), values);
}

// The path of a hand as pos moves: a faint reference line.
ImU32 trail_color() { return with_alpha(colors::zero_line, 150); }

pe::Layout layout_of(const GotchaCache& c) { return c.layout == 0 ? pe::Layout::interleaved : pe::Layout::concatenated; }
pe::Layout other(pe::Layout L) { return L == pe::Layout::interleaved ? pe::Layout::concatenated : pe::Layout::interleaved; }

// The pairing the user picked, built from the core's pairings.
std::vector<pe::DimPair> chosen_pairing(const GotchaCache& c, const State& s) {
  const pe::Layout L = layout_of(c);
  const std::vector<pe::DimPair> right = pe::pairing_for(L, s.d);
  const int pairs = s.d / 2;
  const int i = std::clamp(s.pair, 0, pairs - 1);
  const pe::DimPair here = right[static_cast<size_t>(i)];
  switch (c.pairing) {
    case GotchaPairing::follows_layout: return right;
    case GotchaPairing::other_layout: return pe::pairing_for(other(L), s.d);
    case GotchaPairing::swap_within: return pe::swap_dims(right, here.sin_dim, here.cos_dim);
    case GotchaPairing::swap_across: {
      if (pairs < 2) return pe::swap_dims(right, here.sin_dim, here.cos_dim);
      const int j = i + 1 < pairs ? i + 1 : i - 1;
      return pe::swap_dims(right, here.cos_dim, right[static_cast<size_t>(j)].cos_dim);
    }
  }
  return right;
}

// Frequency index of dimension `dim` in layout L (the w whose sin or cos it holds).
int freq_of(int dim, int d, pe::Layout L) {
  if (L == pe::Layout::interleaved) return dim / 2;
  return dim < d / 2 ? dim : dim - d / 2;
}
bool is_sin(int dim, int d, pe::Layout L) { return L == pe::Layout::interleaved ? dim % 2 == 0 : dim < d / 2; }

// Red for +1, paper for 0 (white, or near-black in the dark theme), blue for -1 (the article's heatmap colours).
ImU32 value_color(double v) {
  const float t = static_cast<float>(std::clamp(v, -1.0, 1.0));
  return t >= 0 ? blend(colors::paper, colors::scale_pos, t) : blend(colors::paper, colors::scale_neg, -t);
}


std::string dim_label(int dim, int d, pe::Layout L) {
  char b[16];
  std::snprintf(b, sizeof b, "%s%d", is_sin(dim, d, L) ? "s" : "c", freq_of(dim, d, L));
  return b;
}

// A run of consecutive dims of the strip, lo..hi inclusive.
struct Segment {
  int lo, hi;
};

// The dims the strip shows when it has room for `capacity` readable cells: all d of them when they
// fit; else runs around the dims in `focus` (those of the pairs in the dials), widened on both sides
// until the cells are used up, one cell going to the break between two runs. Runs that come within
// one dim of each other are joined (a break would take that dim's room).
std::vector<Segment> strip_segments(std::vector<int> focus, int d, int capacity) {
  if (d <= capacity || focus.empty()) return {{0, d - 1}};
  std::sort(focus.begin(), focus.end());
  std::vector<Segment> segs;
  for (const int f : focus) {
    if (!segs.empty() && f - segs.back().hi <= 2)
      segs.back().hi = std::max(segs.back().hi, f);
    else
      segs.push_back({f, f});
  }
  int used = static_cast<int>(segs.size()) - 1;
  for (const Segment& g : segs) used += g.hi - g.lo + 1;
  int spare = capacity - used;
  for (bool grew = true; spare > 0 && grew;) {
    grew = false;
    for (size_t j = 0; j < segs.size() && spare > 0; ++j) {
      // One dim to the right, then one to the left, while a dim stays between it and the next run.
      if (segs[j].hi < d - 1 && (j + 1 == segs.size() || segs[j + 1].lo - segs[j].hi > 1)) ++segs[j].hi, --spare, grew = true;
      if (spare > 0 && segs[j].lo > 0 && (j == 0 || segs[j].lo - segs[j - 1].hi > 1)) --segs[j].lo, --spare, grew = true;
    }
    for (size_t j = 0; j + 1 < segs.size();) {
      const int gap = segs[j + 1].lo - segs[j].hi - 1;
      if (gap > 1) {
        ++j;
        continue;
      }
      spare += 1 - gap;  // the break's cell back, the hidden dim (if any) shown
      segs[j].hi = segs[j + 1].hi;
      segs.erase(segs.begin() + static_cast<std::ptrdiff_t>(j) + 1);
      grew = true;
    }
  }
  return segs;
}

// "12 to 23", or "0 to 3 and 256 to 259": the dims the runs show.
std::string segments_text(const std::vector<Segment>& segs) {
  std::string t;
  for (size_t j = 0; j < segs.size(); ++j) {
    std::string run = std::to_string(segs[j].lo);
    if (segs[j].hi > segs[j].lo) run = label("range", {{"lo", run}, {"hi", std::to_string(segs[j].hi)}});
    t = j == 0 ? run : label(j + 1 == segs.size() ? "list_last" : "list_more", {{"list", t}, {"next", run}});
  }
  return t;
}

// The vector PE(pos) as a strip of cells, with arcs joining the dims the pairing turns together. When
// its d cells would be too narrow for their labels (d = 512), it shows a readable window of the dims
// around the pairs in the dials, and above it a thin bar of the whole vector that marks the window.
void draw_strip(const State& s, pe::Layout L, const std::vector<double>& v, const std::vector<pe::DimPair>& pairing,
                int first, int count, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const float width = ImGui::GetContentRegionAvail().x;
  const float arc_h = 44 * sc, cell_h = 26 * sc;
  const int d = s.d;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float x0 = p.x + 4 * sc, x1 = p.x + width - 4 * sc;
  // A cell is readable when its label ("c255", the widest at d = 512) fits in it.
  std::string widest = "c";
  widest.append(std::to_string(d / 2 - 1));
  const float label_w = ImGui::CalcTextSize(widest.c_str()).x;
  // The whole vector where every label fits, however snugly; else a window of roomier cells.
  const bool all_fit = static_cast<float>(d) * (label_w + 2 * sc) <= x1 - x0;
  const int capacity = all_fit ? d : std::max(1, static_cast<int>((x1 - x0) / (label_w + 8 * sc)));
  std::vector<int> focus;
  for (int i = first; i < first + count; ++i) {
    focus.push_back(pairing[static_cast<size_t>(i)].sin_dim);
    focus.push_back(pairing[static_cast<size_t>(i)].cos_dim);
  }
  const std::vector<Segment> segs = strip_segments(focus, d, capacity);
  const bool window = !(segs.size() == 1 && segs[0].lo == 0 && segs[0].hi == d - 1);
  int slots = static_cast<int>(segs.size()) - 1;  // one cell for each break
  for (const Segment& g : segs) slots += g.hi - g.lo + 1;
  const float cw = (x1 - x0) / static_cast<float>(slots);
  // The left edge of dim's cell (dims outside the runs are never asked for: the arcs join shown dims).
  auto left = [&](int dim) {
    int at = 0;
    for (const Segment& g : segs) {
      if (dim >= g.lo && dim <= g.hi) return x0 + static_cast<float>(at + dim - g.lo) * cw;
      at += g.hi - g.lo + 2;
    }
    return x0;
  };
  auto cx = [&](int dim) { return left(dim) + 0.5f * cw; };

  // The words: above the window what it shows, and under the strip the legend. They wrap in a narrow
  // window; the strip keeps the room they take.
  const float wrap = width - 8 * sc;
  const std::string head = window ? fill(lesson_text(View::gotcha, "strip_window"),
                                         {{"shown", segments_text(segs)}, {"d", std::to_string(d)}, {"last", std::to_string(d - 1)}})
                                  : std::string();
  const std::string legend =
      fill(lesson_text(View::gotcha, window ? "strip_legend_window" : "strip_legend"), {{"last", std::to_string(d - 1)}});
  const float head_h = window ? wrapped_text_size(head, wrap).y + 4 * sc : 0.0f;
  const float bar_h = 10 * sc, bar_gap = 14 * sc;  // the whole-vector bar, and the room its connectors take
  const float top_h = window ? head_h + bar_h + bar_gap : 0.0f;
  const float numbers_h = window ? line + 2 * sc : 0.0f;  // the first and last dim of each run, under it
  const float legend_h = wrapped_text_size(legend, wrap).y;
  ImGui::Dummy(ImVec2(width, top_h + arc_h + cell_h + 8 * sc + numbers_h + legend_h + 0.4f * line));
  mark_figure_item();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float y0 = p.y + top_h + arc_h;

  if (window) {
    add_text_wrapped(dl, ImVec2(x0, p.y), colors::text_dim, head, wrap);
    // The whole vector, one rectangle per pixel column (the first dim in each), and the runs marked on it.
    const float by = p.y + head_h;
    const int cols = std::min(d, std::max(1, static_cast<int>(x1 - x0)));
    for (int c = 0; c < cols; ++c) {
      const int dim = static_cast<int>(static_cast<long long>(c) * d / cols);
      const float a = x0 + (x1 - x0) * static_cast<float>(c) / static_cast<float>(cols);
      const float b = x0 + (x1 - x0) * static_cast<float>(c + 1) / static_cast<float>(cols);
      dl->AddRectFilled(ImVec2(a, by), ImVec2(b, by + bar_h), value_color(v[static_cast<size_t>(dim)]));
    }
    dl->AddRect(ImVec2(x0, by), ImVec2(x1, by + bar_h), colors::dial_rim);
    auto bx = [&](int dim) { return x0 + (x1 - x0) * static_cast<float>(dim) / static_cast<float>(d); };
    for (const Segment& g : segs) {
      const float mid = (bx(g.lo) + bx(g.hi + 1)) / 2, half = std::max((bx(g.hi + 1) - bx(g.lo)) / 2, 2 * sc);
      const float a = mid - half, b = mid + half;
      dl->AddRect(ImVec2(a, by - 2 * sc), ImVec2(b, by + bar_h + 2 * sc), colors::ink, 0, 0, 2 * sc);
      // Connectors from the mark down to the run it stands for.
      const float ta = left(g.lo), tb = left(g.hi) + cw;
      dl->AddLine(ImVec2(a, by + bar_h + 2 * sc), ImVec2(ta, by + bar_h + bar_gap), colors::zero_line, 1.0f * sc);
      dl->AddLine(ImVec2(b, by + bar_h + 2 * sc), ImVec2(tb, by + bar_h + bar_gap), colors::zero_line, 1.0f * sc);
    }
  }

  for (const Segment& g : segs)
    for (int dim = g.lo; dim <= g.hi; ++dim) {
      const float a = left(dim), b = a + cw;
      dl->AddRectFilled(ImVec2(a, y0), ImVec2(b, y0 + cell_h), value_color(v[static_cast<size_t>(dim)]));
      // A sin/cos mark under the cell: strong for sin, faint for cos (against the background, in either theme).
      dl->AddRectFilled(ImVec2(a, y0 + cell_h + 1 * sc), ImVec2(b, y0 + cell_h + 5 * sc), is_sin(dim, d, L) ? kSinTick : kCosTick);
    }
  for (size_t j = 0; j < segs.size(); ++j) {
    const float a = left(segs[j].lo), b = left(segs[j].hi) + cw;
    dl->AddRect(ImVec2(a, y0), ImVec2(b, y0 + cell_h), colors::dial_rim);
    if (j + 1 < segs.size())  // the break: three dots for the dims left out
      for (int k = -1; k <= 1; ++k) dl->AddCircleFilled(ImVec2(b + cw / 2 + static_cast<float>(k) * cw / 4, y0 + cell_h / 2), 1.8f * sc, colors::text_dim);
  }
  if (cw >= label_w + 2 * sc) {
    for (const Segment& g : segs)
      for (int dim = g.lo; dim <= g.hi; ++dim) {
        const std::string t = dim_label(dim, d, L);
        const ImVec2 ts = ImGui::CalcTextSize(t.c_str());
        dl->AddText(ImVec2(cx(dim) - ts.x / 2, y0 + (cell_h - ts.y) / 2), ink_on(value_color(v[static_cast<size_t>(dim)])), t.c_str());
      }
  }
  // Arcs for the pairs shown in the dials below.
  for (int i = first; i < first + count; ++i) {
    const pe::DimPair dp = pairing[static_cast<size_t>(i)];
    const float a = cx(dp.sin_dim), b = cx(dp.cos_dim);
    const float h = std::min(arc_h - 6 * sc, 10 * sc + std::fabs(b - a) * 0.25f);
    const bool sel = i == s.pair;
    const bool right = freq_of(dp.sin_dim, d, L) == i && freq_of(dp.cos_dim, d, L) == i && is_sin(dp.sin_dim, d, L) &&
                       !is_sin(dp.cos_dim, d, L);
    const ImU32 col = right ? (sel ? colors::selected : kRightArc) : colors::warning;
    dl->AddBezierCubic(ImVec2(a, y0), ImVec2(a, y0 - h * 1.3f), ImVec2(b, y0 - h * 1.3f), ImVec2(b, y0), col,
                       (sel ? 2.5f : 1.5f) * sc, 24);
    dl->AddCircleFilled(ImVec2(a, y0), 3 * sc, col);
    dl->AddCircleFilled(ImVec2(b, y0), 3 * sc, col);
  }
  float y = y0 + cell_h + 8 * sc;
  if (window) {
    // The first and last dim of each run under its ends (the last left out where the two would touch).
    for (const Segment& g : segs) {
      const std::string lo = std::to_string(g.lo), hi = std::to_string(g.hi);
      const float a = left(g.lo), b = left(g.hi) + cw;
      dl->AddText(ImVec2(a, y), colors::text_dim, lo.c_str());
      const float hw = ImGui::CalcTextSize(hi.c_str()).x;
      if (g.hi > g.lo && b - hw >= a + ImGui::CalcTextSize(lo.c_str()).x + 0.5f * line) dl->AddText(ImVec2(b - hw, y), colors::text_dim, hi.c_str());
    }
    y += numbers_h;
  }
  add_text_wrapped(dl, ImVec2(x0, y), colors::text_dim, legend, wrap);
}

// The key to the dials, items flowing onto a second line when the window is narrow.
void draw_dial_key(const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const std::string hand = label("key_hand"), turned = label("key_turned"), target = label("key_target"), path = label("key_path");
  const FlowEntry items[] = {
      {{Swatch::dot, colors::hand, 4.0f * sc}, hand.c_str()},
      {{Swatch::dot, colors::ghost, 4.0f * sc}, turned.c_str()},
      {{Swatch::ring, colors::selected, 6.0f * sc, 2.2f * sc, 20}, target.c_str()},
      {{Swatch::line, trail_color(), 0, 2.0f * sc}, path.c_str()},
  };
  key_flow(items, ImGui::GetContentRegionAvail().x, KeyFlow{18 * sc, 6 * sc, 20 * sc, 4 * sc, colors::text_dim});
}

void draw_dials(State& s, pe::Layout L, const std::vector<double>& now, const std::vector<double>& turned,
                const std::vector<double>& target, const std::vector<pe::DimPair>& pairing, int first, int count,
                const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float cell_w = std::min(avail / static_cast<float>(count), 250 * sc);
  const float dial = std::min(cell_w - 16 * sc, std::max(110 * sc, ImGui::GetContentRegionAvail().y - 4.6f * line - 20 * sc));
  // A narrow cell (a phone) puts the hand's length on a line of its own and shortens the verdict.
  // Tight: the lines under a dial would be wider than its cell (a large scale, a longer language): the
  // shorter forms, one fact a line.
  const float under_w = cell_w - 12 * sc;
  const bool tight = ImGui::CalcTextSize(("s00 & c00,  " + label("hand_length", {{"len", "1.000"}})).c_str()).x > under_w ||
                     ImGui::CalcTextSize(label("verdict_on").c_str()).x > under_w || ImGui::CalcTextSize(label("verdict_miss").c_str()).x > under_w;
  const float cell_h = dial + (tight ? 5.4f : 4.4f) * line + (tight ? 14 : 12) * sc;
  const DialRow dr = dial_row(count, avail, ImVec2(cell_w, cell_h), dial, line + 6 * sc, 2 * sc, 6 * sc);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int j = 0; j < count; ++j) {
    const int i = first + j;
    const pe::DimPair dp = pairing[static_cast<size_t>(i)];
    const auto a = static_cast<size_t>(dp.sin_dim), b = static_cast<size_t>(dp.cos_dim);
    dial_row_next(dr, j);
    // The cell's title, shorter where the cell is narrow (three-digit dims at a large scale).
    const std::string pi = std::to_string(i), sa = std::to_string(dp.sin_dim), sb = std::to_string(dp.cos_dim);
    std::string title = label("cell_title", {{"i", pi}, {"a", sa}, {"b", sb}});
    if (ImGui::CalcTextSize(title.c_str()).x > cell_w - 12 * sc) title = label("cell_title_short", {{"i", pi}, {"a", sa}, {"b", sb}});
    if (ImGui::CalcTextSize(title.c_str()).x > cell_w - 12 * sc) title = label("cell_title_shortest", {{"i", pi}});
    const PairCell pc = pair_cell(s, i, ImVec2(cell_w, cell_h), title.c_str(), sc);
    const ImVec2 p = pc.pos;
    const bool hovered = pc.hovered, sel = pc.selected;
    const float R = dial / 2 - 3 * sc;
    const float unit = R / 1.45f;  // two values in [-1, 1] reach at most sqrt(2) from the centre
    const ImVec2 c = dr.centre(p);
    dial_face(dl, c, R, sel, 1.2f, 2.5f, sc);
    dl->AddCircle(c, unit, colors::tick, 64, 1.5f * sc);
    // The hand's path over the last full turn of its fastest dim: a circle only when paired right.
    const double wa = pe::omega(freq_of(dp.sin_dim, s.d, L), s.d, s.base), wb = pe::omega(freq_of(dp.cos_dim, s.d, L), s.d, s.base);
    const double span = pe::kTwoPi / std::max({wa, wb, pe::omega(i, s.d, s.base)});
    constexpr int kTrailPoints = 97;
    ImVec2 pts[kTrailPoints];
    for (int t = 0; t < kTrailPoints; ++t) {
      const double pos = s.pos - span * (1.0 - t / static_cast<double>(kTrailPoints - 1));
      pts[t] = dial_point(c, unit, pe::layout_value(pos, dp.sin_dim, s.d, s.base, L), pe::layout_value(pos, dp.cos_dim, s.d, s.base, L));
    }
    dl->AddPolyline(pts, kTrailPoints, trail_color(), 0, 1.5f * sc);
    const ImVec2 goal = dial_point(c, unit, target[a], target[b]);
    dl->AddCircle(goal, 7.5f * sc, colors::selected, 20, 2.5f * sc);
    dial_hand(dl, c, dial_point(c, unit, turned[a], turned[b]), colors::ghost, 2.0f, 3.5f, sc);
    dial_hand(dl, c, dial_point(c, unit, now[a], now[b]), colors::hand, 2.5f, 4.0f, sc);
    dial_hub(dl, c, 2.5f, sc);

    const double len = std::hypot(now[a], now[b]);
    const double miss = std::max(std::fabs(turned[a] - target[a]), std::fabs(turned[b] - target[b]));
    const bool ok = miss < 1e-9;
    float ty = dr.label_y(p);
    const std::string dims = dim_label(dp.sin_dim, s.d, L) + " & " + dim_label(dp.cos_dim, s.d, L);
    const std::string hand = label("hand_length", {{"len", fmt("%.3f", len)}});
    const auto under = [&](const std::string& text, ImU32 col) {
      dial_label(dl, dr, p, ty, text.c_str(), col, LabelAlign::left);
      ty += line + 2 * sc;
    };
    if (tight) {
      under(dims, colors::text_dim);
      under(hand, colors::text_dim);
    } else {
      under(dims + ",  " + hand, colors::text_dim);
    }
    under(label("miss_line", {{"miss", fmt("%.1e", miss)}}), ok ? colors::selected : colors::warning);
    under(label(tight ? (ok ? "verdict_on_short" : "verdict_miss_short") : (ok ? "verdict_on" : "verdict_miss")), colors::text_dim);
    if (hovered) {
      std::string tip = label("tip_pair", {{"i", pi}, {"a", sa}, {"b", sb}, {"angle", fmt("%.6g", pe::omega(i, s.d, s.base) * s.k)}});
      tip.append("\n").append(label("tip_holds", {{"a", sa},
                                                  {"part_a", is_sin(dp.sin_dim, s.d, L) ? "sin" : "cos"},
                                                  {"wa", std::to_string(freq_of(dp.sin_dim, s.d, L))},
                                                  {"b", sb},
                                                  {"part_b", is_sin(dp.cos_dim, s.d, L) ? "sin" : "cos"},
                                                  {"wb", std::to_string(freq_of(dp.cos_dim, s.d, L))}}));
      ImGui::SetTooltip("%s", tip.c_str());
    }
  }
}

}  // namespace

void draw_gotcha(State& s, GotchaCache& cache, const ViewContext& ctx) {
  lesson_intro(View::gotcha, ctx);

  // Narrow (a phone, a large scale): two menus in place of six rows of radio buttons, so that the
  // figure stays on the first screen.
  // The choices' words, and each control's id, the same in every language.
  const std::string other_pairing = label(cache.layout == 0 ? "pairing_concatenated" : "pairing_interleaved");
  const std::string follows = label("pairing_follows"), swap_within = label("pairing_swap_within"),
                    swap_across = label("pairing_swap_across");
  if (ImGui::GetContentRegionAvail().x < 520 * ctx.ui_scale) {
    const std::string layout_short[] = {label("layout_interleaved_short"), label("layout_concatenated_short")};
    const char* layouts[] = {layout_short[0].c_str(), layout_short[1].c_str()};
    const char* pairings[] = {follows.c_str(), other_pairing.c_str(), swap_within.c_str(), swap_across.c_str()};
    const std::string layout_combo = label("layout_combo"), pairing_combo = label("pairing_combo");
    // Both menus end where the longer of their two names begins.
    const float name_w = std::max(ImGui::CalcTextSize(layout_combo.c_str()).x, ImGui::CalcTextSize(pairing_combo.c_str()).x);
    int mode = static_cast<int>(cache.pairing);
    combo_fit(layout_combo, "###layout", &cache.layout, layouts, 2, name_w);
    combo_fit(pairing_combo, "###pairing", &mode, pairings, 4, name_w);
    cache.layout = std::clamp(cache.layout, 0, 1);
    cache.pairing = static_cast<GotchaPairing>(std::clamp(mode, 0, 3));
  } else {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label("layout_label").c_str());
  // The choices flow onto more lines in a narrow window, indented under their first one.
  const auto radio = [](const std::string& name, const char* id, int* v, int value) {
    const std::string text = name + id;
    same_line_if_fits(checkbox_width(text.c_str()));
    ImGui::RadioButton(text.c_str(), v, value);
  };
  // The group of choices follows its label where its first choice fits there, else starts below it;
  // narrower than a whole label (a phone), the layouts are named in short.
  const std::string interleaved_long = label("layout_interleaved"), concatenated_long = label("layout_concatenated");
  const bool short_names = std::max(checkbox_width(interleaved_long.c_str()), checkbox_width(concatenated_long.c_str())) >
                           ImGui::GetContentRegionAvail().x;
  const std::string interleaved = (short_names ? label("layout_interleaved_short") : interleaved_long) + "###layout_interleaved";
  const std::string concatenated = (short_names ? label("layout_concatenated_short") : concatenated_long) + "###layout_concatenated";
  same_line_if_fits(std::max(checkbox_width(interleaved.c_str()), checkbox_width(concatenated.c_str())));
  ImGui::BeginGroup();
  ImGui::RadioButton(interleaved.c_str(), &cache.layout, 0);
  same_line_if_fits(checkbox_width(concatenated.c_str()));
  ImGui::RadioButton(concatenated.c_str(), &cache.layout, 1);
  ImGui::EndGroup();
  int mode = static_cast<int>(cache.pairing);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label("pairing_label").c_str());
  same_line_if_fits(checkbox_width(other_pairing.c_str()));
  ImGui::BeginGroup();
  ImGui::RadioButton((follows + "###pairing_follows").c_str(), &mode, 0);
  radio(other_pairing, "###pairing_other", &mode, 1);
  radio(swap_within, "###pairing_swap_within", &mode, 2);
  radio(swap_across, "###pairing_swap_across", &mode, 3);
  ImGui::EndGroup();
  cache.pairing = static_cast<GotchaPairing>(std::clamp(mode, 0, 3));
  }

  const pe::Layout L = layout_of(cache);
  const std::vector<pe::DimPair> pairing = chosen_pairing(cache, s);
  const auto n = static_cast<size_t>(s.d);
  std::vector<double> now(n), turned(n), target(n);
  pe::encoding_in_layout(s.pos, s.d, s.base, L, now);
  pe::encoding_in_layout(s.pos + s.k, s.d, s.base, L, target);
  pe::shift_by_pairing(now, s.k, s.d, s.base, pairing, turned);
  const double err = pe::shift_error(s.pos, s.k, s.d, s.base, L, pairing);
  const bool rotation = err < 1e-9;

  ImGui::PushFont(ctx.fonts.title);
  text_wrapped_at_spaces("max |R_k PE(pos) - PE(pos+k)| =");
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(rotation ? colors::selected : colors::warning));
  text_after(fmt("%.2e", err));
  ImGui::PopStyleColor();
  ImGui::PopFont();
  const std::string_view verdict = lesson_text(View::gotcha, !rotation ? "not_rotation" : std::fabs(s.k) > 0 ? "rotation" : "no_turn");
  if (same_line_if_fits(ImGui::CalcTextSize(verdict.data(), verdict.data() + verdict.size()).x)) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(verdict.data(), verdict.data() + verdict.size());
  } else {
    text_wrapped_at_spaces(verdict);
  }

  const int pairs = s.d / 2;
  // Four dials, or as many as keep each cell's three lines of numbers readable (a phone: two).
  const int count = std::clamp(static_cast<int>(ImGui::GetContentRegionAvail().x / (150 * ctx.ui_scale)), 1, std::min(4, pairs));
  const int first = std::clamp(s.pair - 1, 0, pairs - count);
  draw_strip(s, L, now, pairing, first, count, ctx);
  ImGui::Spacing();
  draw_dials(s, L, now, turned, target, pairing, first, count, ctx);
  // The key under the dials it names: above them, its four entries took four lines of a phone's first
  // screen and pushed the dials under it.
  draw_dial_key(ctx);
}

}  // namespace app

namespace app {

std::string describe_gotcha(const State& s, const GotchaCache& cache) {
  // The view's layout and pairing as its radio buttons hold them (view-local, not part of the state),
  // read the way draw_gotcha reads them.
  GotchaCache c = cache;
  c.pairing = static_cast<GotchaPairing>(std::clamp(static_cast<int>(cache.pairing), 0, 3));
  const pe::Layout L = layout_of(c);
  const bool interleaved = L == pe::Layout::interleaved;
  const int pairs = s.d / 2;
  const int sel = std::clamp(s.pair, 0, pairs - 1);
  const std::vector<pe::DimPair> right = pe::pairing_for(L, s.d);
  const auto dims = [](int a, int b) { return label("describe_dims", {{"a", std::to_string(a)}, {"b", std::to_string(b)}}); };
  // The pairing in words, as the radio buttons name it, with the dims a swap exchanges.
  const auto name = [&](GotchaPairing mode) -> std::string {
    const pe::DimPair here = right[static_cast<size_t>(sel)];
    switch (mode) {
      case GotchaPairing::follows_layout: return label("describe_follows");
      case GotchaPairing::other_layout: return label(interleaved ? "describe_concatenated_pairing" : "describe_interleaved_pairing");
      case GotchaPairing::swap_across:
        if (pairs >= 2) {
          const int j = sel + 1 < pairs ? sel + 1 : sel - 1;
          return label("describe_swap_across", {{"i", std::to_string(sel)},
                                                {"j", std::to_string(j)},
                                                {"dims", dims(here.cos_dim, right[static_cast<size_t>(j)].cos_dim)}});
        }
        [[fallthrough]];  // one pair only: the view swaps within it
      case GotchaPairing::swap_within:
        return label("describe_swap_within", {{"i", std::to_string(sel)}, {"dims", dims(here.sin_dim, here.cos_dim)}});
    }
    return "";
  };
  // The verdict the view prints beside the error (a NaN error reads as "not a rotation", as there).
  const auto verdict = [&](double err) {
    return std::string(lesson_text(View::gotcha, !(err < 1e-9) ? "not_rotation" : std::fabs(s.k) > 0 ? "rotation" : "no_turn"));
  };
  const std::vector<pe::DimPair> chosen = chosen_pairing(c, s);
  const double err = pe::shift_error(s.pos, s.k, s.d, s.base, L, chosen);
  std::string t = label("describe_head", {{"layout", label(interleaved ? "describe_interleaved" : "describe_concatenated")},
                                          {"k", fmt("%g", s.k)},
                                          {"pairing", name(c.pairing)},
                                          {"error", fmt("%.2e", err)},
                                          {"verdict", verdict(err)}});

  // The selected pair's dial: the dims it turns, its hand's length and how far the turned hand misses.
  const auto n = static_cast<size_t>(s.d);
  std::vector<double> now(n), turned(n), target(n);
  pe::encoding_in_layout(s.pos, s.d, s.base, L, now);
  pe::encoding_in_layout(s.pos + s.k, s.d, s.base, L, target);
  pe::shift_by_pairing(now, s.k, s.d, s.base, chosen, turned);
  const pe::DimPair dp = chosen[static_cast<size_t>(sel)];
  const auto a = static_cast<size_t>(dp.sin_dim), b = static_cast<size_t>(dp.cos_dim);
  const auto holds = [&](int dim) {
    return label("describe_holds", {{"dim", std::to_string(dim)}, {"part", is_sin(dim, s.d, L) ? "sin" : "cos"}, {"w", std::to_string(freq_of(dim, s.d, L))}});
  };
  const double miss = std::max(std::fabs(turned[a] - target[a]), std::fabs(turned[b] - target[b]));
  t.append(" ").append(label(miss < 1e-9 ? "describe_selected_on" : "describe_selected_off", {{"i", std::to_string(sel)},
                                                                                                {"a", holds(dp.sin_dim)},
                                                                                                {"b", holds(dp.cos_dim)},
                                                                                                {"len", fmt("%.3f", std::hypot(now[a], now[b]))},
                                                                                                {"miss", fmt("%.1e", miss)}}));

  // For contrast, the pairing that follows the layout, or (when that is the one chosen) the other layout's.
  const GotchaPairing other_mode =
      c.pairing == GotchaPairing::follows_layout ? GotchaPairing::other_layout : GotchaPairing::follows_layout;
  GotchaCache o = c;
  o.pairing = other_mode;
  const double other_err = pe::shift_error(s.pos, s.k, s.d, s.base, L, chosen_pairing(o, s));
  t.append(" ").append(label("describe_other", {{"pairing", name(other_mode)}, {"error", fmt("%.2e", other_err)}, {"verdict", verdict(other_err)}}));
  return t;
}

}  // namespace app
