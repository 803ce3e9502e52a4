#include "lessons/precision/precision.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

#include "core/encoding.hpp"
#include "core/float32_encoding.hpp"
#include "core/frequency.hpp"
#include "core/half_precision.hpp"
#include "imgui.h"
#include "ui/marks.hpp"
#include "ui/key.hpp"
#include "ui/label.hpp"
#include "ui/log_axis.hpp"
#include "ui/plot.hpp"
#include "ui/table.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "state/state_io.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"
#include "ui/focus.hpp"

namespace app {

namespace {

constexpr double kMaxPos = 1e7;           // right end of the position axis
constexpr double kFloorErr = 1e-9;        // errors below this sit on the bottom edge
constexpr double kVisible = 2.0 / 255.0;  // one colour step of the heatmap's red/blue ramps
constexpr int kSamplesPerColumn = 16;

constexpr ImU32 kBound = IM_COL32(130, 135, 145, 255);  // the dashed estimate |w pos| 2^-23

double naive_error(double pos, int dim, int d, double base) {
  return std::fabs(static_cast<double>(pe::float32_value_naive(pos, dim, d, base)) - pe::encoding_value(pos, dim, d, base));
}
double shader_error(double pos, int dim, int d, double base) {
  return std::fabs(static_cast<double>(pe::float32_value_shader(static_cast<std::uint32_t>(pos), dim, d, base)) -
                   pe::encoding_value(pos, dim, d, base));
}

// A text of the lesson's file with its placeholders filled (precision.txt: its words in the reader's
// language).
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::precision, key), values);
}

// Position at fraction t of the log axis 1 .. 1e7.
double pos_at(double t) { return std::pow(10.0, t * std::log10(kMaxPos)); }

void refresh_curves(PrecisionCache& c, const State& s, int columns) {
  if (!c.curve_key.changed(s.d, s.base, s.pair, c.component, columns)) return;
  const int dim = 2 * s.pair + c.component;
  c.naive_err.assign(static_cast<size_t>(columns), -1.0);
  c.shader_err.assign(static_cast<size_t>(columns), -1.0);
  for (int j = 0; j < columns; ++j) {
    // Whole positions (token positions) inside this pixel column, up to kSamplesPerColumn of them.
    const double lo = std::ceil(pos_at(static_cast<double>(j) / columns));
    const double hi = std::ceil(pos_at(static_cast<double>(j + 1) / columns)) - 1;
    if (hi < lo) continue;
    const double count = std::min<double>(kSamplesPerColumn, hi - lo + 1);
    double wn = 0, ws = 0;
    for (int k = 0; k < static_cast<int>(count); ++k) {
      const double p = count <= 1 ? lo : std::round(lo + (hi - lo) * k / (count - 1));
      wn = std::max(wn, naive_error(p, dim, s.d, s.base));
      ws = std::max(ws, shader_error(p, dim, s.d, s.base));
    }
    c.naive_err[static_cast<size_t>(j)] = wn;
    c.shader_err[static_cast<size_t>(j)] = ws;
  }
}

void refresh_pairs(PrecisionCache& c, const State& s) {
  if (!c.pairs_key.changed(s.d, s.base, s.precisionPos)) return;
  c.pair_naive_err = pe::float32_naive_pair_errors(s.precisionPos, s.d, s.base);
  c.pair_shader_err = pe::float32_shader_pair_errors(static_cast<std::uint32_t>(s.precisionPos), s.d, s.base);
}

// Both charts: the plot rectangle of a chart of `size` at the cursor, with a log10 error axis from
// kFloorErr to 1 and x from x0 to x1 (positions on a log axis, or pairs).
Plot error_plot(ImVec2 size, float sc, double x0, double x1, bool log_x) {
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float left = ImGui::CalcTextSize("1e-9").x + 12 * sc;
  return plot_rect(ImVec2(origin.x + left, origin.y + line + 6 * sc),
                   ImVec2(origin.x + size.x - 8 * sc, origin.y + size.y - 2 * line - 8 * sc), x0, x1, kFloorErr, 1.0, log_x, true);
}

// While a tour question asks which pairs naive float32 gets visibly wrong, the view withholds its answer
// (mark_errors): the right chart's naive dots, high for the fast pairs and low for the slow, the count
// of pairs past 2/255 and the table's verdicts.
bool errors_withheld() { return text_withheld(View::precision, "mark_errors"); }

// The screen y of an error: errors below kFloorErr (0 included) sit on the bottom edge, above 1 on the top.
float err_y(const Plot& p, double err) { return p.sy(std::clamp(err, kFloorErr, 1.0)); }

// Background, error grid (decades), the 2/255 line and the y labels.
void draw_error_axis(ImDrawList* dl, const Plot& p, float sc) {
  dl->AddRectFilled(p.lo, p.hi, colors::paper);
  log_y_decades(dl, p, -9, 0, {-9, -6, -3, -1, 0}, "", sc);
  const float yv = err_y(p, kVisible);
  dashed_line(dl, ImVec2(p.lo.x, yv), ImVec2(p.hi.x, yv), colors::threshold, 1.5f * sc, 5 * sc);
}

