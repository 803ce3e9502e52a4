#include "lessons/schemes/schemes.hpp"

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <cmath>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/alibi.hpp"
#include "core/learned.hpp"
#include "core/t5_bucket.hpp"
#include "ui/figure_mark.hpp"
#include "ui/focus.hpp"
#include "imgui.h"
#include "ui/label.hpp"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/key.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "text/number_style.hpp"
#include "state/state_io.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

const char* const* const kSchemeIds = kSchemeNames;  // the scheme setting's names (view_options.hpp)

std::string_view text(std::string_view key) { return lesson_text(View::schemes, key); }
// A text of the lesson's file with its placeholders filled (schemes.txt: its words in the reader's language).
std::string filled(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(text(key), values);
}
// The same as a Dear ImGui label whose id stays the same in every language.
std::string widget_label(std::string_view key, const char* id) { return filled(key).append("###").append(id); }

// Strings joined by appending (GCC 12 warns falsely, -Werror=restrict, on chains of std::string +).
std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out.append(p);
  return out;
}

// The exact buckets E per direction for these settings.
int exact_of(int buckets, bool bidirectional) { return schemes_exact(buckets, bidirectional); }

// Settings that a test or an old cache may hold out of range, brought inside what the view offers.
SchemesOptions sane(const SchemesOptions& c) {
  SchemesOptions o = c;
  const int s = static_cast<int>(c.scheme);
  if (s < 0 || s >= kSchemeCount) o.scheme = Scheme::alibi;
  o.heads = std::clamp(c.heads, 1, kSchemesMaxHeads);
  o.head = std::clamp(c.head, 0, o.heads - 1);
  o.buckets = std::clamp(c.buckets / 2 * 2, 4, kSchemesMaxBuckets);
  o.max_distance = std::clamp(c.max_distance, exact_of(o.buckets, o.bidirectional) + 1, kSchemesMaxDistance);
  return o;
}

pe::T5BucketOptions t5_options(const SchemesOptions& c) {
  pe::T5BucketOptions o;
  o.bidirectional = c.bidirectional;
  o.num_buckets = c.buckets;
  o.max_distance = c.max_distance;
  return o;
}

// The buckets of one direction (B/2 bidirectional, B causal).
int side_buckets(const SchemesOptions& c) { return c.bidirectional ? c.buckets / 2 : c.buckets; }

// The query at pos (its whole position) and the key at pos + k (k rounded to a whole offset).
struct QueryKey {
  long long i = 0, offset = 0, j = 0;
};
QueryKey query_key(const State& s) {
  QueryKey q;
  q.i = static_cast<long long>(std::floor(s.pos));
  q.offset = std::llround(s.k);
  q.j = q.i + q.offset;
  return q;
}

std::string whole(long long v) { return grouped(static_cast<double>(v)); }

// e^bias as text: small factors with an exponent rather than 0.000, and those below double's range
// (e^-745 and less) by their power of ten alone, never as 0.
std::string factor_text(double bias) {
  const double f = std::exp(bias);
  if (f >= 1e-3) return fmt("%.3f", f);
  if (f >= 1e-300) return fmt("%.2e", f);
  return filled("factor_about", {{"exp", fmt("%.0f", std::floor(bias / std::log(10.0)))}});
}

// A bias: four significant digits, or grouped whole numbers (and a half) from 1,000 on.
std::string bias_text(double bias) {
  bias += 0.0;  // -0 (a key at distance 0) reads 0
  return std::fabs(bias) < 1000 ? fmt("%.4g", bias) : grouped(bias, bias == std::round(bias) ? 0 : 1);
}

// While a tour question asks what a scheme does far back, the view withholds it (mark_far): whatever it
// gives a key at a distance |j − i| of L or more, which training never reached. The near part stays.
bool far_withheld() { return text_withheld(View::schemes, "mark_far"); }
bool far_hidden(const State& s, long long offset) { return std::llabs(offset) >= s.n && far_withheld(); }
// The map's cells so withheld: a pale fill, hatched (hatch_far) so that it reads as neither a masked
// cell nor a scale's weak end.
ImU32 far_color() { return colors::panel; }
// Hatching over a square map of `side` pixels at `o` for W positions: where the key is n or more before
// the query (below the diagonal), and with `after` also n or more after it. n = 0 hatches it all.
void hatch_far(ImDrawList* dl, ImVec2 o, float side, int W, int n, bool after, float sc) {
  const float gap = 5 * sc;
  for (float c = side * static_cast<float>(n) / static_cast<float>(W) + gap / 2; c < side; c += gap) {
    dl->AddLine(ImVec2(o.x, o.y + c), ImVec2(o.x + side - c, o.y + side), colors::muted, 1.0f * sc);
    if (after) dl->AddLine(ImVec2(o.x + c, o.y), ImVec2(o.x + side, o.y + side - c), colors::muted, 1.0f * sc);
  }
}
std::string far_words() { return fill(text("far_hidden"), {{"hidden", std::string(withheld_words())}}); }

// ---- the words, shared by the canvas and describe() ------------------------------------------------

std::string formula_text(const SchemesOptions& c) {
  switch (c.scheme) {
    case Scheme::learned: return std::string(text("formula_learned"));
    case Scheme::alibi: {
      const bool power_of_two = (c.heads & (c.heads - 1)) == 0;
      return std::string(text(power_of_two ? "formula_alibi" : "formula_alibi_other"));
    }
    case Scheme::t5: return std::string(text("formula_t5"));
    case Scheme::nope: return std::string(text("formula_nope"));
  }
  return {};
}

std::string learned_note(const State& s) {
  const double params = pe::learned_parameter_count(s.n, s.d);
  return fill(text("learned_note"), {{"n", grouped(s.n)}, {"d", grouped(s.d)}, {"params", grouped(params)}, {"last", grouped(s.n - 1)}});
}

std::string learned_pos(const State& s) {
  const auto row = [&](double p) {
    if (pe::learned_table_has_row(p, s.n)) return fill(text("learned_row"), {{"row", grouped(p)}});
    if (pe::learned_table_covers(p, s.n)) return fill(text("learned_between"), {{"below", grouped(std::floor(p))}, {"above", grouped(std::ceil(p))}});
    return std::string(text("learned_no_row"));
  };
  return fill(text("learned_pos"), {{"pos", fmt("%.2f", s.pos)}, {"qrow", row(s.pos)}, {"key", fmt("%.2f", s.pos + s.k)}, {"krow", row(s.pos + s.k)}});
}

std::string slope_text(double m) {
  // 2^-x written as 1/2^x when x is whole (8 heads: 1/2 .. 1/256), else decimal.
  const double x = -std::log2(m);
  if (std::fabs(x - std::round(x)) < 1e-9 && x <= 20) return cat({"1/", grouped(std::exp2(std::round(x)))});
  return fmt("%.4g", m);
}

std::string alibi_note(const SchemesOptions& c, const std::vector<double>& slopes) {
  return fill(text("alibi_note"), {{"H", std::to_string(c.heads)},
                                   {"first", slope_text(slopes.front())},
                                   {"last", slope_text(slopes.back())},
                                   {"hl", std::to_string(c.heads - 1)},
                                   {"h", std::to_string(c.head)},
                                   {"m", slope_text(slopes[static_cast<size_t>(c.head)])}});
}

