#include "lessons/rope_layouts/rope_layouts.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/mixing.hpp"
#include "core/projection_scores.hpp"
#include "ui/focus.hpp"
#include "imgui.h"
#include "ui/key.hpp"
#include "ui/label.hpp"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "text/number_style.hpp"
#include "state/state_io.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

constexpr std::uint64_t kSeedBase = 4100;  // random vectors: seeds kSeedBase + 2 seed and + 1
// The layoutOffsets and layoutSeed settings' limits (view_options.hpp).
constexpr int kMinOffsets = kLayoutsMinOffsets, kMaxOffsets = kLayoutsMaxOffsets, kMaxSeed = kLayoutsMaxSeed;
constexpr int kMaxSamples = 1201, kMinSamples = 41;

const ImU32& kRight = colors::hand;
const ImU32& kWrong = colors::warning;
const ImU32& kFixed = colors::selected;

size_t at(int i) { return static_cast<size_t>(i); }
std::string_view text(std::string_view key) { return lesson_text(View::rope_layouts, key); }
std::string value_text(double v) { return fmt(std::fabs(v) < 1e5 ? "%.4f" : "%.4g", v); }
std::string base_text(double b) { return b == std::floor(b) && b < 1e15 ? grouped(b) : fmt("%.6g", b); }
std::string position_text(double p) { return p == std::floor(p) ? grouped(p) : grouped(p, 2); }

pe::RopeLayout other(pe::RopeLayout l) {
  return l == pe::RopeLayout::interleaved ? pe::RopeLayout::half : pe::RopeLayout::interleaved;
}
std::string name(pe::RopeLayout l) { return std::string(text(l == pe::RopeLayout::interleaved ? "name_interleaved" : "name_half")); }
std::string short_name(pe::RopeLayout l) {
  return std::string(text(l == pe::RopeLayout::interleaved ? "short_interleaved" : "short_half"));
}


struct Curves {
  std::vector<double> q, k, rs, right, wrong, fixed;
};

int samples_for(int offsets, int d) {
  const double by_budget = std::max<double>(kMinSamples, std::floor(kLayoutsCurveBudget / (3.0 * d)));
  return static_cast<int>(std::min({2.0 * offsets + 1, by_budget, static_cast<double>(kMaxSamples)}));
}

void compute(const State& s, const RopeLayoutsCache&, Curves& out) {
  rope_layouts_vectors(s.layoutVectors, s.layoutSeed, s.d, out.q, out.k);
  const std::vector<int> perm = rope_layouts_permutation(s.layoutTrained, s.d);
  const std::vector<double> pq = pe::permute_dims(out.q, perm), pk = pe::permute_dims(out.k, perm);
  const pe::RopeLayout run = other(s.layoutTrained);
  out.rs = pe::symmetric_offsets(s.layoutOffsets, samples_for(s.layoutOffsets, s.d));
  out.right.resize(out.rs.size());
  out.wrong.resize(out.rs.size());
  out.fixed.resize(out.rs.size());
  for (size_t j = 0; j < out.rs.size(); ++j) {
    const double r = out.rs[j];
    out.right[j] = pe::rope_score_as(out.q, out.k, 0, r, s.base, s.layoutTrained);
    out.wrong[j] = pe::rope_score_as(out.q, out.k, 0, r, s.base, run);
    out.fixed[j] = pe::rope_score_as(pq, pk, 0, r, s.base, run);
  }
}

bool current(const State& s, const RopeLayoutsCache& c) {
  return c.key.holds(s.d, s.base, s.layoutTrained, s.layoutVectors, s.layoutSeed, s.layoutOffsets);
}

void refresh(RopeLayoutsCache& c, const State& s) {
  if (!c.key.changed(s.d, s.base, s.layoutTrained, s.layoutVectors, s.layoutSeed, s.layoutOffsets)) return;
  Curves cv;
  compute(s, c, cv);
  c.q = std::move(cv.q);
  c.k = std::move(cv.k);
  c.rs = std::move(cv.rs);
  c.right = std::move(cv.right);
  c.wrong = std::move(cv.wrong);
  c.fixed = std::move(cv.fixed);
}