// One error per pixel column from the left edge (negative: no whole position in that column).
void polyline(ImDrawList* dl, const Plot& f, const std::vector<double>& err, ImU32 col, float thick) {
  ImVec2 prev;
  bool have = false;
  for (size_t j = 0; j < err.size(); ++j) {
    if (err[j] < 0) continue;
    const ImVec2 p(f.lo.x + static_cast<float>(j) + 0.5f, err_y(f, err[j]));
    if (have) dl->AddLine(prev, p, col, thick);
    prev = p;
    have = true;
  }
}

// The pixel column (of `columns` from the chart's left edge) under the mouse, marked by a faint line,
// or -1 when the mouse is not over the chart.
int hovered_column(ImDrawList* dl, const Plot& f, int columns) {
  if (!f.hovered) return -1;
  const ImVec2 m = f.mouse;
  const int j = static_cast<int>(m.x - f.lo.x);
  if (!(j >= 0 && j < columns && m.y >= f.lo.y && m.y <= f.hi.y)) return -1;
  plot_vline(dl, f, m.x, with_alpha(colors::marker, 90), 1.0f);
  return j;
}

void draw_position_plot(State& s, PrecisionCache& c, ImVec2 size, float sc) {
  ImGui::BeginGroup();  // the chart and, in a narrow window, its legend below it: one item beside the other chart
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  Plot f = error_plot(size, sc, 1.0, kMaxPos, true);
  const int columns = std::max(2, static_cast<int>(f.hi.x - f.lo.x));
  refresh_curves(c, s, columns);

  plot_button("by_position", size, f);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const std::string dim = std::to_string(2 * s.pair + c.component), part = c.component ? "cos" : "sin";
  plot_title(dl, f, origin, origin.x + size.x, label("position_title", {{"dim", dim}, {"part", part}, {"pair", std::to_string(s.pair)}}),
             label("position_title_short", {{"dim", dim}, {"part", part}}));  // the short one: a narrow chart
  draw_error_axis(dl, f, sc);
  log_x_decades(dl, f, 0, 7, sc);
  plot_x_title(dl, f, label("position_axis").c_str(), sc);

  plot_clip_push(f, 0);  // errors at the floor sit on the bottom edge: nothing below the frame
  // The estimate |w pos| 2^-23 (the angle error bound, capped where values can no longer be further off).
  const double w = pe::omega(s.pair, s.d, s.base);
  // While a tour question asks which pairs float32 gets wrong (mark_errors), this pair's naive curve and
  // its estimate wait for the answer too: where they cross the visible line they would give it.
  const bool withheld = errors_withheld();
  ImVec2 prev;
  for (int j = 0; j <= columns && !withheld; j += 4) {
    const double p = pos_at(static_cast<double>(j) / columns);
    const ImVec2 q(f.lo.x + static_cast<float>(j), err_y(f, std::min(2.0, w * p * std::ldexp(1.0, -23))));
    if (j > 0) dashed_line(dl, prev, q, kBound, 1.2f * sc, 3 * sc);
    prev = q;
  }
  polyline(dl, f, c.shader_err, colors::hand, 2.0f * sc);
  if (!withheld) polyline(dl, f, c.naive_err, colors::warning, 2.0f * sc);
  const float xp = f.sx(s.precisionPos);
  plot_vline(dl, f, xp, colors::marker, 1.0f * sc);
  plot_clip_pop();
  dl->AddRect(f.lo, f.hi, colors::axis);
  const std::string key_naive = label("key_naive"), key_shader = label("key_shader"), key_estimate = label("key_estimate"),
                    key_visible = label("key_visible");
  const KeyEntry all[] = {
      {colors::warning, key_naive.c_str(), false},
      {colors::hand, key_shader.c_str(), false},
      {kBound, key_estimate.c_str(), true},
      {colors::threshold, key_visible.c_str(), true},
  };
  const KeyEntry shown[] = {all[1], all[3]};
  const std::span<const KeyEntry> entries = withheld ? std::span<const KeyEntry>(shown) : std::span<const KeyEntry>(all);
  // In a corner of the chart that covers none of its lines (the key box is opaque), else below the
  // chart (a phone, or lines in every corner).
  const ImVec2 box = key_box_size(entries, sc);
  LabelPlacer lines(f.lo, f.hi);
  lines.avoid_segment(ImVec2(f.lo.x, err_y(f, kVisible)), ImVec2(f.hi.x, err_y(f, kVisible)), 1.5f * sc);
  for (const std::vector<double>* err : {&c.shader_err, &c.naive_err}) {
    if (withheld && err == &c.naive_err) continue;
    std::vector<ImVec2> pts;
    for (size_t j = 0; j < err->size(); ++j)
      if ((*err)[j] >= 0) pts.emplace_back(f.lo.x + static_cast<float>(j) + 0.5f, err_y(f, (*err)[j]));
    lines.avoid_polyline(pts, 2.0f * sc);
  }
  if (!withheld) {
    std::vector<ImVec2> bound;
    for (int j = 0; j <= columns; j += 4)
      bound.emplace_back(f.lo.x + static_cast<float>(j), err_y(f, std::min(2.0, w * pos_at(static_cast<double>(j) / columns) * std::ldexp(1.0, -23))));
    lines.avoid_polyline(bound, 1.2f * sc);
  }
  const LabelPlacer::Choice corner = lines.choose(box, lines.corners(box, 6 * sc));
  if (box.x <= 0.75f * f.width() && corner.cost <= 0) {
    key_box(dl, corner.at, entries, sc);
  } else {  // under the chart, from its left edge, no wider than the chart with its numbers
    const float width = f.hi.x - origin.x;
    key_box(dl, ImVec2(origin.x, ImGui::GetCursorScreenPos().y), entries, sc, width);
    ImGui::Dummy(ImVec2(width, key_box_size(entries, sc, width).y));
  }

  if (const int j = hovered_column(dl, f, columns); j >= 0) {
    const double p = std::round(pos_at((j + 0.5) / columns));
    std::string tip = label("tip_column", {{"pos", fmt("%.4g", p)}, {"n", std::to_string(kSamplesPerColumn)}});
    tip.append("\n").append(label("tip_naive", {{"err", withheld_or(View::precision, "mark_errors", fmt("%.2e", c.naive_err[static_cast<size_t>(j)]))}}));
    tip.append("\n").append(label("tip_shader", {{"err", fmt("%.2e", c.shader_err[static_cast<size_t>(j)])}}));
    tip.append("\n").append(label("tip_click", {{"pos", grouped(std::round(p))}}));
    ImGui::SetTooltip("%s", tip.c_str());
    if (f.clicked) set_number(s, Field::precisionPos, std::clamp(p, 1.0, kMaxPos));
  }
  ImGui::EndGroup();
}

