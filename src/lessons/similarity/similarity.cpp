#include "lessons/similarity/similarity.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/similarity.hpp"
#include "core/similarity_curve.hpp"
#include "imgui.h"
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

// The closed form (a wide pale band under the curves) and the curve from the current pos.
constexpr ImU32 kClosed = IM_COL32(160, 166, 178, 150);
constexpr ImU32 kLive = IM_COL32(20, 150, 130, 255);
// The curves from the three fixed starting positions: the first three plot series colours.
ImU32 start_color(size_t i) { return series_color(static_cast<int>(i)); }
constexpr int kMarkers = 20;  // markers per curve across the plot

// Every M-th sample carries a marker; the three marked curves use offsets 0, M/3 and 2M/3 so their
// markers sit side by side instead of on top of each other.
int marker_every(int samples) { return std::max(3, samples / kMarkers); }

// A text of the lesson's file (similarity.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::similarity, key), values);
}

void refresh(SimilarityCache& c, const State& s, int samples) {
  if (c.key.changed(s.d, s.base, s.similarityMaxK, samples, c.starts)) {
    c.ks = pe::integer_offsets(s.similarityMaxK, samples);
    c.closed.assign(c.ks.size(), 0.0);
    pe::dot_curve_closed_form(c.ks, s.d, s.base, c.closed);
    c.lowest = *std::min_element(c.closed.begin(), c.closed.end());
    c.worst_gap = 0;
    for (size_t i = 0; i < 3; ++i) {
      c.direct[i].assign(c.ks.size(), 0.0);
      pe::dot_curve_direct(c.starts[i], c.ks, s.d, s.base, c.direct[i]);
      for (size_t j = 0; j < c.ks.size(); ++j) {
        c.lowest = std::min(c.lowest, c.direct[i][j]);
        c.worst_gap = std::max(c.worst_gap, std::fabs(c.direct[i][j] - c.closed[j]));
      }
    }
  }
  // The live curve at its markers: offsets j = 2M/3 (mod M) of the sampled ones, M = marker_every.
  if (c.live_key.changed(s.pos, samples, s.similarityMaxK, s.d, s.base)) {
    const int M = marker_every(static_cast<int>(c.ks.size()));
    c.live_ks.clear();
    for (size_t j = static_cast<size_t>(2 * M / 3); j < c.ks.size(); j += static_cast<size_t>(M)) c.live_ks.push_back(c.ks[j]);
    c.live.assign(c.live_ks.size(), 0.0);
    pe::dot_curve_direct(s.pos, c.live_ks, s.d, s.base, c.live);
  }
}

}  // namespace

