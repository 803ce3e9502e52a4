#include "lessons/rope_scores/rope_scores.hpp"

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/mixing.hpp"
#include "core/projection_scores.hpp"
#include "core/rope.hpp"
#include "ui/focus.hpp"
#include "gfx/heatmap_renderer.hpp"
#include "imgui.h"
#include "ui/key.hpp"
#include "ui/label.hpp"
#include "ui/matrix_axis.hpp"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "state/state_io.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

constexpr std::uint64_t kSeedQ = 1201, kSeedK = 1202;  // the random q and k
// The scoresOffsets and scoresWindow settings' limits (view_options.hpp).
constexpr int kMinOffsets = kScoresMinOffsets, kMaxOffsets = kScoresMaxOffsets;
constexpr int kMinWindow = kScoresMinWindow, kMaxWindow = kScoresMaxWindow;
constexpr int kMaxCurveSamples = 1201;

const ImU32& kScore = colors::hand;
const ImU32& kBound = colors::accent;
const ImU32& kOffset = colors::ghost;

std::string_view text(std::string_view key) { return lesson_text(View::rope_scores, key); }
// A text of the lesson's file with its placeholders filled (rope_scores.txt: its words in the reader's
// language).
std::string filled(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(text(key), values);
}

std::string value_text(double v) { return fmt(std::fabs(v) < 1e5 ? "%.4f" : "%.4g", v); }
std::string base_text(double b) { return b == std::floor(b) && b < 1e15 ? grouped(b) : fmt("%.6g", b); }
std::string offset_text(double k) { return k == std::floor(k) ? grouped(k) : grouped(k, 2); }

double norm(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x * x;
  return std::sqrt(s);
}

// The curves for the state's d and base and the view's vectors and R.
struct Curve {
  std::vector<double> q, k, rs;
  pe::RopeDecay decay;
};

int curve_samples(int offsets, int d) {
  const double by_budget = std::max(3.0, std::floor(kRopeCurveBudget / (d / 2)));
  return static_cast<int>(std::min({2.0 * offsets + 1, by_budget, static_cast<double>(kMaxCurveSamples)}));
}

void compute_curve(const State& s, RopeVectors v, int offsets, Curve& c) {
  rope_scores_vectors(v, s.d, c.q, c.k);
  c.rs = pe::symmetric_offsets(offsets, curve_samples(offsets, s.d));
  c.decay = pe::rope_decay(c.q, c.k, c.rs, s.base);
}

void refresh_curve(RopeScoresCache& c, const State& s) {
  if (!c.curve_key.changed(s.d, s.base, s.scoresVectors, s.scoresOffsets)) return;
  Curve fresh;
  compute_curve(s, s.scoresVectors, s.scoresOffsets, fresh);
  c.q = std::move(fresh.q);
  c.k = std::move(fresh.k);
  c.rs = std::move(fresh.rs);
  c.decay = std::move(fresh.decay);
}

// The cache's curve when it is for this state and these settings, else one computed into `scratch`.
const Curve& curve_for(const State& s, const RopeScoresCache& c, Curve& scratch) {
  if (c.curve_key.holds(s.d, s.base, s.scoresVectors, s.scoresOffsets)) {
    scratch.q = c.q;
    scratch.k = c.k;
    scratch.rs = c.rs;
    scratch.decay = c.decay;
    return scratch;
  }
  compute_curve(s, s.scoresVectors, s.scoresOffsets, scratch);
  return scratch;
}

// The numbers the sentences say, from a curve (sampled at whole offsets including 0 and ±R).
struct Summary {
  double s0 = 0, b0 = 0, bR = 0, B0 = 0, late = 0;
  int half = 0;
};
Summary summarize(const Curve& c, int offsets) {
  Summary r;
  r.half = (offsets + 1) / 2;
  const size_t mid = c.rs.size() / 2;  // symmetric offsets: 0 is in the middle
  r.s0 = c.decay.score[mid];
  r.b0 = c.decay.relative_bound[mid];
  r.B0 = c.decay.bound[mid];
  r.bR = c.decay.relative_bound.back();
  for (size_t j = 0; j < c.rs.size(); ++j)
    if (std::fabs(c.rs[j]) >= r.half) r.late = std::max(r.late, std::fabs(c.decay.score[j]));
  return r;
}

std::int64_t map_first(const State& s) { return static_cast<std::int64_t>(std::floor(s.pos)); }