void draw_pair_plot(State& s, PrecisionCache& c, ImVec2 size, float sc) {
  ImGui::BeginGroup();  // the chart and, where no corner of it is free, its key below it
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  refresh_pairs(c, s);
  const int pairs = s.d / 2;
  Plot f = error_plot(size, sc, -0.5, pairs - 0.5, false);
  plot_button("by_pair", size, f);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // Each pair's mark is the larger of its two errors (sin and cos), whichever dimension the radio
  // buttons pick for the left chart: the title says so, shorter where the chart is narrow.
  const std::string at = grouped(std::round(s.precisionPos));
  plot_title(dl, f, origin, origin.x + size.x, label("pairs_title", {{"pos", at}}), label("pairs_title_short", {{"pos", at}}));
  draw_error_axis(dl, f, sc);
  const double step = std::max(1.0, std::pow(10.0, std::floor(std::log10(std::max(1.0, pairs / 4.0)))));
  const double tick = pairs / step > 8 ? step * 2 : step;
  for (double t = 0; t < pairs; t += tick) x_tick(dl, f, f.sx(t), fmt("%.0f", t).c_str(), sc);
  plot_x_title(dl, f, label("pairs_axis").c_str(), sc);

  plot_clip_push(f, 0);  // errors at the floor sit on the bottom edge: nothing below the frame
  const float xs = f.sx(s.pair);
  plot_vline(dl, f, xs, colors::selected, 2.0f * sc);
  // One mark per pair, or per pixel column (the largest) when pairs outnumber pixels.
  const float px_per_pair = f.width() / static_cast<float>(pairs);
  const int per = std::max(1, static_cast<int>(std::ceil(1.0f / std::max(px_per_pair, 1e-6f))));
  const float r = std::clamp(px_per_pair * 0.35f, 1.2f * sc, 3.0f * sc);
  const bool withheld = errors_withheld();
  LabelPlacer marks(f.lo, f.hi);  // for the key: the dots, the pair line and the 2/255 line
  marks.avoid_segment(ImVec2(xs, f.lo.y), ImVec2(xs, f.hi.y), 2.0f * sc);
  marks.avoid_segment(ImVec2(f.lo.x, err_y(f, kVisible)), ImVec2(f.hi.x, err_y(f, kVisible)), 1.5f * sc);
  for (int i = 0; i < pairs; i += per) {
    double en = 0, es = 0;
    for (int k = i; k < std::min(pairs, i + per); ++k) {
      en = std::max(en, c.pair_naive_err[static_cast<size_t>(k)]);
      es = std::max(es, c.pair_shader_err[static_cast<size_t>(k)]);
    }
    const float x = f.sx(i + (per - 1) / 2.0);
    dl->AddCircleFilled(ImVec2(x, err_y(f, es)), r, colors::hand, 8);
    marks.avoid_point(ImVec2(x, err_y(f, es)), r);
    if (withheld) continue;
    dl->AddCircleFilled(ImVec2(x, err_y(f, en)), r, en > kVisible ? colors::threshold : colors::warning, 8);
    marks.avoid_point(ImVec2(x, err_y(f, en)), r);
  }
  // The key in a corner that covers no dot and no line, else under the chart (the 2/255 line near the
  // top and the dots along the bottom often leave no corner free).
  const std::string naive = label("naive"), naive_over = label("naive_over"), shader = label("shader");
  const auto line_of = [&](ImU32 col) { return Swatch{Swatch::line, col, 0.0f, 2.4f * sc}; };
  const FlowEntry all_entries[] = {{line_of(colors::warning), naive.c_str()}, {line_of(colors::threshold), naive_over.c_str()},
                                   {line_of(colors::hand), shader.c_str()}};
  const std::span<const FlowEntry> key = withheld ? std::span<const FlowEntry>(all_entries).last(1) : std::span<const FlowEntry>(all_entries);
  const KeyFlow flow{18 * sc, 6 * sc, 20 * sc, 2 * sc, colors::ink};
  const bool key_inside = placed_key(dl, marks, key, flow, 4 * sc, marks.corners(placed_key_size(key, flow, 4 * sc), 2 * sc));
  // In place of the naive dots, in their colour, under the 2/255 line: above the shader's dots.
  if (withheld)
    add_text_wrapped(dl, ImVec2(f.lo.x + 6 * sc, err_y(f, kVisible) + 6 * sc), colors::warning,
                     label("probe_hidden", {{"hidden", std::string(withheld_words())}}), f.width() - 12 * sc);
  plot_clip_pop();
  dl->AddRect(f.lo, f.hi, colors::axis);

  if (f.hovered) {
    const ImVec2 m = f.mouse;
    const int i = static_cast<int>(std::lround(f.x_at(m.x)));
    if (i >= 0 && i < pairs && m.y >= f.lo.y && m.y <= f.hi.y) {
      std::string tip = label("tip_pair", {{"pair", std::to_string(i)}, {"w", fmt("%.4g", pe::omega(i, s.d, s.base))}, {"pos", grouped(std::round(s.precisionPos))}});
      tip.append("\n").append(label("tip_pair_naive", {{"err", withheld_or(View::precision, "mark_errors", fmt("%.2e", c.pair_naive_err[static_cast<size_t>(i)]))}}));
      tip.append("\n").append(label("tip_pair_shader", {{"err", fmt("%.2e", c.pair_shader_err[static_cast<size_t>(i)])}}));
      tip.append("\n").append(label("tip_pair_click"));
      ImGui::SetTooltip("%s", tip.c_str());
      if (f.clicked) set_number(s, Field::pair, i);
    }
  }
  if (!key_inside) key_flow(key, f.hi.x - origin.x, flow);
  ImGui::EndGroup();
}