const Curves& curves_for(const State& s, const RopeLayoutsCache& c, Curves& scratch) {
  if (current(s, c)) {
    scratch = Curves{c.q, c.k, c.rs, c.right, c.wrong, c.fixed};
    return scratch;
  }
  compute(s, c, scratch);
  return scratch;
}

// ---- sentences -------------------------------------------------------------------------------------

std::string about_text(const State& s, const RopeLayoutsCache&) {
  std::string t = fill(text("about"), {{"trained", name(s.layoutTrained)}, {"run", name(other(s.layoutTrained))}, {"d", std::to_string(s.d)},
                                       {"base", base_text(s.base)}});
  const char* key = s.layoutVectors == LayoutVectors::random ? "about_vectors_random" : s.layoutVectors == LayoutVectors::same ? "about_vectors_same"
                                                                                                                   : "about_vectors_ones";
  t.append(" ").append(fill(text(key), {{"seed", std::to_string(s.layoutSeed)}}));
  return t;
}

std::string list_text(const std::vector<double>& v) {
  std::string t = "(";
  for (size_t j = 0; j < v.size(); ++j) {
    if (j) t.append(number_list_separator());
    t.append(fmt("%.6f", v[j]));
  }
  return t.append(")");
}

struct AtK {
  double m, n, right, wrong, fixed;
};
AtK at_k(const State& s, const RopeLayoutsCache&, const Curves& cv) {
  const std::vector<int> perm = rope_layouts_permutation(s.layoutTrained, s.d);
  const double m = s.pos, n = s.pos + s.k;
  const pe::RopeLayout run = other(s.layoutTrained);
  return AtK{m, n, pe::rope_score_as(cv.q, cv.k, m, n, s.base, s.layoutTrained), pe::rope_score_as(cv.q, cv.k, m, n, s.base, run),
             pe::rope_score_as(pe::permute_dims(cv.q, perm), pe::permute_dims(cv.k, perm), m, n, s.base, run)};
}

std::string at_k_text(const AtK& a) {
  return fill(text("at_k"), {{"m", position_text(a.m)},
                             {"n", position_text(a.n)},
                             {"right", value_text(a.right)},
                             {"wrong", value_text(a.wrong)},
                             {"error", value_text(std::fabs(a.wrong - a.right))},
                             {"fixed", value_text(a.fixed)}});
}

struct Over {
  double err = 0, top = 0, fix = 0;
};
Over over(const Curves& cv) {
  Over o;
  for (size_t j = 0; j < cv.rs.size(); ++j) {
    o.err = std::max(o.err, std::fabs(cv.wrong[j] - cv.right[j]));
    o.top = std::max(o.top, std::fabs(cv.right[j]));
    o.fix = std::max(o.fix, std::fabs(cv.fixed[j] - cv.right[j]));
  }
  return o;
}

std::string over_text(const State& s, const Over& o) {
  return fill(text("over"), {{"R", grouped(s.layoutOffsets)}, {"err", value_text(o.err)}, {"top", value_text(o.top)}, {"fix", fmt("%.1e", o.fix)}});
}

std::string perm_text(const State& s, int d) {
  if (d > kLayoutsPictureDims) return fill(text("perm_rule"), {{"last", grouped(d / 2 - 1)}});
  const std::vector<int> perm = rope_layouts_permutation(s.layoutTrained, d);
  std::string list;
  for (size_t j = 0; j < perm.size(); ++j) {
    if (j) list.append(", ");
    list.append(std::to_string(perm[j]));
  }
  return fill(text("perm"), {{"perm", list}});
}

// ---- controls --------------------------------------------------------------------------------------

