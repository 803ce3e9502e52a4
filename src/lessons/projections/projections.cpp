#include "lessons/projections/projections.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/encoding.hpp"
#include "ui/focus.hpp"
#include "imgui.h"
#include "ui/bars.hpp"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "state/state_io.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

// The plot's fixed starting positions m (the article's 0, 100 and 300).
constexpr double kStarts[] = {0, 100, 300};
constexpr size_t kStartCount = sizeof(kStarts) / sizeof(kStarts[0]);
constexpr int kK0Limit = 64;  // the rotation head's k0 slider: -64 .. 64

// The shift part: a wide pale band under the curves (as the closed form in the similarity view).
constexpr ImU32 kShift = IM_COL32(160, 166, 178, 150);
ImU32 start_color(size_t i) { return series_color(static_cast<int>(i)); }

// A text of the lesson's file (projections.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::projections, key), values);
}
// The same as a Dear ImGui label whose id stays the same in every language.
std::string widget_label(std::string_view key, const char* id) { return label(key).append("###").append(id); }

pe::HeadChoice choice_of(const ProjectionsCache& c) {
  return static_cast<pe::HeadChoice>(std::clamp(c.choice, 0, pe::kHeadChoiceCount - 1));
}
int k0_of(const ProjectionsCache& c) { return std::clamp(c.k0, -kK0Limit, kK0Limit); }
int kmax_of(const ProjectionsCache& c) { return std::clamp(c.kmax, 4, 4096); }

// Two stand-in word vectors with standard normal entries (an embedding that starts at sd 1/√d, times
// √d), from streams of their own: never the random head's draws.
void word_vectors(std::uint64_t seed, int d, std::vector<double>& xm, std::vector<double>& xn) {
  pe::SplitMix64 g{seed ^ 0xA0761D6478BD642FULL};
  xm.assign(static_cast<size_t>(d), 0.0);
  xn.assign(static_cast<size_t>(d), 0.0);
  pe::standard_normals(g.next(), xm);
  pe::standard_normals(g.next(), xn);
}

pe::Head head_for(const ProjectionsCache& c, const State& s) {
  return pe::make_head(choice_of(c), s.d, s.base, c.seed, static_cast<double>(k0_of(c)));
}

// The four terms at query m = pos and key n = pos + k, from the word parts already projected.
pe::ScoreTerms terms_at(const pe::Head& head, const std::vector<double>& xq, const std::vector<double>& xk, const State& s) {
  const size_t h = static_cast<size_t>(head.q.h);
  const std::vector<double> pm = pe::encoding_vector(s.pos, s.d, s.base), pn = pe::encoding_vector(s.pos + s.k, s.d, s.base);
  std::vector<double> pq(h), pk(h), sq(h), sk(h);
  pe::project(head.q, pm, pq);
  pe::project(head.k, pn, pk);
  // (x + p) W = x W + p W: the summed inputs' projections for the total.
  for (size_t j = 0; j < h; ++j) sq[j] = xq[j] + pq[j], sk[j] = xk[j] + pk[j];
  return pe::score_terms_projected(xq, pq, xk, pk, sq, sk);
}

void refresh_head(ProjectionsCache& c, const State& s) {
  if (!c.head_key.changed(c.choice, s.d, s.base, c.seed, k0_of(c))) return;
  c.head = head_for(c, s);
  word_vectors(c.seed, s.d, c.xm, c.xn);
  c.xq.assign(static_cast<size_t>(c.head.q.h), 0.0);
  c.xk.assign(static_cast<size_t>(c.head.k.h), 0.0);
  pe::project(c.head.q, c.xm, c.xq);
  pe::project(c.head.k, c.xn, c.xk);
  c.curve_key.invalidate();
  c.at_k_key.invalidate();
}

// Plotted offsets: at most one per pixel column, and for wide models at most about 2,000,000 / d
// (each offset costs d sines and cosines), so a change of d = 8192 recomputes in tens of milliseconds.
int sample_budget(int d, float plot_px) {
  return std::max(61, std::min(static_cast<int>(plot_px), std::clamp(2000000 / d, 61, 4001)));
}

