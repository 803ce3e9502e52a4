#include "lessons/ranges/ranges.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/ranges.hpp"
#include "imgui.h"
#include "ui/key.hpp"
#include "ui/label.hpp"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "state/state_io.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"
#include "ui/focus.hpp"

namespace app {

namespace {

// A text of the lesson's file (ranges.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::ranges, key), values);
}

// The sin and cos dimensions, and the two thresholds (colours of this view only).
const ImU32& kSin = colors::sin_series;
const ImU32& kCos = colors::cos_series;
const ImU32& kSmall = colors::accent;

constexpr ImU32 kMedium = IM_COL32(200, 120, 20, 255);  // the medium threshold's line and band

// Text in the medium threshold's hue: the palette's warning colour, read at draw time (darker in the
// high-contrast theme), since the line colour itself is too pale for text on white.
ImU32 medium_text() { return colors::warning; }

void refresh(RangesCache& cache, const State& s) {
  if (!cache.key.changed(s.d, s.base, s.n)) return;
  cache.range = pe::dimension_ranges(s.n, s.d, s.base);
}

// A threshold's slider with its value beside it, not inside: the slider's coloured grab would cover
// the value where the two meet. The value, in the threshold's colour, keeps the width of "< 0.000".
bool threshold_slider(const char* label, double& v, ImU32 col, ImU32 text_col, float width) {
  static const double lo = 0.0, hi = 2.0;
  const float value_w = ImGui::CalcTextSize("< 0.000").x;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  ImGui::SetNextItemWidth(std::max(width - value_w - spacing, ImGui::GetFrameHeight() * 2));
  ImGui::PushStyleColor(ImGuiCol_SliderGrab, ImGui::ColorConvertU32ToFloat4(col));
  ImGui::PushStyleColor(ImGuiCol_SliderGrabActive, ImGui::ColorConvertU32ToFloat4(col));
  const bool changed = ImGui::SliderScalar(label, ImGuiDataType_Double, &v, &lo, &hi, "");
  ImGui::PopStyleColor(2);
  v = std::clamp(std::isfinite(v) ? v : 0.0, lo, hi);
  ImGui::SameLine(0, spacing);
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(text_col), "< %s", fmt("%.3f", v).c_str());
  return changed;
}

// "Selected pair 3: dimension 6 (sin) changes by …, dimension 7 (cos) by …." on screen and in describe().
std::string selected_pair(int pair, double rs, double rc) {
  return label("selected", {{"pair", std::to_string(pair)},
                            {"a", std::to_string(2 * pair)},
                            {"rs", fmt("%.6f", rs)},
                            {"b", std::to_string(2 * pair + 1)},
                            {"rc", fmt("%.6f", rc)}});
}

// The ranges lesson's last sentence: where "a slow cos moves less than its sin" holds (core/ranges.hpp).
std::string cos_note(const State& s) {
  std::string t(lesson_text(View::ranges, "cos_note"));
  t += ' ';
  if (s.n <= 1) return t + std::string(lesson_text(View::ranges, "cos_one"));
  const int p = pe::first_pair_cos_below_sin(s.n, s.d, s.base);
  if (p == 0) return t + std::string(lesson_text(View::ranges, "cos_all"));
  if (p >= s.d / 2) return t + std::string(lesson_text(View::ranges, "cos_none"));
  return t + fill(lesson_text(View::ranges, "cos_from"), {{"pair", grouped(p)}, {"dim", grouped(2 * p)}});
}

}  // namespace

