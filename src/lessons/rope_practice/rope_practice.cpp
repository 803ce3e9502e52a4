#include "lessons/rope_practice/rope_practice.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/attention.hpp"
#include "core/mixing.hpp"
#include "core/rope_attention.hpp"
#include "imgui.h"
#include "ui/figure_mark.hpp"
#include "ui/marks.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

constexpr std::uint64_t kModelSeed = 2021;           // the tiny model's weights
constexpr std::uint64_t kSeedQ = 301, kSeedK = 302;  // stand-in q and k of the layouts part
constexpr int kLayoutWidth = 8;                      // the head width the layouts part draws
// A weight differs "visibly" above this (the grids print 2 decimals).
constexpr double kVisible = 0.005;
// Differences below this many times the angles' rounding scale are rounding (the core tests measured
// at most 3 times, over many seeds, bases and shifts).
constexpr double kRoundingFactor = 30;

const pe::RopeModel& model() {
  static const pe::RopeModel m = pe::rope_model(kModelSeed, pe::RopeModelShape{});
  return m;
}

size_t at(int i) { return static_cast<size_t>(i); }

// A text of the lesson's file (rope_practice.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::rope_practice, key), values);
}
// The same as a Dear ImGui label whose id stays the same in every language.
std::string widget_label(std::string_view key, const char* id) { return label(key).append("###").append(id); }

// A position for reading: whole numbers with thousands separators, others with two decimals.
std::string position_text(double p) { return p == std::floor(p) ? grouped(p) : grouped(p, 2); }

pe::RopeRun run_of(const State& s, const RopePracticeCache& c) {
  pe::RopeRun run;
  run.base = s.base;
  run.turn_values = c.turn_values;
  run.causal = c.causal;
  return run;
}

// Everything the live part shows, computed afresh (a handful of 6 x 16 products: cheaper than keying).
struct Live {
  std::vector<pe::RopeLayerTrace> now, ref;  // the sentence at pos + j, and at j
  pe::ShiftEffect effect;
  double largest_angle = 0;  // the largest |m w| of the sentence (w_0 = 1)
  double rounding = 0;       // its rounding scale
  bool same = true;          // no difference beyond rounding in any layer
};

Live compute(const State& s, const RopePracticeCache& c) {
  const pe::RopeModelShape& sh = model().shape;
  const pe::RopeRun run = run_of(s, c);
  std::vector<double> now(at(sh.tokens)), ref(at(sh.tokens));
  for (int j = 0; j < sh.tokens; ++j) {
    now[at(j)] = s.pos + j;
    ref[at(j)] = j;
  }
  Live l;
  l.now = pe::run_rope_model(model(), now, run);
  l.ref = pe::run_rope_model(model(), ref, run);
  l.effect = pe::rope_shift_effect(model(), s.pos, run);
  l.largest_angle = std::max(std::fabs(now.front()), std::fabs(now.back()));
  l.rounding = pe::angle_rounding(l.largest_angle);
  const double allowed = 1e-12 + kRoundingFactor * l.rounding;
  for (size_t k = 0; k < l.effect.weights.size(); ++k)
    l.same = l.same && l.effect.weights[k] <= allowed && l.effect.stream[k] <= allowed;
  return l;
}

// ---- the diagram ---------------------------------------------------------------------------

// Lines of `text` no wider than `width`, broken at spaces (never beside '=': a formula stays whole) and
// between Chinese characters (ui/text_layout.hpp).
std::vector<std::string> wrap_words(std::string_view text, float width) {
  std::vector<std::string> lines;
  const auto measure = [](std::string_view t) { return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x; };
  for (const TextLine& l : wrap_at_spaces(text, width, measure)) lines.emplace_back(text.substr(l.begin, l.end - l.begin));
  return lines;
}

enum class Look { plain, query, key, value, value_turned };

struct Node {
  int flow;          // 0 .. 5: the order in which the data passes
  int lane0, lane1;  // lanes spanned: 0 query, 1 key, 2 value
  std::string text;
  Look look;
  ImVec2 min, max;  // placed box, screen pixels
  std::vector<std::string> lines;
};