void refresh_curves(ProjectionsCache& c, const State& s, int samples) {
  if (c.curve_key.changed(c.choice, s.d, s.base, c.seed, k0_of(c), kmax_of(c), samples)) {
    c.ks = pe::symmetric_offsets(kmax_of(c), samples);
    c.curves = pe::position_curves(c.head, kStarts, c.ks, s.base);
    c.spread = pe::spread_across_starts(c.curves);
    c.lowest = 0, c.highest = 0, c.max_spread = 0;
    for (size_t j = 0; j < c.ks.size(); ++j) {
      c.lowest = std::min(c.lowest, c.curves.shift[j]);
      c.highest = std::max(c.highest, c.curves.shift[j]);
      for (const std::vector<double>& curve : c.curves.by_start) c.lowest = std::min(c.lowest, curve[j]), c.highest = std::max(c.highest, curve[j]);
      c.max_spread = std::max(c.max_spread, c.spread[j]);
    }
  }
  if (c.at_k_key.changed(c.choice, s.d, s.base, c.seed, k0_of(c), s.k)) {
    const double ks[] = {s.k};
    c.at_k = pe::position_curves(c.head, kStarts, ks, s.base);
  }
}

constexpr float kStackedBars = 420.0f;  // narrower panels put each bar's label on a line above it

// One signed bar: label, bar from the zero line, value.
void bar(const char* name, double v, double scale, ImU32 col, const ViewContext& ctx, bool bold = false) {
  const float sc = ctx.ui_scale;
  const float w = ImGui::GetContentRegionAvail().x;
  const bool stacked = w < kStackedBars * sc;
  ImGui::PushFont(ctx.fonts.mono);
  const float value_w = ImGui::CalcTextSize("+00000.000").x + 8 * sc;
  ImGui::PopFont();
  const float label_w = stacked ? 0.0f : std::min(260 * sc, 0.42f * w);
  signed_bar_row(name, scale > 0 ? v / scale : 0.0, fmt("%+.3f", v), col, bold ? colors::ink : col, label_w, value_w, stacked,
                 ctx.fonts.mono, sc);
}

void draw_terms(const pe::ScoreTerms& t, const ViewContext& ctx) {
  const double scale = std::max({std::fabs(t.word_word), std::fabs(t.word_pos), std::fabs(t.pos_word), std::fabs(t.pos_pos),
                                 std::fabs(t.total), 1e-12});
  bar(label("bar_word_word").c_str(), t.word_word, scale, colors::word, ctx);
  bar(label("bar_word_pos").c_str(), t.word_pos, scale, colors::ghost, ctx);
  bar(label("bar_pos_word").c_str(), t.pos_word, scale, colors::ghost, ctx);
  bar(label("bar_pos_pos").c_str(), t.pos_pos, scale, colors::hand, ctx);
  bar(label("bar_score").c_str(), t.total, scale, colors::ink, ctx, true);
}

std::string head_text(const ProjectionsCache& c, const State& s) {
  switch (choice_of(c)) {
    case pe::HeadChoice::random:
      return fill(lesson_text(View::projections, "head_random"),
                  {{"d", std::to_string(s.d)}, {"h", std::to_string(std::min(s.d, pe::kRandomHeadWidth))}, {"seed", std::to_string(c.seed)}});
    case pe::HeadChoice::identity: return fill(lesson_text(View::projections, "head_identity"), {{"d", std::to_string(s.d)}});
    case pe::HeadChoice::rotation: break;
  }
  return fill(lesson_text(View::projections, "head_rotation"), {{"k0", std::to_string(k0_of(c))}});
}

}  // namespace

