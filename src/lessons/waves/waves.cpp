#include "lessons/waves/waves.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/ranges.hpp"
#include "imgui.h"
#include "text/format.hpp"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/style.hpp"
#include "ui/text_layout.hpp"
#include "state/state_io.hpp"
#include "ui/widgets.hpp"
#include "ui/focus.hpp"

namespace app {

namespace {

constexpr int kMaxDims = 12;

// A text of the lesson's file (waves.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::waves, key), values);
}

// A legend head padded with blanks to `columns` digits of the (monospaced) font in use, on the right
// or on the left: the width of "%-9s" or "%9s" in any script.
std::string padded(const std::string& text, int columns, bool left_aligned) {
  return pad_to_width(text, ImGui::CalcTextSize(std::string(static_cast<size_t>(columns), '0').c_str()).x, left_aligned);
}

struct Curve {
  int dim;
  ImU32 color;
  bool selected;
};

// One curve over the window: a polyline with one vertex per pixel column while the wave is smooth at
// this zoom, otherwise a bar per column spanning the wave's exact extent within that column.
void draw_curve(ImDrawList* dl, const Plot& p, const Curve& c, const State& s, float sc, std::vector<ImVec2>& pts) {
  const double w = pe::omega(c.dim / 2, s.d, s.base);
  const int cols = std::max(1, static_cast<int>(p.width()));
  const double per_px = (p.x1 - p.x0) / cols;  // positions per pixel column
  const float thick = (c.selected ? 3.0f : 1.8f) * sc;
  if (w * per_px < 0.35) {
    pts.clear();
    for (int i = 0; i <= cols; ++i) {
      const double x = p.x0 + per_px * i;
      pts.emplace_back(p.lo.x + static_cast<float>(i), p.sy(pe::encoding_value(x, c.dim, s.d, s.base)));
    }
    dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), c.color, 0, thick);
    return;
  }
  const ImU32 band = with_alpha(c.color, c.selected ? 200 : 120);
  for (int i = 0; i < cols; ++i) {
    const double a = w * (p.x0 + per_px * i), b = w * (p.x0 + per_px * (i + 1));
    const pe::Extent e = c.dim % 2 == 0 ? pe::sin_extent(a, b) : pe::cos_extent(a, b);
    const float x = p.lo.x + static_cast<float>(i);
    dl->AddRectFilled(ImVec2(x, p.sy(e.hi) - 0.5f * thick), ImVec2(x + 1, p.sy(e.lo) + 0.5f * thick), band);
  }
}

// A period as the legend prints it: 6.28, 628, 60,611, 1.23e+06.
std::string period_label(double T) { return T < 1e6 ? grouped(T, T < 100 ? 2 : 0) : fmt("%.3g", T); }

// The selected pair's sin dimension: its period and how many cycles fit in the window 0..n-1.
std::string selected_text(const State& s, double T) {
  const double cycles = (s.n - 1) / T;
  return fill(lesson_text(View::waves, "selected"), {{"dim", std::to_string(2 * s.pair)},
                                                     {"period", grouped(T, T < 100 ? 2 : 0)},
                                                     {"cycles", fmt(cycles < 10 ? "%.3f" : "%.1f", cycles)}});
}

void reset_dims(WavesCache& cache, int d) {
  cache.dims = default_wave_dims(d);
  cache.add_dim = std::min(cache.add_dim, d - 1);
}

}  // namespace

std::vector<int> default_wave_dims(int d) {
  std::vector<int> out;
  for (int j : {0, d / 16, d / 4, d / 2, d - 12}) {
    j = std::clamp(j - (j % 2 + 2) % 2, 0, d - 2);
    if (std::find(out.begin(), out.end(), j) == out.end()) out.push_back(j);
  }
  std::sort(out.begin(), out.end());
  return out;
}