std::string about_text(const State& s, RopeVectors v) {
  const char* key = v == RopeVectors::ones ? "about_ones" : v == RopeVectors::same ? "about_same" : "about_random";
  return fill(text(key), {{"d", std::to_string(s.d)}});
}

std::string at_k_text(const State& s, const Curve& c) {
  const double m = s.pos, n = s.pos + s.k;
  const double score = pe::rope_score(c.q, c.k, m, n, s.base);
  const double bound = pe::rope_bound_factor(c.q, c.k) * (s.d / 2) * pe::rope_relative_bound(s.k, s.d, s.base);
  return fill(text("at_k"), {{"k", offset_text(s.k)},
                             {"m", offset_text(m)},
                             {"n", offset_text(n)},
                             {"score", value_text(score)},
                             {"bound", value_text(bound)}});
}

std::string decay_text(const State& s, const Summary& r, int offsets) {
  return fill(text("decay"), {{"d", std::to_string(s.d)},
                              {"base", base_text(s.base)},
                              {"b0", value_text(r.b0)},
                              {"bR", value_text(r.bR)},
                              {"R", grouped(offsets)},
                              {"s0", value_text(r.s0)},
                              {"half", grouped(r.half)},
                              {"late", value_text(r.late)}});
}

std::string loose_text(const Summary& r) { return fill(text("loose"), {{"B0", value_text(r.B0)}, {"s0", value_text(r.s0)}}); }

std::string map_text(std::int64_t first, int cells) {
  const double f = static_cast<double>(first), l = f + cells - 1;
  return fill(text("map"), {{"first", grouped(f)}, {"last", grouped(l)}, {"cells", std::to_string(cells)}});
}

std::string scale_text(double norm_qk) { return fill(text("map_scale"), {{"norm", value_text(norm_qk)}}); }

std::string cap_text(const State& s, int cells) {
  return fill(text("map_cap"), {{"d", std::to_string(s.d)}, {"pairs", grouped(s.d / 2)}, {"cells", std::to_string(cells)}});
}

// ---- controls --------------------------------------------------------------------------------------

// The charts' offsets from -R to R: its label above a slider as wide as the column.
void draw_offsets_control(State& s) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(std::string(text("offsets_label")).c_str());
  ImGui::SetNextItemWidth(-1);
  int offsets = s.scoresOffsets;
  if (slider_int("##rs_offsets", &offsets, kMinOffsets, kMaxOffsets, "%d", ImGuiSliderFlags_Logarithmic))
    set_number(s, Field::scoresOffsets, std::clamp(offsets, kMinOffsets, kMaxOffsets));
  focus_name(text("offsets_focus"));
}

// The map's side in positions: its label above a slider as wide as the column.
void draw_window_control(State& s) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(std::string(text("window_label")).c_str());
  ImGui::SetNextItemWidth(-1);
  int window = s.scoresWindow;
  if (slider_int("##rs_window", &window, kMinWindow, kMaxWindow, "%d")) set_number(s, Field::scoresWindow, std::clamp(window, kMinWindow, kMaxWindow));
  focus_name(text("window_focus"));
}