void draw_projections(State& s, ProjectionsCache& cache, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  lesson_intro(View::projections, ctx);

  // The head.
  ImGui::TextUnformatted(label("head_label").c_str());
  // The choices in the reader's language, each the same widget in every language (the id is the English).
  const char* keys[] = {"choice_random", "choice_identity", "choice_rotation"};
  const char* ids[] = {"random", "identity", "rotation"};
  for (int i = 0; i < pe::kHeadChoiceCount; ++i) {
    const std::string choice = widget_label(keys[i], ids[i]);
    same_line_if_fits(checkbox_width(choice.c_str()));
    if (ImGui::RadioButton(choice.c_str(), cache.choice == i)) cache.choice = i;
  }
  if (choice_of(cache) == pe::HeadChoice::rotation) {
    const char* k0_label = "k0";
    same_line_if_fits(120 * sc + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(k0_label).x, 16 * sc);
    ImGui::SetNextItemWidth(120 * sc);
    slider_int(k0_label, &cache.k0, -kK0Limit, kK0Limit);
    cache.k0 = k0_of(cache);
  }
  const std::string draw_label = widget_label("new_draw", "new_draw");
  same_line_if_fits(button_width(draw_label.c_str()), 16 * sc);
  if (ImGui::Button(draw_label.c_str())) ++cache.seed;
  refresh_head(cache, s);

  // The four terms at m = pos, n = pos + k: the figure first, then what the head and the words are.
  const pe::ScoreTerms t = terms_at(cache.head, cache.xq, cache.xk, s);
  draw_terms(t, ctx);
  text_wrapped_at_spaces(fill(lesson_text(View::projections, "tokens"), {{"m", fmt("%.2f", s.pos)}, {"n", fmt("%.2f", s.pos + s.k)}}));
  caption(head_text(cache, s));
  ImGui::Spacing();

  // The plot's range.
  ImGui::TextUnformatted(label("offsets_label").c_str());
  same_line_if_fits(180 * sc);
  ImGui::SetNextItemWidth(std::min(180 * sc, ImGui::GetContentRegionAvail().x));
  slider_int("##kmax", &cache.kmax, 4, 4096, "%d", ImGuiSliderFlags_Logarithmic);
  focus_name(label("focus_offsets"));
  cache.kmax = kmax_of(cache);

  const PlotAndSide lay = plot_and_side(ImGui::GetContentRegionAvail(), 320 * sc, 0.5f * ImGui::GetTextLineHeightWithSpacing(), sc);
  const bool beside = lay.beside;
  const float side_w = lay.side_w, plot_w = lay.plot.x, plot_h = lay.plot.y;
  const int samples = sample_budget(s.d, plot_w - 70 * sc);
  refresh_curves(cache, s, samples);

  const double kmax = kmax_of(cache);
  const double lo = std::min(cache.lowest, t.pos_pos), hi = std::max(cache.highest, t.pos_pos);
  const double span = std::max(1e-6, hi - lo);
  const Plot p = plot_frame("proj_plot", ImVec2(plot_w, plot_h), -kmax, kmax, lo - 0.06 * span, hi + 0.08 * span, false,
                            label("axis_offset").c_str(), "PE(m) M PE(m + k)", sc);
  if (p.held && p.mouse.x >= p.lo.x - 4 && p.mouse.x <= p.hi.x + 4)
    set_number(s, Field::k, std::round(std::clamp(p.x_at(p.mouse.x), -kmax, kmax)));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  plot_clip_push(p);
  plot_hline(dl, p, p.sy(0), colors::zero_line, 1.0f);
  std::vector<ImVec2> pts(cache.ks.size());
  for (size_t j = 0; j < cache.ks.size(); ++j) pts[j] = ImVec2(p.sx(cache.ks[j]), p.sy(cache.curves.shift[j]));
  // While a tour question asks whether the term depends on the start, only the first start's curve is
  // drawn: the other starts, the current pos's dot off that curve, the shared band and the spreads
  // would answer it.
  const bool others_withheld = text_withheld(View::projections, "mark_starts");
  if (!others_withheld) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), kShift, 0, 7.0f * sc);
  for (size_t j = 0; j < cache.ks.size(); ++j) pts[j] = ImVec2(p.sx(cache.ks[j]), p.sy(cache.curves.by_start[0][j]));
  dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), start_color(0), 0, 1.8f * sc);
  // The other two starts as markers, offset from each other so they sit side by side where they agree.
  const int every = std::max(3, static_cast<int>(cache.ks.size()) / 24);
  const float r = 4.0f * sc;
  for (size_t i = 1; i < (others_withheld ? 1 : kStartCount); ++i)
    for (size_t j = static_cast<size_t>(i == 1 ? 0 : every / 2); j < cache.ks.size(); j += static_cast<size_t>(every))
      marker(dl, static_cast<int>(i) - 1, ImVec2(p.sx(cache.ks[j]), p.sy(cache.curves.by_start[i][j])), r, start_color(i), sc);
  // The current pos at the state's k, and that k.
  if (std::fabs(s.k) <= kmax) {
    const float x = p.sx(s.k);
    plot_vline(dl, p, x, colors::ghost, 1.5f * sc);
    if (!others_withheld) dl->AddCircleFilled(ImVec2(x, p.sy(t.pos_pos)), 5.0f * sc, colors::ink);
  }
  // The pointer reads the curve at the offset under it; on the band, the band says what it is: the
  // offset alone decides it.
  if (const int at = plot_sample_at_mouse(p, cache.ks); at >= 0) {
    const size_t j = static_cast<size_t>(at);
    if (!others_withheld && std::fabs(p.mouse.y - p.sy(cache.curves.shift[j])) <= 6.0f * sc)
      ImGui::SetTooltip("%s", label("shift_tip", {{"k", fmt("%g", cache.ks[j])}, {"v", fmt("%+.3f", cache.curves.shift[j])}}).c_str());
    else
      ImGui::SetTooltip("%s", label("tip_curve", {{"k", fmt("%g", cache.ks[j])}, {"m", fmt("%.0f", kStarts[0])}, {"v", fmt("%+.3f", cache.curves.by_start[0][j])}})
                                  .append("\n")
                                  .append(label("tip_drag"))
                                  .c_str());
  }
  plot_clip_pop();

  // Beside (or below) the plot: the values at k and the spread.
  if (beside) ImGui::SameLine(0, 12 * sc);
  ImGui::BeginGroup();
  ImGui::PushFont(ctx.fonts.title);
  text_wrapped_at_spaces(label("at_k_title", {{"k", fmt("%g", s.k)}}), side_w);
  ImGui::PopFont();
  const float lh = ImGui::GetTextLineHeight();
  ImGui::PushFont(ctx.fonts.mono);
  const float value_w = ImGui::CalcTextSize("+00000.000").x;
  ImGui::PopFont();
  const auto row = [&](int shape, ImU32 col, const std::string& name, double v) {
    const ImVec2 q = ImGui::GetCursorScreenPos();
    const ImVec2 c(q.x + 12 * sc, q.y + lh / 2);
    if (shape == -1)
      dl->AddLine(ImVec2(c.x - 10 * sc, c.y), ImVec2(c.x + 10 * sc, c.y), col, 2.0f * sc);
    else if (shape == -2)
      dl->AddLine(ImVec2(c.x - 10 * sc, c.y), ImVec2(c.x + 10 * sc, c.y), col, 7.0f * sc);
    else if (shape == -3)
      dl->AddCircleFilled(c, 5.0f * sc, col);
    else
      marker(dl, shape, c, r, col, sc);
    ImGui::SetCursorScreenPos(ImVec2(q.x + 30 * sc, q.y));
    ImGui::TextUnformatted(name.c_str());
    ImGui::SameLine(side_w - value_w);
    ImGui::PushFont(ctx.fonts.mono);
    ImGui::TextUnformatted(fmt("%+.3f", v).c_str());
    ImGui::PopFont();
  };
  double lo_k = t.pos_pos, hi_k = t.pos_pos;
  for (size_t i = 0; i < (others_withheld ? 1 : kStartCount); ++i) {
    const double v = cache.at_k.by_start[i][0];
    lo_k = std::min(lo_k, v), hi_k = std::max(hi_k, v);
    row(i == 0 ? -1 : static_cast<int>(i) - 1, start_color(i), label("from_m", {{"m", fmt("%.0f", kStarts[i])}}), v);
  }
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + side_w);
  if (!others_withheld) {
    row(-3, colors::ink, label("from_pos"), t.pos_pos);
    row(-2, kShift, label("shift_part"), cache.at_k.shift[0]);
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
    text_wrapped_at_spaces(std::string(lesson_text(View::projections, "shift_key")), side_w);
    ImGui::PopStyleColor();
    text_wrapped_at_spaces(fill(lesson_text(View::projections, "spread_at_k"), {{"spread", fmt("%.3g", hi_k - lo_k)}}), side_w);
    const double size = std::max(std::fabs(cache.lowest), std::fabs(cache.highest));
    text_wrapped_at_spaces(
        fill(lesson_text(View::projections, "spread_max"), {{"spread", fmt("%.3g", cache.max_spread)}, {"size", fmt("%.3g", size)}}), side_w);
  }
  ImGui::Spacing();
  if (std::fabs(s.k) > kmax) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::warning));
    text_wrapped_at_spaces(fill(lesson_text(View::projections, "beyond_chart"), {{"k", fmt("%g", s.k)}}), side_w);
    ImGui::PopStyleColor();
  }
  if (static_cast<double>(cache.ks.size()) < 2 * kmax + 1) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
    text_wrapped_at_spaces(fill(lesson_text(View::projections, "sampled"),
                                {{"count", std::to_string(cache.ks.size())},
                                 {"every", fmt("%.0f", 2 * kmax / (static_cast<double>(cache.ks.size()) - 1))}}),
                           side_w);
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
}