void draw_waves(State& s, WavesCache& cache, const ViewContext& ctx) {
  if (cache.key.changed(s.d)) reset_dims(cache, s.d);
  const float sc = ctx.ui_scale;
  lesson_intro(View::waves, ctx);

  // The curves: the user's list plus the selected pair's sin dimension, highlighted and drawn last.
  const int sel_dim = 2 * s.pair;
  // Colours follow a dimension's place in the list, so selecting another pair does not repaint the rest.
  std::vector<Curve> curves;
  for (size_t i = 0; i < cache.dims.size(); ++i)
    if (cache.dims[i] != sel_dim) curves.push_back({cache.dims[i], series_color(static_cast<int>(i)), false});
  curves.push_back({sel_dim, colors::selected, true});

  // Controls: the window N, and the list of dimensions; side by side, or one above the other in a
  // narrow window (a phone), where each keeps its whole label.
  const bool two_columns = ImGui::GetContentRegionAvail().x >= 560 * sc;
  if (ImGui::BeginTable("wave_controls", two_columns ? 2 : 1, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("n", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    if (two_columns) ImGui::TableSetupColumn("add", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableNextColumn();
    param_slider(label("slider_window").c_str(), s, Field::n, 1, 100000, "%.0f", ctx.notices, true);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(label("add_label", {{"last", std::to_string(s.d - 1)}}).c_str());
    ImGui::SetNextItemWidth(130 * sc);
    const int add_mark = focus_mark();
    ImGui::InputInt("##add", &cache.add_dim);
    focus_name_since(add_mark, label("add_field"));
    cache.add_dim = std::clamp(cache.add_dim, 0, s.d - 1);
    ImGui::SameLine();
    const bool full = static_cast<int>(cache.dims.size()) >= kMaxDims;
    const bool present = std::find(cache.dims.begin(), cache.dims.end(), cache.add_dim) != cache.dims.end();
    ImGui::BeginDisabled(full || present);
    if (ImGui::Button(label("add_button").append("###add_button").c_str())) {
      cache.dims.push_back(cache.add_dim);
      std::sort(cache.dims.begin(), cache.dims.end());
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(label("reset_button").append("###reset").c_str())) reset_dims(cache, s.d);
    ImGui::EndTable();
  }

  const int n = s.n;
  const float legend_w = 350 * sc;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // The legend sits beside the plot when there is room for both, else below it.
  const bool beside = avail.x >= legend_w + 480 * sc;
  const float legend_h = beside ? 0.0f : (static_cast<float>(curves.size()) + 2.5f) * ImGui::GetTextLineHeightWithSpacing();
  const float plot_h = std::max(200 * sc, avail.y - legend_h - 3.4f * ImGui::GetTextLineHeightWithSpacing());
  const float plot_w = beside ? std::max(200 * sc, avail.x - legend_w - 12 * sc) : avail.x;
  // Above +1 a band as tall as a line of text (and a little), where the pos label sits off the peaks.
  const double band = 2.24 * (ImGui::GetTextLineHeight() + 8 * sc) / std::max(1.0f, plot_h - ImGui::GetTextLineHeight());
  const Plot p = plot_frame("waves_plot", ImVec2(plot_w, plot_h), 0, std::max(1, n - 1), -1.12, 1.12 + band, false,
                            label("axis_position").c_str(), label("axis_value").c_str(), sc, true);
  if (p.held && p.mouse.x >= p.lo.x && p.mouse.x <= p.hi.x) set_number(s, Field::pos, std::round(std::clamp(p.x_at(p.mouse.x), 0.0, n - 1.0)));

  ImDrawList* dl = ImGui::GetWindowDrawList();
  plot_clip_push(p);
  plot_hline(dl, p, p.sy(0), colors::zero_line, 1.0f);
  std::vector<ImVec2> pts;
  pts.reserve(static_cast<size_t>(p.width()) + 2);
  for (const Curve& c : curves) draw_curve(dl, p, c, s, sc, pts);
  // Dots at whole positions, when they are at least 5 pixels apart.
  const double px_per_pos = p.width() / std::max(1.0, p.x1 - p.x0);
  const bool dots = px_per_pos >= 5 * sc || n == 1;
  if (dots)
    for (const Curve& c : curves)
      for (int q = 0; q < n; ++q)
        dl->AddCircleFilled(ImVec2(p.sx(q), p.sy(pe::encoding_value(q, c.dim, s.d, s.base))), (c.selected ? 3.4f : 2.6f) * sc, c.color);
  // The curve under the pointer says which dimension it is and its value there.
  if (p.hovered && p.mouse.x >= p.lo.x && p.mouse.x <= p.hi.x) {
    const double x = p.x_at(p.mouse.x);
    const Curve* near = nullptr;
    float best = 10 * sc;
    for (const Curve& c : curves) {
      const float dy = std::fabs(p.sy(pe::encoding_value(x, c.dim, s.d, s.base)) - p.mouse.y);
      if (dy < best) best = dy, near = &c;
    }
    if (near)
      ImGui::SetTooltip("%s\n%s\n%s",
                        label("tip_curve", {{"dim", std::to_string(near->dim)}, {"fn", near->dim % 2 == 0 ? "sin" : "cos"},
                                            {"pair", std::to_string(near->dim / 2)}})
                            .c_str(),
                        label("tip_value", {{"p", fmt("%.2f", x)}, {"value", fmt("%+.4f", pe::encoding_value(x, near->dim, s.d, s.base))}}).c_str(),
                        label("tip_period", {{"T", fmt("%.6g", pe::period(near->dim / 2, s.d, s.base))}}).c_str());
    else
      ImGui::SetTooltip("%s\n%s", label("tip_position", {{"p", fmt("%.2f", x)}}).c_str(), label("tip_click").c_str());
  }
  // The current position.
  const bool pos_inside = s.pos >= 0 && s.pos <= std::max(0, n - 1);
  if (pos_inside) {
    const float x = p.sx(s.pos);
    plot_vline(dl, p, x, colors::hand, 1.5f * sc);
    const std::string t = "pos = " + fmt("%.2f", s.pos);
    halo_text_beside(dl, p, x, p.lo.y + 3 * sc, colors::hand, t.c_str(), 5 * sc, 6 * sc, 8 * sc);
  }
  plot_clip_pop();

  // Legend: one row per curve with its period and its value at pos; click a row to select its pair.
  if (beside) ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::PushFont(ctx.fonts.mono);
  const ImVec2 head = ImGui::GetCursorScreenPos();
  ImGui::SetCursorScreenPos(ImVec2(head.x + 24 * sc, head.y));
  // Column heads over the rows' "%-5d %s", "%9s" and a value of six characters.
  const std::string heads = padded(label("legend_dimension"), 9, true) + "  " + padded(label("legend_period"), 9, false) + "  " +
                            padded(label("legend_at_pos"), 6, false);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors::text_dim), "%s", heads.c_str());
  ImGui::PopFont();
  int remove = -1;
  for (size_t r = 0; r < curves.size(); ++r) {
    const Curve& c = curves[r == 0 ? curves.size() - 1 : r - 1];  // the selected one first, then the list in order
    const int i = c.dim / 2;
    const double T = pe::period(i, s.d, s.base);
    ImGui::PushID(c.dim);
    const ImVec2 q = ImGui::GetCursorScreenPos();
    const float lh = ImGui::GetTextLineHeight();
    dl->AddLine(ImVec2(q.x, q.y + lh / 2), ImVec2(q.x + 18 * sc, q.y + lh / 2), c.color, (c.selected ? 3.5f : 2.5f) * sc);
    ImGui::SetCursorScreenPos(ImVec2(q.x + 24 * sc, q.y));
    char row[96];
    std::snprintf(row, sizeof row, "%-5d %s  %9s  %s", c.dim, c.dim % 2 == 0 ? "sin" : "cos", period_label(T).c_str(),
                  fmt("%+.3f", pe::encoding_value(s.pos, c.dim, s.d, s.base)).c_str());
    ImGui::PushFont(ctx.fonts.mono);
    if (ImGui::Selectable(row, c.selected, 0, ImVec2(ImGui::CalcTextSize(row).x + 4 * sc, 0))) set_number(s, Field::pair, i);
    ImGui::PopFont();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s\n%s\n%s",
                        label("tip_curve", {{"dim", std::to_string(c.dim)}, {"fn", c.dim % 2 == 0 ? "sin" : "cos"}, {"pair", std::to_string(i)}})
                            .c_str(),
                        label("tip_w", {{"w", fmt("%.6g", pe::omega(i, s.d, s.base))}}).c_str(),
                        label("tip_period_formula", {{"T", fmt("%.6g", T)}}).c_str());
    if (!c.selected && std::find(cache.dims.begin(), cache.dims.end(), c.dim) != cache.dims.end()) {
      ImGui::SameLine();
      if (ImGui::SmallButton("\xC3\x97")) remove = c.dim;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", label("tip_remove", {{"dim", std::to_string(c.dim)}}).c_str());
    }
    ImGui::PopID();
  }
  ImGui::Spacing();
  caption(lesson_text(View::waves, "legend_hint"));
  ImGui::EndGroup();
  if (remove >= 0) cache.dims.erase(std::find(cache.dims.begin(), cache.dims.end(), remove));

  // Key numbers.
  const double T0 = pe::period(0, s.d, s.base);
  const double Tsel = pe::period(s.pair, s.d, s.base);
  // Wrapped at spaces: a narrow window keeps every word and never splits a number.
  text_wrapped_at_spaces(fill(lesson_text(View::waves, "window"), {{"last", grouped(n - 1)}, {"period", fmt("%.3f", T0)}}));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::selected));
  text_wrapped_at_spaces(selected_text(s, Tsel));
  ImGui::PopStyleColor();
  if (!dots) caption(lesson_text(View::waves, "dots_hidden"));
  if (!pos_inside) caption(fill(lesson_text(View::waves, "pos_outside"), {{"pos", fmt("%.2f", s.pos)}}));
}

}  // namespace app