void draw_ranges(State& s, RangesCache& cache, const ViewContext& ctx) {
  refresh(cache, s);
  const float sc = ctx.ui_scale;
  const int d = s.d;
  lesson_intro(View::ranges, ctx);

  // The window and the thresholds side by side, or one above the other in a narrow window.
  const bool two_columns = ImGui::GetContentRegionAvail().x >= 560 * sc;
  if (ImGui::BeginTable("range_controls", two_columns ? 2 : 1, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("n", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    if (two_columns) ImGui::TableSetupColumn("thresholds", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableNextColumn();
    param_slider(label("slider_window").c_str(), s, Field::n, 1, 100000, "%.0f", ctx.notices, true);
    ImGui::TableNextColumn();
    text_wrapped_at_spaces(label("count_below"));
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
    int mark = focus_mark();
    threshold_slider("##small", cache.small, kSmall, kSmall, half);
    focus_name_since(mark, label("focus_small"));
    ImGui::SameLine();
    mark = focus_mark();
    threshold_slider("##medium", cache.medium, kMedium, medium_text(), half);
    focus_name_since(mark, label("focus_medium"));
    ImGui::EndTable();
  }
  if (cache.range.size() != static_cast<size_t>(d)) return;  // cannot happen after refresh; keeps indexing safe

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float plot_h = std::max(metrics::plot_min_height * sc, avail.y - 5.9f * ImGui::GetTextLineHeightWithSpacing());
  const double xpad = std::max(0.5, d * 0.012);
  const float plot_left = ImGui::GetCursorScreenPos().x;
  const std::string y_title = label("axis_range"), x_title = label("axis_dimension");
  const Plot p = plot_frame("ranges_plot", ImVec2(avail.x, plot_h), -xpad, d - 1 + xpad, -0.04, 2.1, false, x_title.c_str(), y_title.c_str(), sc, true);
  const int hover = std::clamp(static_cast<int>(std::lround(p.x_at(p.mouse.x))), 0, d - 1);
  if (p.clicked) set_number(s, Field::pair, hover / 2);

  ImDrawList* dl = ImGui::GetWindowDrawList();
  plot_clip_push(p);
  // Threshold bands.
  const double t_small = std::min(cache.small, cache.medium), t_medium = std::max(cache.small, cache.medium);
  dl->AddRectFilled(ImVec2(p.lo.x, p.sy(t_medium)), ImVec2(p.hi.x, p.sy(0)), with_alpha(kMedium, 22));
  dl->AddRectFilled(ImVec2(p.lo.x, p.sy(t_small)), ImVec2(p.hi.x, p.sy(0)), with_alpha(kSmall, 28));
  // The ranges: dots when there is room, else per pixel column the span of each kind's values.
  const float spacing = p.width() / static_cast<float>(d);
  LabelPlacer marks(p.lo, p.hi);  // the threshold lines' labels keep off the dots, columns and lines
  if (spacing >= 3 * sc) {
    const float r = std::min(3.0f * sc, spacing * 0.45f);
    for (int j = 0; j < d; ++j) {
      const ImVec2 q(p.sx(j), p.sy(cache.range[static_cast<size_t>(j)]));
      dl->AddCircleFilled(q, r, j % 2 == 0 ? kSin : kCos);
      marks.avoid_point(q, r + 1 * sc);
    }
  } else {
    const int cols = std::max(1, static_cast<int>(p.width()));
    for (int kind = 0; kind < 2; ++kind) {
      const float off = kind == 0 ? 0.0f : 0.5f;
      for (int c = 0; c < cols; ++c) {
        const int j0 = std::max(0, static_cast<int>(std::ceil(p.x_at(p.lo.x + static_cast<float>(c)))));
        const int j1 = std::min(d - 1, static_cast<int>(std::ceil(p.x_at(p.lo.x + static_cast<float>(c + 1)))) - 1);
        double lo = 3, hi = -1;
        for (int j = j0 + ((j0 % 2) != kind ? 1 : 0); j <= j1; j += 2) {
          lo = std::min(lo, cache.range[static_cast<size_t>(j)]);
          hi = std::max(hi, cache.range[static_cast<size_t>(j)]);
        }
        if (hi < lo) continue;
        const float x = p.lo.x + static_cast<float>(c) + off;
        dl->AddRectFilled(ImVec2(x - 1.0f * sc, p.sy(hi) - 1.5f * sc), ImVec2(x + 1.0f * sc, p.sy(lo) + 1.5f * sc), kind == 0 ? kSin : kCos);
        marks.avoid_rect(ImVec2(x - 1.0f * sc, p.sy(hi) - 1.5f * sc), ImVec2(x + 1.0f * sc, p.sy(lo) + 1.5f * sc));
      }
    }
  }
  // Threshold lines.
  const int below_small = pe::count_below(cache.range, t_small), below_medium = pe::count_below(cache.range, t_medium);
  for (const double t : {t_small, t_medium}) marks.avoid_segment(ImVec2(p.lo.x, p.sy(t)), ImVec2(p.hi.x, p.sy(t)), 1.6f * sc);
  const auto threshold_line = [&](double t, int count, ImU32 col, ImU32 text_col, bool label_above) {
    const float y = p.sy(t);
    dashed_line(dl, ImVec2(p.lo.x, y), ImVec2(p.hi.x, y), col, 1.6f * sc, 6 * sc);
    const std::string t_text = fmt("%.3g", t), count_text = withheld_or(View::ranges, "mark_counts", std::to_string(count));
    std::string txt = label("threshold_line", {{"t", t_text}, {"count", count_text}});
    // At the right end of its line, above or below it as asked, else further left along it, else on
    // the other side of the line: the first of these that covers no dot and no line (the slowest dims,
    // with ranges near 0, crowd the right end of the low line).
    // Where none is free (a short chart on a phone, longer words), the same without its word ("< 0.1: 11";
    // the sentences under the chart say what the number counts).
    const auto spots_for = [&](ImVec2 sz) {
      const float above = y - sz.y - 2 * sc, below = y + 2 * sc, right = p.hi.x - sz.x - 8 * sc, left = p.lo.x + 8 * sc;
      const int steps = 8;
      const ImVec2 step((left - right) / steps, 0);
      std::vector<ImVec2> spots = LabelPlacer::along(ImVec2(right, label_above ? above : below), step, steps + 1);
      for (const ImVec2& v : LabelPlacer::along(ImVec2(right, label_above ? below : above), step, steps + 1)) spots.push_back(v);
      return spots;
    };
    ImVec2 sz = ImGui::CalcTextSize(txt.c_str());
    if (marks.choose(sz, spots_for(sz)).cost > 0) {
      txt = "< " + t_text + ": " + count_text;
      sz = ImGui::CalcTextSize(txt.c_str());
    }
    halo_text(dl, marks.place(sz, spots_for(sz)), text_col, txt.c_str());
  };
  const bool close = std::fabs(p.sy(t_small) - p.sy(t_medium)) < 2.2f * ImGui::GetTextLineHeight();
  threshold_line(t_medium, below_medium, kMedium, medium_text(), true);
  threshold_line(t_small, below_small, kSmall, kSmall, !close);
  // The selected pair.
  for (int j : {2 * s.pair, 2 * s.pair + 1}) {
    const ImVec2 q(p.sx(j), p.sy(cache.range[static_cast<size_t>(j)]));
    dl->AddCircle(q, 6.5f * sc, colors::selected, 0, 2.2f * sc);
  }
  plot_vline(dl, p, p.sx(2 * s.pair + 0.5), with_alpha(colors::selected, 80), 1.0f);
  if (p.hovered && p.mouse.x >= p.lo.x && p.mouse.x <= p.hi.x) {
    const double r = cache.range[static_cast<size_t>(hover)];
    dl->AddCircle(ImVec2(p.sx(hover), p.sy(r)), 6.0f * sc, colors::hover_ring, 0, 1.5f * sc);
    ImGui::SetTooltip("%s\n%s\n%s",
                      label("tip_dim", {{"dim", std::to_string(hover)}, {"fn", hover % 2 == 0 ? "sin" : "cos"}, {"pair", std::to_string(hover / 2)}}).c_str(),
                      label("tip_changes", {{"r", fmt("%.6f", r)}, {"last", std::to_string(s.n - 1)}}).c_str(), label("tip_click").c_str());
  }
  plot_clip_pop();
  // Legend, right-aligned on the line above the plot beside its title; where the title leaves no room
  // (a phone), on a line of its own below the plot.
  {
    const float lh = ImGui::GetTextLineHeight();
    const std::string a = label("legend_sin"), b = label("legend_cos");
    const float wa = ImGui::CalcTextSize(a.c_str()).x, wb = ImGui::CalcTextSize(b.c_str()).x;
    const float title_end = plot_left + ImGui::CalcTextSize(y_title.c_str()).x;  // plot_frame draws it at the frame's left
    const bool above = p.hi.x - wa - wb - 40 * sc > title_end + 16 * sc;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    // Below the plot the two entries share a line where it is wide enough, else take one each.
    const bool one_line = above || wa + wb + 44 * sc <= p.hi.x - at.x;
    float x = above ? p.hi.x - wa - wb - 40 * sc : at.x;
    float y = above ? p.lo.y - lh - 6 * sc : at.y;
    if (!above) ImGui::Dummy(ImVec2(one_line ? wa + wb + 44 * sc : std::max(wa, wb) + 14 * sc, one_line ? lh : 2 * lh + 4 * sc));
    const KeyFlow key{10 * sc, 4 * sc, 0, 0, colors::ink};  // a dot 10 px wide, its words 4 px after it
    key_item(dl, ImVec2(x, y), {{Swatch::dot, kSin, 4 * sc}, a.c_str()}, key);
    if (one_line)
      x += wa + 30 * sc;
    else
      y += lh + 4 * sc;
    key_item(dl, ImVec2(x, y), {{Swatch::dot, kCos, 4 * sc}, b.c_str()}, key);
  }

  // Key numbers.
  int sin_small = 0, cos_small = 0;
  for (int j = 0; j < d; ++j)
    if (cache.range[static_cast<size_t>(j)] < t_small) ++(j % 2 == 0 ? sin_small : cos_small);
  // The sentences flow on and wrap at spaces in a narrow window.
  const std::string dd = std::to_string(d);
  ImGui::TextUnformatted(label("over_positions", {{"last", grouped(s.n - 1)}}).c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(kSmall));
  const auto count = [](int c) { return withheld_or(View::ranges, "mark_counts", std::to_string(c)); };
  const std::string small = label("small_count", {{"count", count(below_small)}, {"d", dd}, {"t", fmt("%.3g", t_small)}});
  text_after(small);
  ImGui::PopStyleColor();
  const std::string kinds = label("kinds", {{"sin", count(sin_small)}, {"cos", count(cos_small)}});
  const float space = ImGui::CalcTextSize(" ").x;  // a space when it follows on the line, none at a line's start
  if (same_line_if_fits(ImGui::CalcTextSize(kinds.c_str()).x, space))
    ImGui::TextUnformatted(kinds.c_str());
  else
    text_wrapped_at_spaces(kinds);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(medium_text()));
  text_wrapped_at_spaces(label("medium_count", {{"count", count(below_medium)}, {"d", dd}, {"t", fmt("%.3g", t_medium)}}));
  ImGui::PopStyleColor();
  const double rs = cache.range[static_cast<size_t>(2 * s.pair)], rc = cache.range[static_cast<size_t>(2 * s.pair + 1)];
  const std::string sel = selected_pair(s.pair, rs, rc);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::selected));
  text_wrapped_at_spaces(sel);
  ImGui::PopStyleColor();
  caption(cos_note(s));
}

}  // namespace app