std::string alibi_train(const State& s, const SchemesOptions& c, const std::vector<double>& slopes) {
  const double m = slopes[static_cast<size_t>(c.head)];
  const int W = schemes_window(s);
  return fill(text("alibi_train"), {{"nm1", grouped(s.n - 1)},
                                    {"h", std::to_string(c.head)},
                                    {"bias_n", bias_text(pe::alibi_bias(m, s.n - 1, 0))},
                                    {"factor_n", factor_text(pe::alibi_bias(m, s.n - 1, 0))},
                                    {"w1", grouped(W - 1)},
                                    {"bias_w", bias_text(pe::alibi_bias(m, W - 1, 0))}});
}

std::string alibi_pos(const State& s, const SchemesOptions& c, const std::vector<double>& slopes) {
  const QueryKey q = query_key(s);
  if (q.offset > 0) return fill(text("alibi_masked"), {{"i", whole(q.i)}, {"j", whole(q.j)}});
  const double bias = pe::alibi_bias(slopes[static_cast<size_t>(c.head)], static_cast<double>(q.i), static_cast<double>(q.j));
  const bool hidden = far_hidden(s, q.offset);
  return fill(text("alibi_pos"), {{"i", whole(q.i)}, {"j", whole(q.j)}, {"h", std::to_string(c.head)},
                                  {"bias", hidden ? "?" : bias_text(bias)}, {"factor", hidden ? "?" : factor_text(bias)}});
}

std::string t5_note(const SchemesOptions& c) {
  const int E = exact_of(c.buckets, c.bidirectional);
  const int last = side_buckets(c) - 1;
  return fill(text("t5_note"), {{"B", std::to_string(c.buckets)},
                                {"dir", std::string(text(c.bidirectional ? "t5_bidirectional" : "t5_causal"))},
                                {"em1", std::to_string(E - 1)},
                                {"E", std::to_string(E)},
                                {"md", grouped(c.max_distance)},
                                {"last", std::to_string(last)}});
}

std::string t5_train(const State& s, const SchemesOptions& c) {
  const pe::T5BucketOptions o = t5_options(c);
  const int last = side_buckets(c) - 1;
  const int bmax = pe::t5_bucket(-(static_cast<long long>(s.n) - 1), o);  // keys before the query: bucket within the side
  if (bmax < last)
    return fill(text("t5_train_some"), {{"nm1", grouped(s.n - 1)}, {"bmax", std::to_string(bmax)}, {"next", std::to_string(bmax + 1)},
                                        {"last", std::to_string(last)}, {"sides", c.bidirectional ? cat({" ", fill(text("t5_sides"), {{"anext", std::to_string(side_buckets(c) + bmax + 1)}, {"alast", std::to_string(c.buckets - 1)}})}) : std::string()}});
  // The first offset that reaches the last bucket (buckets never fall as the offset grows; every
  // offset from max_distance on is in the last bucket): a binary search over [0, max_distance].
  long long lo = 0, hi = c.max_distance;
  while (lo < hi) {
    const long long mid = (lo + hi) / 2;
    if (pe::t5_bucket(-mid, o) < last) lo = mid + 1;
    else hi = mid;
  }
  const long long first = lo;
  return fill(text("t5_train_all"), {{"nm1", grouped(s.n - 1)}, {"last", std::to_string(last)}, {"from", whole(first)}});
}

std::string t5_pos(const State& s, const SchemesOptions& c) {
  const QueryKey q = query_key(s);
  if (!c.bidirectional && q.offset > 0) return fill(text("t5_masked"), {{"i", whole(q.i)}, {"j", whole(q.j)}});
  return fill(text("t5_pos"), {{"i", whole(q.i)}, {"j", whole(q.j)}, {"k", whole(q.offset)},
                               {"b", far_hidden(s, q.offset) ? "?" : std::to_string(pe::t5_bucket(q.offset, t5_options(c)))}});
}

std::string nope_train(const State& s) {
  const int W = schemes_window(s);
  return fill(text("nope_train"), {{"wmin", fmt("%.4g", 1.0 / s.n)}, {"n", grouped(s.n)}, {"w1", grouped(W - 1)}, {"wmax", fmt("%.4g", 1.0 / W)}});
}

std::string nope_pos(const State& s) {
  const QueryKey q = query_key(s);
  if (q.i < 0) return fill(text("nope_negative"), {{"i", whole(q.i)}});
  std::string t = fill(text("nope_pos"), {{"i", whole(q.i)}, {"count", whole(q.i + 1)}, {"w", fmt("%.4g", 1.0 / (static_cast<double>(q.i) + 1.0))}});
  if (q.offset > 0) t.append(" ").append(fill(text("nope_masked"), {{"j", whole(q.j)}}));
  return t;
}

// ---- the map ----------------------------------------------------------------------------------------

// What one cell of the map shows, as a colour.
struct MapRule {
  const State& s;
  const SchemesOptions& c;
  double slope = 0;  // ALiBi: the head drawn
  pe::T5BucketOptions t5;
  int W = 8;
  ImU32 masked = 0;
  bool far = false;  // ALiBi and T5: cells at a distance of L or more are withheld (mark_far)

  ImU32 color(long long i, long long j) const {
    const int n = s.n;
    const bool far_cell = far && std::llabs(j - i) >= n;
    switch (c.scheme) {
      case Scheme::learned: {
        const int rows = (i < n ? 1 : 0) + (j < n ? 1 : 0);
        return rows == 2 ? tint(colors::hand, 0.45f) : rows == 1 ? tint(colors::warning, 0.35f) : tint(colors::warning, 0.75f);
      }
      case Scheme::alibi: {
        if (j > i) return masked;
        if (far_cell) return far_color();
        const double f = std::exp(pe::alibi_bias(slope, static_cast<double>(i), static_cast<double>(j)));
        return blend(colors::scale_weak, colors::scale_strong, static_cast<float>(f));
      }
      case Scheme::t5: {
        const long long rel = j - i;
        if (!c.bidirectional && rel > 0) return masked;
        if (far_cell) return far_color();
        const int half = side_buckets(c);
        const int b = pe::t5_bucket(rel, t5);
        const int within = b >= half ? b - half : b;
        const float t = 1.0f - 0.85f * static_cast<float>(within) / static_cast<float>(std::max(1, half - 1));
        return blend(colors::paper, b >= half ? colors::ghost : colors::hand, t);
      }
      case Scheme::nope: {
        if (j > i) return masked;
        // 1/(i+1) on a log scale: 1 strong, 1/W weak.
        const double t = 1.0 - std::log(static_cast<double>(i) + 1.0) / std::log(static_cast<double>(W));
        return blend(colors::scale_weak, colors::scale_strong, static_cast<float>(t));
      }
    }
    return colors::paper;
  }
};

// The position a cell of `cells` per side stands for in a window of W positions.
long long cell_position(int r, int cells, int W) {
  if (cells >= W) return r;
  return static_cast<long long>(std::floor((r + 0.5) * W / cells));
}