void draw_table(const State& s, const PrecisionCache& c, const ViewContext& ctx) {
  const int dim = 2 * s.pair + c.component;
  ImGui::PushFont(ctx.fonts.mono);
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  // Narrower than its six columns of numbers need (a phone, a column), the table scrolls sideways.
  const std::string visible_word = label("visible");
  std::string widest = "10000000 -0.544021111 -0.544021130 -1.9e-08  ";
  widest.append(visible_word).append(" -0.544021189 -7.8e-08");
  const float natural = ImGui::CalcTextSize(widest.c_str()).x + 12 * ImGui::GetStyle().CellPadding.x;
  if (begin_table_fit("values", 6, flags, natural, 5)) {
    const std::string difference = label("col_difference");
    ImGui::TableSetupColumn(label("col_position").c_str());
    ImGui::TableSetupColumn(label("col_double").c_str());
    ImGui::TableSetupColumn(label("naive").c_str());
    ImGui::TableSetupColumn(difference.c_str());
    ImGui::TableSetupColumn(label("col_shader").c_str());
    ImGui::TableSetupColumn((difference + " ").c_str());
    ImGui::TableHeadersRow();
    const ImVec4 warn = ImGui::ColorConvertU32ToFloat4(colors::warning);
    // While the question is open (mark_errors) the naive float32 column and its differences wait too:
    // past 1e5 they said which pairs go wrong. The shader's stay.
    const bool withheld = errors_withheld();
    for (double p : {10.0, 1e3, 1e5, 1e6, 1e7}) {
      const double exact = pe::encoding_value(p, dim, s.d, s.base);
      const double naive = pe::float32_value_naive(p, dim, s.d, s.base);
      const double shader = pe::float32_value_shader(static_cast<std::uint32_t>(p), dim, s.d, s.base);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(grouped(std::round(p)).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(fmt("%+.9f", exact).c_str());
      for (int route = 0; route < 2; ++route) {  // naive, then the shader's
        const double v = route == 0 ? naive : shader;
        const double diff = v - exact;
        const bool visible = !withheld && std::fabs(diff) > kVisible;
        ImGui::TableNextColumn();
        if (withheld && route == 0) {
          ImGui::TextUnformatted("?");
          ImGui::TableNextColumn();
          ImGui::TextUnformatted("?");
          continue;
        }
        ImGui::TextUnformatted(fmt("%+.9f", v).c_str());
        ImGui::TableNextColumn();
        if (visible) ImGui::PushStyleColor(ImGuiCol_Text, warn);
        ImGui::Text("%s%s%s", fmt("%+.1e", diff).c_str(), visible ? "  " : "", visible ? visible_word.c_str() : "");
        if (visible) ImGui::PopStyleColor();
      }
    }
    ImGui::EndTable();
  }
  ImGui::PopFont();
}

void draw_numbers(const State& s, const PrecisionCache& c) {
  const double w = pe::omega(s.pair, s.d, s.base);
  const double wf = static_cast<double>(static_cast<float>(w));
  const double angle = w * kMaxPos;
  const double ulp = pe::float32_spacing(angle);
  // Wrapped at spaces only: ImGui's own wrapping may break after a decimal point and split a number.
  text_wrapped_at_spaces(fill(lesson_text(View::precision, "omega"), {{"pair", std::to_string(s.pair)},
                                                                        {"w", fmt("%.12f", w)},
                                                                        {"w32", fmt("%.12f", wf)},
                                                                        {"error", fmt("%.1e", std::fabs(wf - w) / w)}}));
  text_wrapped_at_spaces(fill(lesson_text(View::precision, "angle"),
                              {{"angle", grouped(std::round(angle))}, {"spacing", fmt(ulp >= 1 ? "%.0f" : "%.2g", ulp)}}));
  if (s.pair == 0) {
    text_wrapped_at_spaces(lesson_text(View::precision, "pair0"));
  } else {
    // Where the estimate |w pos| 2^-23 reaches one visible colour step.
    const double reach = pe::float32_naive_reach(s.pair, s.d, s.base, kVisible);
    text_wrapped_at_spaces(fill(lesson_text(View::precision, reach > kMaxPos ? "reach_beyond" : "reach"),
                                {{"pos", grouped(std::round(std::min(reach, 1e12)))}}));
  }
  int off = 0, slowest = -1;
  for (size_t i = 0; i < c.pair_naive_err.size(); ++i)
    if (c.pair_naive_err[i] > kVisible) {
      ++off;
      slowest = static_cast<int>(i);
    }
  const double shader_worst =
      c.pair_shader_err.empty() ? 0.0 : *std::max_element(c.pair_shader_err.begin(), c.pair_shader_err.end());
  // Withheld, the sentence that counts pairs, with "?" for its counts: "no pair" would answer too.
  const auto withheld = [](std::string v) { return withheld_or(View::precision, "mark_errors", std::move(v)); };
  if (off > 0 || errors_withheld())
    text_wrapped_at_spaces(fill(lesson_text(View::precision, "probe_off"), {{"pos", grouped(std::round(s.precisionPos))},
                                                                            {"off", withheld(std::to_string(off))},
                                                                            {"pairs", std::to_string(s.d / 2)},
                                                                            {"slowest", withheld(std::to_string(slowest))},
                                                                            {"shader", fmt("%.0e", shader_worst)}}));
  else
    text_wrapped_at_spaces(fill(lesson_text(View::precision, "probe_ok"),
                                {{"pos", grouped(std::round(s.precisionPos))}, {"shader", fmt("%.0e", shader_worst)}}));
}

// [SECTION] bfloat16 and float16 beside float32: the selected pair's naive angle in each format.

constexpr double kDegree = pe::kPi / 180.0;
constexpr double kHalfFloorDeg = 1e-6;  // degrees: smaller errors (0 included) sit on the bottom edge
constexpr double kHalfTopDeg = 180.0;   // the largest error a reduced angle can have; lost angles sit here
constexpr pe::FloatFormat kFormats[] = {pe::FloatFormat::float32, pe::FloatFormat::float16, pe::FloatFormat::bfloat16};

// float32 in the colour of the left chart's naive float32 curve.
ImU32 format_color(pe::FloatFormat f) {
  switch (f) {
    case pe::FloatFormat::float32: return colors::warning;
    case pe::FloatFormat::float16: return colors::accent;
    case pe::FloatFormat::bfloat16: return colors::hand;
  }
  return colors::ink;
}

const char* format_name(pe::FloatFormat f) { return pe::float_format_info(f).name; }

// The position from which half an ulp of pair w's angle exceeds one degree: 2^(p-4) / w.
double degree_position(pe::FloatFormat f, double w) { return pe::angle_where_half_ulp_exceeds(f, kDegree) / w; }

// A position for text: whole and grouped below 1e9, else three digits and a power of ten.
std::string position_text(double p) { return p < 1e9 ? grouped(std::ceil(p)) : fmt("%.2e", p); }

// An angle error in degrees for text; an angle that overflowed is "lost".
std::string degrees_text(double err_rad) {
  if (!std::isfinite(err_rad)) return label("angle_lost");
  const double deg = err_rad / kDegree;
  if (deg == 0) return label("angle_exact");
  std::string t = fmt(deg >= 0.01 ? "%.3g" : "%.2e", deg);
  return t.append("\xC2\xB0");
}

void refresh_half(PrecisionCache& c, const State& s, int columns) {
  if (!c.half_key.changed(s.d, s.base, s.pair, columns)) return;
  const double w = pe::omega(s.pair, s.d, s.base);
  for (auto& v : c.half_err) v.assign(static_cast<size_t>(columns), -1.0);
  for (int j = 0; j < columns; ++j) {
    // The same whole positions per pixel column as the float32 chart.
    const double lo = std::ceil(pos_at(static_cast<double>(j) / columns));
    const double hi = std::ceil(pos_at(static_cast<double>(j + 1) / columns)) - 1;
    if (hi < lo) continue;
    const double count = std::min<double>(kSamplesPerColumn, hi - lo + 1);
    for (int f = 0; f < pe::kFloatFormatCount; ++f) {
      double worst = 0;
      for (int k = 0; k < static_cast<int>(count); ++k) {
        const double p = count <= 1 ? lo : std::round(lo + (hi - lo) * k / (count - 1));
        worst = std::max(worst, pe::naive_angle_error(kFormats[f], p, w));
      }
      c.half_err[static_cast<size_t>(f)][static_cast<size_t>(j)] = worst;
    }
  }
}

// The screen y of an angle error (radians): below the floor on the bottom edge, lost angles on the top.
float half_y(const Plot& p, double err_rad) {
  const double deg = std::isfinite(err_rad) ? err_rad / kDegree : kHalfTopDeg;
  return p.sy(std::clamp(deg, kHalfFloorDeg, kHalfTopDeg));
}

void draw_half_chart(const State& s, PrecisionCache& c, ImVec2 size, float sc) {
  const float line = ImGui::GetTextLineHeight();
  ImGui::BeginGroup();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float left = ImGui::CalcTextSize("1e-6\xC2\xB0").x + 12 * sc;
  Plot f = plot_rect(ImVec2(origin.x + left, origin.y + line + 6 * sc),
                     ImVec2(origin.x + size.x - 8 * sc, origin.y + size.y - 2 * line - 8 * sc), 1.0, kMaxPos, kHalfFloorDeg,
                     kHalfTopDeg, true, true);
  const int columns = std::max(2, static_cast<int>(f.hi.x - f.lo.x));
  refresh_half(c, s, columns);
  plot_button("half_by_position", size, f);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const std::string pair = std::to_string(s.pair);
  plot_title(dl, f, origin, origin.x + size.x, label("half_chart_title", {{"pair", pair}}), label("half_chart_title_short", {{"pair", pair}}));

  dl->AddRectFilled(f.lo, f.hi, colors::paper);
  log_y_decades(dl, f, -6, 2, {-6, -3, 0, 2}, "\xC2\xB0", sc);
  log_x_decades(dl, f, 0, 7, sc);
  plot_x_title(dl, f, label("position_axis").c_str(), sc);

  plot_clip_push(f, 0);
  const double w = pe::omega(s.pair, s.d, s.base);
  // One degree, and where half an ulp of this pair's angle passes it in each format.
  const float y1 = f.sy(1.0);
  dashed_line(dl, ImVec2(f.lo.x, y1), ImVec2(f.hi.x, y1), colors::threshold, 1.5f * sc, 5 * sc);
  for (pe::FloatFormat fm : kFormats) {
    const double at = degree_position(fm, w);
    if (at < 1 || at > kMaxPos) continue;
    const float x = f.sx(at);
    dashed_line(dl, ImVec2(x, f.lo.y), ImVec2(x, f.hi.y), with_alpha(format_color(fm), 150), 1.2f * sc, 4 * sc);
    dl->AddTriangleFilled(ImVec2(x - 5 * sc, f.lo.y), ImVec2(x + 5 * sc, f.lo.y), ImVec2(x, f.lo.y + 8 * sc), format_color(fm));
  }
  // float16's last position: from 65520 on fl(pos) overflows.
  const float xo = f.sx(65520.0);
  plot_vline(dl, f, xo, with_alpha(format_color(pe::FloatFormat::float16), 120), 1.0f * sc);
  // The estimate, half an ulp of the angle (dashed), then the measured curves.
  for (pe::FloatFormat fm : kFormats) {
    ImVec2 prev;
    for (int j = 0; j <= columns; j += 4) {
      const double p = pos_at(static_cast<double>(j) / columns);
      const ImVec2 q(f.lo.x + static_cast<float>(j), half_y(f, 0.5 * pe::format_ulp(w * p, fm)));
      if (j > 0) dashed_line(dl, prev, q, with_alpha(format_color(fm), 170), 1.0f * sc, 3 * sc);
      prev = q;
    }
  }
  for (int fi = pe::kFloatFormatCount - 1; fi >= 0; --fi) {
    const std::vector<double>& err = c.half_err[static_cast<size_t>(fi)];
    ImVec2 prev;
    bool have = false;
    for (size_t j = 0; j < err.size(); ++j) {
      if (err[j] < 0) continue;
      const ImVec2 q(f.lo.x + static_cast<float>(j) + 0.5f, half_y(f, err[j]));
      if (have) dl->AddLine(prev, q, format_color(kFormats[fi]), 2.0f * sc);
      prev = q;
      have = true;
    }
  }
  const std::string lost_text = label("overflow_label");
  const char* lost = lost_text.c_str();
  const ImVec2 lw = ImGui::CalcTextSize(lost);
  // Along the bottom, where the curves have not yet risen: right of the line where it fits, else left.
  const float lx = f.hi.x - xo > lw.x + 8 * sc ? xo + 4 * sc : xo - lw.x - 4 * sc;
  halo_text(dl, ImVec2(std::max(lx, f.lo.x + 2 * sc), f.hi.y - lw.y - 3 * sc), format_color(pe::FloatFormat::float16), lost);
  plot_clip_pop();
  dl->AddRect(f.lo, f.hi, colors::axis);

  if (const int j = hovered_column(dl, f, columns); j >= 0) {
    const double p = std::round(pos_at((j + 0.5) / columns));
    std::string tip = label("tip_half_column", {{"pos", fmt("%.4g", p)}, {"n", std::to_string(kSamplesPerColumn)}});
    for (int fi = 0; fi < pe::kFloatFormatCount; ++fi)
      tip.append("\n").append(format_name(kFormats[fi])).append(": ").append(degrees_text(c.half_err[static_cast<size_t>(fi)][static_cast<size_t>(j)]));
    ImGui::SetTooltip("%s", tip.c_str());
  }
  ImGui::EndGroup();
}

// The legend: a swatch per line, as rows of text.
void half_legend(float sc) {
  const auto row = [&](ImU32 col, bool dash, const std::string& text) { key_row({col, text.c_str(), dash}, sc); };
  row(format_color(pe::FloatFormat::float32), false, label("legend_f32"));
  row(format_color(pe::FloatFormat::float16), false, label("legend_f16"));
  row(format_color(pe::FloatFormat::bfloat16), false, label("legend_bf16"));
  row(colors::axis, true, label("legend_dashed"));
  row(colors::threshold, true, "1\xC2\xB0");
}

std::string half_estimate_text(const State& s) {
  const double w = pe::omega(s.pair, s.d, s.base);
  const double f16 = degree_position(pe::FloatFormat::float16, w);
  std::string f16_text = position_text(f16);
  if (f16 > pe::float_format_info(pe::FloatFormat::float16).max_finite) f16_text.append(" ").append(label("past_f16_max"));
  return fill(lesson_text(View::precision, "half_estimate"),
              {{"pair", std::to_string(s.pair)},
               {"w", fmt("%.6g", w)},
               {"f32", position_text(degree_position(pe::FloatFormat::float32, w))},
               {"f16", f16_text},
               {"bf16", position_text(degree_position(pe::FloatFormat::bfloat16, w))}});
}

std::string half_pair0_text() {
  const auto first = [](pe::FloatFormat f) { return pe::exact_integer_limit(f) + 1; };
  return fill(lesson_text(View::precision, "half_pair0"),
              {{"bf16_exact", grouped(pe::exact_integer_limit(pe::FloatFormat::bfloat16))},
               {"f16_exact", grouped(pe::exact_integer_limit(pe::FloatFormat::float16))},
               {"f32_exact", grouped(pe::exact_integer_limit(pe::FloatFormat::float32))},
               {"bf16_first", grouped(first(pe::FloatFormat::bfloat16))},
               {"f16_first", grouped(first(pe::FloatFormat::float16))},
               {"f32_first", grouped(first(pe::FloatFormat::float32))},
               {"deg", fmt("%.1f", pe::naive_angle_error(pe::FloatFormat::bfloat16, first(pe::FloatFormat::bfloat16), 1.0) / kDegree)}});
}

std::string half_probe_text(const State& s, double probe) {
  const double w = pe::omega(s.pair, s.d, s.base);
  return fill(lesson_text(View::precision, "half_probe"),
              {{"pos", grouped(probe)},
               {"pair", std::to_string(s.pair)},
               {"f32", degrees_text(pe::naive_angle_error(pe::FloatFormat::float32, probe, w))},
               {"f16", degrees_text(pe::naive_angle_error(pe::FloatFormat::float16, probe, w))},
               {"bf16", degrees_text(pe::naive_angle_error(pe::FloatFormat::bfloat16, probe, w))}});
}

void draw_half_table(const State& s, const ViewContext& ctx) {
  const double w = pe::omega(s.pair, s.d, s.base);
  // The cells first, so that the table's natural width (each column its widest text, header included)
  // is known: narrower than that, it scrolls sideways rather than cutting its headers.
  const std::string heads[6] = {label("head_format"), label("head_bits"), label("head_exact"), label("head_angle"), label("head_pair0"),
                                label("head_pair", {{"pair", std::to_string(s.pair)}})};
  std::string cells[3][6];
  for (int r = 0; r < pe::kFloatFormatCount; ++r) {
    const pe::FloatFormatInfo& info = pe::float_format_info(kFormats[r]);
    cells[r][0] = info.name;
    cells[r][1] = std::to_string(1).append(" + ").append(std::to_string(info.exponent_bits)).append(" + ").append(std::to_string(info.fraction_bits));
    cells[r][2] = grouped(pe::exact_integer_limit(kFormats[r]));
    cells[r][3] = grouped(pe::angle_where_half_ulp_exceeds(kFormats[r], kDegree)).append(" rad");
    cells[r][4] = position_text(degree_position(kFormats[r], 1.0));
    cells[r][5] = position_text(degree_position(kFormats[r], w));
  }
  ImGui::PushFont(ctx.fonts.mono);
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  float natural = 0;
  for (int c = 0; c < 6; ++c) {
    float col = ImGui::CalcTextSize(heads[c].c_str()).x;
    for (const auto& row : cells) col = std::max(col, ImGui::CalcTextSize(row[c].c_str()).x);
    natural += col + 2 * ImGui::GetStyle().CellPadding.x + ImGui::GetStyle().ItemSpacing.x;
  }
  if (begin_table_fit("half_formats", 6, flags, natural, 3)) {
    for (const std::string& h : heads) ImGui::TableSetupColumn(h.c_str());
    ImGui::TableHeadersRow();
    for (int r = 0; r < pe::kFloatFormatCount; ++r) {
      ImGui::TableNextRow();
      for (int c = 0; c < 6; ++c) {
        ImGui::TableNextColumn();
        if (c == 0) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(format_color(kFormats[r])));
        ImGui::TextUnformatted(cells[r][c].c_str());
        if (c == 0) ImGui::PopStyleColor();
      }
    }
    ImGui::EndTable();
  }
  ImGui::PopFont();
}

