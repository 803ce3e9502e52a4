#include "lessons/waves/waves.hpp"

#include <algorithm>
#include <cmath>
#include <string>

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
    param_slider("window N (positions 0 to N-1)", s, Field::n, 1, 100000, "%.0f", ctx.notices, true);
    ImGui::TableNextColumn();
    ImGui::Text("add a dimension (0 to %d)", s.d - 1);
    ImGui::SetNextItemWidth(130 * sc);
    const int add_mark = focus_mark();
    ImGui::InputInt("##add", &cache.add_dim);
    focus_name_since(add_mark, "dimension to add");
    cache.add_dim = std::clamp(cache.add_dim, 0, s.d - 1);
    ImGui::SameLine();
    const bool full = static_cast<int>(cache.dims.size()) >= kMaxDims;
    const bool present = std::find(cache.dims.begin(), cache.dims.end(), cache.add_dim) != cache.dims.end();
    ImGui::BeginDisabled(full || present);
    if (ImGui::Button("add")) {
      cache.dims.push_back(cache.add_dim);
      std::sort(cache.dims.begin(), cache.dims.end());
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("reset")) reset_dims(cache, s.d);
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
                            "position p", "PE(p, dimension)", sc, true);
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
      ImGui::SetTooltip("dimension %d = %s(w p), pair %d\nat position p = %s: %+.4f\nperiod %s positions", near->dim, near->dim % 2 == 0 ? "sin" : "cos",
                        near->dim / 2, fmt("%.2f", x).c_str(), pe::encoding_value(x, near->dim, s.d, s.base),
                        fmt("%.6g", pe::period(near->dim / 2, s.d, s.base)).c_str());
    else
      ImGui::SetTooltip("position p = %s\nclick or drag to move pos here", fmt("%.2f", x).c_str());
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
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors::text_dim), "%-9s  %9s  %6s", "dimension", "period", "at pos");
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
    char label[96];
    std::snprintf(label, sizeof label, "%-5d %s  %9s  %+.3f", c.dim, c.dim % 2 == 0 ? "sin" : "cos",
                  period_label(T).c_str(),
                  pe::encoding_value(s.pos, c.dim, s.d, s.base));
    ImGui::PushFont(ctx.fonts.mono);
    if (ImGui::Selectable(label, c.selected, 0, ImVec2(ImGui::CalcTextSize(label).x + 4 * sc, 0))) set_number(s, Field::pair, i);
    ImGui::PopFont();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("dimension %d = %s(w p), pair %d\nw = %s rad per position\nperiod 2\xCF\x80/w = %s positions", c.dim,
                        c.dim % 2 == 0 ? "sin" : "cos", i, fmt("%.6g", pe::omega(i, s.d, s.base)).c_str(), fmt("%.6g", T).c_str());
    if (!c.selected && std::find(cache.dims.begin(), cache.dims.end(), c.dim) != cache.dims.end()) {
      ImGui::SameLine();
      if (ImGui::SmallButton("\xC3\x97")) remove = c.dim;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("remove dimension %d", c.dim);
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
  t += ' ';
  t += selected_text(s, Tsel) + " At pos = " + fmt("%.2f", s.pos) + " it is " + fmt("%+.3f", pe::encoding_value(s.pos, 2 * s.pair, s.d, s.base)) +
       ". The other curves:";
  bool first = true;
  for (const int dim : dims) {
    if (dim == sel_dim) continue;
    const int i = dim / 2;
    t += std::string(first ? " " : "; ") + "dimension " + std::to_string(dim) + ", period " +
         period_label(pe::period(i, s.d, s.base)) + ", " + fmt("%+.3f", pe::encoding_value(s.pos, dim, s.d, s.base)) + " at pos";
    first = false;
  }
  return t + (first ? " none." : ".");
}

}  // namespace app