// The colours of a cells x cells grid, row r and column c coloured color(i, j) for the positions they
// stand for, and how many rectangles it takes when neighbouring cells of one colour in a row share one.
struct CellGrid {
  int cells = 0;
  std::vector<ImU32> col;
  int runs = 0;
};
template <class Color>
CellGrid cell_grid(int cells, int W, const Color& color) {
  CellGrid g;
  g.cells = cells;
  g.col.resize(static_cast<size_t>(cells) * static_cast<size_t>(cells));
  for (int r = 0; r < cells; ++r) {
    const long long i = cell_position(r, cells, W);
    for (int c = 0; c < cells; ++c) {
      const ImU32 v = color(i, cell_position(c, cells, W));
      g.col[static_cast<size_t>(r * cells + c)] = v;
      if (c == 0 || v != g.col[static_cast<size_t>(r * cells + c - 1)]) ++g.runs;
    }
  }
  return g;
}

// The window's draw list holds at most 65,536 vertices (16-bit indices in WebGL), four per rectangle:
// the map keeps to this many rectangles, using fewer cells where its colours change too often.
constexpr int kMaxMapRects = 8000;

template <class Color>
CellGrid fitting_grid(int cells, int W, const Color& color) {
  CellGrid g = cell_grid(cells, W, color);
  while (g.runs > kMaxMapRects && g.cells > 16) g = cell_grid(std::max(16, g.cells * 3 / 4), W, color);
  return g;
}

// Draws the grid from `o`, cells of `cell` pixels, one rectangle per run of one colour in a row.
void fill_cells(ImDrawList* dl, ImVec2 o, float cell, const CellGrid& g) {
  const int cells = g.cells;
  for (int r = 0; r < cells; ++r) {
    const float y = o.y + static_cast<float>(r) * cell;
    int start = 0;
    for (int c = 1; c <= cells; ++c) {
      const ImU32 run = g.col[static_cast<size_t>(r * cells + start)];
      if (c < cells && g.col[static_cast<size_t>(r * cells + c)] == run) continue;
      dl->AddRectFilled(ImVec2(o.x + static_cast<float>(start) * cell, y), ImVec2(o.x + static_cast<float>(c) * cell + 0.5f, y + cell + 0.5f), run);
      start = c;
    }
  }
}

// The map: side `side` pixels at the cursor, rows = query i, columns = key j, positions 0 .. W-1.
void draw_map(State& s, const MapRule& rule, float side, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const int W = rule.W;
  const int n = s.n;
  ImGui::BeginGroup();
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float label_w = ImGui::CalcTextSize(grouped(W - 1).c_str()).x + 8 * sc;
  // The axes' names above the map, wrapped to its width.
  const std::string axes = filled("map_axes");
  const float header = wrapped_text_size(axes, label_w + side).y;
  const ImVec2 o(top.x + label_w, top.y + header + line + 6 * sc);  // the cells' top left
  ImGui::SetCursorScreenPos(o);
  ImGui::InvisibleButton("scheme_map", ImVec2(side, side));
  focus_pointer_only();  // the map is read by pointing; the keyboard has the figure keys and the controls
  focus_name(text("map_focus"));
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  add_text_wrapped(dl, top, colors::text_dim, axes, label_w + side);

  const CellGrid grid = fitting_grid(std::min({W, kSchemesMaxCells, std::max(8, static_cast<int>(side / (2 * sc)))}), W,
                                     [&](long long i, long long j) { return rule.color(i, j); });
  const int cells = grid.cells;
  const float cell = side / static_cast<float>(cells);
  fill_cells(dl, o, cell, grid);
  if (rule.far && (rule.c.scheme == Scheme::alibi || rule.c.scheme == Scheme::t5))
    hatch_far(dl, o, side, W, n, rule.c.scheme == Scheme::t5 && rule.c.bidirectional, sc);
  dl->AddRect(o, ImVec2(o.x + side, o.y + side), colors::axis);
  mark_figure(top, ImVec2(o.x + side, o.y + side));  // with its axes' names and the positions above it
  const auto at = [&](double p) { return static_cast<float>(p / W) * side; };  // a position's boundary in pixels

  // Ticks along the top and the left: the first and last cells' positions, and the training length n
  // (positions from n on were never seen: dashed lines, and a note in the corner past both).
  const auto tick = [&](double p, const std::string& top_label, const std::string& left_label, ImU32 col) {
    const float x = o.x + at(p), y = o.y + at(p);
    const float tw = ImGui::CalcTextSize(top_label.c_str()).x, lw = ImGui::CalcTextSize(left_label.c_str()).x;
    halo_text(dl, ImVec2(std::clamp(x - tw / 2, o.x - tw / 2, o.x + side - tw), o.y - line - 2 * sc), col, top_label.c_str());
    halo_text(dl, ImVec2(o.x - lw - 4 * sc, std::clamp(y - line / 2, o.y - line / 2, o.y + side - line)), col, left_label.c_str());
  };
  const double first = static_cast<double>(cell_position(0, cells, W)), last = static_cast<double>(cell_position(cells - 1, cells, W));
  const double half_cell = 0.5 * W / cells;
  const float xn = o.x + at(n), yn = o.y + at(n);
  const std::string nl = cat({"L = ", grouped(n)});
  const float nw = ImGui::CalcTextSize(nl.c_str()).x;
  // The end labels give way to n's where they would touch it.
  if (xn - (o.x + at(half_cell)) > nw / 2 + ImGui::CalcTextSize("0").x) tick(half_cell, grouped(first), grouped(first), colors::ink);
  const std::string last_label = grouped(last);
  if (o.x + at(W - half_cell) - xn > nw / 2 + ImGui::CalcTextSize(last_label.c_str()).x) tick(W - half_cell, last_label, last_label, colors::ink);
  dashed_line(dl, ImVec2(xn, o.y), ImVec2(xn, o.y + side), colors::threshold, 2.0f * sc, 5 * sc);
  dashed_line(dl, ImVec2(o.x, yn), ImVec2(o.x + side, yn), colors::threshold, 2.0f * sc, 5 * sc);
  tick(n, nl, grouped(n), colors::threshold);
  // The query at pos and the key at pos + k.
  const QueryKey q = query_key(s);
  const bool ringed = q.i >= 0 && q.i < W && q.j >= 0 && q.j < W;
  const ImVec2 ring_at = ringed ? ImVec2(o.x + at(static_cast<double>(q.j) + 0.5), o.y + at(static_cast<double>(q.i) + 0.5)) : ImVec2(0, 0);
  const float ring_r = std::max(4.0f * sc, cell * 0.7f);
  // "past the training length" in the corner past both lines, kept off the ring: from the corner
  // leftwards, then a row up. (Spots are the halo's box, 2 px wider than the text on either side.)
  const std::string past(text("past"));
  const ImVec2 pw = ImGui::CalcTextSize(past.c_str());
  if (o.x + side - xn > pw.x + 8 * sc && o.y + side - yn > pw.y + 8 * sc) {
    LabelPlacer corner(ImVec2(xn + 2 * sc, yn + 2 * sc), ImVec2(o.x + side - 2 * sc, o.y + side - 2 * sc));
    if (ringed) corner.avoid_point(ring_at, ring_r + 3 * sc);
    corner.avoid_segment(o, ImVec2(o.x + side, o.y + side), std::max(cell, 2.0f * sc));  // the diagonal's cells (i = j)
    const int across = std::max(1, static_cast<int>((o.x + side - xn - pw.x) / (8 * sc)));
    std::vector<ImVec2> spots;
    for (float y = o.y + side - pw.y - 4 * sc; y > yn && spots.size() < 400; y -= pw.y) {
      const std::vector<ImVec2> row = LabelPlacer::along(ImVec2(o.x + side - pw.x - 6 * sc, y), ImVec2(-8 * sc, 0), across);
      spots.insert(spots.end(), row.begin(), row.end());
    }
    const ImVec2 spot = corner.place(ImVec2(pw.x + 4, pw.y), spots);
    halo_text(dl, ImVec2(spot.x + 2, spot.y), colors::threshold, past.c_str());
  }
  if (ringed) {
    dl->AddCircle(ring_at, ring_r + 1.5f * sc, colors::paper, 20, 2.0f * sc);
    dl->AddCircle(ring_at, ring_r, colors::ghost, 20, 2.5f * sc);
  }

  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int col = std::clamp(static_cast<int>((m.x - o.x) / cell), 0, cells - 1);
    const int row = std::clamp(static_cast<int>((m.y - o.y) / cell), 0, cells - 1);
    const long long i = cell_position(row, cells, W), j = cell_position(col, cells, W);
    dl->AddRect(ImVec2(o.x + static_cast<float>(col) * cell, o.y + static_cast<float>(row) * cell),
                ImVec2(o.x + static_cast<float>(col + 1) * cell, o.y + static_cast<float>(row + 1) * cell), colors::hover_ring, 0, 0, 1.5f * sc);
    std::string tip = filled("tip_cell", {{"i", whole(i)}, {"j", whole(j)}, {"offset", whole(j - i)}});
    tip.append("\n");
    switch (rule.c.scheme) {
      case Scheme::learned:
        tip.append(filled("tip_rows", {{"query", filled(i < s.n ? "tip_query_row" : "tip_query_no_row")},
                                        {"key", filled(j < s.n ? "tip_key_row" : "tip_key_no_row")}}));
        break;
      case Scheme::alibi:
        if (j > i) tip.append(text("tip_masked"));
        else {
          const double b = pe::alibi_bias(rule.slope, static_cast<double>(i), static_cast<double>(j));
          const bool hidden = far_hidden(s, j - i);
          tip.append(filled("tip_bias", {{"bias", hidden ? "?" : bias_text(b)}, {"factor", hidden ? "?" : factor_text(b)}}));
        }
        break;
      case Scheme::t5:
        if (!rule.c.bidirectional && j > i) tip.append(text("tip_masked"));
        else tip.append(filled("tip_bucket", {{"b", far_hidden(s, j - i) ? "?" : std::to_string(pe::t5_bucket(j - i, rule.t5))}}));
        break;
      case Scheme::nope:
        if (j > i) tip.append(text("tip_masked"));
        else tip.append(filled("tip_weight", {{"w", fmt("%.4g", 1.0 / (static_cast<double>(i) + 1.0))}}));
        break;
    }
    tip.append("\n").append(text("tip_click"));
    ImGui::SetTooltip("%s", tip.c_str());
    if (clicked) {
      set_number(s, Field::playing, 0);
      set_number(s, Field::pos, static_cast<double>(i));
      set_number(s, Field::k, static_cast<double>(j - i));
    }
  }
  ImGui::SetCursorScreenPos(ImVec2(top.x, o.y + side + 4 * sc));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
  if (cells < W) text_wrapped_at_spaces(fill(text("sampled"), {{"cells", std::to_string(cells)}, {"W", grouped(W)}}), label_w + side);
  if (!(q.i >= 0 && q.i < W && q.j >= 0 && q.j < W))
    text_wrapped_at_spaces(fill(text("off_map"), {{"i", whole(q.i)}, {"j", whole(q.j)}, {"last", grouped(W - 1)}}), label_w + side);
  ImGui::PopStyleColor();
  ImGui::EndGroup();
}