// The lesson's main control: which code the weights were made for.
void draw_layout_choice(State& s, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(std::string(text("trained_label")).c_str());
  for (pe::RopeLayout l : {pe::RopeLayout::interleaved, pe::RopeLayout::half}) {
    const std::string label = std::string(text(l == pe::RopeLayout::interleaved ? "trained_interleaved" : "trained_half"));
    same_line_if_fits(checkbox_width(label.c_str()), 10 * sc);
    // The same widget in every language: its id names the layout, not the words.
    const char* id = l == pe::RopeLayout::interleaved ? "###rl_trained_interleaved" : "###rl_trained_half";
    if (ImGui::RadioButton((label + id).c_str(), s.layoutTrained == l)) set_number(s, Field::layoutTrained, static_cast<int>(l));
  }
}

// The vectors scored and the charts' range of offsets.
void draw_vector_controls(State& s, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(std::string(text("vectors_label")).c_str());
  const struct {
    LayoutVectors v;
    const char* key;
  } choices[] = {{LayoutVectors::random, "vectors_random"}, {LayoutVectors::same, "vectors_same"}, {LayoutVectors::ones, "vectors_ones"}};
  for (const auto& ch : choices) {
    const std::string label = std::string(text(ch.key));
    same_line_if_fits(checkbox_width(label.c_str()), 10 * sc);
    if (ImGui::RadioButton(std::string(label).append("###rl_").append(ch.key).c_str(), s.layoutVectors == ch.v))
      set_number(s, Field::layoutVectors, static_cast<int>(ch.v));
  }
  if (s.layoutVectors != LayoutVectors::ones) {
    const std::string label = std::string(text("new_vectors")).append("###rl_seed");
    same_line_if_fits(button_width(label.c_str()), 16 * sc);
    if (ImGui::Button(label.c_str())) set_number(s, Field::layoutSeed, s.layoutSeed % kMaxSeed + 1);
  }
  ImGui::TextUnformatted(std::string(text("offsets_label")).c_str());
  ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, 420 * sc));
  int offsets = s.layoutOffsets;
  if (slider_int("##rl_offsets", &offsets, kMinOffsets, kMaxOffsets, "%d", ImGuiSliderFlags_Logarithmic))
    set_number(s, Field::layoutOffsets, std::clamp(offsets, kMinOffsets, kMaxOffsets));
  focus_name(text("focus_offsets"));
}

// ---- the charts ------------------------------------------------------------------------------------

void mark_k(const Plot& p, double k, float sc) {
  if (k < p.x0 || k > p.x1) return;
  const float x = p.sx(k);
  ImGui::GetWindowDrawList()->AddLine(ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), colors::ghost, 1.5f * sc);
}

// A chart tooltip's first line: the offset under the pointer.
std::string offset_tip(double r) { return fill(text("tip_offset"), {{"r", fmt("%g", r)}}); }
// A later line: a curve's name from the key and its value there.
std::string score_tip(const std::string& name, double v) { return fill(text("tip_score"), {{"name", name}, {"v", fmt("%+.4f", v)}}); }

// The chart's zero line and the line at k, for a placer.
void avoid_lines(LabelPlacer& lp, const Plot& p, double k, float sc) {
  lp.avoid_segment(ImVec2(p.lo.x, p.sy(0)), ImVec2(p.hi.x, p.sy(0)), 1.0f);
  if (k >= p.x0 && k <= p.x1) lp.avoid_segment(ImVec2(p.sx(k), p.lo.y), ImVec2(p.sx(k), p.hi.y), 1.5f * sc);
}

