#include "lessons/periods/periods.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/frequency.hpp"
#include "imgui.h"
#include "ui/key.hpp"
#include "ui/label.hpp"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/style.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "state/state_io.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

// A text of the lesson's file (periods.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::periods, key), values);
}

// Periods within the window, longer than the window, and the window itself.
const ImU32& kFast = colors::sin_series;
const ImU32& kSlow = colors::muted;
const ImU32& kWindow = colors::cos_series;

void refresh(PeriodsCache& cache, const State& s) {
  if (!cache.key.changed(s.d, s.base)) return;
  cache.period.resize(static_cast<size_t>(s.d / 2));
  for (int i = 0; i < s.d / 2; ++i) cache.period[static_cast<size_t>(i)] = pe::period(i, s.d, s.base);
}

std::string period_text(double T) { return T < 1e7 ? grouped(T, T < 100 ? 3 : (T < 1e4 ? 1 : 0)) : fmt("%.4g", T); }

}  // namespace

void draw_periods(State& s, PeriodsCache& cache, const ViewContext& ctx) {
  refresh(cache, s);
  const float sc = ctx.ui_scale;
  const int pairs = s.d / 2;
  const double ratio = pe::period_ratio(s.d, s.base);
  // While a tour question asks for the first pair past N, the chart does not mark it: one colour, no
  // line at the crossing (mark_first_long).
  const int first = pe::first_pair_with_period_above(s.n, s.d, s.base);
  const int split = text_withheld(View::periods, "mark_first_long") ? pairs : first;  // where the chart changes colour
  const double slowest = cache.period.back();

  lesson_intro(View::periods, ctx);
  // The hint beside the slider, or below it in a narrow window.
  const bool two_columns = ImGui::GetContentRegionAvail().x >= 560 * sc;
  if (ImGui::BeginTable("period_controls", two_columns ? 2 : 1, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableNextColumn();
    param_slider(label("slider_window").c_str(), s, Field::n, 1, 100000, "%.0f", ctx.notices, true);
    ImGui::TableNextColumn();
    caption(lesson_text(View::periods, "hint"));
    ImGui::EndTable();
  }

  // y from below both 2*pi and N to above both the slowest period and N, so the line at N is always on the chart.
  const double ylo = std::min(2.0, static_cast<double>(s.n) * 0.5), yhi = std::max(slowest, static_cast<double>(s.n)) * 3.0;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float plot_h = std::max(metrics::plot_min_height * sc, avail.y - 5.6f * ImGui::GetTextLineHeightWithSpacing());
  const double xpad = std::max(0.5, pairs * 0.012);
  const std::string x_title = label("axis_pair"), y_title = label("axis_period");
  const Plot p = plot_frame("periods_plot", ImVec2(avail.x, plot_h), -xpad, pairs - 1 + xpad, ylo, yhi, true,
                            x_title.c_str(), y_title.c_str(), sc, true);
  const int hover = std::clamp(static_cast<int>(std::lround(p.x_at(p.mouse.x))), 0, pairs - 1);
  if (p.clicked) set_number(s, Field::pair, hover);

  ImDrawList* dl = ImGui::GetWindowDrawList();
  // The selected pair's label keeps off the points, the window's line and the other labels (2 px
  // inside the frame, as it always was).
  LabelPlacer labels(ImVec2(p.lo.x, p.lo.y + 2), ImVec2(p.hi.x, p.hi.y - 2));
  // The key, when no corner of the chart is free of data, goes under it (after the clip ends).
  bool key_inside = true;
  std::vector<FlowEntry> below_key;
  KeyFlow key_flow_style;
  const std::string key_words[3] = {std::string(lesson_text(View::periods, "key_within")), std::string(lesson_text(View::periods, "key_longer")),
                                    std::string(lesson_text(View::periods, "key_period"))};
  plot_clip_push(p);
  // The points: dots when there is room, else one vertex per pixel column (the periods only grow).
  const float spacing = p.width() / static_cast<float>(pairs);
  if (spacing >= 4 * sc) {
    const float r = std::min(3.5f * sc, spacing * 0.4f);
    for (int i = 0; i < pairs; ++i) {
      const ImVec2 q(p.sx(i), p.sy(cache.period[static_cast<size_t>(i)]));
      dl->AddCircleFilled(q, r, i < split ? kFast : kSlow);
      labels.avoid_point(q, r);
    }
  } else {
    std::vector<ImVec2> fast, slow;
    int last_px = -1;
    for (int i = 0; i < pairs; ++i) {
      const ImVec2 q(p.sx(i), p.sy(cache.period[static_cast<size_t>(i)]));
      const int px = static_cast<int>(q.x);
      if (px == last_px && i != split && i != split - 1 && i != pairs - 1) continue;
      last_px = px;
      (i < split ? fast : slow).push_back(q);
      if (i == split - 1) slow.push_back(q);  // join the two parts
    }
    dl->AddPolyline(fast.data(), static_cast<int>(fast.size()), kFast, 0, 2.5f * sc);
    dl->AddPolyline(slow.data(), static_cast<int>(slow.size()), kSlow, 0, 2.5f * sc);
    labels.avoid_polyline(fast, 2.5f * sc);
    labels.avoid_polyline(slow, 2.5f * sc);
  }
  // The window N.
  const float yN = p.sy(s.n);
  dashed_line(dl, ImVec2(p.lo.x, yN), ImVec2(p.hi.x, yN), kWindow, 1.6f * sc, 7 * sc);
  labels.avoid_segment(ImVec2(p.lo.x, yN), ImVec2(p.hi.x, yN), 1.6f * sc);
  const std::string nlabel = "N = " + grouped(s.n);
  const ImVec2 nsz = ImGui::CalcTextSize(nlabel.c_str());
  {
    // Above its line from the left (the periods under N lie below it there), else below it at the right.
    const float above = yN - nsz.y - 2 * sc, below = yN + 2 * sc;
    std::vector<ImVec2> spots = LabelPlacer::along(ImVec2(p.lo.x + 4 * sc, above), ImVec2(nsz.y, 0), 8);
    spots.emplace_back(p.hi.x - nsz.x - 8 * sc, below);
    const ImVec2 at = labels.place(ImVec2(nsz.x + 4, nsz.y), spots);
    halo_text(dl, ImVec2(at.x + 2, at.y), kWindow, nlabel.c_str());
  }
  // Where the periods cross N.
  if (split > 0 && split < pairs) {
    const float x = p.sx(split);
    dashed_line(dl, ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), with_alpha(colors::muted, 200), 1.0f, 4 * sc);
    labels.avoid_segment(ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), 1.0f);
    // Right of the line, else left of it; where neither side has room (a phone), the short form.
    const std::string dim = std::to_string(2 * first);
    std::string t = fill(lesson_text(View::periods, "first_long_label"), {{"dim", dim}});
    const auto fits = [&](const std::string& u) {
      const float w = ImGui::CalcTextSize(u.c_str()).x;
      return x + w + 10 * sc <= p.hi.x || x - w - 6 * sc >= p.lo.x;
    };
    if (!fits(t)) t = fill(lesson_text(View::periods, "first_long_label_short"), {{"dim", dim}});
    if (!fits(t)) t = std::string(lesson_text(View::periods, "first_long_label_min"));
    const float tw = ImGui::CalcTextSize(t.c_str()).x;
    const float tx = beside_line(x, tw, p.hi.x, 6 * sc, 6 * sc, 10 * sc);
    const ImVec2 at(std::clamp(tx, p.lo.x + 2 * sc, std::max(p.lo.x + 2 * sc, p.hi.x - tw - 2 * sc)), p.lo.y + 4 * sc);
    halo_text(dl, at, colors::text_dim, t.c_str());
    labels.avoid_rect(ImVec2(at.x - 2, at.y), ImVec2(at.x + tw + 2, at.y + ImGui::GetTextLineHeight()));
  }
  // The selected pair.
  const ImVec2 sel(p.sx(s.pair), p.sy(cache.period[static_cast<size_t>(s.pair)]));
  plot_vline(dl, p, sel.x, with_alpha(colors::selected, 90), 1.0f);
  labels.avoid_segment(ImVec2(sel.x, p.lo.y), ImVec2(sel.x, p.hi.y), 1.0f);
  dl->AddCircleFilled(sel, 5.5f * sc, colors::selected);
  dl->AddCircle(sel, 8.0f * sc, colors::selected, 0, 1.5f * sc);
  {
    const std::string t = label("selected_label", {{"pair", std::to_string(s.pair)}, {"T", period_text(cache.period[static_cast<size_t>(s.pair)])}});
    const ImVec2 tsz = ImGui::CalcTextSize(t.c_str());
    // Left of the point on the right half (below the line there), right of it on the left half; where
    // that covers a neighbour's point (pair 0's label over pair 1) or a line, the other side of the
    // curve (the periods only grow, so below right and above left are clear of it).
    const bool right_half = sel.x > (p.lo.x + p.hi.x) / 2;
    // (Spots are the halo's box, 2 px wider than the text on either side.)
    const float left = sel.x - tsz.x - 12 * sc - 2, right = sel.x + 12 * sc - 2;
    const float above = sel.y - tsz.y - 6 * sc, below = sel.y + 6 * sc;
    std::vector<ImVec2> spots = right_half ? std::vector<ImVec2>{ImVec2(left, below), ImVec2(left, above), ImVec2(right, below), ImVec2(right, above)}
                                           : std::vector<ImVec2>{ImVec2(right, above), ImVec2(right, below), ImVec2(left, above), ImVec2(left, below)};
    // Near the frame's bottom or top the spot below or above is pushed back inside, onto the
    // neighbours' points: then the same side further along, away from the curve (it climbs to the
    // right, so further right below it, or further left above it).
    const std::vector<ImVec2> further = right_half ? LabelPlacer::along(ImVec2(left - tsz.y, above), ImVec2(-tsz.y, 0), 12)
                                                   : LabelPlacer::along(ImVec2(right + tsz.y, below), ImVec2(tsz.y, 0), 12);
    spots.insert(spots.end(), further.begin(), further.end());
    // Still covered (the last pairs, near the top right corner): beside the selected pair's line, down
    // or up from the point, where the curve has fallen away.
    for (const ImVec2& from : {ImVec2(left, below), ImVec2(right, below), ImVec2(left, above), ImVec2(right, above)}) {
      const bool down = from.y > sel.y;
      const std::vector<ImVec2> slide = LabelPlacer::along(from, ImVec2(0, down ? tsz.y : -tsz.y), 12);
      spots.insert(spots.end(), slide.begin(), slide.end());
    }
    labels.avoid_point(sel, 8.75f * sc);  // the selection ring
    const ImVec2 at = labels.place(ImVec2(tsz.x + 4, tsz.y), spots);
    halo_text(dl, ImVec2(at.x + 2, at.y), colors::selected, t.c_str());
  }
  {
    // The key: which colour of point is which (one colour while a tour question withholds the split).
    const std::string &within = key_words[0], &longer = key_words[1], &one = key_words[2];
    // Dots, or lines where the pairs are too many for dots, as drawn.
    const bool dots = spacing >= 4 * sc;
    const auto mark = [&](ImU32 col) { return Swatch{dots ? Swatch::dot : Swatch::line, col, dots ? 3.5f * sc : 0.0f, 2.5f * sc}; };
    const FlowEntry split_key[] = {{mark(kFast), within.c_str()}, {mark(kSlow), longer.c_str()}};
    const FlowEntry one_key[] = {{mark(kFast), one.c_str()}};
    const std::span<const FlowEntry> key = split < pairs ? std::span<const FlowEntry>(split_key) : std::span<const FlowEntry>(one_key);
    const KeyFlow flow{14 * sc, 6 * sc, 20 * sc, 2 * sc, colors::ink};
    key_inside = placed_key(dl, labels, key, flow, 4 * sc, labels.corners(placed_key_size(key, flow, 4 * sc), 2 * sc));
    if (!key_inside) below_key.assign(key.begin(), key.end());
    key_flow_style = flow;
  }
  if (p.hovered && p.mouse.x >= p.lo.x && p.mouse.x <= p.hi.x) {
    dl->AddCircle(ImVec2(p.sx(hover), p.sy(cache.period[static_cast<size_t>(hover)])), metrics::hover_radius * sc, colors::hover_ring, 0, 1.5f * sc);
    ImGui::SetTooltip("%s\n%s\n%s",
                      label("tip_pair", {{"i", std::to_string(hover)}, {"a", std::to_string(2 * hover)}, {"b", std::to_string(2 * hover + 1)}}).c_str(),
                      label("tip_period", {{"T", fmt("%.6g", cache.period[static_cast<size_t>(hover)])}}).c_str(),
                      label("tip_w", {{"w", fmt("%.6g", pe::omega(hover, s.d, s.base))}}).c_str());
  }
  plot_clip_pop();
  if (!key_inside) key_flow(below_key, p.width(), key_flow_style);

  // Key numbers: what and value side by side, or in a narrow window (a phone) each value under its
  // name, wrapped at spaces.
  const bool stacked = ImGui::GetContentRegionAvail().x < 640 * sc;
  const ImGuiTableFlags sizing = stacked ? ImGuiTableFlags_SizingStretchProp : ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("period_numbers", stacked ? 1 : 2, sizing | ImGuiTableFlags_BordersInnerH)) {
    const auto row = [&](const std::string& what, const std::string& value, ImU32 col) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (stacked) {
        text_wrapped_at_spaces(what, ImGui::GetContentRegionAvail().x);
        ImGui::Indent(12 * sc);
      } else {
        ImGui::TextUnformatted(what.c_str());
        ImGui::TableNextColumn();
      }
      ImGui::PushFont(ctx.fonts.mono);
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(col));
      if (stacked)
        text_wrapped_at_spaces(value, ImGui::GetContentRegionAvail().x);
      else
        ImGui::TextUnformatted(value.c_str());
      ImGui::PopStyleColor();
      ImGui::PopFont();
      if (stacked) ImGui::Unindent(12 * sc);
    };
    const ImU32 ink = colors::ink;
    if (pairs > 1)
      row(label("row_ratio"), label("value_ratio", {{"ratio", fmt("%.6f", ratio)}, {"pct", fmt("%.2f", (ratio - 1) * 100)}}), ink);
    else
      row(label("row_ratio"), label("value_ratio_none"), ink);
    row(fill(lesson_text(View::periods, "first_long_row"), {{"n", grouped(s.n)}}),
        first < pairs ? fill(lesson_text(View::periods, "first_long_value"), {{"first", std::to_string(first)},
                                                                               {"dim", std::to_string(2 * first)},
                                                                               {"count", std::to_string(pairs - first)},
                                                                               {"pairs", std::to_string(pairs)}})
                      : std::string(lesson_text(View::periods, "first_long_none")),
        ink);
    row(label("row_fastest"), label("value_positions", {{"T", fmt("%.4f", cache.period.front())}}), ink);
    row(label("row_slowest", {{"i", std::to_string(pairs - 1)}}), label("value_positions", {{"T", period_text(slowest)}}), ink);
    row(label("row_selected", {{"i", std::to_string(s.pair)}, {"a", std::to_string(2 * s.pair)}, {"b", std::to_string(2 * s.pair + 1)}}),
        label("value_selected",
              {{"T", period_text(cache.period[static_cast<size_t>(s.pair)])}, {"w", fmt("%.6g", pe::omega(s.pair, s.d, s.base))}}),
        colors::selected);
    ImGui::EndTable();
  }
}

}  // namespace app