// The vectors' choice and the sliders; false when the sliders are left to go under their charts.
bool draw_controls(State& s, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(std::string(text("vectors_label")).c_str());
  const struct {
    RopeVectors v;
    const char* key;
  } choices[] = {{RopeVectors::ones, "vectors_ones"}, {RopeVectors::same, "vectors_same"}, {RopeVectors::random, "vectors_random"}};
  for (const auto& ch : choices) {
    // The same id in every language: "###rs_vec_vectors_ones" and so on.
    const std::string id = filled(ch.key).append("###rs_vec_").append(ch.key);
    same_line_if_fits(checkbox_width(id.c_str()), 10 * sc);
    if (ImGui::RadioButton(id.c_str(), s.scoresVectors == ch.v)) set_number(s, Field::scoresVectors, static_cast<int>(ch.v));
  }
  // The two sliders side by side where there is room; on a narrow screen each waits under the chart it
  // sets (draw_offsets_control, draw_window_control), so that the charts follow the vectors at once.
  const bool two = ImGui::GetContentRegionAvail().x >= 560 * sc;
  if (two && ImGui::BeginTable("rs_controls", 2, ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextColumn();
    draw_offsets_control(s);
    ImGui::TableNextColumn();
    draw_window_control(s);
    ImGui::EndTable();
  }
  return two;
}

// ---- the two charts -------------------------------------------------------------------------------

// The offset k on a chart: a vertical line, `value` marked on it when given, and its "k" beside the
// line at the first height up from the bottom where it covers none of the curves `lp` was given.
void mark_offset(const Plot& p, double k, const double* value, LabelPlacer& lp, float sc) {
  if (k < p.x0 || k > p.x1) return;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float x = p.sx(k);
  plot_vline(dl, p, x, kOffset, 1.5f * sc);
  if (value) dl->AddCircleFilled(ImVec2(x, p.sy(*value)), 5.0f * sc, kOffset);
  const ImVec2 size(ImGui::CalcTextSize("k").x + 2 * sc, ImGui::GetTextLineHeight());
  const float lx = beside_line(x, size.x, p.hi.x, 4 * sc, 4 * sc, 2 * sc);
  const int steps = std::max(1, static_cast<int>(p.height() / size.y) - 1);
  const std::vector<ImVec2> spots = LabelPlacer::along(ImVec2(lx, p.hi.y - size.y - 2 * sc), ImVec2(0, -size.y), steps);
  halo_text(dl, lp.place(size, spots), kOffset, "k");
}

void draw_charts(State& s, const RopeScoresCache& c, ImVec2 size, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const double R = s.scoresOffsets;
  const std::vector<double>& rs = c.rs;
  const pe::RopeDecay& dc = c.decay;
  const std::string axis(text("offset_axis"));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  std::vector<ImVec2> pts(rs.size());

  // The score.
  double lo = 0, hi = 0;
  for (double v : dc.score) lo = std::min(lo, v), hi = std::max(hi, v);
  const double span = std::max(hi - lo, 1e-12);
  const std::string score_title(text("score_title"));
  const Plot a = plot_frame("rs_score", ImVec2(size.x, size.y / 2 - 4 * sc), -R, R, lo - 0.06 * span, hi + 0.1 * span, false,
                            axis.c_str(), score_title.c_str(), sc, true);
  if (a.held && a.mouse.x >= a.lo.x - 4 && a.mouse.x <= a.hi.x + 4) set_number(s, Field::k, std::round(std::clamp(a.x_at(a.mouse.x), -R, R)));
  plot_clip_push(a);
  plot_hline(dl, a, a.sy(0), colors::zero_line, 1.0f);
  for (size_t j = 0; j < rs.size(); ++j) pts[j] = ImVec2(a.sx(rs[j]), a.sy(dc.score[j]));
  dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), kScore, 0, 2.2f * sc);
  LabelPlacer on_a(a.lo, a.hi);
  on_a.avoid_polyline(pts, 2.2f * sc);
  const double at_k = pe::rope_relative_score(c.q, c.k, s.k, s.base);
  on_a.avoid_point(ImVec2(a.sx(s.k), a.sy(at_k)), 5.0f * sc);
  mark_offset(a, s.k, &at_k, on_a, sc);
  plot_clip_pop();

  ImGui::Dummy(ImVec2(1, 4 * sc));
  // The bound, per pair, with the score in the same units under it.
  const double top = dc.relative_bound.empty() ? 1.0 : *std::max_element(dc.relative_bound.begin(), dc.relative_bound.end());
  const std::string bound_title(text("bound_title"));
  const Plot b = plot_frame("rs_bound", ImVec2(size.x, size.y / 2 - 4 * sc), -R, R, 0, top * 1.12, false, axis.c_str(),
                            bound_title.c_str(), sc, true);
  if (b.held && b.mouse.x >= b.lo.x - 4 && b.mouse.x <= b.hi.x + 4) set_number(s, Field::k, std::round(std::clamp(b.x_at(b.mouse.x), -R, R)));
  plot_clip_push(b);
  LabelPlacer on_b(b.lo, b.hi);
  const double unit = dc.factor * (s.d / 2);  // |score| / unit <= relative bound
  if (unit > 0) {
    for (size_t j = 0; j < rs.size(); ++j) pts[j] = ImVec2(b.sx(rs[j]), b.sy(std::fabs(dc.score[j]) / unit));
    dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), kScore, 0, 1.4f * sc);
    on_b.avoid_polyline(pts, 1.4f * sc);
  }
  for (size_t j = 0; j < rs.size(); ++j) pts[j] = ImVec2(b.sx(rs[j]), b.sy(dc.relative_bound[j]));
  dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), kBound, 0, 2.4f * sc);
  on_b.avoid_polyline(pts, 2.4f * sc);
  mark_offset(b, s.k, nullptr, on_b, sc);
  // The key in a corner the curves leave free, else under the chart (a phone: the curves fill it).
  const std::string bound_key(text("bound_key")), score_key(text("score_key"));
  const auto line_of = [&](ImU32 col) { return Swatch{Swatch::line, col, 0.0f, 2.4f * sc}; };
  const FlowEntry key[] = {{line_of(kBound), bound_key.c_str()}, {line_of(kScore), score_key.c_str()}};
  const KeyFlow flow{18 * sc, 6 * sc, 20 * sc, 2 * sc, colors::ink};
  const bool key_inside = placed_key(dl, on_b, key, flow, 4 * sc, on_b.corners(placed_key_size(key, flow, 4 * sc), 2 * sc));
  plot_clip_pop();
  if (!key_inside) key_flow(key, size.x, flow);
}