void draw_half_precision(const State& s, PrecisionCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::PushFont(ctx.fonts.title);
  text_wrapped_at_spaces(lesson_text(View::precision, "half_title"));
  ImGui::PopFont();
  text_wrapped_at_spaces(lesson_text(View::precision, "half_intro"));
  ImGui::Spacing();
  const float avail_w = ImGui::GetContentRegionAvail().x;
  const float gap = 12 * sc;
  const bool side = avail_w > 760 * sc;
  const float chart_w = side ? (avail_w - gap) * 0.6f : avail_w;
  draw_half_chart(s, c, ImVec2(chart_w, 300 * sc), sc);
  if (side) ImGui::SameLine(0, gap);
  ImGui::BeginGroup();
  const float panel_w = side ? avail_w - chart_w - gap : avail_w;
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + panel_w);
  half_legend(sc);
  ImGui::Spacing();
  text_wrapped_at_spaces(half_estimate_text(s), panel_w);
  ImGui::Spacing();
  text_wrapped_at_spaces(half_probe_text(s, s.precisionPos), panel_w);
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  ImGui::Spacing();
  text_wrapped_at_spaces(lesson_text(View::precision, "half_table"));
  draw_half_table(s, ctx);
  ImGui::Spacing();
  text_wrapped_at_spaces(half_pair0_text());
  text_wrapped_at_spaces(lesson_text(View::precision, "half_f16"));
}

}  // namespace

