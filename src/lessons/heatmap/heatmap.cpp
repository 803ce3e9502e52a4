#include "lessons/heatmap/heatmap.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/encoding.hpp"
#include "core/float32_encoding.hpp"
#include "core/frequency.hpp"
#include "core/params.hpp"
#include "core/ranges.hpp"
#include "imgui.h"
#include "text/format.hpp"
#include "ui/style.hpp"
#include "ui/key.hpp"
#include "ui/matrix_axis.hpp"
#include "ui/text_layout.hpp"
#include "state/state_io.hpp"
#include "ui/widgets.hpp"
#include "ui/focus.hpp"

namespace app {

namespace {

// Behind the position or dimension numbers while the wheel zooms that axis.
const ImU32& kAxisHover = colors::hover_fill;

// A text of the lesson's file (heatmap.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::heatmap, key), values);
}

double clamp_finite(double v, double lo, double hi, double fallback) {
  return std::isfinite(v) ? std::clamp(v, lo, hi) : fallback;
}

int max_dims(int d) { return std::min(d, kHeatmapMaxDims); }

// The window's four numbers, as the view keeps them.
struct Window {
  double pos0, positions, dim0, dims;
};

void clamp_window(Window& w, int d) {
  w.positions = clamp_finite(w.positions, 1.0, kHeatmapMaxPositions, 64.0);
  w.dims = clamp_finite(w.dims, 1.0, max_dims(d), max_dims(d));
  w.pos0 = clamp_finite(w.pos0, 0.0, pe::kMaxAbsPosition - w.positions, 0.0);
  w.dim0 = clamp_finite(w.dim0, 0.0, d - w.dims, 0.0);
}

void clamp_window(HeatmapCache& c, int d) {
  Window w{c.pos0, c.positions, c.dim0, c.dims};
  clamp_window(w, d);
  c.pos0 = w.pos0;
  c.positions = w.positions;
  c.dim0 = w.dim0;
  c.dims = w.dims;
}

// The article's Figure 1 window: positions 0..n-1, every dimension (up to 4096).
void fit_figure(HeatmapCache& c, const State& s) {
  c.pos0 = 0;
  c.positions = s.n;
  c.dim0 = 0;
  c.dims = max_dims(s.d);
}

void follow_state(HeatmapCache& c, const State& s) {
  if (c.fitted_d.changed(s.d)) {
    c.dim0 = 0;
    c.dims = max_dims(s.d);
  }
  if (c.fitted_n.changed(s.n)) c.positions = s.n;
  clamp_window(c, s.d);
}

// The window draw_heatmap() shows for this State: follow_state() worked on copies, so a cache that was
// never drawn (or whose d or n changed since) gives the fitted window, like the next frame.
Window window_for(const HeatmapCache& c, const State& s) {
  Window w{c.pos0, c.positions, c.dim0, c.dims};
  KeyedCache<int> fitted_d = c.fitted_d, fitted_n = c.fitted_n;
  if (fitted_d.changed(s.d)) {
    w.dim0 = 0;
    w.dims = max_dims(s.d);
  }
  if (fitted_n.changed(s.n)) w.positions = s.n;
  clamp_window(w, s.d);
  return w;
}

// The rows and columns the window shows: whole positions first..last, dimensions dfirst..dlast (the
// cells under the map's pixel centres, as draw_numbers() and describe_heatmap() count them).
struct Shown {
  double first, last, dfirst, dlast;
  double rows() const { return last - first + 1; }
  double columns() const { return dlast - dfirst + 1; }
};
Shown shown(double pos0, double positions, double dim0, double dims, int d) {
  return Shown{std::floor(pos0), std::floor(pos0 + positions - 1e-9), std::floor(dim0),
               std::min<double>(d - 1, std::floor(dim0 + dims - 1e-9))};
}

// The first dimension from which on every column changes by less than kHeatmapStill over the rows shown.
int still_dimension(const State& s, const Shown& v) {
  return pe::first_still_dimension(v.first, static_cast<int>(v.rows()), s.d, s.base, kHeatmapStill);
}

// The lesson's "still" (or "none_still") sentence: measured over the rows shown, whatever the window.
std::string still_text(const State& s, const Shown& v, int still) {
  const double rows = v.rows();
  const std::string count = grouped(rows), plural = rows == 1 ? "" : "s", threshold = fmt("%g", kHeatmapStill);
  if (still >= s.d) {
    const double range = pe::dimension_range(v.first, static_cast<int>(rows), s.d - 1, s.d, s.base);
    return fill(lesson_text(View::heatmap, "none_still"), {{"count", count},
                                                           {"plural_s", plural},
                                                           {"dim", grouped(s.d - 1)},
                                                           {"range", fmt("%.2f", range)},
                                                           {"threshold", threshold}});
  }
  const double in_view = std::max(0.0, v.dlast - std::max(v.dfirst, static_cast<double>(still)) + 1);
  return fill(lesson_text(View::heatmap, "still"), {{"count", count},
                                                    {"plural_s", plural},
                                                    {"dim", grouped(still)},
                                                    {"pair", grouped(still / 2)},
                                                    {"threshold", threshold},
                                                    {"still", grouped(in_view)},
                                                    {"columns", grouped(v.columns())}});
}

// The shader's error bound up to position `last` (the lesson's "shader").
std::string shader_text(const State& s, double last) {
  return fill(lesson_text(View::heatmap, "shader"), {{"error", fmt("%.0e", pe::float32_shader_error_bound(last, 0, s.d, s.base))}});
}

// 1, 2 or 5 times a power of ten, at least 1, about span/count.
double nice_step(double span, double count) {
  const double raw = std::max(span / std::max(count, 1.0), 1.0);
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * mag >= raw) return m * mag;
  return 10 * mag;
}