void arrow_head(ImDrawList* dl, ImVec2 tip, ImVec2 dir, ImU32 col, float size) {
  const ImVec2 side(-dir.y, dir.x);
  dl->AddTriangleFilled(tip, ImVec2(tip.x - dir.x * size + side.x * size * 0.5f, tip.y - dir.y * size + side.y * size * 0.5f),
                        ImVec2(tip.x - dir.x * size - side.x * size * 0.5f, tip.y - dir.y * size - side.y * size * 0.5f), col);
}

void draw_diagram(const RopePracticeCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float line = ImGui::GetTextLineHeight(), pad = 6 * sc, lane_gap = 8 * sc;
  std::vector<Node> nodes = {
      {0, 0, 2, label("node_x"), Look::plain, {}, {}, {}},
      {1, 0, 0, "q_m = x_m W_Q", Look::plain, {}, {}, {}},
      {1, 1, 1, "k_n = x_n W_K", Look::plain, {}, {}, {}},
      {1, 2, 2, "v_n = x_n W_V", Look::plain, {}, {}, {}},
      {2, 0, 0, label("node_turn_q"), Look::query, {}, {}, {}},
      {2, 1, 1, label("node_turn_k"), Look::key, {}, {}, {}},
      c.turn_values ? Node{2, 2, 2, label("node_v_turned"), Look::value_turned, {}, {}, {}}
                    : Node{2, 2, 2, label("node_v"), Look::value, {}, {}, {}},
      {3, 0, 1, label("node_softmax"), Look::plain, {}, {}, {}},
      {4, 0, 2, label(c.turn_values ? "node_out_turned" : "node_out"), c.turn_values ? Look::value_turned : Look::plain, {}, {}, {}},
      {5, 0, 2, label("node_next"), Look::plain, {}, {}, {}},
  };
  constexpr int kFlows = 6, kLanes = 3;
  // Flow left to right where six readable columns fit, else top to bottom in three lanes (a phone).
  const float min_col = 118 * sc;
  const bool across = avail >= kFlows * min_col + (kFlows - 1) * 24 * sc;
  const float flow_gap = (across ? 24 : 18) * sc;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  float total_w = avail - 2 * sc, total_h = 0;  // 2 px to spare: a box's right edge stays inside the window
  float lane_size = 0;                          // a lane's height (across) or width (down)
  if (across) {
    const float col = std::min((total_w - (kFlows - 1) * flow_gap) / kFlows, 200 * sc);
    float lane_h = 2 * line + 2 * pad;
    for (Node& n : nodes) {
      n.lines = wrap_words(n.text, col - 2 * pad);
      const int span = n.lane1 - n.lane0 + 1;
      const float need = static_cast<float>(n.lines.size()) * line + 2 * pad;
      lane_h = std::max(lane_h, (need - static_cast<float>(span - 1) * lane_gap) / static_cast<float>(span));
    }
    for (Node& n : nodes) {
      n.min = ImVec2(o.x + static_cast<float>(n.flow) * (col + flow_gap), o.y + static_cast<float>(n.lane0) * (lane_h + lane_gap));
      n.max = ImVec2(n.min.x + col, o.y + static_cast<float>(n.lane1) * (lane_h + lane_gap) + lane_h);
    }
    total_w = kFlows * col + (kFlows - 1) * flow_gap;
    total_h = kLanes * lane_h + (kLanes - 1) * lane_gap;
    lane_size = lane_h;
  } else {
    const float lane_w = (total_w - (kLanes - 1) * lane_gap) / kLanes;
    lane_size = lane_w;
    float row_h[kFlows] = {};
    for (Node& n : nodes) {
      const int span = n.lane1 - n.lane0 + 1;
      const float w = static_cast<float>(span) * lane_w + static_cast<float>(span - 1) * lane_gap;
      n.lines = wrap_words(n.text, w - 2 * pad);
      row_h[n.flow] = std::max(row_h[n.flow], static_cast<float>(n.lines.size()) * line + 2 * pad);
    }
    float y = o.y;
    float row_y[kFlows];
    for (int f = 0; f < kFlows; ++f) {
      row_y[f] = y;
      y += row_h[f] + (f + 1 < kFlows ? flow_gap : 0);
    }
    for (Node& n : nodes) {
      n.min = ImVec2(o.x + static_cast<float>(n.lane0) * (lane_w + lane_gap), row_y[n.flow]);
      n.max = ImVec2(o.x + static_cast<float>(n.lane1) * (lane_w + lane_gap) + lane_w, row_y[n.flow] + row_h[n.flow]);
    }
    total_h = y - o.y;
  }
  // The loop back to the first box: under the lanes, left to right.
  const float loop_h = across ? 14 * sc : 0;
  ImGui::Dummy(ImVec2(total_w, total_h + loop_h));
  ImDrawList* dl = ImGui::GetWindowDrawList();

  // Arrows first, boxes over them. Along the flow axis, at a lane's middle.
  const auto lane_mid = [&](const Node& n, int lane) {
    // The middle of `lane` (or of the node's box, lane < 0), across the flow.
    if (lane < 0) return across ? (n.min.y + n.max.y) / 2 : (n.min.x + n.max.x) / 2;
    return (across ? o.y : o.x) + static_cast<float>(lane) * (lane_size + lane_gap) + lane_size / 2;
  };
  // lane_to == kStraight: straight on from where the arrow leaves (into a box wider than the source).
  constexpr int kStraight = -2;
  const auto link = [&](int from, int to, int lane_from, int lane_to) {
    const Node& a = nodes[at(from)];
    const Node& b = nodes[at(to)];
    const float la = lane_mid(a, lane_from), lb = lane_to == kStraight ? la : lane_mid(b, lane_to);
    const ImVec2 p0 = across ? ImVec2(a.max.x, la) : ImVec2(la, a.max.y);
    const ImVec2 p1 = across ? ImVec2(b.min.x, lb) : ImVec2(lb, b.min.y);
    const ImU32 col = colors::axis;
    const ImVec2 dir = across ? ImVec2(1, 0) : ImVec2(0, 1);
    const float head = 7 * sc;
    if (la == lb) {
      dl->AddLine(p0, ImVec2(p1.x - dir.x * head, p1.y - dir.y * head), col, 1.5f * sc);
    } else {  // an elbow: half way along the flow, across to the other lane
      const ImVec2 m0 = across ? ImVec2((p0.x + p1.x) / 2, p0.y) : ImVec2(p0.x, (p0.y + p1.y) / 2);
      const ImVec2 m1 = across ? ImVec2(m0.x, p1.y) : ImVec2(p1.x, m0.y);
      const ImVec2 pts[] = {p0, m0, m1, ImVec2(p1.x - dir.x * head, p1.y - dir.y * head)};
      dl->AddPolyline(pts, 4, col, 0, 1.5f * sc);
    }
    arrow_head(dl, p1, dir, col, head);
  };
  for (int lane = 0; lane < kLanes; ++lane) {
    link(0, 1 + lane, lane, -1);
    link(1 + lane, 4 + lane, -1, -1);
  }
  link(4, 7, -1, 0);
  link(5, 7, -1, 1);
  link(6, 8, -1, 2);  // the value skips the score: straight to the sum
  link(7, 8, -1, kStraight);
  link(8, 9, -1, -1);
  if (across) {
    const Node& last = nodes.back();
    const Node& first = nodes.front();
    const float y = o.y + total_h + loop_h - 3 * sc;
    const float x0 = (first.min.x + first.max.x) / 2, x1 = (last.min.x + last.max.x) / 2;
    const ImVec2 pts[] = {ImVec2(x1, last.max.y), ImVec2(x1, y), ImVec2(x0, y), ImVec2(x0, first.max.y + 7 * sc)};
    dl->AddPolyline(pts, 4, colors::axis, 0, 1.5f * sc);
    arrow_head(dl, ImVec2(x0, first.max.y), ImVec2(0, -1), colors::axis, 7 * sc);
  }

  for (const Node& n : nodes) {
    ImU32 edge = colors::frame, fill = colors::panel, ink = colors::ink;
    bool dashed = false;
    switch (n.look) {
      case Look::query: edge = colors::hand, fill = tint(colors::hand, 0.12f); break;
      case Look::key: edge = colors::ghost, fill = tint(colors::ghost, 0.12f); break;
      case Look::value: edge = colors::muted, dashed = true, ink = colors::text_dim; break;
      case Look::value_turned: edge = colors::warning, fill = tint(colors::warning, 0.12f); break;
      case Look::plain: break;
    }
    mark_figure(n.min, n.max);
    dl->AddRectFilled(n.min, n.max, fill, 4 * sc);
    if (ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect(n.min, n.max)) {
      std::string tip = n.text;  // whole, as the box shows it over its lines
      switch (n.look) {
        case Look::query: tip.append("\n").append(label("tip_query")); break;
        case Look::key: tip.append("\n").append(label("tip_key")); break;
        case Look::value: tip.append("\n").append(label("tip_value")); break;
        case Look::value_turned: tip.append("\n").append(label("tip_value_turned")); break;
        case Look::plain: break;
      }
      ImGui::SetTooltip("%s", tip.c_str());
    }
    if (dashed) {
      const ImVec2 b(n.max.x, n.min.y), d(n.min.x, n.max.y);
      for (const auto& [p, q] : {std::pair{n.min, b}, std::pair{b, n.max}, std::pair{n.max, d}, std::pair{d, n.min}})
        dashed_line(dl, p, q, edge, 1.5f * sc, 5 * sc);
    } else {
      dl->AddRect(n.min, n.max, edge, 4 * sc, 0, (n.look == Look::plain ? 1.0f : 2.0f) * sc);
    }
    const float text_h = static_cast<float>(n.lines.size()) * line;
    float y = (n.min.y + n.max.y - text_h) / 2;
    for (const std::string& l : n.lines) {
      const float w = ImGui::CalcTextSize(l.c_str()).x;
      dl->AddText(ImVec2(std::max(n.min.x + pad, (n.min.x + n.max.x - w) / 2), y), ink, l.c_str());
      y += line;
    }
  }
}