// ---- the map ---------------------------------------------------------------------------------------

// Tick positions (cell indices) every `step` cells, where a step is 1, 2 or 5 times a power of ten
// positions and leaves `room` pixels per label.
int tick_step(int cells, float cell_px, float room) {
  for (int mag = 1;; mag *= 10)
    for (int m : {1, 2, 5})
      if (static_cast<float>(m * mag) * cell_px >= room || m * mag >= cells) return m * mag;
}

void map_tooltip(const State& s, const RopeScoresCache& c, int row, int col) {
  const double m = static_cast<double>(c.map_first + row), n = static_cast<double>(c.map_first + col);
  const double score = pe::rope_score(c.q, c.k, m, n, s.base);
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(filled("tip_positions", {{"m", grouped(m)}, {"n", grouped(n)}}).c_str());
  ImGui::Text("n \xE2\x88\x92 m = %s", grouped(n - m).c_str());
  ImGui::TextUnformatted(filled("tip_score", {{"score", value_text(score)}}).c_str());
  ImGui::TextDisabled("%s", filled("tip_click").c_str());
  ImGui::EndTooltip();
}

void draw_map(State& s, RopeScoresCache& c, ImVec2 size, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const int cells = rope_scores_map_cells(s.scoresWindow, s.d);
  const std::int64_t first = map_first(s);
  const double last = static_cast<double>(first) + cells - 1;
  const float label_w = std::max(ImGui::CalcTextSize(grouped(static_cast<double>(first)).c_str()).x, ImGui::CalcTextSize(grouped(last).c_str()).x);
  const float left = label_w + 10 * sc;
  const std::string m_axis(text("map_axis_m")), n_axis(text("map_axis_n"));
  const float m_axis_w = ImGui::CalcTextSize(m_axis.c_str()).x, n_axis_w = ImGui::CalcTextSize(n_axis.c_str()).x;
  const float side_guess = std::min(size.x - left - 6 * sc, size.y - 3 * line - 2 * line - 22 * sc);
  const bool titles_fit = m_axis_w + n_axis_w + 16 * sc <= left + side_guess;
  const float top = (titles_fit ? 2 : 3) * line + 10 * sc;
  const float legend_h = 2 * line + 12 * sc;
  const float side = std::max(80 * sc, std::min(size.x - left - 6 * sc, size.y - top - legend_h));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::SetCursorScreenPos(ImVec2(origin.x + left, origin.y + top));
  ImGui::InvisibleButton("rope_map", ImVec2(side, side));
  focus_pointer_only();  // the map is read by pointing; the keyboard has the figure keys and the controls
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked();
  c.map_min = ImGui::GetItemRectMin();
  c.map_max = ImGui::GetItemRectMax();
  c.map_first = first;
  c.map_cells = cells;
  c.map_drawn = true;
  const ImVec2 a = c.map_min, b = c.map_max;
  const float cell = side / static_cast<float>(cells);
  ImDrawList* dl = ImGui::GetWindowDrawList();

  const double norm_qk = norm(c.q) * norm(c.k);
  // While a tour question asks which cells share a colour (mark_cells), the map waits for the answer.
  const bool cells_withheld = text_withheld(View::rope_scores, "mark_cells");
  if (cells_withheld) {
    dl->AddRectFilled(a, b, tint(colors::muted, 0.12f));
    const std::string msg(withheld_words());
    const float wrap = side - 16 * sc;
    const ImVec2 ts = ImGui::CalcTextSize(msg.c_str(), nullptr, false, wrap);
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(a.x + (side - ts.x) / 2, a.y + (side - ts.y) / 2), colors::text_dim,
                msg.c_str(), nullptr, wrap);
  } else if (!c.renderer.error().empty()) {
    dl->AddRectFilled(a, b, tint(colors::warning, 0.11f));
    const std::string msg = filled("shader_error").append("\n").append(c.renderer.error());
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(a.x + 8 * sc, a.y + 8 * sc), colors::warning, msg.c_str(), nullptr,
                side - 16 * sc);
  } else {
    gfx::RopeScoresDraw rd;
    rd.min = a;
    rd.max = b;
    rd.first = first;
    rd.cells = cells;
    rd.d = s.d;
    rd.base = s.base;
    rd.scale = norm_qk > 0 ? norm_qk : 1.0;
    rd.q = c.q;
    rd.k = c.k;
    c.renderer.queue(dl, rd);
  }
  matrix_frame(dl, a, b);

  // Axis numbers at cell centres.
  const float num_w = label_w + 12 * sc;
  const int xstep = tick_step(cells, cell, num_w), ystep = tick_step(cells, cell, 1.4f * line);
  const auto tick_of = [&](int j) { return grouped(static_cast<double>(first) + j); };
  // Labels at multiples of the step (of the position, so they stay put as pos moves).
  const auto first_tick = [&](int step) {
    const std::int64_t r = ((first % step) + step) % step;
    return static_cast<int>(r == 0 ? 0 : step - r);
  };
  for (int j = first_tick(xstep); j < cells; j += xstep) {
    const float x = a.x + (static_cast<float>(j) + 0.5f) * cell;
    top_tick(dl, x, a.y, tick_of(j).c_str(), colors::label, 4 * sc, 6 * sc, origin.x, b.x);
  }
  for (int j = first_tick(ystep); j < cells; j += ystep) {
    const float y = a.y + (static_cast<float>(j) + 0.5f) * cell;
    left_tick(dl, a.x, y, tick_of(j).c_str(), colors::label, 4 * sc, 6 * sc);
  }
  // Axis titles on the first line: m's at the left, n's at the right (n's on a line of its own when both
  // do not fit; `top` kept room for it).
  dl->AddText(ImVec2(origin.x, origin.y), colors::text_dim, m_axis.c_str());
  dl->AddText(titles_fit ? ImVec2(b.x - n_axis_w, origin.y) : ImVec2(a.x, origin.y + line), colors::text_dim, n_axis.c_str());

  // The diagonal n - m = k (not on a withheld map: it would point at the answer).
  const double k = s.k;
  if (std::fabs(k) < cells && !cells_withheld) {
    const float kk = static_cast<float>(k) * cell;
    const ImVec2 p0 = k >= 0 ? ImVec2(a.x + kk, a.y) : ImVec2(a.x, a.y - kk);
    const ImVec2 p1 = k >= 0 ? ImVec2(b.x, b.y - kk) : ImVec2(b.x + kk, b.y);
    dl->PushClipRect(a, b, true);
    dl->AddLine(p0, p1, with_alpha(colors::paper, 200), 4.0f * sc);
    dashed_line(dl, p0, p1, kOffset, 2.0f * sc, 6 * sc);
    dl->PopClipRect();  // (named under the map, in the scale's line: a label on it would cover cells)
  }

  const ImGuiIO& io = ImGui::GetIO();
  if (hovered || clicked) {
    const ImVec2 mp = clicked ? io.MouseClickedPos[0] : io.MousePos;
    const int col = std::clamp(static_cast<int>(std::floor((mp.x - a.x) / cell)), 0, cells - 1);
    const int row = std::clamp(static_cast<int>(std::floor((mp.y - a.y) / cell)), 0, cells - 1);
    if (clicked) set_number(s, Field::k, col - row);
    if (hovered && !cells_withheld) map_tooltip(s, c, row, col);
  }

  // The colour key under the map.
  ImGui::SetCursorScreenPos(ImVec2(origin.x, b.y + 8 * sc));
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float bar_w = std::min(180 * sc, side), bar_h = 0.6f * line;
  const float x0 = a.x;
  ramp_bar(dl, ImVec2(x0, p.y), ImVec2(x0 + bar_w, p.y + bar_h), gfx::heat_color(-1), gfx::heat_color(0), gfx::heat_color(1), colors::axis);
  ImGui::Dummy(ImVec2(size.x, bar_h + 2 * sc));
  ImGui::SetCursorScreenPos(ImVec2(a.x, ImGui::GetCursorScreenPos().y));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
  text_wrapped_at_spaces(scale_text(norm_qk), std::max(side, 160 * sc));
  ImGui::PopStyleColor();
}