// The cell under a point, mapped exactly as the fragment shader maps a pixel centre.
struct Cell {
  std::int64_t pos;
  int dim;
};
Cell cell_at(const HeatmapCache& c, ImVec2 p) {
  const double w = c.plot_max.x - c.plot_min.x, h = c.plot_max.y - c.plot_min.y;
  const double pi = std::floor(c.pos0), di = std::floor(c.dim0);
  const double row = std::floor((c.pos0 - pi) + (p.y - c.plot_min.y) / h * c.positions);
  const double col = std::floor((c.dim0 - di) + (p.x - c.plot_min.x) / w * c.dims);
  return Cell{static_cast<std::int64_t>(pi + row), static_cast<int>(di + col)};
}

// Zooms one axis by `factor` keeping the cell under the pointer (fraction `at` of the axis) in place.
void zoom(double& first, double& span, double at, double factor, double lo, double hi) {
  const double anchor = first + at * span;
  const double next = std::clamp(span * factor, lo, hi);
  first = anchor - at * next;
  span = next;
}

void draw_controls(State& s, HeatmapCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  // Four columns (positions, then dimensions) side by side, or two rows of two in a narrow window,
  // where each field keeps room for its number and its - + buttons.
  const int cols = ImGui::GetContentRegionAvail().x >= 560 * sc ? 4 : 2;
  if (ImGui::BeginTable("window", cols, ImGuiTableFlags_SizingStretchSame)) {
    const std::string labels[] = {label("field_first_position"), label("field_positions"), label("field_first_dimension"),
                                  label("field_dimensions")};
    for (int row = 0; row < 4 / cols; ++row) {
      ImGui::TableNextRow();
      for (int k = 0; k < cols; ++k) {
        ImGui::TableNextColumn();
        text_wrapped_at_spaces(labels[row * cols + k]);  // a longer language wraps in its column
      }
      ImGui::TableNextRow();
      for (int k = row * cols; k < (row + 1) * cols; ++k) {
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-1);
        const int named = focus_mark();
        if (k == 0) {
          double p0 = std::floor(c.pos0);
          if (ImGui::InputDouble("##pos0", &p0, 1, 1000, "%.0f")) c.pos0 = std::floor(p0);
        } else if (k == 1) {
          double np = c.positions;
          const double np_lo = 1, np_hi = kHeatmapMaxPositions;
          if (slider_double("##positions", &np, np_lo, np_hi, "%.0f", ImGuiSliderFlags_Logarithmic))
            c.positions = np;
        } else if (k == 2) {
          double d0 = std::floor(c.dim0);
          if (ImGui::InputDouble("##dim0", &d0, 1, 16, "%.0f")) c.dim0 = std::floor(d0);
        } else {
          double nd = c.dims;
          const double nd_lo = 1, nd_hi = max_dims(s.d);
          if (slider_double("##dims", &nd, nd_lo, nd_hi, "%.0f", ImGuiSliderFlags_Logarithmic))
            c.dims = nd;
        }
        focus_name_since(named, labels[k]);
      }
    }
    ImGui::EndTable();
  }
  // At most kHeatmapMaxDims columns: "all dims" only where that is all of them. One id in every language.
  const std::string fit = (s.d <= kHeatmapMaxDims ? label("fit_all", {{"last", std::to_string(s.n - 1)}})
                                                  : label("fit_some", {{"last", std::to_string(s.n - 1)}, {"dlast", std::to_string(max_dims(s.d) - 1)}}))
                              .append("###fit_figure");
  if (button_wrapped(fit.c_str())) fit_figure(c, s);
  const std::string naive_label = label("naive_box").append("###naive");
  same_line_if_fits(checkbox_width(naive_label.c_str()), 16 * sc);
  checkbox_wrapped(naive_label.c_str(), &c.naive);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", label("naive_box_tip").append("\n").append(label("naive_box_try")).c_str());

  // Legend: -1 blue, 0 white, +1 red, linear in between (the same stops the shader uses).
  const float bar_w = 180 * sc, bar_h = ImGui::GetFrameHeight() * 0.6f;
  const float label_w = ImGui::CalcTextSize("\xE2\x88\x92" "1").x;
  same_line_if_fits(bar_w + 2 * label_w + 16 * sc, 24 * sc);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(bar_w + 2 * label_w + 16 * sc, ImGui::GetFrameHeight()));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float y0 = p.y + (ImGui::GetFrameHeight() - bar_h) / 2, x0 = p.x + label_w + metrics::label_gap * sc;
  const float mid = x0 + bar_w / 2;
  ramp_bar(dl, ImVec2(x0, y0), ImVec2(x0 + bar_w, y0 + bar_h), gfx::heat_color(-1), gfx::heat_color(0), gfx::heat_color(1), colors::axis);
  const float ty = p.y + (ImGui::GetFrameHeight() - ImGui::GetTextLineHeight()) / 2;
  dl->AddText(ImVec2(p.x, ty), colors::ink, "\xE2\x88\x92" "1");
  dl->AddLine(ImVec2(mid, y0 + bar_h), ImVec2(mid, y0 + bar_h + 3 * sc), colors::axis);
  dl->AddText(ImVec2(x0 + bar_w + metrics::label_gap * sc, ty), colors::ink, "+1");
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  text_after(label("legend_zero"), 4 * sc);
  ImGui::PopStyleColor();
}