// ---- the weight grids ----------------------------------------------------------------------

ImU32 weight_color(double w) {
  return blend(colors::scale_weak, colors::scale_strong, static_cast<float>(std::sqrt(std::clamp(w, 0.0, 1.0))));
}

// Head 0's weights of one layer: row m (query), column n (key). Cells that differ visibly from `ref`
// get an orange frame; cells the causal mask hides stay empty.
void draw_grid(const std::string& title, const pe::RopeLayerTrace& now, const pe::RopeLayerTrace& ref, bool causal, float cell,
               float label_w, const ViewContext& ctx) {
  const int t = model().shape.tokens;
  const float sc = ctx.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  ImGui::BeginGroup();
  ImGui::TextUnformatted(title.c_str());
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(label_w + static_cast<float>(t) * cell, line + 4 * sc + static_cast<float>(t) * cell));
  mark_figure_item();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 g(p.x + label_w, p.y + line + 4 * sc);
  ImGui::PushFont(ctx.fonts.mono);
  char num[16];
  for (int j = 0; j < t; ++j) {
    std::snprintf(num, sizeof num, "%d", j);
    const float tw = ImGui::CalcTextSize(num).x;
    dl->AddText(ImVec2(g.x + static_cast<float>(j) * cell + (cell - tw) / 2, p.y), colors::text_dim, num);
    dl->AddText(ImVec2(g.x - tw - 6 * sc, g.y + static_cast<float>(j) * cell + (cell - line) / 2), colors::text_dim, num);
  }
  for (int m = 0; m < t; ++m)
    for (int n = 0; n < t; ++n) {
      const ImVec2 a(g.x + static_cast<float>(n) * cell, g.y + static_cast<float>(m) * cell), b(a.x + cell, a.y + cell);
      if (causal && n > m) {
        dl->AddRectFilled(a, b, colors::panel);
        dl->AddRect(a, b, colors::paper);
        continue;
      }
      const double v = now.weights[at(m * t + n)];
      const ImU32 fill = weight_color(v);
      dl->AddRectFilled(a, b, fill);
      dl->AddRect(a, b, colors::paper);
      const std::string text = fmt("%.2f", v);
      const ImVec2 ts = ImGui::CalcTextSize(text.c_str());
      dl->AddText(ImVec2(a.x + (cell - ts.x) / 2, a.y + (cell - ts.y) / 2), ink_on(fill), text.c_str());
      const bool differs = std::fabs(v - ref.weights[at(m * t + n)]) > kVisible;
      if (differs)
        dl->AddRect(ImVec2(a.x + 1.5f * sc, a.y + 1.5f * sc), ImVec2(b.x - 1.5f * sc, b.y - 1.5f * sc), colors::ghost, 0, 0, 2.5f * sc);
      if (ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect(a, b)) {
        std::string tip = label("tip_weight", {{"m", std::to_string(m)}, {"n", std::to_string(n)}, {"w", fmt("%.4f", v)}});
        tip.append("\n").append(label("tip_rows"));
        if (differs) tip.append("\n").append(label("tip_framed", {{"w", fmt("%.4f", ref.weights[at(m * t + n)])}}));
        ImGui::SetTooltip("%s", tip.c_str());
      }
    }
  ImGui::PopFont();
  ImGui::EndGroup();
}