// The numbers in words, under the map (or under everything on a narrow screen), `width` wide.
void draw_sentences(State& s, const RopeScoresCache& c, float width) {
  Curve scratch;
  const Curve& cv = curve_for(s, c, scratch);
  const Summary r = summarize(cv, s.scoresOffsets);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  text_wrapped_at_spaces(about_text(s, s.scoresVectors), width);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(kOffset));
  text_wrapped_at_spaces(at_k_text(s, cv), width);
  ImGui::PopStyleColor();
  text_wrapped_at_spaces(decay_text(s, r, s.scoresOffsets), width);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
  text_wrapped_at_spaces(loose_text(r), width);
  const int cells = rope_scores_map_cells(s.scoresWindow, s.d);
  ImGui::PopStyleColor();
  text_wrapped_at_spaces(map_text(map_first(s), cells), width);
  if (cells < s.scoresWindow) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
    text_wrapped_at_spaces(cap_text(s, cells), width);
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
  text_wrapped_at_spaces(text("values"), width);
  const std::string link = filled("values_link").append(" \xE2\x86\x92###rs_link");
  if (ImGui::Button(link.c_str())) set_view(s, View::rope_practice);
  ImGui::PopTextWrapPos();
}

}  // namespace

void rope_scores_vectors(RopeVectors v, int d, std::vector<double>& q, std::vector<double>& k) {
  if (v == RopeVectors::ones) {
    q.assign(static_cast<size_t>(d), 1.0);
    k = q;
  } else {
    q = pe::word_vector(kSeedQ, d);
    k = v == RopeVectors::same ? q : pe::word_vector(kSeedK, d);
  }
}