void draw_charts(State& s, const RopeLayoutsCache& c, ImVec2 size, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const double R = s.layoutOffsets;
  const std::string axis(text("offset_axis"));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const size_t n = c.rs.size();
  std::vector<ImVec2> pts(n);
  const auto polyline = [&](const Plot& p, const std::vector<double>& v, ImU32 col, float w) {
    for (size_t j = 0; j < n; ++j) pts[j] = ImVec2(p.sx(c.rs[j]), p.sy(v[j]));
    dl->AddPolyline(pts.data(), static_cast<int>(n), col, 0, w);
  };

  double lo = 0, hi = 0;
  for (size_t j = 0; j < n; ++j) lo = std::min({lo, c.right[j], c.wrong[j]}), hi = std::max({hi, c.right[j], c.wrong[j]});
  const double span = std::max(hi - lo, 1e-12);
  const std::string title(text("score_title"));
  // While a tour question asks what the other code does, only the scores as made are drawn: the
  // scores run wrongly, after P and their differences wait for the answer.
  const bool wrong_withheld = text_withheld(View::rope_layouts, "mark_wrong");
  const Plot a = plot_frame("rl_scores", ImVec2(size.x, wrong_withheld ? size.y : size.y / 2 - 4 * sc), -R, R, lo - 0.06 * span, hi + 0.45 * span, false, axis.c_str(),
                            title.c_str(), sc, true);
  if (a.held && a.mouse.x >= a.lo.x - 4 && a.mouse.x <= a.hi.x + 4) set_number(s, Field::k, std::round(std::clamp(a.x_at(a.mouse.x), -R, R)));
  plot_clip_push(a);
  plot_hline(dl, a, a.sy(0), colors::zero_line, 1.0f);
  mark_k(a, s.k, sc);
  if (!wrong_withheld) polyline(a, c.wrong, kWrong, 2.2f * sc);
  polyline(a, c.right, kRight, 2.4f * sc);
  // After P: dots on the "as made" curve, a few per chart width so the line under them shows.
  const size_t every = std::max<size_t>(1, n / 40);
  // The key keeps off the curves and the dots: a corner they leave free, else a row under the chart
  // (on a phone the curves reach into every corner).
  LabelPlacer curves(a.lo, a.hi);
  avoid_lines(curves, a, s.k, sc);
  for (const std::vector<double>* v : {&c.wrong, &c.right}) {
    for (size_t j = 0; j < n; ++j) pts[j] = ImVec2(a.sx(c.rs[j]), a.sy((*v)[j]));
    curves.avoid_polyline(pts, 2.4f * sc);
  }
  for (size_t j = 0; j < (wrong_withheld ? 0 : n); j += every) {
    const ImVec2 q(a.sx(c.rs[j]), a.sy(c.fixed[j]));
    dl->AddCircleFilled(q, 2.8f * sc, kFixed);
    curves.avoid_point(q, 2.8f * sc);
  }
  // The swatches as the chart draws them: two lines, and the dots of "after P".
  const std::string kr(text("key_right")), kw(text("key_wrong")), kf(text("key_fixed"));
  const FlowEntry key_a[] = {{{Swatch::line, kRight, 0, 2.4f * sc}, kr.c_str()},
                             {{Swatch::line, kWrong, 0, 2.2f * sc}, kw.c_str()},
                             {{Swatch::dot, kFixed, 2.8f * sc}, kf.c_str()}};
  const KeyFlow flow{18 * sc, 6 * sc, 20 * sc, 2 * sc, colors::ink};
  const float pad = 4 * sc;
  const std::span<const FlowEntry> key_shown(key_a, wrong_withheld ? 1 : 3);
  const bool key_a_inside = placed_key(dl, curves, key_shown, flow, pad, curves.corners(placed_key_size(key_shown, flow, pad), 2 * sc));
  // The pointer reads the three scores at the offset under it.
  if (const int at = plot_sample_at_mouse(a, c.rs); at >= 0) {
    const size_t j = static_cast<size_t>(at);
    std::string tip = offset_tip(c.rs[j]);
    tip.append("\n").append(score_tip(kr, c.right[j]));
    if (!wrong_withheld) {
      tip.append("\n").append(score_tip(kw, c.wrong[j]));
      tip.append("\n").append(score_tip(kf, c.fixed[j]));
    }
    ImGui::SetTooltip("%s", tip.c_str());
  }
  plot_clip_pop();
  if (!key_a_inside) key_flow(key_shown, size.x, flow);
  if (wrong_withheld) return;

  ImGui::Dummy(ImVec2(1, 4 * sc));
  std::vector<double> err(n), fix(n);
  double big = 0;
  for (size_t j = 0; j < n; ++j) {
    err[j] = c.wrong[j] - c.right[j];
    fix[j] = c.fixed[j] - c.right[j];
    big = std::max(big, std::fabs(err[j]));
  }
  big = std::max(big, 1e-9);
  const std::string etitle(text("error_title"));
  const Plot b = plot_frame("rl_error", ImVec2(size.x, size.y / 2 - 4 * sc), -R, R, -1.1 * big, 1.45 * big, false, axis.c_str(),
                            etitle.c_str(), sc, true);
  if (b.held && b.mouse.x >= b.lo.x - 4 && b.mouse.x <= b.hi.x + 4) set_number(s, Field::k, std::round(std::clamp(b.x_at(b.mouse.x), -R, R)));
  plot_clip_push(b);
  plot_hline(dl, b, b.sy(0), colors::zero_line, 1.0f);
  mark_k(b, s.k, sc);
  polyline(b, err, kWrong, 2.2f * sc);
  polyline(b, fix, kFixed, 2.2f * sc);
  LabelPlacer lines(b.lo, b.hi);
  avoid_lines(lines, b, s.k, sc);
  for (const std::vector<double>* v : {&err, &fix}) {
    for (size_t j = 0; j < n; ++j) pts[j] = ImVec2(b.sx(c.rs[j]), b.sy((*v)[j]));
    lines.avoid_polyline(pts, 2.2f * sc);
  }
  const std::string ke(text("key_error")), kfe(text("key_fixed_error"));
  const FlowEntry key_b[] = {{{Swatch::line, kWrong, 0, 2.2f * sc}, ke.c_str()}, {{Swatch::line, kFixed, 0, 2.2f * sc}, kfe.c_str()}};
  const bool key_b_inside = placed_key(dl, lines, key_b, flow, pad, lines.corners(placed_key_size(key_b, flow, pad), 2 * sc));
  if (const int at = plot_sample_at_mouse(b, c.rs); at >= 0) {
    const size_t j = static_cast<size_t>(at);
    std::string tip = offset_tip(c.rs[j]);
    tip.append("\n").append(score_tip(ke, err[j]));
    tip.append("\n").append(score_tip(kfe, fix[j]));
    ImGui::SetTooltip("%s", tip.c_str());
  }
  plot_clip_pop();
  if (!key_b_inside) key_flow(key_b, size.x, flow);
}

