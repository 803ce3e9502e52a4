#include "lessons/symmetry/symmetry.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/similarity.hpp"
#include "core/similarity_curve.hpp"
#include "ui/focus.hpp"
#include "imgui.h"
#include "ui/key.hpp"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "state/state_io.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

// The dot product (the lesson's curve), the turned score beside it, and the first rise.
const ImU32& kEven = colors::hand;
const ImU32& kOdd = colors::accent;
const ImU32& kRise = colors::warning;

// A text of the lesson's file (symmetry.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::symmetry, key), values);
}

void refresh_curves(SymmetryCache& c, const State& s, int samples) {
  if (!c.key.changed(s.d, s.base, c.kmax, samples)) return;
  c.ks = pe::integer_offsets(c.kmax, samples);
  c.even.assign(c.ks.size(), 0.0);
  c.odd.assign(c.ks.size(), 0.0);
  pe::dot_curve_closed_form(c.ks, s.d, s.base, c.even);
  pe::turned_dot_curve(c.ks, s.d, s.base, c.odd);
  c.even_lo = *std::min_element(c.even.begin(), c.even.end());
  c.odd_hi = 0;
  for (double v : c.odd) c.odd_hi = std::max(c.odd_hi, std::fabs(v));
}

struct Search {
  int limit = 0;
  pe::Rise rise;
  int sign_change = 0;
};

Search run_search(const State& s) {
  Search r;
  r.limit = pe::offset_search_limit(s.d);
  r.rise = pe::first_rise(s.d, s.base, r.limit);
  r.sign_change = pe::first_nonpositive_turned(s.d, s.base, r.limit);
  return r;
}

// The cached searches when they are for this (d, base), else worked now.
Search search(const State& s, const SymmetryCache& c) {
  if (c.searched && c.search_d == s.d && c.search_base == s.base) return {c.limit, c.rise, c.sign_change};
  return run_search(s);
}

void refresh_search(SymmetryCache& c, const State& s) {
  if (c.searched && c.search_d == s.d && c.search_base == s.base) return;
  const Search r = run_search(s);
  c.limit = r.limit;
  c.rise = r.rise;
  c.sign_change = r.sign_change;
  c.search_d = s.d;
  c.search_base = s.base;
  c.searched = true;
}

std::string value_text(double v) { return fmt(std::fabs(v) < 1e5 ? "%.4f" : "%.4g", v); }

// The lesson's sentences with live numbers (the view and describe() say the same).
std::string sentence_same(const State& s) {
  const double k = std::fabs(s.k);
  return fill(lesson_text(View::symmetry, "same"), {{"k", fmt("%g", k)}, {"v", value_text(pe::dot_direct(s.pos, k, s.d, s.base))}});
}
std::string sentence_rise(const State& s, const Search& r) {
  if (r.rise.k == 0) return fill(lesson_text(View::symmetry, "no_rise"), {{"limit", grouped(r.limit)}});
  std::string t = fill(lesson_text(View::symmetry, "rise"), {{"last", std::to_string(r.rise.k - 1)},
                                                             {"k", std::to_string(r.rise.k)},
                                                             {"before", value_text(r.rise.before)},
                                                             {"after", value_text(r.rise.after)},
                                                             {"delta", fmt("%.3g", r.rise.after - r.rise.before)}});
  const double share = (r.rise.after - r.rise.before) / (s.d / 2.0);
  if (share < 0.01) t.append(" ").append(fill(lesson_text(View::symmetry, "rise_small"), {{"share", label("percent", {{"n", fmt("%.2g", share * 100)}})}}));
  return t;
}
std::string sentence_turned(const State& s, const Search& r) {
  const double k = std::fabs(s.k);
  std::string t = fill(lesson_text(View::symmetry, "turned"), {{"plus", value_text(pe::turned_dot_direct(s.pos, k, s.d, s.base))},
                                                               {"minus", value_text(pe::turned_dot_direct(s.pos, -k, s.d, s.base))}});
  t.append(" ");
  if (r.sign_change > 0)
    t.append(fill(lesson_text(View::symmetry, "sign_until"), {{"last", grouped(r.sign_change - 1)}, {"k", grouped(r.sign_change)}}));
  else
    t.append(fill(lesson_text(View::symmetry, "sign_all"), {{"limit", grouped(r.limit)}}));
  return t;
}