namespace app {

std::string describe_ranges(const State& s, const RangesCache& cache) {
  // The view's two thresholds as the sliders hold them (view-local, not part of the state), read the
  // way draw_ranges reads them: each in [0, 2], the smaller one first.
  const auto threshold = [](double v) { return std::clamp(std::isfinite(v) ? v : 0.0, 0.0, 2.0); };
  const double t1 = threshold(cache.small), t2 = threshold(cache.medium);
  const double t_small = std::min(t1, t2), t_medium = std::max(t1, t2);
  const std::vector<double> range = pe::dimension_ranges(s.n, s.d, s.base);
  int sin_small = 0, cos_small = 0;
  for (int j = 0; j < s.d; ++j)
    if (range[static_cast<size_t>(j)] < t_small) ++(j % 2 == 0 ? sin_small : cos_small);
  const std::string d = std::to_string(s.d);
  const int pair = std::clamp(s.pair, 0, s.d / 2 - 1);
  const size_t a = static_cast<size_t>(2 * pair), b = a + 1;
  const auto count = [](int c) { return withheld_or(View::ranges, "mark_counts", std::to_string(c)); };
  std::string t = label("describe_counts", {{"last", grouped(s.n - 1)},
                                            {"n", grouped(s.n)},
                                            {"small", count(pe::count_below(range, t_small))},
                                            {"d", d},
                                            {"t_small", fmt("%.3g", t_small)},
                                            {"sin", count(sin_small)},
                                            {"cos", count(cos_small)},
                                            {"medium", count(pe::count_below(range, t_medium))},
                                            {"t_medium", fmt("%.3g", t_medium)}});
  return t.append(" ").append(selected_pair(pair, range[a], range[b])).append(" ").append(cos_note(s));
}

}  // namespace app
