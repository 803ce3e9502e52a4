#include "lessons/rope/rope.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/mixing.hpp"
#include "core/rope.hpp"
#include "core/samples.hpp"
#include "ui/dial.hpp"
#include "ui/dial_row.hpp"
#include "imgui.h"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

constexpr double kRadToDeg = 180.0 / pe::kPi;
constexpr std::uint64_t kSeedQ = 101, kSeedK = 102;
// The additive encoding's score: the word colour, as in the Adding view's word part.
const ImU32& kAdd = colors::word;
constexpr ImU32 kWedge = IM_COL32(120, 120, 140, 60);  // the angle from turned q to turned k

// A text of the lesson's file (rope.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::rope, key), values);
}

// The palette's colour at lower opacity (the vectors before turning).
ImU32 faint(ImU32 c) { return with_alpha(c, 70); }

double window_start(const State& s) { return std::floor(s.pos / s.n) * s.n; }

// (q + PE(m)) . (k + PE(n)): the additive encoding on the same q and k.
double additive_score(const std::vector<double>& q, const std::vector<double>& k, double m, double n, int d, double base,
                      std::vector<double>& pm, std::vector<double>& pn) {
  pe::encoding_vector(m, d, base, pm);
  pe::encoding_vector(n, d, base, pn);
  return pe::mix_added(q, pm, k, pn).total;
}

// The query positions m of the plots: the window holds positions start .. start + n - 1 (as in the
// other views). Integer positions when they fit; fewer samples for wide models so a change costs ~ the same.
std::vector<double> window_positions(const State& s) {
  const double start = window_start(s);
  const int budget = std::clamp(150000 / s.d, 48, 320);
  const int samples = std::max(2, std::min(s.n, budget));
  return pe::even_samples(start, static_cast<double>(s.n - 1), samples);
}

void refresh(RopeCache& c, const State& s) {
  if (c.vectors_key.changed(s.d)) {
    c.q = pe::word_vector(kSeedQ, s.d);
    c.k = pe::word_vector(kSeedK, s.d);
    c.curve_key.invalidate();
  }
  if (!c.curve_key.changed(s.d, s.base, s.k, s.n, window_start(s))) return;
  c.ms = window_positions(s);
  c.rope.resize(c.ms.size());
  c.additive.resize(c.ms.size());
  pe::rope_scores(c.q, c.k, c.ms, s.k, s.base, c.rope);
  std::vector<pe::MixParts> parts(c.ms.size());
  pe::mix_added_along(c.q, c.k, c.ms, s.k, s.base, parts);
  c.lo = 0, c.hi = 0;
  for (size_t j = 0; j < c.ms.size(); ++j) {
    c.additive[j] = parts[j].total;
    c.lo = std::min({c.lo, c.rope[j], c.additive[j]});
    c.hi = std::max({c.hi, c.rope[j], c.additive[j]});
  }
  const double pad = 0.08 * std::max(c.hi - c.lo, 1.0);
  c.lo -= pad, c.hi += pad;
}

// flat_label: the curve is flat; write its value next to it, so a score close to 0 is not read as the 0 line.
void draw_plot(const char* id, const char* title, const std::vector<double>& xs, const std::vector<double>& ys, double lo,
               double hi, ImU32 col, double mark, float width, float height, const ViewContext& ctx, bool flat_label = false) {
  const float sc = ctx.ui_scale;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  if (xs.size() < 2) {
    ImGui::Dummy(ImVec2(width, height));
    return;
  }
  const Plot p = plot_frame(id, ImVec2(width, height), xs.front(), xs.back(), lo, hi, false, label("axis_m").c_str(), nullptr, sc);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddText(origin, col, title);
  std::vector<ImVec2> pts(xs.size());
  for (size_t j = 0; j < xs.size(); ++j) pts[j] = ImVec2(p.sx(xs[j]), p.sy(ys[j]));
  plot_clip_push(p);
  if (lo < 0 && hi > 0) plot_hline(dl, p, p.sy(0), colors::dial_rim, 1.0f * sc);
  dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), col, 0, 2.5f * sc);
  if (mark >= p.x0 && mark <= p.x1) plot_vline(dl, p, p.sx(mark), colors::marker, 1.5f * sc);
  if (flat_label) {
    const double v = ys.back();
    const std::string t = label(std::fabs(v) < 0.005 * (hi - lo) ? "flat_not_zero" : "flat_at", {{"v", fmt("%+.3f", v)}});
    const ImVec2 tsz = ImGui::CalcTextSize(t.c_str());
    const float y = p.sy(v);
    // Above the line when it has room there, else below it.
    const float ty = y - tsz.y - 4 * sc > p.lo.y ? y - tsz.y - 4 * sc : y + 4 * sc;
    halo_text(dl, ImVec2(p.hi.x - tsz.x - 6 * sc, ty), colors::text_dim, t.c_str());
  }
  plot_clip_pop();
}