void draw_precision(State& s, PrecisionCache& cache, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  lesson_intro(View::precision, ctx);
  ImGui::AlignTextToFramePadding();
  text_wrapped_at_spaces(label("component_label"));
  same_line_if_fits(checkbox_width("sin (2i)"));
  ImGui::RadioButton("sin (2i)", &cache.component, 0);
  same_line_if_fits(checkbox_width("cos (2i+1)"));
  ImGui::RadioButton("cos (2i+1)", &cache.component, 1);
  // The position field keeps a usable width: on a narrow window it moves to a line of its own.
  const std::string probe_text = label("probe_label");
  const char* probe_label = probe_text.c_str();
  const float probe_min = 220 * sc;
  ImGui::SameLine(0, 24 * sc);
  if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(probe_label).x + ImGui::GetStyle().ItemSpacing.x + probe_min)
    ImGui::NewLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(probe_label);
  same_line_if_fits(probe_min);  // narrower still (a phone): the slider gets a line of its own
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);  // at least probe_min, or the whole line
  double probe = s.precisionPos;
  const double lo = 1, hi = kMaxPos;
  const int probe_mark = focus_mark();
  if (slider_double("##probe", &probe, lo, hi, "%.0f", ImGuiSliderFlags_Logarithmic))
    set_number(s, Field::precisionPos, std::clamp(std::round(probe), lo, hi));
  focus_name_since(probe_mark, probe_label);

  const float avail_w = ImGui::GetContentRegionAvail().x;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float plot_h = std::clamp(ImGui::GetContentRegionAvail().y - 16.0f * line, 200 * sc, 420 * sc);
  const float gap = 12 * sc;
  const bool side = avail_w > 760 * sc;
  const ImVec2 size(side ? (avail_w - gap) * 0.52f : avail_w, plot_h);
  draw_position_plot(s, cache, size, sc);
  if (side) ImGui::SameLine(0, gap);
  draw_pair_plot(s, cache, ImVec2(side ? avail_w - size.x - gap : avail_w, plot_h), sc);

  draw_numbers(s, cache);
  ImGui::Spacing();
  draw_table(s, cache, ctx);
  ImGui::Spacing();
  caption(lesson_text(View::precision, "why"));
  draw_half_precision(s, cache, ctx);
}

}  // namespace app