void draw_axes(const State& s, const HeatmapCache& c, ImDrawList* dl, float sc) {
  const ImVec2 a = c.plot_min, b = c.plot_max;
  const double w = b.x - a.x, h = b.y - a.y;
  const float line = ImGui::GetTextLineHeight();
  // Positions down the left edge, at row centres.
  const double pstep = nice_step(c.positions, h / (2.2 * line));
  for (double t = std::ceil(c.pos0 / pstep) * pstep; t <= c.pos0 + c.positions; t += pstep) {
    const float y = static_cast<float>(a.y + (t + 0.5 - c.pos0) / c.positions * h);
    if (y < a.y || y > b.y) continue;
    left_tick(dl, a.x, y, fmt("%.0f", t).c_str(), colors::ink, 5 * sc, 8 * sc);
  }
  // Dimensions along the top edge, at column centres.
  const double dstep = nice_step(c.dims, w / (70.0 * sc));
  for (double t = std::ceil(c.dim0 / dstep) * dstep; t <= c.dim0 + c.dims && t < s.d; t += dstep) {
    const float x = static_cast<float>(a.x + (t + 0.5 - c.dim0) / c.dims * w);
    if (x < a.x || x > b.x) continue;
    top_tick(dl, x, a.y, fmt("%.0f", t).c_str(), colors::ink, 5 * sc, metrics::label_gap * sc);
  }
  matrix_frame(dl, a, b);
}