// The dials follow the Clock view (dial.hpp): angle 0 points to twelve o'clock and angles grow
// clockwise. A pair (a, b) sits at the angle atan2(b, a) and length hypot(a, b), that is b to the
// right and a up, so R(t), which adds t to that angle, turns the hand clockwise by t.
ImVec2 tip(ImVec2 c, float r, double a, double b) { return dial_point(c, r, b, a); }

// A hand `w` thick with a dot 1.5 times as wide at its tip.
void arrow(ImDrawList* dl, ImVec2 c, ImVec2 t, ImU32 col, float w, float ui_scale) { dial_hand(dl, c, t, col, w, w * 1.5f, ui_scale); }

// One dial per pair: q and k before turning (faint), after turning (solid), and the arc between them.
void draw_dials(State& s, const RopeCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const int pairs = s.d / 2;
  const float avail = ImGui::GetContentRegionAvail().x;
  // Four dials, or as many as keep each cell's two lines of numbers readable (a phone: two).
  const int count = std::clamp(static_cast<int>(avail / (150 * sc)), 1, std::min(4, pairs));
  const int first = std::clamp(s.pair - 1, 0, pairs - count);
  const float line = ImGui::GetTextLineHeight();
  const float cell_w = std::min(avail / static_cast<float>(count), 240 * sc);
  // The dial takes the height left after its two text lines and the four mono lines of numbers below.
  ImGui::PushFont(ctx.fonts.mono);
  const float below = 4 * ImGui::GetTextLineHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y + 4 * sc;
  ImGui::PopFont();
  const float text_h = 3.2f * line + 10 * sc;
  const float dial = std::clamp(ImGui::GetContentRegionAvail().y - text_h - below, 60 * sc, std::min(cell_w - 16 * sc, 220 * sc));
  const float cell_h = dial + text_h;
  const DialRow dr = dial_row(count, avail, ImVec2(cell_w, cell_h), dial, line + 6 * sc, 2 * sc, 6 * sc);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const double m = s.pos, n = s.pos + s.k;
  // q turned for position m and k for n, by the core (pair i turned by m·w_i and n·w_i).
  std::vector<double> q_turned(c.q.size()), k_turned(c.k.size());
  pe::rope_rotate(c.q, m, s.base, q_turned);
  pe::rope_rotate(c.k, n, s.base, k_turned);
  for (int j = 0; j < count; ++j) {
    const int i = first + j;
    const auto a = static_cast<size_t>(2 * i), b = a + 1;
    const double w = pe::omega(i, s.d, s.base);
    const double tq = m * w, tk = n * w;  // the angles, for the numbers below the dial
    const double qx = q_turned[a], qy = q_turned[b];
    const double kx = k_turned[a], ky = k_turned[b];
    const double norm = std::max({std::hypot(c.q[a], c.q[b]), std::hypot(c.k[a], c.k[b]), 1e-9});
    dial_row_next(dr, j);
    // The cell's title, shorter where the cell is narrow (three-digit pairs at a large scale).
    const std::string pi = std::to_string(i), da = std::to_string(2 * i), db = std::to_string(2 * i + 1);
    std::string title = label("pair_dims", {{"i", pi}, {"a", da}, {"b", db}});
    if (ImGui::CalcTextSize(title.c_str()).x > cell_w - 12 * sc) title = label("pair_short", {{"i", pi}, {"a", da}, {"b", db}});
    if (ImGui::CalcTextSize(title.c_str()).x > cell_w - 12 * sc) title = label("pair_only", {{"i", pi}});
    const PairCell pc = pair_cell(s, i, ImVec2(cell_w, cell_h), title.c_str(), sc);
    const ImVec2 p = pc.pos;
    const bool hovered = pc.hovered, sel = pc.selected;
    const float r = dial / 2 - 4 * sc;
    const ImVec2 ctr = dr.centre(p);
    dial_face(dl, ctr, r, sel, 1.2f, 2.5f, sc);
    const float rr = r * 0.92f / static_cast<float>(norm);
    // Angle from turned q to turned k, the shorter way: the same for every m at this offset.
    const double between = std::remainder(std::atan2(ky, kx) - std::atan2(qy, qx), pe::kTwoPi);
    if (std::fabs(between) > 1e-3) dial_wedge(dl, ctr, r * 0.35f, std::atan2(qy, qx), between, kWedge, 24);
    arrow(dl, ctr, tip(ctr, rr, c.q[a], c.q[b]), faint(colors::hand), 1.5f, sc);
    arrow(dl, ctr, tip(ctr, rr, c.k[a], c.k[b]), faint(colors::ghost), 1.5f, sc);
    arrow(dl, ctr, tip(ctr, rr, kx, ky), colors::ghost, 2.5f, sc);
    arrow(dl, ctr, tip(ctr, rr, qx, qy), colors::hand, 2.5f, sc);
    dial_hub(dl, ctr, 2.5f, sc);
    const float ty = dr.label_y(p);
    const std::string q_deg = fmt("%.1f", std::remainder(tq, pe::kTwoPi) * kRadToDeg), k_deg = fmt("%.1f", std::remainder(tk, pe::kTwoPi) * kRadToDeg);
    std::string t1 = label("turns_long", {{"q", q_deg}, {"k", k_deg}});
    if (ImGui::CalcTextSize(t1.c_str()).x > cell_w - 12 * sc) t1 = label("turns_short", {{"q", q_deg}, {"k", k_deg}});
    const std::string between_deg = fmt("%+.1f", between * kRadToDeg);
    std::string t2 = label("between_long", {{"angle", between_deg}});
    if (ImGui::CalcTextSize(t2.c_str()).x > cell_w - 12 * sc) t2 = label("between_mid", {{"angle", between_deg}});
    if (ImGui::CalcTextSize(t2.c_str()).x > cell_w - 12 * sc) t2 = label("between_short", {{"angle", between_deg}});
    dial_label(dl, dr, p, ty, t1.c_str(), colors::text_dim, LabelAlign::left);
    dial_label(dl, dr, p, ty + line + 2 * sc, t2.c_str(), sel ? colors::selected : colors::ink, LabelAlign::left);
    if (hovered) {
      std::string tip = label("tip_pair", {{"i", pi}, {"w", fmt("%.6g", w)}});
      tip.append("\n").append(label("tip_turned", {{"q", fmt("%.6g", tq)}, {"k", fmt("%.6g", tk)}}));
      tip.append("\n").append(label("tip_difference", {{"diff", fmt("%.6g", tk - tq)}}));
      ImGui::SetTooltip("%s", tip.c_str());
    }
  }
}

}  // namespace