// ---- the picture -----------------------------------------------------------------------------------

// The pair dimension j belongs to in `layout` (width d).
int pair_of(int j, int d, pe::RopeLayout layout) { return layout == pe::RopeLayout::interleaved ? j / 2 : j % (d / 2); }

void arc(ImDrawList* dl, ImVec2 p0, ImVec2 p1, float h, ImU32 col, float w) {
  dl->AddBezierCubic(p0, ImVec2(p0.x, p0.y + h), ImVec2(p1.x, p1.y + h), p1, col, w);
}

void draw_picture(const State& s, const RopeLayoutsCache&, float width, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const int D = std::min(s.d, kLayoutsPictureDims);
  const pe::RopeLayout made = s.layoutTrained, run = other(s.layoutTrained);
  const std::vector<int> perm = rope_layouts_permutation(made, D);
  ImGui::PushFont(ctx.fonts.mono);
  const float cell = std::clamp(width / static_cast<float>(D), ImGui::CalcTextSize("00").x + 6 * sc, 40 * sc);
  ImGui::PopFont();
  const float line = ImGui::GetTextLineHeight();
  const float arc_h = std::min(2.4f * line, static_cast<float>(D / 2) * cell * 0.3f + 6 * sc);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float row_w = static_cast<float>(D) * cell;

  // A row of boxes: slot j holds dimension dims[j], filled in the colour of the pair it was made for.
  const auto boxes = [&](ImVec2 p, const std::vector<int>& dims) {
    ImGui::PushFont(ctx.fonts.mono);
    for (int j = 0; j < D; ++j) {
      const int dim = dims[at(j)];
      const ImU32 col = series_color(pair_of(dim, D, made));
      const ImVec2 a(p.x + static_cast<float>(j) * cell, p.y), b(a.x + cell, a.y + cell);
      const ImU32 fill_col = tint(col, 0.35f);
      dl->AddRectFilled(a, b, fill_col);
      dl->AddRect(a, b, col, 0, 0, 2 * sc);
      const std::string label = std::to_string(dim);
      const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
      dl->AddText(ImVec2(a.x + (cell - ts.x) / 2, a.y + (cell - ts.y) / 2), ink_on(fill_col), label.c_str());
    }
    ImGui::PopFont();
  };
  // Arcs joining the slots each angle of `layout` turns together, above (up) or below the row.
  const auto arcs = [&](ImVec2 p, pe::RopeLayout layout, bool up, ImU32 fixed_col, bool by_pair) {
    for (int i = 0; i < D / 2; ++i) {
      const pe::PairDims pd = pe::rope_pair_dims(i, D, layout);
      const float x0 = p.x + (static_cast<float>(pd.first) + 0.5f) * cell, x1 = p.x + (static_cast<float>(pd.second) + 0.5f) * cell;
      const float y = up ? p.y - 2 * sc : p.y + cell + 2 * sc;
      const float h = std::min(arc_h, (x1 - x0) * 0.45f + 4 * sc);
      arc(dl, ImVec2(x0, y), ImVec2(x1, y), up ? -h : h, by_pair ? series_color(i) : fixed_col, 2.0f * sc);
    }
  };
  const auto label_line = [&](const std::string& t) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
    text_wrapped_at_spaces(t, width);
    ImGui::PopStyleColor();
  };
  std::vector<int> identity(at(D));
  for (int j = 0; j < D; ++j) identity[at(j)] = j;

  // 1. As made: arcs above in the pairs' colours.
  label_line(fill(text("row_made"), {{"trained", short_name(made)}}));
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(row_w, arc_h + cell + 4 * sc));
  const ImVec2 row1(p.x, p.y + arc_h + 2 * sc);
  arcs(row1, made, true, 0, true);
  boxes(row1, identity);
  // 2. Run by the other code unconverted: its arcs join other colours.
  label_line(fill(text("row_wrong"), {{"run", short_name(run)}}));
  p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(row_w, arc_h + cell + 4 * sc));
  const ImVec2 row2(p.x, p.y + arc_h + 2 * sc);
  arcs(row2, run, true, kWrong, false);
  boxes(row2, identity);
  // 3. Reordered by P (lines from row 2), then the same code's arcs below join matching colours.
  const float gap = std::max(28 * sc, 1.6f * line);
  p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(row_w, gap + cell + arc_h + 4 * sc));
  const ImVec2 row3(p.x, p.y + gap);
  for (int j = 0; j < D; ++j) {
    const float x0 = row2.x + (static_cast<float>(perm[at(j)]) + 0.5f) * cell, x1 = row3.x + (static_cast<float>(j) + 0.5f) * cell;
    const ImVec2 from(x0, row2.y + cell + 2 * sc), to(x1, row3.y - 3 * sc);
    dl->AddLine(from, to, colors::axis, 1.3f * sc);
    // A small arrowhead at the lower end.
    const float len = std::max(1.0f, std::hypot(to.x - from.x, to.y - from.y));
    const ImVec2 u((to.x - from.x) / len, (to.y - from.y) / len), v(-u.y, u.x);
    const float ah = 5 * sc;
    dl->AddTriangleFilled(to, ImVec2(to.x - u.x * ah + v.x * ah * 0.5f, to.y - u.y * ah + v.y * ah * 0.5f),
                          ImVec2(to.x - u.x * ah - v.x * ah * 0.5f, to.y - u.y * ah - v.y * ah * 0.5f), colors::axis);
  }
  boxes(row3, perm);
  arcs(row3, run, false, kFixed, false);
  label_line(fill(text("row_fixed"), {{"run", short_name(run)}}));
  label_line(std::string(text("picture_key")));
  if (s.d > kLayoutsPictureDims) label_line(fill(text("picture_cut"), {{"d", std::to_string(s.d)}}));
}

}  // namespace