// The selected pair's two columns, outlined (at least a few pixels wide so it shows at any zoom).
void draw_selection(const State& s, const HeatmapCache& c, ImDrawList* dl, float sc) {
  const ImVec2 a = c.plot_min, b = c.plot_max;
  const double w = b.x - a.x;
  float x0 = static_cast<float>(a.x + (2.0 * s.pair - c.dim0) / c.dims * w);
  float x1 = static_cast<float>(a.x + (2.0 * s.pair + 2 - c.dim0) / c.dims * w);
  if (x1 < a.x || x0 > b.x) {
    // The arrow points to the side the pair lies beyond.
    const std::string note = x1 < a.x ? std::string("\xE2\x86\x90 ").append(label("pair_left", {{"pair", std::to_string(s.pair)}}))
                                      : label("pair_right", {{"pair", std::to_string(s.pair)}}).append(" \xE2\x86\x92");
    const char* buf = note.c_str();
    const float tw = ImGui::CalcTextSize(buf).x;
    const float x = x1 < a.x ? a.x + 4 * sc : b.x - tw - 4 * sc;
    dl->AddRectFilled(ImVec2(x - 3 * sc, b.y - ImGui::GetTextLineHeight() - 6 * sc), ImVec2(x + tw + 3 * sc, b.y - 2 * sc),
                      colors::halo, 3 * sc);
    dl->AddText(ImVec2(x, b.y - ImGui::GetTextLineHeight() - 4 * sc), colors::selected, buf);
    return;
  }
  const float min_w = 4 * sc;
  if (x1 - x0 < min_w) {
    const float m = (x0 + x1) / 2;
    x0 = m - min_w / 2;
    x1 = m + min_w / 2;
  }
  dl->PushClipRect(ImVec2(a.x - 2 * sc, a.y - 8 * sc), ImVec2(b.x + 2 * sc, b.y + 2 * sc), true);
  dl->AddRect(ImVec2(x0 - 1 * sc, a.y), ImVec2(x1 + 1 * sc, b.y), with_alpha(colors::paper, 200), 0, 0, 4 * sc);
  dl->AddRect(ImVec2(x0 - 1 * sc, a.y), ImVec2(x1 + 1 * sc, b.y), colors::selected, 0, 0, 2 * sc);
  const float m = (x0 + x1) / 2;
  dl->AddTriangleFilled(ImVec2(m - 5 * sc, a.y - 7 * sc), ImVec2(m + 5 * sc, a.y - 7 * sc), ImVec2(m, a.y - 1), colors::selected);
  dl->PopClipRect();
}