void draw_rope(State& s, RopeCache& cache, const ViewContext& ctx) {
  refresh(cache, s);
  const float sc = ctx.ui_scale;
  lesson_intro(View::rope, ctx);

  const double m = s.pos, n = s.pos + s.k;
  const double score = pe::rope_score(cache.q, cache.k, m, n, s.base);
  const double relative = pe::rope_relative_score(cache.q, cache.k, n - m, s.base);
  std::vector<double> pm(static_cast<size_t>(s.d)), pn(pm.size());
  const double add = additive_score(cache.q, cache.k, m, n, s.d, s.base, pm, pn);
  text_wrapped_at_spaces(fill(lesson_text(View::rope, "positions"),
                              {{"m", fmt("%.2f", m)}, {"n", fmt("%.2f", n)}, {"offset", fmt("%.2f", s.k)}, {"d", std::to_string(s.d)}}));

  // The two score plots side by side, or one above the other where half the width would squeeze
  // their titles and axes (a phone, a column, a large UI scale).
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool side = avail * 0.5f - 4 * sc >= 300 * sc;
  const float plot_h = std::clamp(ImGui::GetContentRegionAvail().y * 0.38f, 150 * sc, 300 * sc);
  const float half = side ? avail * 0.5f - 4 * sc : avail;
  draw_plot("rope_plot", "RoPE:  R(m\xCF\x89)q \xC2\xB7 R(n\xCF\x89)k", cache.ms, cache.rope, cache.lo, cache.hi, colors::hand, m, half, plot_h, ctx, true);
  if (side) ImGui::SameLine(0, 8 * sc);
  draw_plot("additive_plot", label("plot_additive").c_str(), cache.ms, cache.additive, cache.lo, cache.hi, kAdd, m, half, plot_h, ctx);

  caption(lesson_text(View::rope, "dials"));
  draw_dials(s, cache, ctx);

  ImGui::PushFont(ctx.fonts.mono);
  double rope_lo = 1e300, rope_hi = -1e300, add_lo = 1e300, add_hi = -1e300;
  for (size_t j = 0; j < cache.ms.size(); ++j) {
    rope_lo = std::min(rope_lo, cache.rope[j]), rope_hi = std::max(rope_hi, cache.rope[j]);
    add_lo = std::min(add_lo, cache.additive[j]), add_hi = std::max(add_hi, cache.additive[j]);
  }
  // One line each where they fit; in a narrow window each wraps at spaces (the columns of blanks that
  // align them on a wide screen are where they break).
  const auto line_in = [](const ImVec4& col, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, col);
    text_wrapped_at_spaces(text);
    ImGui::PopStyleColor();
  };
  const ImVec4 text_col = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  line_in(ImGui::ColorConvertU32ToFloat4(colors::hand), label("score_rope", {{"score", fmt("%+.9f", score)}}));
  line_in(text_col, label("score_offset", {{"score", fmt("%+.9f", relative)}, {"diff", fmt("%.1e", score - relative)}}));
  line_in(ImGui::ColorConvertU32ToFloat4(kAdd), label("score_additive", {{"score", fmt("%+.9f", add)}}));
  line_in(text_col, label("spread", {{"rope", fmt("%.1e", rope_hi - rope_lo)}, {"additive", fmt("%.3f", add_hi - add_lo)}}));
  ImGui::PopFont();
}

}  // namespace app