// A colour swatch and its words, on one line (wrapping below in a narrow panel).
void swatch(ImU32 col, std::string_view words, float sc, bool hatched = false) {
  const ImVec2 q = ImGui::GetCursorScreenPos();
  const float lh = ImGui::GetTextLineHeight();
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(q.x, q.y + 2 * sc), ImVec2(q.x + lh - 4 * sc, q.y + lh - 2 * sc), col);
  if (hatched) hatch_far(ImGui::GetWindowDrawList(), ImVec2(q.x, q.y + 2 * sc), lh - 4 * sc, 1, 0, true, sc);
  ImGui::GetWindowDrawList()->AddRect(ImVec2(q.x, q.y + 2 * sc), ImVec2(q.x + lh - 4 * sc, q.y + lh - 2 * sc), colors::frame);
  ImGui::SetCursorScreenPos(ImVec2(q.x + lh + 2 * sc, q.y));
  text_wrapped_at_spaces(words);
  ImGui::SetCursorScreenPos(ImVec2(q.x, ImGui::GetCursorScreenPos().y));
}

// A colour ramp from `a` to `b` with words at its two ends.
void ramp(ImU32 a, ImU32 b, const char* left, const char* right, float width, float sc) {
  const ImVec2 q = ImGui::GetCursorScreenPos();
  const float lh = ImGui::GetTextLineHeight();
  const float lw = ImGui::CalcTextSize(left).x, rw = ImGui::CalcTextSize(right).x;
  const float bar = std::max(40 * sc, width - lw - rw - 16 * sc);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddText(q, colors::ink, left);
  const ImVec2 b0(q.x + lw + 6 * sc, q.y + 3 * sc), b1(b0.x + bar, q.y + lh - 3 * sc);
  ramp_bar(dl, b0, b1, a, b, colors::frame);
  dl->AddText(ImVec2(b1.x + 6 * sc, q.y), colors::ink, right);
  ImGui::Dummy(ImVec2(lw + bar + rw + 12 * sc, lh));
}

// ---- the panels beside the map ----------------------------------------------------------------------

// In a chart's part past L - 1 while it is withheld (mark_far): why it is empty, wrapped to `width` from
// `at`, where it fits; the placer keeps the key off it.
void far_note(ImDrawList* dl, LabelPlacer& labels, ImVec2 at, float width) {
  const std::string words = far_words();
  const ImVec2 size = wrapped_text_size(words, width);
  if (width < ImGui::CalcTextSize("distances").x) return;
  add_text_wrapped(dl, at, colors::text_dim, words, width);
  labels.avoid_rect(at, ImVec2(at.x + size.x, at.y + size.y));
}