void hover_tooltip(const State& s, const HeatmapCache& c, Cell cell) {
  if (cell.dim < 0 || cell.dim >= s.d || cell.pos < 0) return;
  const double pos = static_cast<double>(cell.pos);
  const int pair = cell.dim / 2;
  const double exact = pe::encoding_value(pos, cell.dim, s.d, s.base);
  const float shader = c.naive ? pe::float32_value_naive(pos, cell.dim, s.d, s.base)
                               : pe::float32_value_shader(static_cast<std::uint32_t>(cell.pos), cell.dim, s.d, s.base);
  const double h = c.plot_max.y - c.plot_min.y, w = c.plot_max.x - c.plot_min.x;
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(label("tip_cell", {{"pos", std::to_string(cell.pos)},
                                             {"dim", std::to_string(cell.dim)},
                                             {"fn", cell.dim % 2 == 0 ? "sin" : "cos"},
                                             {"pair", std::to_string(pair)}})
                             .c_str());
  ImGui::TextUnformatted(
      label("tip_pair", {{"w", fmt("%.6g", pe::omega(pair, s.d, s.base))}, {"T", fmt("%.6g", pe::period(pair, s.d, s.base))}}).c_str());
  ImGui::Separator();
  ImGui::TextUnformatted(label("tip_exact", {{"value", fmt("%+.9f", exact)}}).c_str());
  ImGui::TextUnformatted(label("tip_shader", {{"value", fmt("%+.9f", static_cast<double>(shader))}}).c_str());
  ImGui::TextUnformatted(label("tip_difference", {{"value", fmt("%.2e", static_cast<double>(shader) - exact)}}).c_str());
  ImGui::TextDisabled("%s", c.naive ? label("tip_mirror_naive").append("\n").append(label("tip_mirror_naive_more")).c_str()
                                    : label("tip_mirror").c_str());
  if (c.positions / h > 1.5 || c.dims / w > 1.5)
    ImGui::TextDisabled("%s", label("tip_pixel", {{"positions", fmt("%.3g", std::max(1.0, c.positions / h))},
                                                  {"dims", fmt("%.3g", std::max(1.0, c.dims / w))}})
                                  .c_str());
  ImGui::EndTooltip();
}