void draw_similarity(State& s, SimilarityCache& cache, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  lesson_intro(View::similarity, ctx);

  // Side by side, or one above the other in a narrow window (a phone).
  const bool two_columns = ImGui::GetContentRegionAvail().x >= 560 * sc;
  if (ImGui::BeginTable("sim_controls", two_columns ? 2 : 1, ImGuiTableFlags_SizingStretchProp)) {
    // Fixed weights: a stretch column sized from its contents would feed the full-width slider's width
    // back into itself and settle differently from one first frame to another.
    ImGui::TableSetupColumn("kmax", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    if (two_columns) ImGui::TableSetupColumn("starts", ImGuiTableColumnFlags_WidthStretch, 1.39f);
    ImGui::TableNextColumn();
    const std::string kmax_label = label("kmax_label");
    text_wrapped_at_spaces(kmax_label);  // the column's width: never cut short
    ImGui::SetNextItemWidth(-1);
    int kmax = s.similarityMaxK;
    const int kmax_mark = focus_mark();
    if (slider_int("##kmax", &kmax, kSimilarityMinK, kSimilarityMaxK, "%d", ImGuiSliderFlags_Logarithmic))
      set_number(s, Field::similarityMaxK, std::clamp(kmax, kSimilarityMinK, kSimilarityMaxK));
    focus_name_since(kmax_mark, kmax_label);
    ImGui::TableNextColumn();
    text_wrapped_at_spaces(label("starts_label"));
    // Three fields of 110 px, narrower when the column is (each still holds a 7-digit position).
    const float field_w = std::clamp((ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3, 70 * sc, 110 * sc);
    for (size_t i = 0; i < 3; ++i) {
      ImGui::PushID(static_cast<int>(i));
      if (i > 0) same_line_if_fits(field_w);
      ImGui::SetNextItemWidth(field_w);
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(start_color(i)));
      ImGui::InputInt("##start", &cache.starts[i], 0, 0);
      focus_name(label("start_field", {{"n", std::to_string(i + 1)}}));
      ImGui::PopStyleColor();
      cache.starts[i] = std::clamp(cache.starts[i], 0, 1000000);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }

  // The legend and the values at k beside the plot, or below it in a narrow window (a phone), where
  // the plot takes the whole width.
  const PlotAndSide lay = plot_and_side(ImGui::GetContentRegionAvail(), 330 * sc, 1.6f * ImGui::GetTextLineHeightWithSpacing(), sc);
  const bool beside = lay.beside;
  const float table_w = lay.side_w, plot_w = lay.plot.x, plot_h = lay.plot.y;
  // One whole offset per pixel column at most (the inner width is the frame minus its margins).
  const int samples = std::max(2, static_cast<int>(plot_w - 70 * sc));
  refresh(cache, s, samples);

  const double top = s.d / 2.0;
  const double span = std::max(1.0, top - std::min(0.0, cache.lowest));
  const Plot p = plot_frame("sim_plot", ImVec2(plot_w, plot_h), 0, s.similarityMaxK, std::min(0.0, cache.lowest) - 0.05 * span,
                            top + 0.07 * span, false, label("axis_offset").c_str(), "PE(pos) \xC2\xB7 PE(pos + k)", sc);
  if (p.held && p.mouse.x >= p.lo.x - 4 && p.mouse.x <= p.hi.x + 4)
    set_number(s, Field::k, std::round(std::clamp(p.x_at(p.mouse.x), 0.0, static_cast<double>(s.similarityMaxK))));

  ImDrawList* dl = ImGui::GetWindowDrawList();
  plot_clip_push(p);
  plot_hline(dl, p, p.sy(0), colors::zero_line, 1.0f);
  std::vector<ImVec2> pts(cache.ks.size());
  for (size_t j = 0; j < cache.ks.size(); ++j) pts[j] = ImVec2(p.sx(cache.ks[j]), p.sy(cache.closed[j]));
  // While a tour question asks whether another start changes the value, only the first start's curve
  // is drawn: the others and the closed form (which has no pos in it) would answer it.
  const bool others_withheld = text_withheld(View::similarity, "mark_starts");
  if (!others_withheld) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), kClosed, 0, 7.0f * sc);
  for (size_t j = 0; j < cache.ks.size(); ++j) pts[j] = ImVec2(p.sx(cache.ks[j]), p.sy(cache.direct[0][j]));
  dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), start_color(0), 0, 1.8f * sc);
  const int M = marker_every(static_cast<int>(cache.ks.size()));
  const float r = 4.0f * sc;
  for (size_t i = 1; i < (others_withheld ? 1u : 3u); ++i)
    for (size_t j = (i == 1 ? 0 : static_cast<size_t>(M / 3)); j < cache.ks.size(); j += static_cast<size_t>(M))
      marker(dl, static_cast<int>(i) - 1, ImVec2(p.sx(cache.ks[j]), p.sy(cache.direct[i][j])), r, start_color(i), sc);
  for (size_t j = 0; j < (others_withheld ? 0u : cache.live_ks.size()); ++j) marker(dl, 2, ImVec2(p.sx(cache.live_ks[j]), p.sy(cache.live[j])), r, kLive, sc);
  // The chosen offset. The dot product is even in k (cos is), so a negative k is shown at |k|.
  const double at_k = pe::dot_closed_form(s.k, s.d, s.base);
  const double shown_k = std::fabs(s.k);
  if (shown_k <= s.similarityMaxK) {
    const float x = p.sx(shown_k);
    if (s.k < 0)
      dashed_line(dl, ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), colors::ghost, 1.5f * sc, 5 * sc);
    else
      plot_vline(dl, p, x, colors::ghost, 1.5f * sc);
    dl->AddCircleFilled(ImVec2(x, p.sy(at_k)), 4.5f * sc, colors::ghost);
    const std::string t = label(s.k < 0 ? "marker_k_negative" : "marker_k", {{"k", fmt("%g", s.k)}, {"value", fmt("%.2f", at_k)}});
    halo_text_beside(dl, p, x, p.lo.y + 4 * sc, colors::ghost, t.c_str(), 6 * sc, 8 * sc, 10 * sc);
  }
  // The pointer reads the curve: the dot product at the offset under it, from the first start.
  if (p.hovered && p.mouse.x >= p.lo.x && p.mouse.x <= p.hi.x) {
    const double k = std::round(std::clamp(p.x_at(p.mouse.x), 0.0, static_cast<double>(s.similarityMaxK)));
    const std::string tip = label("tip_offset", {{"k", fmt("%g", k)},
                                                 {"a", grouped(cache.starts[0])},
                                                 {"b", grouped(cache.starts[0] + static_cast<int>(k))},
                                                 {"value", fmt("%.4f", pe::dot_direct(cache.starts[0], k, s.d, s.base))}});
    ImGui::SetTooltip("%s\n%s", tip.c_str(), label("tip_click").c_str());
  }
  plot_clip_pop();

  // Beside (or below) the plot: the legend and the values at k.
  if (beside) ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::PushFont(ctx.fonts.title);
  text_wrapped_at_spaces(label("at_k", {{"k", fmt("%g", s.k)}}), table_w);
  ImGui::PopFont();
  const float lh = ImGui::GetTextLineHeight();
  const auto row = [&](int shape, ImU32 col, const std::string& name, double v) {
    const ImVec2 q = ImGui::GetCursorScreenPos();
    const ImVec2 c(q.x + 12 * sc, q.y + lh / 2);
    if (shape < 0)
      dl->AddLine(ImVec2(c.x - 10 * sc, c.y), ImVec2(c.x + 10 * sc, c.y), col, shape == -2 ? 7.0f * sc : 2.0f * sc);
    else
      marker(dl, shape, c, r, col, sc);
    ImGui::SetCursorScreenPos(ImVec2(q.x + 30 * sc, q.y));
    ImGui::TextUnformatted(name.c_str());
    // The values in one column; a label that reaches into it (a position of ten digits on a phone)
    // puts its value under the column's head on the next line.
    const float column = q.x + table_w - 110 * sc;
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x <= column)
      ImGui::SameLine(table_w - 110 * sc);
    else
      ImGui::SetCursorScreenPos(ImVec2(column, ImGui::GetCursorScreenPos().y));
    ImGui::PushFont(ctx.fonts.mono);
    ImGui::TextUnformatted(std::isnan(v) ? "          ?" : fmt("%11.6f", v).c_str());  // NaN: withheld
    ImGui::PopFont();
  };
  row(-1, start_color(0), label("from_start", {{"pos", grouped(cache.starts[0])}}), pe::dot_direct(cache.starts[0], s.k, s.d, s.base));
  const double hidden = std::nan("");
  const auto shown = [&](double v) { return others_withheld ? hidden : v; };
  row(0, start_color(1), label("from_start", {{"pos", grouped(cache.starts[1])}}), shown(pe::dot_direct(cache.starts[1], s.k, s.d, s.base)));
  row(1, start_color(2), label("from_start", {{"pos", grouped(cache.starts[2])}}), shown(pe::dot_direct(cache.starts[2], s.k, s.d, s.base)));
  row(2, kLive, label("from_current", {{"pos", fmt("%.2f", s.pos)}}), shown(pe::dot_direct(s.pos, s.k, s.d, s.base)));
  row(-2, kClosed, label(others_withheld ? "closed_row_withheld" : "closed_row"), shown(at_k));
  ImGui::Spacing();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + table_w);
  if (s.k < 0) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::warning));
    text_wrapped_at_spaces(fill(lesson_text(View::similarity, "negative_k"), {{"k", fmt("%g", shown_k)}}), table_w);
    ImGui::PopStyleColor();
  }
  if (shown_k > s.similarityMaxK) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::warning));
    text_wrapped_at_spaces(fill(lesson_text(View::similarity, "beyond_chart"), {{"k", fmt("%g", shown_k)}}), table_w);
    ImGui::PopStyleColor();
  }
  caption(lesson_text(View::similarity, "rows"));
  ImGui::Spacing();
  text_wrapped_at_spaces(fill(lesson_text(View::similarity, "gap"), {{"gap", fmt("%.1e", cache.worst_gap)}}), table_w);
  ImGui::Spacing();
  if (static_cast<int>(cache.ks.size()) == s.similarityMaxK + 1)
    caption(lesson_text(View::similarity, "every_offset"));
  else
    caption(fill(lesson_text(View::similarity, "sampled"),
                 {{"count", std::to_string(cache.ks.size())},
                  {"every", fmt("%.0f", static_cast<double>(s.similarityMaxK) / (static_cast<double>(cache.ks.size()) - 1))}}));
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
}

}  // namespace app