// ---- the two layouts -----------------------------------------------------------------------

// Two rows of the head's dimensions, coloured by the pair each belongs to, with lines showing where P
// moves each dimension of the interleaved row (above) in the half-split row (below).
void draw_layouts(const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const int d = kLayoutWidth;
  const float avail = ImGui::GetContentRegionAvail().x;
  ImGui::PushFont(ctx.fonts.mono);
  const float cell = std::clamp(avail / static_cast<float>(d), ImGui::CalcTextSize("x0").x + 6 * sc, 44 * sc);
  ImGui::PopFont();
  const float row_gap = 30 * sc;
  const std::vector<int> perm = pe::interleaved_to_half(d);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // One row of cells at the cursor; in the half row, slot j holds the interleaved dimension perm[j].
  const auto row = [&](pe::RopeLayout layout) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(static_cast<float>(d) * cell, cell));
    ImGui::PushFont(ctx.fonts.mono);
    for (int j = 0; j < d; ++j) {
      int pair = 0;  // the pair dimension j belongs to in this layout
      for (int i = 0; i < d / 2; ++i) {
        const pe::PairDims pd = pe::rope_pair_dims(i, d, layout);
        if (pd.first == j || pd.second == j) pair = i;
      }
      const ImVec2 a(p.x + static_cast<float>(j) * cell, p.y), b(a.x + cell, a.y + cell);
      const ImU32 fill = tint(series_color(pair), 0.35f);
      dl->AddRectFilled(a, b, fill);
      dl->AddRect(a, b, series_color(pair), 0, 0, 2 * sc);
      char name[8];
      std::snprintf(name, sizeof name, "x%d", layout == pe::RopeLayout::interleaved ? j : perm[at(j)]);
      const ImVec2 ts = ImGui::CalcTextSize(name);
      dl->AddText(ImVec2(a.x + (cell - ts.x) / 2, a.y + (cell - ts.y) / 2), ink_on(fill), name);
    }
    ImGui::PopFont();
    return p;
  };
  ImGui::TextUnformatted(label("row_interleaved").c_str());
  const ImVec2 top = row(pe::RopeLayout::interleaved);
  ImGui::Dummy(ImVec2(0, row_gap - 2 * ImGui::GetStyle().ItemSpacing.y));
  const ImVec2 bottom = row(pe::RopeLayout::half);
  ImGui::TextUnformatted(label("row_half").c_str());
  // P: interleaved dimension perm[j] goes to half-split slot j.
  for (int j = 0; j < d; ++j) {
    const float x0 = top.x + (static_cast<float>(perm[at(j)]) + 0.5f) * cell, x1 = bottom.x + (static_cast<float>(j) + 0.5f) * cell;
    dl->AddLine(ImVec2(x0, top.y + cell + 2 * sc), ImVec2(x1, bottom.y - 2 * sc), colors::guide, 1.5f * sc);
  }
}

}  // namespace