void draw_map(State& s, HeatmapCache& c, const ViewContext& ctx, float height) {
  const float sc = ctx.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const float left = ImGui::CalcTextSize("000000000").x + 12 * sc;
  const float top = 2 * line + 12 * sc;  // axis title, then the dimension labels
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float avail_w = ImGui::GetContentRegionAvail().x;
  const ImVec2 size(std::max(100 * sc, avail_w - left - 8 * sc), std::max(120 * sc, height - top - 4 * sc));
  ImGui::SetCursorScreenPos(ImVec2(origin.x + left, origin.y + top));
  ImGui::InvisibleButton("map", size);
  focus_pointer_only();  // the map is read by pointing; the keyboard has the figure keys and the controls
  c.plot_min = ImGui::GetItemRectMin();
  c.plot_max = ImGui::GetItemRectMax();
  c.drawn = true;
  const ImGuiIO& io = ImGui::GetIO();
  const bool hovered = ImGui::IsItemHovered();

  // Pan by dragging; a click without a drag selects the column's pair.
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f)) {
    c.pos0 -= io.MouseDelta.y / size.y * c.positions;
    c.dim0 -= io.MouseDelta.x / size.x * c.dims;
  }
  if (ImGui::IsItemDeactivated() && io.MouseDragMaxDistanceSqr[0] < 4.0f * 4.0f) {
    const Cell cell = cell_at(c, io.MouseClickedPos[0]);
    if (cell.dim >= 0 && cell.dim < s.d) set_number(s, Field::pair, cell.dim / 2);
  }
  // The wheel zooms positions over the map and the position numbers; it zooms dimensions with shift,
  // over the dimension numbers, or as a sideways wheel. (Browsers pass shift to the app only while
  // the canvas has keyboard focus, hence the axis strips too.)
  const bool window_hovered = ImGui::IsWindowHovered();
  const bool over_dims = window_hovered && ImGui::IsMouseHoveringRect(ImVec2(c.plot_min.x, origin.y), ImVec2(c.plot_max.x, c.plot_min.y));
  const bool over_pos = window_hovered && ImGui::IsMouseHoveringRect(origin, ImVec2(c.plot_min.x, c.plot_max.y));
  if ((hovered || over_dims || over_pos) && (io.MouseWheel != 0 || io.MouseWheelH != 0)) {
    // A sideways wheel's sign is opposite to the vertical one for the same finger motion: hence the minus.
    const bool dims_axis = over_dims || (!over_pos && (io.KeyShift || io.MouseWheel == 0));
    const float wheel = io.MouseWheel != 0 ? io.MouseWheel : -io.MouseWheelH;
    const double factor = std::pow(1.2, -static_cast<double>(wheel));
    const double at_x = std::clamp((io.MousePos.x - c.plot_min.x) / size.x, 0.0f, 1.0f);
    const double at_y = std::clamp((io.MousePos.y - c.plot_min.y) / size.y, 0.0f, 1.0f);
    if (dims_axis)
      zoom(c.dim0, c.dims, at_x, factor, 1.0, max_dims(s.d));
    else
      zoom(c.pos0, c.positions, at_y, factor, 1.0, kHeatmapMaxPositions);
  }
  clamp_window(c, s.d);

  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (!c.renderer.error().empty()) {
    dl->AddRectFilled(c.plot_min, c.plot_max, tint(colors::warning, 0.11f));
    const std::string msg = label("shader_error").append("\n").append(c.renderer.error());
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(c.plot_min.x + 8 * sc, c.plot_min.y + 8 * sc), colors::warning,
                msg.c_str(), nullptr, size.x - 16 * sc);
  } else {
    c.renderer.queue(dl, {.min = c.plot_min, .max = c.plot_max, .pos0 = c.pos0, .positions = c.positions, .dim0 = c.dim0, .dims = c.dims,
                          .d = s.d, .base = s.base, .naive = c.naive});
  }
  if (over_dims) dl->AddRectFilled(ImVec2(c.plot_min.x, c.plot_min.y - line - 8 * sc), ImVec2(c.plot_max.x, c.plot_min.y - 1), kAxisHover);
  if (over_pos) dl->AddRectFilled(ImVec2(origin.x, c.plot_min.y), ImVec2(c.plot_min.x - 1, c.plot_max.y), kAxisHover);
  draw_axes(s, c, dl, sc);
  draw_selection(s, c, dl, sc);
  // "position ↓" left of the top ticks where the margin holds it; else first on the title line, with
  // "dimension →" after it (a longer language).
  const std::string dim_title = label("axis_dimension"), pos_title = label("axis_position");
  const float pos_w = ImGui::CalcTextSize(pos_title.c_str()).x, gap = metrics::label_gap * sc;
  const bool in_margin = origin.x + pos_w + gap <= c.plot_min.x;
  const float dim_x = in_margin ? c.plot_min.x : std::max(c.plot_min.x, origin.x + pos_w + 2 * ImGui::CalcTextSize(" ").x);
  dl->AddText(ImVec2(dim_x, origin.y), colors::text_dim, dim_title.c_str());
  dl->AddText(ImVec2(origin.x, in_margin ? c.plot_min.y - gap - line : origin.y), colors::text_dim, pos_title.c_str());
  if (hovered && !ImGui::IsItemActive()) hover_tooltip(s, c, cell_at(c, io.MousePos));
  ImGui::SetCursorScreenPos(ImVec2(origin.x, c.plot_max.y + 6 * sc));
}

void draw_numbers(const State& s, HeatmapCache& c) {
  const double h = c.plot_max.y - c.plot_min.y, w = c.plot_max.x - c.plot_min.x;
  const Shown v = shown(c.pos0, c.positions, c.dim0, c.dims, s.d);
  const double first = v.first, last = v.last, dfirst = v.dfirst, dlast = v.dlast;
  std::string rows = fill(lesson_text(View::heatmap, "rows"), {{"first", fmt("%.0f", first)},
                                                               {"last", fmt("%.0f", last)},
                                                               {"dfirst", fmt("%.0f", dfirst)},
                                                               {"dlast", fmt("%.0f", dlast)},
                                                               {"d", std::to_string(s.d)}});
  if (c.positions / h > 1.5 || c.dims / w > 1.5) {
    rows += ' ';
    rows += fill(lesson_text(View::heatmap, "moire"), {{"positions", fmt("%.3g", std::max(1.0, c.positions / h))},
                                                       {"dims", fmt("%.3g", std::max(1.0, c.dims / w))}});
  }
  // Wrapped at spaces: ImGui's own wrapping may split a number after its decimal point.
  text_wrapped_at_spaces(rows);
  // Measured again only when the rows (or d, base) change: a pan along the dimensions keeps it.
  if (c.still_key.changed(first, last, s.d, s.base)) c.still_dim = still_dimension(s, v);
  text_wrapped_at_spaces(still_text(s, v, c.still_dim));
  if (c.naive) {
    // Pair 0 is exact at whole positions (w = 1); pair 1 shows the typical error of a fast pair.
    const double worst = pe::float32_naive_error_bound(last, std::min(1, s.d / 2 - 1), s.d, s.base);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::warning));
    text_wrapped_at_spaces(fill(lesson_text(View::heatmap, "naive"), {{"pos", fmt("%.0f", last)}, {"error", fmt("%.2g", worst)}}));
    ImGui::PopStyleColor();
  } else {
    text_wrapped_at_spaces(shader_text(s, last));
  }
}

}  // namespace