// ALiBi: one small map per head (clickable, up to 16 heads), and every head's factor e^bias against the
// distance back.
void alibi_panel(const State& s, SchemesOptions& c, const std::vector<double>& slopes, float width, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const int W = schemes_window(s);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (c.heads <= 16) {
    ImGui::TextUnformatted(filled("heads_title").c_str());
    const float gap = 6 * sc;
    const int per_row = std::min(c.heads, 8);
    const float mini = std::min(56 * sc, (width - gap * static_cast<float>(per_row - 1)) / static_cast<float>(per_row));
    const int cells = std::min(W, 12);
    const float cell = mini / static_cast<float>(cells);
    const ImU32 masked = tint(colors::muted, 0.45f);
    for (int h = 0; h < c.heads; ++h) {
      if (h % per_row != 0) ImGui::SameLine(0, gap);
      ImGui::PushID(h);
      const ImVec2 p = ImGui::GetCursorScreenPos();
      if (ImGui::InvisibleButton("head", ImVec2(mini, mini + ImGui::GetTextLineHeight()))) c.head = h;
      focus_name(filled("head_name", {{"h", std::to_string(h)}}));
      const bool hov = ImGui::IsItemHovered();
      ImGui::PopID();
      const double m = slopes[static_cast<size_t>(h)];
      fill_cells(dl, p, cell, cell_grid(cells, W, [&](long long i, long long j) {
                   return j > i                ? masked
                          : far_hidden(s, i - j) ? far_color()
                                                 : blend(colors::scale_weak, colors::scale_strong,
                                        static_cast<float>(std::exp(pe::alibi_bias(m, static_cast<double>(i), static_cast<double>(j)))));
                 }));
      if (far_withheld()) hatch_far(dl, p, mini, W, s.n, false, sc);
      const bool sel = h == c.head;
      dl->AddRect(p, ImVec2(p.x + mini, p.y + mini), sel ? colors::selected : colors::frame, 0, 0, (sel ? 3.0f : 1.0f) * sc);
      const std::string label = cat({"h", std::to_string(h)});
      const float tw = ImGui::CalcTextSize(label.c_str()).x;
      dl->AddText(ImVec2(p.x + (mini - tw) / 2, p.y + mini), sel ? colors::selected : colors::ink, label.c_str());
      if (hov) ImGui::SetTooltip("%s", filled("tip_head", {{"h", std::to_string(h)}, {"m", slope_text(slopes[static_cast<size_t>(h)])}}).c_str());
    }
  }
  // Every head's e^(m (j - i)) against the distance back i - j; the selected head thick.
  const float plot_h = std::max(170 * sc, ImGui::GetContentRegionAvail().y * 0.5f);
  const std::string title(text("alibi_chart_title"));
  const std::string x_title = filled("alibi_axis");
  const Plot p = plot_frame("alibi_heads", ImVec2(width, plot_h), 0, W - 1, 0, 1.05, false, x_title.c_str(), title.c_str(), sc, true);
  LabelPlacer labels(p.lo, p.hi);
  plot_clip_push(p);
  const float xn = p.sx(s.n - 1);
  dl->AddRectFilled(ImVec2(xn, p.lo.y), p.hi, with_alpha(colors::threshold, 20));
  dashed_line(dl, ImVec2(xn, p.lo.y), ImVec2(xn, p.hi.y), colors::threshold, 1.5f * sc, 5 * sc);
  labels.avoid_segment(ImVec2(xn, p.lo.y), ImVec2(xn, p.hi.y), 1.5f * sc);
  const int samples = std::clamp(static_cast<int>(p.width() / 3), 8, 400);
  std::vector<ImVec2> pts(static_cast<size_t>(samples) + 1);
  // The lines run to the window's end, or while withheld (mark_far) to L - 1 only.
  const double x_end = far_withheld() ? std::min(W - 1.0, s.n - 1.0) : W - 1.0;
  for (int h = 0; h < c.heads; ++h) {
    if (h == c.head) continue;
    for (int q = 0; q <= samples; ++q) {
      const double x = x_end * q / samples;
      pts[static_cast<size_t>(q)] = ImVec2(p.sx(x), p.sy(std::exp(-slopes[static_cast<size_t>(h)] * x)));
    }
    dl->AddPolyline(pts.data(), samples + 1, with_alpha(colors::scale_strong, 110), 0, 1.2f * sc);
    labels.avoid_polyline(pts, 1.2f * sc);
  }
  for (int q = 0; q <= samples; ++q) {
    const double x = x_end * q / samples;
    pts[static_cast<size_t>(q)] = ImVec2(p.sx(x), p.sy(std::exp(-slopes[static_cast<size_t>(c.head)] * x)));
  }
  dl->AddPolyline(pts.data(), samples + 1, colors::selected, 0, 3.0f * sc);
  labels.avoid_polyline(pts, 3.0f * sc);
  const std::string lab = "L \xE2\x88\x92 1";
  const std::string past(text("past"));
  const std::string& shown_past = p.hi.x - xn > ImGui::CalcTextSize(past.c_str()).x + 10 * sc ? past : lab;
  const ImVec2 past_at(xn + 4 * sc, p.lo.y + 3 * sc), past_size = ImGui::CalcTextSize(shown_past.c_str());
  halo_text(dl, past_at, colors::threshold, shown_past.c_str());
  labels.avoid_rect(ImVec2(past_at.x - 2, past_at.y), ImVec2(past_at.x + past_size.x + 2, past_at.y + past_size.y));
  if (x_end < W - 1.0) far_note(dl, labels, ImVec2(xn + 4 * sc, past_at.y + past_size.y + 4 * sc), p.hi.x - xn - 8 * sc);
  // The key: the head drawn large and the others.
  const std::string head_words = fill(text("alibi_key_head"), {{"h", std::to_string(c.head)}}), others_words(text("alibi_key_others"));
  const FlowEntry key[] = {{{Swatch::line, colors::selected, 0, 3.0f * sc}, head_words.c_str()},
                           {{Swatch::line, with_alpha(colors::scale_strong, 110), 0, 1.2f * sc}, others_words.c_str()}};
  const std::span<const FlowEntry> shown(key, c.heads > 1 ? 2 : 1);
  const KeyFlow flow{18 * sc, 6 * sc, 20 * sc, 2 * sc, colors::ink};
  const bool inside = placed_key(dl, labels, shown, flow, 4 * sc, labels.corners(placed_key_size(shown, flow, 4 * sc), 2 * sc));
  plot_clip_pop();
  if (!inside) key_flow(shown, width, flow);
}