namespace app {

std::string describe_periods(const State& s, const PeriodsCache& /*cache*/) {
  const int pairs = s.d / 2;
  const int first = pe::first_pair_with_period_above(s.n, s.d, s.base);
  std::string t = label("describe_range", {{"pairs", std::to_string(pairs)},
                                           {"fast", fmt("%.4f", pe::period(0, s.d, s.base))},
                                           {"slow", period_text(pe::period(pairs - 1, s.d, s.base))},
                                           {"last", std::to_string(pairs - 1)},
                                           {"ratio", fmt("%.6g", pe::period(pairs - 1, s.d, s.base) / pe::period(0, s.d, s.base))}});
  t.append(" ");
  if (pairs > 1) t.append(label("describe_ratio", {{"r", fmt("%.6f", pe::period_ratio(s.d, s.base))}})).append(" ");
  t.append(first < pairs ? label("describe_first_long", {{"first", std::to_string(first)},
                                                         {"count", std::to_string(pairs - first)},
                                                         {"pairs", std::to_string(pairs)},
                                                         {"n", grouped(s.n)}})
                         : label("describe_first_long_none", {{"n", grouped(s.n)}}));
  return t.append(" ").append(label("describe_selected", {{"i", std::to_string(s.pair)}, {"T", period_text(pe::period(s.pair, s.d, s.base))}}));
}

}  // namespace app