void heatmap_set_window(HeatmapCache& cache, const State& s, double pos0, double positions, double dim0, double dims,
                        bool naive) {
  // The window is set for the State's d and n: follow_state() leaves it alone until they change.
  cache.fitted_d.changed(s.d);
  cache.fitted_n.changed(s.n);
  cache.pos0 = pos0;
  cache.positions = positions;
  cache.dim0 = dim0;
  cache.dims = dims;
  cache.naive = naive;
  clamp_window(cache, s.d);
}

void draw_heatmap(State& s, HeatmapCache& cache, const ViewContext& ctx) {
  follow_state(cache, s);
  lesson_intro(View::heatmap, ctx);
  draw_controls(s, cache, ctx);
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float reserve = 4.2f * line;  // the key numbers below the map
  draw_map(s, cache, ctx, std::max(200 * ctx.ui_scale, ImGui::GetContentRegionAvail().y - reserve));
  draw_numbers(s, cache);
}

}  // namespace app

namespace app {

// The window (first position, positions shown, first dimension, dimensions shown) and the naive
// float32 switch live in the view (HeatmapCache); the window starts as the article's Figure 1, fitted
// to the State: positions 0 to n-1 and every dimension (up to 4096). The description works the window
// the canvas shows (window_for(): as the next frame fits and clamps it) with the rows and columns
// draw_numbers() counts, and says the same measured sentence about the still columns. The moire
// note, which depends on the map's size in pixels, is left out.
std::string describe_heatmap(const State& s, const HeatmapCache& cache) {
  const Window w = window_for(cache, s);
  const Shown v = shown(w.pos0, w.positions, w.dim0, w.dims, s.d);
  const double first = v.first, last = v.last, dfirst = v.dfirst, dlast = v.dlast;
  std::string t = label("describe_map", {{"first", grouped(first)},
                                         {"last", grouped(last)},
                                         {"dfirst", grouped(dfirst)},
                                         {"dlast", grouped(dlast)},
                                         {"d", std::to_string(s.d)}});
  // The selected pair's two columns: outlined, or a note at the side they lie beyond (draw_selection()).
  const double sel = 2.0 * s.pair;
  const char* where = sel + 2 < w.dim0 ? "describe_pair_left" : sel > w.dim0 + w.dims ? "describe_pair_right" : "describe_pair_outlined";
  t.append(" ").append(label(where, {{"pair", grouped(s.pair)}, {"a", grouped(sel)}, {"b", grouped(sel + 1)}}));
  t.append(" ").append(still_text(s, v, still_dimension(s, v)));
  if (cache.naive)
    // Pair 0 is exact at whole positions (w = 1); pair 1 shows the typical error of a fast pair.
    return t.append(" ").append(label("describe_naive", {{"pos", grouped(last)},
                                                         {"error", fmt("%.2g", pe::float32_naive_error_bound(last, std::min(1, s.d / 2 - 1), s.d, s.base))}}));
  return t.append(" ").append(label("describe_shader", {{"error", fmt("%.0e", pe::float32_shader_error_bound(last, 0, s.d, s.base))}}));
}

}  // namespace app