void t5_panel(const State& s, const SchemesOptions& c, float width, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const int W = schemes_window(s);
  const pe::T5BucketOptions o = t5_options(c);
  const double X = std::max<double>(W - 1, std::ceil(1.5 * c.max_distance));
  const float plot_h = std::max(190 * sc, ImGui::GetContentRegionAvail().y * 0.55f);
  const std::string title(text("t5_chart_title"));
  const std::string x_title = filled("t5_axis");
  const Plot p = plot_frame("t5_buckets", ImVec2(width, plot_h), -X, X, -0.5, c.buckets - 0.5, false, x_title.c_str(), title.c_str(), sc, true);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  LabelPlacer labels(p.lo, p.hi);
  plot_clip_push(p);
  const int E = exact_of(c.buckets, c.bidirectional);
  const float line = ImGui::GetTextLineHeight();
  // The training length: offsets beyond +-(n - 1) never occur in training.
  for (double side : {-1.0, 1.0}) {
    const float x = p.sx(side * (s.n - 1));
    if (side < 0)
      dl->AddRectFilled(p.lo, ImVec2(x, p.hi.y), with_alpha(colors::threshold, 20));
    else
      dl->AddRectFilled(ImVec2(x, p.lo.y), p.hi, with_alpha(colors::threshold, 20));
    dashed_line(dl, ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), colors::threshold, 1.5f * sc, 5 * sc);
    labels.avoid_segment(ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), 1.5f * sc);
    for (const auto& [v, col] : {std::pair{static_cast<double>(E), colors::guide}, std::pair{static_cast<double>(c.max_distance), colors::axis}}) {
      if (far_hidden(s, static_cast<long long>(v))) continue;
      const float xv = p.sx(side * v);
      plot_vline(dl, p, xv, col, 1.0f * sc);
      labels.avoid_segment(ImVec2(xv, p.lo.y), ImVec2(xv, p.hi.y), 1.0f * sc);
    }
  }
  // The buckets: one step per whole offset, sampled once per pixel column where offsets outnumber pixels.
  const int columns = std::max(2, static_cast<int>(p.width()));
  ImVec2 prev;
  for (int q = 0; q <= columns; ++q) {
    const double x = -X + 2 * X * q / columns;
    const long long off = std::llround(x);
    const bool hidden = (!c.bidirectional && off > 0) || far_hidden(s, off);
    const ImVec2 pt(p.sx(x), p.sy(pe::t5_bucket(off, o)));
    if (q > 0 && !hidden) {
      dl->AddLine(prev, pt, off > 0 ? colors::ghost : colors::hand, 2.2f * sc);
      labels.avoid_segment(prev, pt, 2.2f * sc);
    }
    prev = pt;
  }
  // "max distance" beside the line at +max_distance: right of it where it fits, else left of it.
  const std::string md = filled("max_distance_mark", {{"md", grouped(c.max_distance)}});
  const float mw = ImGui::CalcTextSize(md.c_str()).x;
  const float xm = p.sx(static_cast<double>(c.max_distance));
  const float my = p.sy(c.buckets / 4.0) - line / 2;
  // Text on a halo at a spot of its own, kept from the key.
  const auto put = [&](ImVec2 at, ImU32 col, const std::string& t) {
    halo_text(dl, at, col, t.c_str());
    const ImVec2 ts = ImGui::CalcTextSize(t.c_str());
    labels.avoid_rect(ImVec2(at.x - 2, at.y), ImVec2(at.x + ts.x + 2, at.y + ts.y));
  };
  if (far_hidden(s, c.max_distance)) {
    // The far parts withheld (mark_far): a note in the part before -(L - 1), the keys far back.
    const float xl = p.sx(-(s.n - 1.0));
    far_note(dl, labels, ImVec2(p.lo.x + 4 * sc, p.lo.y + 4 * sc), xl - p.lo.x - 8 * sc);
  } else if (p.hi.x - xm > mw + 6 * sc) {
    put(ImVec2(xm + 3 * sc, my), colors::axis, md);
  } else if (xm - p.lo.x > mw + 6 * sc) {
    put(ImVec2(xm - mw - 3 * sc, my), colors::axis, md);
  }
  const std::string el = "\xC2\xB1" "E";
  put(ImVec2(p.sx(E) + 3 * sc, p.hi.y - line - 3 * sc), colors::ink, el);
  // "±(L − 1)" beside its line, at the first height down from the top (right of the line, then left)
  // where it covers none of the curve.
  const std::string nl = "\xC2\xB1(L \xE2\x88\x92 1)";
  {
    const ImVec2 ns(ImGui::CalcTextSize(nl.c_str()).x + 4, line);
    const float xl1 = p.sx(s.n - 1);
    const int rows = std::max(1, static_cast<int>(p.height() / line) - 1);
    std::vector<ImVec2> spots = LabelPlacer::along(ImVec2(std::min(xl1 + 3 * sc, p.hi.x - ns.x - 2 * sc), p.lo.y + 3 * sc), ImVec2(0, line), rows);
    const std::vector<ImVec2> left = LabelPlacer::along(ImVec2(xl1 - ns.x - 3 * sc, p.lo.y + 3 * sc), ImVec2(0, line), rows);
    spots.insert(spots.end(), left.begin(), left.end());
    const ImVec2 at = labels.place(ns, spots);
    halo_text(dl, ImVec2(at.x + 2, at.y), colors::threshold, nl.c_str());
  }
  // The offset k (the key at pos + k).
  const QueryKey qk = query_key(s);
  const bool marked = std::fabs(static_cast<double>(qk.offset)) <= X && (c.bidirectional || qk.offset <= 0) && !far_hidden(s, qk.offset);
  if (marked) {
    const ImVec2 m(p.sx(static_cast<double>(qk.offset)), p.sy(pe::t5_bucket(qk.offset, o)));
    dl->AddCircle(m, 6 * sc, colors::paper, 16, 4 * sc);
    dl->AddCircle(m, 6 * sc, colors::ghost, 16, 2.5f * sc);
    labels.avoid_point(m, 8 * sc);
  }
  // The key: which line is which side of the query, and the ring.
  const std::string before_words(text("t5_key_before")), after_words(text("t5_key_after")), ring_words(text("key_offset"));
  std::vector<FlowEntry> key = {{{Swatch::line, colors::hand, 0, 2.2f * sc}, before_words.c_str()}};
  if (c.bidirectional) key.push_back({{Swatch::line, colors::ghost, 0, 2.2f * sc}, after_words.c_str()});
  if (marked) key.push_back({{Swatch::ring, colors::ghost, 5 * sc, 2.5f * sc, 16}, ring_words.c_str()});
  const KeyFlow flow{18 * sc, 6 * sc, 20 * sc, 2 * sc, colors::ink};
  const std::vector<ImVec2> spots = labels.corners(placed_key_size(key, flow, 4 * sc), 2 * sc);
  const bool inside = placed_key(dl, labels, key, flow, 4 * sc, spots);
  plot_clip_pop();
  if (!inside) key_flow(key, width, flow);
}