void rope_layouts_vectors(LayoutVectors v, int seed, int d, std::vector<double>& q, std::vector<double>& k) {
  if (v == LayoutVectors::ones) {
    q.assign(at(d), 1.0);
    k = q;
    return;
  }
  const std::uint64_t sq = kSeedBase + 2 * static_cast<std::uint64_t>(seed);
  q = pe::word_vector(sq, d);
  k = v == LayoutVectors::same ? q : pe::word_vector(sq + 1, d);
}

std::vector<int> rope_layouts_permutation(pe::RopeLayout trained, int d) {
  return trained == pe::RopeLayout::interleaved ? pe::interleaved_to_half(d) : pe::half_to_interleaved(d);
}

void draw_rope_layouts(State& s, RopeLayoutsCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  lesson_intro(View::rope_layouts, ctx);
  const float gap = 16 * sc;
  const float pic_w = std::min(ImGui::GetContentRegionAvail().x, 460 * sc);
  const bool beside = ImGui::GetContentRegionAvail().x - pic_w - gap >= 380 * sc;
  // On a narrow screen (a phone) the charts come right after the main control, and the vectors and the
  // range under them: above, those rows pushed the charts under a phone's first screen.
  draw_layout_choice(s, ctx);
  if (beside) draw_vector_controls(s, ctx);
  refresh(c, s);

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float chart_h = std::max(2 * metrics::plot_min_height * sc, avail.y - 4.5f * line);
  if (beside) {
    ImGui::BeginGroup();
    draw_charts(s, c, ImVec2(avail.x - pic_w - gap, chart_h), ctx);
    ImGui::EndGroup();
    ImGui::SameLine(0, gap);
    ImGui::BeginGroup();
    draw_picture(s, c, pic_w, ctx);
  } else {
    const float screen = ImGui::GetWindowHeight();
    draw_charts(s, c, ImVec2(avail.x, std::max(2 * metrics::plot_min_height * sc, std::min(avail.x * 0.8f, screen * 0.8f))), ctx);
    draw_vector_controls(s, ctx);
    refresh(c, s);  // what they changed, for the words below
    ImGui::BeginGroup();
    draw_picture(s, c, pic_w, ctx);
  }
  ImGui::Spacing();
  const float w = beside ? pic_w : avail.x;
  Curves scratch;
  const Curves& cv = curves_for(s, c, scratch);
  text_wrapped_at_spaces(about_text(s, c), w);
  const AtK a = at_k(s, c, cv);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::ghost));
  text_wrapped_at_spaces(at_k_text(a), w);
  ImGui::PopStyleColor();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(kWrong));
  text_wrapped_at_spaces(over_text(s, over(cv)), w);
  ImGui::PopStyleColor();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
  text_wrapped_at_spaces(s.layoutVectors == LayoutVectors::ones ? text("ones") : text("zero"), w);
  ImGui::PopStyleColor();
  text_wrapped_at_spaces(perm_text(s, s.d), w);
  ImGui::EndGroup();
}

std::string describe_rope_layouts(const State& s, const RopeLayoutsCache& c) {
  Curves scratch;
  const Curves& cv = curves_for(s, c, scratch);
  std::string t = about_text(s, c);
  if (s.d <= kLayoutsPictureDims) t.append(" ").append(fill(text("describe_vectors"), {{"q", list_text(cv.q)}, {"k", list_text(cv.k)}}));
  t.append(" ").append(at_k_text(at_k(s, c, cv)));
  t.append(" ").append(over_text(s, over(cv)));
  t.append(" ").append(s.layoutVectors == LayoutVectors::ones ? text("ones") : text("zero"));
  t.append(" ").append(perm_text(s, s.d));
  return t;
}

}  // namespace app