int rope_scores_map_cells(int window, int d) {
  const double cap = std::floor(std::sqrt(kRopeMapBudget / std::max(1, d / 2)));
  return std::clamp(static_cast<int>(std::min<double>(window, cap)), kMinWindow, kMaxWindow);
}

void draw_rope_scores(State& s, RopeScoresCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  lesson_intro(View::rope_scores, ctx);
  const bool sliders_drawn = draw_controls(s, ctx);
  refresh_curve(c, s);

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float gap = 16 * sc;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const bool beside = avail.x >= 760 * sc;
  if (beside) {
    // Charts on the left, the full height; the map and the sentences on the right.
    const float fig_h = std::max(2 * metrics::plot_min_height * sc, avail.y - 0.5f * line);
    const float right_w = avail.x * 0.45f;
    ImGui::BeginGroup();
    draw_charts(s, c, ImVec2(avail.x - right_w - gap, fig_h), ctx);
    ImGui::EndGroup();
    ImGui::SameLine(0, gap);
    ImGui::BeginGroup();
    draw_map(s, c, ImVec2(right_w, std::min(right_w + 5 * line, std::max(fig_h * 0.72f, 260 * sc))), ctx);
    ImGui::Spacing();
    draw_sentences(s, c, right_w);
    ImGui::EndGroup();
  } else {
    // Stacked: each part at most a screen high, so a phone or a large scale scrolls through them.
    const float screen = ImGui::GetWindowHeight();
    draw_charts(s, c, ImVec2(avail.x, std::max(2 * metrics::plot_min_height * sc, std::min(avail.x * 0.9f, screen * 0.8f))), ctx);
    if (!sliders_drawn) draw_offsets_control(s);
    ImGui::Spacing();
    if (!sliders_drawn) draw_window_control(s);
    draw_map(s, c, ImVec2(avail.x, std::min(avail.x + 5 * line, std::max(screen * 0.8f, 260 * sc))), ctx);
    ImGui::Spacing();
    draw_sentences(s, c, avail.x);
  }
}

std::string describe_rope_scores(const State& s, const RopeScoresCache& c) {
  Curve scratch;
  const Curve& cv = curve_for(s, c, scratch);
  const Summary r = summarize(cv, s.scoresOffsets);
  const int cells = rope_scores_map_cells(s.scoresWindow, s.d);
  std::string t = about_text(s, s.scoresVectors);
  t.append(" ").append(at_k_text(s, cv));
  t.append(" ").append(decay_text(s, r, s.scoresOffsets));
  t.append(" ").append(loose_text(r));
  t.append(" ").append(map_text(map_first(s), cells));
  t.append(" ").append(scale_text(norm(cv.q) * norm(cv.k)));
  if (cells < s.scoresWindow) t.append(" ").append(cap_text(s, cells));
  t.append(" ").append(text("values"));
  return t;
}

}  // namespace app