// A closer look at the first rise: f at whole offsets k-2..k+1, the y axis magnified around the rising
// step (k-1 to k, in the warning colour) so that a rise of a thousandth of the peak shows; steps to
// points outside the window leave through its edges.
void draw_zoom(const State& s, const pe::Rise& rise, float width, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const int k0 = std::max(0, rise.k - 2), k1 = rise.k + 1;
  std::vector<double> ks, f;
  for (int k = k0; k <= k1; ++k) ks.push_back(k);
  f.assign(ks.size(), 0.0);
  pe::dot_curve_closed_form(ks, s.d, s.base, f);
  const double delta = rise.after - rise.before;
  const double lo = std::min(rise.before, rise.after) - 2 * delta, hi = std::max(rise.before, rise.after) + 2 * delta;
  const std::string title = fill(lesson_text(View::symmetry, "zoom_title"), {{"from", std::to_string(k0)}, {"to", std::to_string(k1)}});
  const Plot p = plot_frame("sym_zoom", ImVec2(width, 130 * sc), k0 - 0.3, k1 + 0.3, lo, hi, false, label("axis_offset").c_str(), title.c_str(), sc, true);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  plot_clip_push(p, 0.0f);
  for (size_t j = 0; j + 1 < ks.size(); ++j) {
    const bool rising = static_cast<int>(ks[j + 1]) == rise.k;
    dl->AddLine(ImVec2(p.sx(ks[j]), p.sy(f[j])), ImVec2(p.sx(ks[j + 1]), p.sy(f[j + 1])), rising ? kRise : kEven, (rising ? 3.0f : 1.8f) * sc);
  }
  for (size_t j = 0; j < ks.size(); ++j) {
    const int k = static_cast<int>(ks[j]);
    dl->AddCircleFilled(ImVec2(p.sx(ks[j]), p.sy(f[j])), 4.0f * sc, k == rise.k || k == rise.k - 1 ? kRise : kEven);
  }
  plot_clip_pop();
}

}  // namespace