void nope_panel(const State& s, float width, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const int W = schemes_window(s);
  const float plot_h = std::max(170 * sc, ImGui::GetContentRegionAvail().y * 0.5f);
  const std::string title(text("nope_chart_title"));
  // A log scale for the weight: on a linear one 1/(i + 1) lies flat on the axis from i = 20 on, and
  // the 1/L line with it, so the drop past the training length would not show.
  const std::string x_title = filled("nope_axis");
  const Plot p = plot_frame("nope_weight", ImVec2(width, plot_h), 0, W - 1, 0.5 / W, 1.6, true, x_title.c_str(), title.c_str(), sc, true);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  LabelPlacer labels(p.lo, p.hi);
  plot_clip_push(p);
  const float xn = p.sx(s.n - 1);
  dl->AddRectFilled(ImVec2(xn, p.lo.y), p.hi, with_alpha(colors::threshold, 20));
  dashed_line(dl, ImVec2(xn, p.lo.y), ImVec2(xn, p.hi.y), colors::threshold, 1.5f * sc, 5 * sc);
  labels.avoid_segment(ImVec2(xn, p.lo.y), ImVec2(xn, p.hi.y), 1.5f * sc);
  const float yn = p.sy(1.0 / s.n);
  dashed_line(dl, ImVec2(p.lo.x, yn), ImVec2(p.hi.x, yn), colors::threshold, 1.0f * sc, 3 * sc);
  labels.avoid_segment(ImVec2(p.lo.x, yn), ImVec2(p.hi.x, yn), 1.0f * sc);
  const int samples = std::clamp(static_cast<int>(p.width() / 2), 8, 600);
  std::vector<ImVec2> pts(static_cast<size_t>(samples) + 1);
  for (int q = 0; q <= samples; ++q) {
    const double i = std::floor((W - 1.0) * q / samples);
    pts[static_cast<size_t>(q)] = ImVec2(p.sx((W - 1.0) * q / samples), p.sy(1.0 / (i + 1.0)));
  }
  dl->AddPolyline(pts.data(), samples + 1, colors::scale_strong, 0, 2.4f * sc);
  labels.avoid_polyline(pts, 2.4f * sc);
  const QueryKey q = query_key(s);
  const bool marked = q.i >= 0 && q.i < W;
  const ImVec2 m = marked ? ImVec2(p.sx(static_cast<double>(q.i)), p.sy(1.0 / (static_cast<double>(q.i) + 1.0))) : ImVec2(0, 0);
  if (marked) {
    dl->AddCircle(m, 6 * sc, colors::paper, 16, 4 * sc);
    dl->AddCircle(m, 6 * sc, colors::ghost, 16, 2.5f * sc);
    labels.avoid_point(m, 8 * sc);
  }
  const float lh = ImGui::GetTextLineHeight();
  {
    // "1/L = ..." on its line: above it from the right end leftwards (past L the curve runs under the
    // line), else under it from the left (before L the curve runs above it). (Spots are the halo's
    // box, 2 px wider than the text on either side.)
    const std::string lab = cat({"1/L = ", fmt("%.3g", 1.0 / s.n)});
    const float w = ImGui::CalcTextSize(lab.c_str()).x + 4;
    const int across = std::max(1, static_cast<int>((p.width() - w) / (10 * sc)) + 1);
    std::vector<ImVec2> spots = LabelPlacer::along(ImVec2(p.hi.x - w - 4 * sc, yn - lh - 2 * sc), ImVec2(-10 * sc, 0), across);
    const std::vector<ImVec2> under = LabelPlacer::along(ImVec2(p.lo.x + 4 * sc, yn + 2 * sc), ImVec2(10 * sc, 0), across);
    spots.insert(spots.end(), under.begin(), under.end());
    const ImVec2 at = labels.place(ImVec2(w, lh), spots);
    halo_text(dl, ImVec2(at.x + 2, at.y), colors::threshold, lab.c_str());
  }
  // The key: the curve and the ring, in a corner the data leave free (top right, past L, as a rule),
  // else under the chart.
  const std::string curve_words(text("nope_key_curve")), past_words(text("nope_key_past")), ring_words(text("key_query"));
  const FlowEntry key[] = {{{Swatch::line, colors::scale_strong, 0, 2.4f * sc}, curve_words.c_str()},
                           {{Swatch::square, with_alpha(colors::threshold, 60), 5 * sc}, past_words.c_str()},
                           {{Swatch::ring, colors::ghost, 5 * sc, 2.5f * sc, 16}, ring_words.c_str()}};
  const std::span<const FlowEntry> shown(key, marked ? 3 : 2);
  const KeyFlow flow{18 * sc, 6 * sc, 20 * sc, 2 * sc, colors::ink};
  const bool inside = placed_key(dl, labels, shown, flow, 4 * sc, labels.corners(placed_key_size(shown, flow, 4 * sc), 2 * sc));
  plot_clip_pop();
  if (!inside) key_flow(shown, width, flow);
}

void legend_for(const SchemesOptions& c, int W, float width, float sc) {
  const ImU32 masked = tint(colors::muted, 0.45f);
  switch (c.scheme) {
    case Scheme::learned:
      swatch(tint(colors::hand, 0.45f), text("legend_both"), sc);
      swatch(tint(colors::warning, 0.35f), text("legend_one"), sc);
      swatch(tint(colors::warning, 0.75f), text("legend_neither"), sc);
      break;
    case Scheme::alibi:
      ramp(colors::scale_weak, colors::scale_strong, filled("legend_alibi_low").c_str(), "1", width, sc);
      swatch(masked, text("legend_masked"), sc);
      if (far_withheld()) swatch(far_color(), far_words(), sc, true);
      break;
    case Scheme::t5: {
      swatch(colors::hand, filled(c.bidirectional ? "legend_before_bidirectional" : "legend_before", {{"last", std::to_string(side_buckets(c) - 1)}}), sc);
      if (c.bidirectional)
        swatch(colors::ghost, filled("legend_after", {{"first", std::to_string(c.buckets / 2)}, {"last", std::to_string(c.buckets - 1)}}), sc);
      else
        swatch(masked, text("legend_masked"), sc);
      if (far_withheld()) swatch(far_color(), far_words(), sc, true);
      break;
    }
    case Scheme::nope: {
      const std::string low = cat({"1/(i + 1): 1/", grouped(W)});
      const std::string high = filled("legend_log");
      ramp(colors::scale_weak, colors::scale_strong, low.c_str(), high.c_str(), width, sc);
      swatch(masked, text("legend_masked"), sc);
      break;
    }
  }
}

// A label, then the next item (a slider) `w` wide on its line.
void labelled(std::string_view label, float w) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label.data(), label.data() + label.size());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(w);
}

// The scheme's own options, on the line(s) under the scheme choice.
void options_row(SchemesOptions& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  switch (c.scheme) {
    case Scheme::learned: break;
    case Scheme::alibi: {
      const float w = 150 * sc;
      labelled(text("heads_label"), w);
      slider_int("##heads", &c.heads, 1, kSchemesMaxHeads, "%d", ImGuiSliderFlags_AlwaysClamp);
      focus_name(text("heads_focus"));
      c.heads = std::clamp(c.heads, 1, kSchemesMaxHeads);
      c.head = std::min(c.head, c.heads - 1);
      const std::string head_words = filled("head_label");
      same_line_if_fits(ImGui::CalcTextSize(head_words.c_str()).x + w + 10 * sc, 18 * sc);
      labelled(head_words, w);
      slider_int("##head", &c.head, 0, c.heads - 1, "%d", ImGuiSliderFlags_AlwaysClamp);
      focus_name(text("head_focus"));
      c.head = std::clamp(c.head, 0, c.heads - 1);
      break;
    }
    case Scheme::t5: {
      const float w = 130 * sc;
      labelled(text("buckets_label"), w);
      int b = c.buckets / 2;
      if (slider_int("##buckets", &b, 2, kSchemesMaxBuckets / 2, "%d \xC3\x97 2", ImGuiSliderFlags_AlwaysClamp)) c.buckets = 2 * std::clamp(b, 2, kSchemesMaxBuckets / 2);
      focus_name(text("buckets_focus"));
      const std::string distance_words = filled("max_distance_label");
      same_line_if_fits(ImGui::CalcTextSize(distance_words.c_str()).x + w + 10 * sc, 18 * sc);
      labelled(distance_words, w);
      slider_int("##maxdist", &c.max_distance, exact_of(c.buckets, c.bidirectional) + 1, 4096, "%d", ImGuiSliderFlags_Logarithmic);
      focus_name(text("max_distance_focus"));
      const std::string bidirectional = widget_label("bidirectional", "bidirectional");
      same_line_if_fits(checkbox_width(bidirectional.c_str()), 18 * sc);
      checkbox_wrapped(bidirectional.c_str(), &c.bidirectional);
      c = sane(c);
      break;
    }
    case Scheme::nope: break;
  }
}

}  // namespace