namespace app {

// The list of dimensions lives in the view (WavesCache) and starts as default_wave_dims(d); the
// student adds and removes dimensions. draw_waves() resets the list whenever d differs from the width
// it was made for (or on the first frame): the description does the same on a copy of that key, so a
// cache never drawn gives the default list. It works that list, plus the selected pair's sin
// dimension, over the window 0..N-1, in the legend's order.
std::string describe_waves(const State& s, const WavesCache& cache) {
  KeyedCache<int> made_for = cache.key;
  const std::vector<int> dims = made_for.changed(s.d) ? default_wave_dims(s.d) : cache.dims;
  const int sel_dim = 2 * s.pair;
  const double Tsel = pe::period(s.pair, s.d, s.base);
  std::string t = fill(lesson_text(View::waves, "window"), {{"last", grouped(s.n - 1)}, {"period", fmt("%.3f", pe::period(0, s.d, s.base))}});
  t.append(" ").append(selected_text(s, Tsel));
  t.append(" ").append(label("describe_at_pos", {{"pos", fmt("%.2f", s.pos)}, {"value", fmt("%+.3f", pe::encoding_value(s.pos, 2 * s.pair, s.d, s.base))}}));
  std::string list;
  for (const int dim : dims) {
    if (dim == sel_dim) continue;
    const std::string item = label("describe_other", {{"dim", std::to_string(dim)},
                                                      {"period", period_label(pe::period(dim / 2, s.d, s.base))},
                                                      {"value", fmt("%+.3f", pe::encoding_value(s.pos, dim, s.d, s.base))}});
    list = list.empty() ? item : label("describe_other_then", {{"list", list}, {"next", item}});
  }
  return t.append(" ").append(list.empty() ? label("describe_others_none") : label("describe_others", {{"list", list}}));
}

}  // namespace app