void draw_symmetry(State& s, SymmetryCache& cache, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  lesson_intro(View::symmetry, ctx);
  refresh_search(cache, s);
  const Search r = search(s, cache);

  // The chart's range and the second curve; the slider's label above it, so a phone keeps it whole.
  const std::string turned_label = label("show_turned").append("###show_turned");  // the same widget in every language
  const bool two_columns = ImGui::GetContentRegionAvail().x >= 560 * sc;
  if (ImGui::BeginTable("sym_controls", two_columns ? 2 : 1, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("kmax", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    if (two_columns) ImGui::TableSetupColumn("turned", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(label("offsets_label").c_str());
    ImGui::SetNextItemWidth(-1);
    slider_int("##kmax", &cache.kmax, 5, 10000, "%d", ImGuiSliderFlags_Logarithmic);
    focus_name(label("focus_offsets"));
    cache.kmax = std::clamp(cache.kmax, 5, 10000);
    ImGui::TableNextColumn();
    if (two_columns) ImGui::Dummy(ImVec2(1, ImGui::GetTextLineHeight()));  // level with the slider
    checkbox_wrapped(turned_label.c_str(), &cache.show_turned);
    ImGui::EndTable();
  }

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float panel_w = 340 * sc;
  const bool beside = avail.x >= panel_w + 12 * sc + 320 * sc;
  const float plot_w = beside ? avail.x - panel_w - 12 * sc : avail.x;
  const float plot_h = beside ? std::max(metrics::plot_min_height * sc, avail.y - 0.5f * ImGui::GetTextLineHeightWithSpacing())
                              : std::max(metrics::plot_min_height * sc, avail.y * 0.55f);
  // At most one whole offset per pixel column on each side of 0.
  const int samples = std::max(2, static_cast<int>((plot_w - 70 * sc) / 2));
  refresh_curves(cache, s, samples);

  const double top = s.d / 2.0;
  const double lo = std::min({0.0, cache.even_lo, cache.show_turned ? -cache.odd_hi : 0.0});
  const double hi = std::max(top, cache.show_turned ? cache.odd_hi : top);
  const double span = std::max(1.0, hi - lo);
  const double K = cache.kmax;
  const Plot p = plot_frame("sym_plot", ImVec2(plot_w, plot_h), -K, K, lo - 0.05 * span, hi + 0.1 * span, false, label("axis_offset").c_str(),
                            label("plot_title").c_str(), sc);
  if (p.held && p.mouse.x >= p.lo.x - 4 && p.mouse.x <= p.hi.x + 4)
    set_number(s, Field::k, std::round(std::clamp(p.x_at(p.mouse.x), -K, K)));

  ImDrawList* dl = ImGui::GetWindowDrawList();
  plot_clip_push(p);
  plot_hline(dl, p, p.sy(0), colors::zero_line, 1.0f);
  plot_vline(dl, p, p.sx(0), colors::zero_line, 1.0f);
  // Each curve drawn from -K to K: the samples at 0..K, mirrored (even) or mirrored and negated (odd).
  const size_t n = cache.ks.size();
  std::vector<ImVec2> pts(2 * n - 1);
  const auto curve = [&](const std::vector<double>& v, double sign, ImU32 col, float width) {
    for (size_t j = 0; j < n; ++j) {
      pts[n - 1 - j] = ImVec2(p.sx(-cache.ks[j]), p.sy(sign * v[j]));
      pts[n - 1 + j] = ImVec2(p.sx(cache.ks[j]), p.sy(v[j]));
    }
    dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), col, 0, width);
  };
  if (cache.show_turned) curve(cache.odd, -1.0, kOdd, 1.6f * sc);
  curve(cache.even, 1.0, kEven, 2.4f * sc);

  // The first rise, on both sides.
  // (While a tour question asks where it is, its rings, its key row and the zoom wait for the answer.)
  const bool rise_withheld = text_withheld(View::symmetry, "mark_rise");
  if (r.rise.k > 0 && r.rise.k <= K && !rise_withheld)
    for (double side : {-1.0, 1.0}) dl->AddCircle(ImVec2(p.sx(side * r.rise.k), p.sy(r.rise.after)), 6.0f * sc, kRise, 16, 2.0f * sc);

  // The chosen offset on both sides: the same height on the dot product, opposite on the turned score.
  const double k = std::fabs(s.k);
  if (k <= K) {
    const double fa = pe::dot_direct(s.pos, k, s.d, s.base), fb = pe::dot_direct(s.pos, -k, s.d, s.base);
    const float xa = p.sx(k), xb = p.sx(-k);
    plot_vline(dl, p, xa, colors::ghost, 1.5f * sc);
    dashed_line(dl, ImVec2(xb, p.lo.y), ImVec2(xb, p.hi.y), colors::ghost, 1.5f * sc, 5 * sc);
    dashed_line(dl, ImVec2(xb, p.sy(fb)), ImVec2(xa, p.sy(fa)), colors::ghost, 1.2f * sc, 3 * sc);
    dl->AddCircleFilled(ImVec2(xa, p.sy(fa)), 5.0f * sc, colors::ghost);
    dl->AddCircleFilled(ImVec2(xb, p.sy(fb)), 5.0f * sc, colors::ghost);
    if (cache.show_turned) {
      const double ga = pe::turned_dot_direct(s.pos, k, s.d, s.base), gb = pe::turned_dot_direct(s.pos, -k, s.d, s.base);
      for (const auto& [x, v] : {std::pair{xa, ga}, std::pair{xb, gb}}) {
        const ImVec2 q(x, p.sy(v));
        dl->AddRectFilled(ImVec2(q.x - 4 * sc, q.y - 4 * sc), ImVec2(q.x + 4 * sc, q.y + 4 * sc), kOdd);
      }
    }
    // "+k" right of its line and "-k" left of its line, at the top, each kept inside the plot.
    const float gap = 4 * sc;
    const float wa = ImGui::CalcTextSize("+k").x, wb = ImGui::CalcTextSize("\xE2\x88\x92k").x;
    if (xa - xb > wa + wb + 3 * gap) {
      halo_text(dl, ImVec2(std::min(xa + gap, p.hi.x - wa - 2 * sc), p.lo.y + 3 * sc), colors::ghost, "+k");
      halo_text(dl, ImVec2(std::max(xb - wb - gap, p.lo.x + 2 * sc), p.lo.y + 3 * sc), colors::ghost, "\xE2\x88\x92k");
    } else {
      const float w = ImGui::CalcTextSize("\xC2\xB1k").x;
      halo_text(dl, ImVec2(std::clamp(xa + gap, p.lo.x + 2 * sc, p.hi.x - w - 2 * sc), p.lo.y + 3 * sc), colors::ghost, "\xC2\xB1k");
    }
  }
  // The pointer reads both sides of the mirror at the offset under it.
  if (p.hovered && p.mouse.x >= p.lo.x && p.mouse.x <= p.hi.x) {
    const double kh = std::round(std::clamp(p.x_at(p.mouse.x), -K, K));
    const double ahead = pe::dot_direct(s.pos, std::fabs(kh), s.d, s.base), behind = pe::dot_direct(s.pos, -std::fabs(kh), s.d, s.base);
    const std::string a = fmt("%g", std::fabs(kh));
    std::string tip = label("tip_offset", {{"k", fmt("%g", kh)}});
    tip.append("\nPE(pos) \xC2\xB7 PE(pos + ").append(a).append(") = ").append(fmt("%.4f", ahead));
    tip.append("\nPE(pos) \xC2\xB7 PE(pos \xE2\x88\x92 ").append(a).append(") = ").append(fmt("%.4f", behind));
    tip.append("\n").append(label("tip_drag"));
    ImGui::SetTooltip("%s", tip.c_str());
  }
  plot_clip_pop();

  // Beside (or below) the plot: the two sides at k, the legend, the sentences and the zoom.
  if (beside) ImGui::SameLine(0, 12 * sc);
  ImGui::BeginGroup();
  const float w = beside ? panel_w : avail.x;
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + w);
  ImGui::PushFont(ctx.fonts.title);
  ImGui::TextUnformatted(label("at_k_title", {{"k", fmt("%g", k)}}).c_str());
  ImGui::PopFont();
  const float lh = ImGui::GetTextLineHeight();
  // The marks match the plot's: its lines, the turned dots (squares) and the rise's rings.
  const Swatch line_mark{Swatch::line, 0, 0, 2.4f * sc}, square_mark{Swatch::square, 0, 4 * sc},
      ring_mark{Swatch::ring, 0, 6.0f * sc, 2.0f * sc, 16};
  const auto row = [&](ImU32 col, Swatch mark, const std::string& name, double v) {
    const ImVec2 q = ImGui::GetCursorScreenPos();
    mark.col = col;
    key_swatch(dl, q.x + 2 * sc, q.y + lh / 2, 20 * sc, mark);
    const std::string value = value_text(v);
    ImGui::PushFont(ctx.fonts.mono);
    const float vw = ImGui::CalcTextSize(value.c_str()).x;
    ImGui::PopFont();
    // The value right-aligned on the label's line, or on a line of its own when both do not fit.
    const bool fits = 30 * sc + ImGui::CalcTextSize(name.c_str()).x + 10 * sc + vw <= w;
    ImGui::SetCursorScreenPos(ImVec2(q.x + 30 * sc, q.y));
    ImGui::TextUnformatted(name.c_str());
    if (fits) ImGui::SameLine(0, 0);
    ImGui::SetCursorScreenPos(ImVec2(q.x + w - vw, fits ? q.y : ImGui::GetCursorScreenPos().y));
    ImGui::PushFont(ctx.fonts.mono);
    ImGui::TextUnformatted(value.c_str());
    ImGui::PopFont();
  };
  row(kEven, line_mark, "PE(pos) \xC2\xB7 PE(pos + k)", pe::dot_direct(s.pos, k, s.d, s.base));
  row(kEven, line_mark, "PE(pos) \xC2\xB7 PE(pos \xE2\x88\x92 k)", pe::dot_direct(s.pos, -k, s.d, s.base));
  if (cache.show_turned) {
    row(kOdd, square_mark, "(Q PE(pos)) \xC2\xB7 PE(pos + k)", pe::turned_dot_direct(s.pos, k, s.d, s.base));
    row(kOdd, square_mark, "(Q PE(pos)) \xC2\xB7 PE(pos \xE2\x88\x92 k)", pe::turned_dot_direct(s.pos, -k, s.d, s.base));
  }
  if (r.rise.k > 0 && !rise_withheld) row(kRise, ring_mark, label("key_rise", {{"k", std::to_string(r.rise.k)}}), r.rise.after);
  ImGui::Spacing();
  text_wrapped_at_spaces(sentence_same(s), w);
  if (k > K) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::warning));
    text_wrapped_at_spaces(fill(lesson_text(View::symmetry, "beyond_chart"), {{"k", fmt("%g", k)}}), w);
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
  text_wrapped_at_spaces(sentence_turned(s, r), w);
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(kRise));
  text_wrapped_at_spaces(sentence_rise(s, r), w);
  ImGui::PopStyleColor();
  if (r.rise.k > 0 && !rise_withheld) draw_zoom(s, r.rise, w, ctx);
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
}

}  // namespace app

namespace app {

std::string describe_symmetry(const State& s, const SymmetryCache& cache) {
  const Search r = search(s, cache);
  std::string t = sentence_same(s);
  t.append(" ").append(sentence_rise(s, r)).append(" ").append(sentence_turned(s, r));
  return t;
}

}  // namespace app