int schemes_window(const State& s) { return std::max(8, 2 * s.n); }

SchemesOptions schemes_options(const State& s) {
  return sane({.scheme = s.scheme, .heads = s.alibiHeads, .head = s.alibiHead, .bidirectional = s.t5Bidirectional, .buckets = s.t5Buckets,
               .max_distance = s.t5MaxDistance});
}

namespace {

// What the view's controls changed, through the validated path in the settings table's order (the
// options were brought in range by sane(), so each is accepted).
void store_options(State& s, const SchemesOptions& before, const SchemesOptions& o) {
  if (o.scheme != before.scheme) set_number(s, Field::scheme, static_cast<int>(o.scheme));
  if (o.heads != before.heads) set_number(s, Field::alibiHeads, o.heads);
  if (o.head != before.head) set_number(s, Field::alibiHead, o.head);
  if (o.buckets != before.buckets) set_number(s, Field::t5Buckets, o.buckets);
  if (o.bidirectional != before.bidirectional) set_number(s, Field::t5Bidirectional, o.bidirectional ? 1 : 0);
  if (o.max_distance != before.max_distance) set_number(s, Field::t5MaxDistance, o.max_distance);
}

}  // namespace

void draw_schemes(State& s, SchemesCache&, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  lesson_intro(View::schemes, ctx);
  SchemesOptions cache = schemes_options(s);
  const SchemesOptions before = cache;

  // The scheme, then its own options.
  int choice = static_cast<int>(cache.scheme);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(filled("scheme_label").c_str());
  for (int i = 0; i < kSchemeCount; ++i) {
    const std::string name = filled(std::string("name_") + kSchemeIds[i]).append("###scheme_").append(kSchemeIds[i]);
    same_line_if_fits(checkbox_width(name.c_str()));
    if (ImGui::RadioButton(name.c_str(), &choice, i)) cache.scheme = static_cast<Scheme>(choice);
  }
  if (cache.scheme == Scheme::learned) {
    const std::string open = widget_label("learned_button", "learned_button");
    same_line_if_fits(button_width(open.c_str()), 18 * sc);
    if (ImGui::Button(open.c_str())) set_view(s, View::learned);
  }
  // The scheme's own options and its formula: beside a wide map above it, on a narrow screen (a phone)
  // under the map, which those rows pushed under the first screen.
  const bool beside = ImGui::GetContentRegionAvail().x >= 620 * sc;
  const auto options = [&] {
    options_row(cache, ctx);
    store_options(s, before, cache);
    ImGui::PushFont(ctx.fonts.mono);
    text_wrapped_at_spaces(formula_text(cache));
    ImGui::PopFont();
  };
  if (beside) options();

  std::vector<double> slopes = pe::alibi_slopes(cache.heads);
  const MapRule rule{s, cache, slopes[static_cast<size_t>(cache.head)], t5_options(cache), schemes_window(s), tint(colors::muted, 0.45f),
                      far_withheld()};

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float line = ImGui::GetTextLineHeight();
  const float label_w = ImGui::CalcTextSize(grouped(rule.W - 1).c_str()).x + 8 * sc;
  const float map_side = beside ? std::clamp(std::min(avail.x * 0.46f - label_w, avail.y - 5 * line), 160 * sc, 520 * sc)
                                : std::clamp(std::min(avail.x - label_w - 4 * sc, std::max(avail.y - 4 * line, 200 * sc)), 120 * sc, 480 * sc);
  ImGui::BeginGroup();
  draw_map(s, rule, map_side, ctx);
  legend_for(cache, rule.W, label_w + map_side, sc);
  ImGui::EndGroup();
  if (!beside) {
    options();
    slopes = pe::alibi_slopes(cache.heads);  // for the panel below: the heads may have changed
  }
  if (beside) ImGui::SameLine(0, 16 * sc);
  ImGui::BeginGroup();
  const float panel_w = beside ? std::max(200 * sc, ImGui::GetContentRegionAvail().x) : avail.x;
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + panel_w);
  switch (cache.scheme) {
    case Scheme::learned:
      text_wrapped_at_spaces(learned_note(s), panel_w);
      ImGui::Spacing();
      text_wrapped_at_spaces(learned_pos(s), panel_w);
      break;
    case Scheme::alibi:
      alibi_panel(s, cache, slopes, panel_w, ctx);
      store_options(s, before, cache);
      text_wrapped_at_spaces(alibi_note(cache, slopes), panel_w);
      ImGui::Spacing();
      text_wrapped_at_spaces(alibi_train(s, cache, slopes), panel_w);
      ImGui::Spacing();
      text_wrapped_at_spaces(alibi_pos(s, cache, slopes), panel_w);
      break;
    case Scheme::t5:
      t5_panel(s, cache, panel_w, ctx);
      text_wrapped_at_spaces(t5_note(cache), panel_w);
      ImGui::Spacing();
      text_wrapped_at_spaces(t5_train(s, cache), panel_w);
      ImGui::Spacing();
      text_wrapped_at_spaces(t5_pos(s, cache), panel_w);
      break;
    case Scheme::nope:
      nope_panel(s, panel_w, ctx);
      text_wrapped_at_spaces(std::string(text("nope_note")), panel_w);
      ImGui::Spacing();
      text_wrapped_at_spaces(nope_train(s), panel_w);
      ImGui::Spacing();
      text_wrapped_at_spaces(nope_pos(s), panel_w);
      break;
  }
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
}

std::string describe_schemes(const State& s, const SchemesCache&) {
  const SchemesOptions c = schemes_options(s);
  std::string t = fill(text("describe_head"), {{"name", std::string(text(std::string("name_") + kSchemeIds[static_cast<int>(c.scheme)]))},
                                               {"W", grouped(schemes_window(s) - 1)},
                                               {"n", grouped(s.n)}});
  t.append(" ").append(formula_text(c)).append(".");
  const std::vector<double> slopes = pe::alibi_slopes(c.heads);
  switch (c.scheme) {
    case Scheme::learned: t.append(" ").append(learned_note(s)).append(" ").append(learned_pos(s)); break;
    case Scheme::alibi: {
      t.append(" ").append(alibi_note(c, slopes));
      std::string list;
      for (size_t h = 0; h < slopes.size() && h < 16; ++h) list.append(h ? number_list_separator() : "").append(slope_text(slopes[h]));
      if (slopes.size() > 16) list.append(number_list_separator()).append("...");
      t.append(" ").append(fill(text("alibi_slopes"), {{"list", list}}));
      t.append(" ").append(alibi_train(s, c, slopes)).append(" ").append(alibi_pos(s, c, slopes));
      break;
    }
    case Scheme::t5: t.append(" ").append(t5_note(c)).append(" ").append(t5_train(s, c)).append(" ").append(t5_pos(s, c)); break;
    case Scheme::nope: t.append(" ").append(text("nope_note")).append(" ").append(nope_train(s)).append(" ").append(nope_pos(s)); break;
  }
  return t;
}

}  // namespace app