// The head and the words as draw_projections() makes them from the view's own settings; the numbers
// computed afresh, never read from the cache's results, which a view not yet drawn lacks.
std::string describe_projections(const State& s, const ProjectionsCache& cache) {
  const pe::Head head = head_for(cache, s);
  std::vector<double> xm, xn;
  word_vectors(cache.seed, s.d, xm, xn);
  std::vector<double> xq(static_cast<size_t>(head.q.h)), xk(static_cast<size_t>(head.k.h));
  pe::project(head.q, xm, xq);
  pe::project(head.k, xn, xk);
  const pe::ScoreTerms t = terms_at(head, xq, xk, s);
  const double ks[] = {s.k};
  const pe::PositionCurves at_k = pe::position_curves(head, kStarts, ks, s.base);
  double lo = t.pos_pos, hi = t.pos_pos;
  for (const std::vector<double>& v : at_k.by_start) lo = std::min(lo, v[0]), hi = std::max(hi, v[0]);
  std::string head_words;
  switch (choice_of(cache)) {
    case pe::HeadChoice::random:
      head_words = label("describe_head_random", {{"d", std::to_string(s.d)},
                                                  {"h", std::to_string(std::min(s.d, pe::kRandomHeadWidth))},
                                                  {"seed", std::to_string(cache.seed)}});
      break;
    case pe::HeadChoice::identity: head_words = label("describe_head_identity"); break;
    case pe::HeadChoice::rotation: head_words = label("describe_head_rotation", {{"k0", std::to_string(k0_of(cache))}}); break;
  }
  std::string out = label("describe_terms", {{"head", head_words},
                                             {"m", fmt("%.2f", s.pos)},
                                             {"n", fmt("%.2f", s.pos + s.k)},
                                             {"total", fmt("%+.3f", t.total)},
                                             {"ww", fmt("%+.3f", t.word_word)},
                                             {"wp", fmt("%+.3f", t.word_pos)},
                                             {"pw", fmt("%+.3f", t.pos_word)},
                                             {"pp", fmt("%+.3f", t.pos_pos)}});
  out.append(" ");
  if (text_withheld(View::projections, "mark_starts"))
    return out.append(label("describe_withheld", {{"k", fmt("%g", s.k)},
                                                  {"m", fmt("%.0f", kStarts[0])},
                                                  {"v", fmt("%+.3f", at_k.by_start[0][0])},
                                                  {"hidden", std::string(withheld_words())}}));
  std::string list;
  for (size_t i = 0; i < kStartCount; ++i)
    list.append(i ? " " : "").append(label("describe_from_start", {{"v", fmt("%+.3f", at_k.by_start[i][0])}, {"m", fmt("%.0f", kStarts[i])}}));
  out.append(label("describe_at_k", {{"k", fmt("%g", s.k)},
                                     {"list", list},
                                     {"current", fmt("%+.3f", t.pos_pos)},
                                     {"spread", fmt("%.3g", hi - lo)},
                                     {"shift", fmt("%+.3f", at_k.shift[0])}}));
  return out;
}

}  // namespace app