void draw_rope_practice(State& s, RopePracticeCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const pe::RopeModelShape& sh = model().shape;
  lesson_intro(View::rope_practice, ctx);

  caption(lesson_text(View::rope_practice, "diagram"));
  draw_diagram(c, ctx);
  ImGui::Spacing();

  // The live model.
  const double first = s.pos, last = s.pos + (sh.tokens - 1);
  text_wrapped_at_spaces(fill(lesson_text(View::rope_practice, "slide"),
                              {{"tokens", std::to_string(sh.tokens)},
                               {"first", position_text(first)},
                               {"last", position_text(last)},
                               {"lastj", std::to_string(sh.tokens - 1)}}));
  caption(fill(lesson_text(View::rope_practice, "model"), {{"width", std::to_string(sh.width)},
                                                           {"heads", std::to_string(sh.heads)},
                                                           {"dh", std::to_string(sh.head_width())},
                                                           {"layers", std::to_string(sh.layers)}}));
  checkbox_wrapped(widget_label("causal_mask", "causal_mask").c_str(), &c.causal);
  const std::string turn_label = widget_label("turn_values", "turn_values");
  same_line_if_fits(checkbox_width(turn_label.c_str()), 20 * sc);
  checkbox_wrapped(turn_label.c_str(), &c.turn_values);
  const Live live = compute(s, c);

  // Two grids side by side where they fit with readable cells, else one above the other.
  const float avail = ImGui::GetContentRegionAvail().x;
  ImGui::PushFont(ctx.fonts.mono);
  const float label_w = ImGui::CalcTextSize("0").x + 10 * sc;
  const float min_cell = ImGui::CalcTextSize("0.00").x + 8 * sc;
  ImGui::PopFont();
  const float gap = 24 * sc;
  const float fit_two = (avail - 2 * label_w - gap) / static_cast<float>(2 * sh.tokens);
  const float cell = std::clamp(fit_two >= min_cell ? fit_two : (avail - label_w) / static_cast<float>(sh.tokens), min_cell, 38 * sc);
  const float grid_w = label_w + static_cast<float>(sh.tokens) * cell;
  float used = 0;  // width of the grids' row
  for (int l = 0; l < sh.layers; ++l) {
    const std::string title = label("grid_title", {{"layer", std::to_string(l + 1)}});
    if (l > 0 && same_line_if_fits(grid_w, gap))
      used += gap + grid_w;
    else
      used = std::max(ImGui::CalcTextSize(title.c_str()).x, grid_w);
    draw_grid(title, live.now[at(l)], live.ref[at(l)], c.causal, cell, label_w, ctx);
  }

  // The readings: beside the grids where a readable column is left, else below them.
  const bool beside = avail - used - gap >= 280 * sc;
  const float width = beside ? avail - used - gap : avail;
  if (beside) {
    ImGui::SameLine(0, gap);
    ImGui::BeginGroup();
  }
  const auto in_colour = [&](ImU32 col, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(col));
    text_wrapped_at_spaces(text, width);
    ImGui::PopStyleColor();
  };
  in_colour(colors::text_dim, fill(lesson_text(View::rope_practice, "grid_key"), {{"lastj", std::to_string(sh.tokens - 1)}}));
  ImGui::PushFont(ctx.fonts.mono);
  for (int l = 0; l < sh.layers; ++l) {
    text_wrapped_at_spaces(label("layer_row", {{"layer", std::to_string(l + 1)},
                                                {"weights", fmt("%.1e", live.effect.weights[at(l)])},
                                                {"o", fmt("%.1e", live.effect.mixed[at(l)])},
                                                {"stream", fmt("%.1e", live.effect.stream[at(l)])}}),
                           width);
  }
  ImGui::PopFont();
  const std::string angle = fmt("%.3g", live.largest_angle), rounding = fmt("%.1e", live.rounding);
  if (s.pos == 0)
    in_colour(colors::ink, fill(lesson_text(View::rope_practice, "reference"), {{"lastj", std::to_string(sh.tokens - 1)}}));
  else if (live.same)
    in_colour(colors::selected, fill(lesson_text(View::rope_practice, "same"), {{"angle", angle}, {"rounding", rounding}}));
  else
    in_colour(colors::warning, fill(lesson_text(View::rope_practice, c.turn_values ? "turned" : "differ"),
                                    {{"angle", angle}, {"rounding", rounding}}));
  if (beside) ImGui::EndGroup();

  // The layouts.
  ImGui::Spacing();
  ImGui::Separator();
  caption(lesson_text(View::rope_practice, "layouts"));
  draw_layouts(ctx);
  const std::vector<double> q = pe::word_vector(kSeedQ, kLayoutWidth), k = pe::word_vector(kSeedK, kLayoutWidth);
  const std::vector<int> perm = pe::interleaved_to_half(kLayoutWidth);
  const double m = s.pos, n = s.pos + s.k;
  const double inter = pe::rope_score_as(q, k, m, n, s.base, pe::RopeLayout::interleaved);
  const double half = pe::rope_score_as(pe::permute_dims(q, perm), pe::permute_dims(k, perm), m, n, s.base, pe::RopeLayout::half);
  const double wrong = pe::rope_score_as(q, k, m, n, s.base, pe::RopeLayout::half);
  text_wrapped_at_spaces(fill(lesson_text(View::rope_practice, "layout_scores"),
                              {{"m", position_text(m)}, {"n", position_text(n)}}));
  ImGui::PushFont(ctx.fonts.mono);
  // The three scores in one column: each name padded with spaces to the longest (and one space at least).
  std::string names[] = {label("score_interleaved"), label("score_half"), label("score_wrong")};
  float name_w = 0;
  for (const std::string& nm : names) name_w = std::max(name_w, ImGui::CalcTextSize(nm.c_str()).x);
  for (std::string& nm : names) nm = pad_to_width(nm + ' ', name_w + ImGui::CalcTextSize(" ").x);
  text_wrapped_at_spaces(std::string(names[0]).append(fmt("%+.6f", inter)));
  text_wrapped_at_spaces(std::string(names[1]).append(fmt("%+.6f", half)).append("  ").append(
      label("score_difference", {{"diff", fmt("%.1e", std::fabs(half - inter))}})));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::warning));
  text_wrapped_at_spaces(std::string(names[2]).append(fmt("%+.6f", wrong)).append("  ").append(label("score_wrong_note")));
  ImGui::PopStyleColor();
  ImGui::PopFont();

  ImGui::Spacing();
  ImGui::Separator();
  caption(lesson_text(View::rope_practice, "models"));
}

}  // namespace app