namespace app {

std::string describe_precision(const State& s, const PrecisionCache& cache) {
  // The right chart's position (the State's precisionPos, 1 .. 1e7) and the selected pair's dimension
  // as the view's widget holds it (view-local): sin (0) or cos (1).
  const double probe = std::clamp(s.precisionPos, 1.0, kMaxPos);
  const int component = std::clamp(cache.component, 0, 1);
  const int pairs = s.d / 2;
  const int pair = std::clamp(s.pair, 0, pairs - 1);
  const int dim = 2 * pair + component;
  const std::vector<double> naive = pe::float32_naive_pair_errors(probe, s.d, s.base);
  const std::vector<double> shader = pe::float32_shader_pair_errors(static_cast<std::uint32_t>(probe), s.d, s.base);
  int off = 0, slowest = -1;
  for (size_t i = 0; i < naive.size(); ++i)
    if (naive[i] > kVisible) ++off, slowest = static_cast<int>(i);
  const double shader_worst = *std::max_element(shader.begin(), shader.end());
  std::string t = label("describe_dim", {{"pos", grouped(probe)},
                                         {"dim", std::to_string(dim)},
                                         {"part", component ? "cos" : "sin"},
                                         {"pair", std::to_string(pair)},
                                         {"naive_err", withheld_or(View::precision, "mark_errors", fmt("%.2e", naive_error(probe, dim, s.d, s.base)))},
                                         {"shader_err", fmt("%.2e", shader_error(probe, dim, s.d, s.base))}});
  const std::string worst = fmt("%.0e", shader_worst);
  t.append(" ");
  if (errors_withheld())
    t.append(label("describe_hidden", {{"hidden", std::string(withheld_words())}, {"shader", worst}}));
  else if (off > 0)
    t.append(label("describe_off", {{"off", std::to_string(off)}, {"pairs", std::to_string(pairs)}, {"slowest", std::to_string(slowest)}, {"shader", worst}}));
  else
    t.append(label("describe_none", {{"shader", worst}}));
  if (pair > 0 && !text_withheld(View::precision, "reach")) {  // as the view withholds it
    const double reach = pe::float32_naive_reach(pair, s.d, s.base, kVisible);
    t.append(" ").append(label("describe_reach", {{"pair", std::to_string(pair)}, {"pos", grouped(std::min(reach, 1e12))}}));
  }
  // bfloat16 and float16: where half an ulp of the angle passes a degree, and the errors at the position.
  State at = s;
  at.pair = pair;
  t.append(" ").append(half_estimate_text(at)).append(" ").append(half_probe_text(at, probe));
  return t;
}

}  // namespace app