namespace app {

std::string describe_rope(const State& s, const RopeCache& /*cache*/) {
  const std::vector<double> q = pe::word_vector(kSeedQ, s.d), k = pe::word_vector(kSeedK, s.d);
  const double m = s.pos, n = s.pos + s.k;
  std::vector<double> pm(static_cast<size_t>(s.d)), pn(pm.size());
  const double score = pe::rope_score(q, k, m, n, s.base);
  const double add = additive_score(q, k, m, n, s.d, s.base, pm, pn);
  // Both scores over the plots' window of m at this offset.
  const std::vector<double> ms = window_positions(s);
  std::vector<double> rope(ms.size());
  pe::rope_scores(q, k, ms, s.k, s.base, rope);
  std::vector<pe::MixParts> parts(ms.size());
  pe::mix_added_along(q, k, ms, s.k, s.base, parts);
  double rope_lo = rope.front(), rope_hi = rope_lo, add_lo = parts.front().total, add_hi = add_lo;
  for (size_t j = 0; j < ms.size(); ++j) {
    rope_lo = std::min(rope_lo, rope[j]), rope_hi = std::max(rope_hi, rope[j]);
    add_lo = std::min(add_lo, parts[j].total), add_hi = std::max(add_hi, parts[j].total);
  }
  return label("describe", {{"m", fmt("%.2f", m)},
                            {"n", fmt("%.2f", n)},
                            {"offset", fmt("%.2f", s.k)},
                            {"score", fmt("%+.6f", score)},
                            {"relative", fmt("%+.6f", pe::rope_relative_score(q, k, n - m, s.base))},
                            {"additive", fmt("%+.6f", add)},
                            {"from", fmt("%.0f", ms.front())},
                            {"to", fmt("%.0f", ms.back())},
                            {"rope_spread", fmt("%.1e", rope_hi - rope_lo)},
                            {"additive_spread", fmt("%.3f", add_hi - add_lo)}});
}

}  // namespace app