namespace app {

// Computed afresh from the state and the view's two switches (as draw_rope_practice() does).
std::string describe_rope_practice(const State& s, const RopePracticeCache& c) {
  const pe::RopeModelShape& sh = model().shape;
  const Live live = compute(s, c);
  std::string t = label("describe_model", {{"width", std::to_string(sh.width)},
                                           {"heads", std::to_string(sh.heads)},
                                           {"dh", std::to_string(sh.head_width())},
                                           {"layers", std::to_string(sh.layers)},
                                           {"base", fmt("%g", s.base)},
                                           {"mask", c.causal ? label("describe_mask") : std::string()},
                                           {"tokens", std::to_string(sh.tokens)},
                                           {"first", position_text(s.pos)},
                                           {"last", position_text(s.pos + (sh.tokens - 1))},
                                           {"values", c.turn_values ? label("describe_values") : std::string()},
                                           {"lastj", std::to_string(sh.tokens - 1)}});
  for (int l = 0; l < sh.layers; ++l)
    t.append(" ").append(label(l + 1 < sh.layers ? "describe_layer" : "describe_layer_last",
                               {{"layer", std::to_string(l + 1)},
                                {"weights", fmt("%.1e", live.effect.weights[at(l)])},
                                {"output", fmt("%.1e", live.effect.mixed[at(l)])}}));
  t.append(" ");
  if (s.pos == 0)
    t.append(label("describe_reference"));
  else if (live.same)
    t.append(label("describe_same", {{"angle", fmt("%.3g", live.largest_angle)}}));
  else
    t.append(label(c.turn_values ? "describe_turned" : "describe_differ"));
  const std::vector<double> q = pe::word_vector(kSeedQ, kLayoutWidth), k = pe::word_vector(kSeedK, kLayoutWidth);
  const std::vector<int> perm = pe::interleaved_to_half(kLayoutWidth);
  const double m = s.pos, n = s.pos + s.k;
  t.append(" ").append(label(
      "describe_layouts",
      {{"m", position_text(m)},
       {"n", position_text(n)},
       {"inter", fmt("%+.6f", pe::rope_score_as(q, k, m, n, s.base, pe::RopeLayout::interleaved))},
       {"half", fmt("%+.6f", pe::rope_score_as(pe::permute_dims(q, perm), pe::permute_dims(k, perm), m, n, s.base, pe::RopeLayout::half))},
       {"wrong", fmt("%+.6f", pe::rope_score_as(q, k, m, n, s.base, pe::RopeLayout::half))}}));
  return t;
}

}  // namespace app