namespace app {

std::string describe_similarity(const State& s, const SimilarityCache& cache) {
  // The view's own settings, read the way draw_similarity reads them: three starting positions in
  // [0, 1,000,000] (view-local, in the cache) and the chart's offsets 0 to kmax (the State's
  // similarityMaxK). Then the current pos.
  const int kmax = s.similarityMaxK;
  const double closed = pe::dot_closed_form(s.k, s.d, s.base);
  if (text_withheld(View::similarity, "mark_starts"))
    return label("describe_withheld", {{"k", fmt("%g", s.k)},
                                       {"start", grouped(cache.starts[0])},
                                       {"value", fmt("%.6f", pe::dot_direct(cache.starts[0], s.k, s.d, s.base))},
                                       {"hidden", std::string(withheld_words())}});
  std::array<int, 3> from{};
  std::array<std::string, 3> value;
  for (size_t i = 0; i < from.size(); ++i) {
    from[i] = std::clamp(cache.starts[i], 0, 1000000);
    value[i] = fmt("%.6f", pe::dot_direct(from[i], s.k, s.d, s.base));
  }
  std::string t = label("describe_same", {{"k", fmt("%g", s.k)},
                                          {"v1", value[0]},
                                          {"s1", grouped(from[0])},
                                          {"v2", value[1]},
                                          {"s2", grouped(from[1])},
                                          {"v3", value[2]},
                                          {"s3", grouped(from[2])},
                                          {"current", fmt("%.6f", pe::dot_direct(s.pos, s.k, s.d, s.base))},
                                          {"pos", fmt("%.2f", s.pos)},
                                          {"closed", fmt("%.6f", closed)}});
  t.append(" ").append(label("describe_range", {{"top", fmt("%g", s.d / 2.0)}, {"kmax", grouped(kmax)}}));
  // The same note the view shows beside the chart when the chosen offset is off its right edge.
  if (std::fabs(s.k) > kmax) t.append(" ").append(fill(lesson_text(View::similarity, "beyond_chart"), {{"k", fmt("%g", std::fabs(s.k))}}));
  return t;
}

}  // namespace app
