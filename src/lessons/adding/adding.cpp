#include "lessons/adding/adding.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/encoding.hpp"
#include "core/mixing.hpp"
#include "core/samples.hpp"
#include "imgui.h"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "ui/bars.hpp"
#include "ui/key.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

// A text of the lesson's file (adding.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::adding, key), values);
}

// Part colours: the position part takes the hand's colour, the cross terms the ghost's (palette-aware).
const ImU32& kWord = colors::word;
const ImU32& kTotal = colors::ink;  // the added total: the ink colour (near-black or near-white), stronger than the parts

constexpr std::uint64_t kSeed1 = 1, kSeed2 = 2;

// The window of positions shown: the page of n positions that holds pos.
double window_start(const State& s) { return std::floor(s.pos / s.n) * s.n; }

// Two related words: w2 shares half of w1's direction (correlation 0.5), entries still of size about 1.
void make_words(int d, std::vector<double>& w1, std::vector<double>& w2) {
  w1 = pe::word_vector(kSeed1, d);
  w2 = pe::word_vector(kSeed2, d);
  for (size_t j = 0; j < w2.size(); ++j) w2[j] = 0.5 * w1[j] + std::sqrt(0.75) * w2[j];
}

// The positions of the plot: the window holds positions start .. start + n - 1, like every other view.
// Integer positions when they fit, otherwise evenly spaced samples; fewer for wide models so a change
// costs ~ the same.
std::vector<double> window_positions(const State& s) {
  const double start = window_start(s);
  const int samples = std::max(2, std::min(s.n, std::clamp(200000 / s.d, 48, 320)));
  return pe::even_samples(start, static_cast<double>(s.n - 1), samples);
}

void refresh(AddingCache& c, const State& s) {
  if (c.words_key.changed(s.d)) {
    make_words(s.d, c.w1, c.w2);
    c.curve_key.invalidate();
  }
  if (!c.curve_key.changed(s.d, s.base, s.k, s.n, window_start(s))) return;
  c.xs = window_positions(s);
  c.added.resize(c.xs.size());
  c.cat.resize(c.xs.size());
  c.cross.resize(c.xs.size());
  std::vector<pe::MixParts> parts(c.xs.size());
  pe::mix_added_along(c.w1, c.w2, c.xs, s.k, s.base, parts);
  double worst = 1e-9;
  for (size_t j = 0; j < c.xs.size(); ++j) {
    const pe::MixParts& m = parts[j];
    c.added[j] = m.total;
    c.cross[j] = m.cross;
    // Concatenation has no cross terms (test_mixing checks dot_concatenated against this sum).
    c.cat[j] = m.word + m.position;
    worst = std::max({worst, std::fabs(m.word), std::fabs(m.position), std::fabs(m.cross), std::fabs(m.total),
                      std::fabs(c.cat[j])});
  }
  c.scale = worst;
}

// Where the labels beside the bars would leave a bar less than this (UI pixels), each label goes on a
// line above its bar (a phone, a longer language), so the bars keep a readable length.
constexpr float kLeastBar = 160.0f;

// How the two panels lay out their bars: the label column as wide as their widest label, or the labels
// above the bars. Decided once for both, from the panels' width (not from what a frame's scroll bar
// leaves: a panel that stacked because of its own scroll bar grew taller and kept it).
struct BarLayout {
  bool stacked = false;
  float label_w = 0, value_w = 0;
};
BarLayout bar_layout(float inner_w, std::initializer_list<std::string> labels, float sc) {
  float widest = 0;
  for (const std::string& l : labels) widest = std::max(widest, ImGui::CalcTextSize(l.c_str()).x);
  BarLayout b;
  b.value_w = 100 * sc;
  b.label_w = widest + 10 * sc;
  b.stacked = inner_w - b.label_w - b.value_w < kLeastBar * sc;
  if (b.stacked) b.label_w = 0;
  return b;
}

// One signed bar: label, bar from the zero line, value.
void bar(const std::string& name, double v, double scale, ImU32 col, const BarLayout& b, const ViewContext& ctx, bool bold = false) {
  // Values beyond the window's scale (pos moved on) are clipped at the edge.
  signed_bar_row(name.c_str(), v / scale, fmt("%+.4f", v), col, bold ? kTotal : col, b.label_w, b.value_w, b.stacked, ctx.fonts.mono,
                 ctx.ui_scale);
}

void panel_title(const ViewContext& ctx, std::string_view title_key, std::string_view sub_key) {
  ImGui::PushFont(ctx.fonts.title);
  text_wrapped_at_spaces(label(title_key));
  ImGui::PopFont();
  ImGui::TextDisabled("%s", label(sub_key).c_str());
}

// A panel's check line in the mono font, dim, wrapped at spaces in a narrow panel.
void check_line(const ViewContext& ctx, const std::string& text) {
  ImGui::PushFont(ctx.fonts.mono);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  text_wrapped_at_spaces(text);
  ImGui::PopStyleColor();
  ImGui::PopFont();
}

void draw_plot(const State& s, const AddingCache& c, const ViewContext& ctx, float height) {
  const float sc = ctx.ui_scale;
  if (c.xs.size() < 2) return;
  double lo = 0, hi = 0;
  for (size_t j = 0; j < c.xs.size(); ++j)
    lo = std::min({lo, c.added[j], c.cat[j], c.cross[j]}), hi = std::max({hi, c.added[j], c.cat[j], c.cross[j]});
  const double pad = 0.06 * std::max(hi - lo, 1e-9);
  // The legend: in the row above the plot where it fits there, else flowing over rows of its own
  // above the plot (a phone).
  const std::string key_words[] = {label("key_added"), label("key_concatenated"), label("key_cross"), label("key_pos")};
  const FlowEntry keys[] = {{{Swatch::bar, kTotal, 2 * sc}, key_words[0].c_str()},
                            {{Swatch::bar, colors::selected, 2 * sc}, key_words[1].c_str()},
                            {{Swatch::bar, colors::ghost, 2 * sc}, key_words[2].c_str()},
                            {{Swatch::bar, colors::hand, 2 * sc}, key_words[3].c_str()}};
  const KeyFlow flow{18 * sc, 6 * sc, 18 * sc, 4 * sc, colors::text_dim};
  const auto key_w = [&](const FlowEntry& k) { return 24 * sc + ImGui::CalcTextSize(k.text).x + 18 * sc; };
  float keys_w = 0;
  for (const FlowEntry& k : keys) keys_w += key_w(k);
  const float width = ImGui::GetContentRegionAvail().x;
  const bool own_rows = keys_w > width - 60 * sc;  // 60: about the plot's left margin
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (own_rows) height = std::max(height - (key_flow(keys, width, flow) + ImGui::GetStyle().ItemSpacing.y), 160 * sc);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const std::string x_title = label("axis_pos");
  const Plot p = plot_frame("scores", ImVec2(ImGui::GetContentRegionAvail().x, height), c.xs.front(), c.xs.back(), lo - pad,
                            hi + pad, false, x_title.c_str(), nullptr, sc);
  std::vector<ImVec2> pts(c.xs.size());
  auto curve = [&](const std::vector<double>& ys, ImU32 col, float thick) {
    for (size_t j = 0; j < ys.size(); ++j) pts[j] = ImVec2(p.sx(c.xs[j]), p.sy(ys[j]));
    dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), col, 0, thick * sc);
  };
  plot_clip_push(p);
  plot_hline(dl, p, p.sy(0), colors::dial_rim, 1.0f * sc);
  curve(c.cross, colors::ghost, 1.5f);
  curve(c.cat, colors::selected, 2.5f);
  curve(c.added, kTotal, 2.0f);
  if (s.pos >= p.x0 && s.pos <= p.x1) plot_vline(dl, p, p.sx(s.pos), colors::hand, 2.0f * sc);
  // The pointer reads the three curves at the position under it.
  if (const int at = plot_sample_at_mouse(p, c.xs); at >= 0) {
    const size_t j = static_cast<size_t>(at);
    std::string tip = label("tip_words", {{"pos", fmt("%.2f", c.xs[j])}});
    tip.append("\n").append(label("tip_added", {{"v", fmt("%+.4f", c.added[j])}}));
    tip.append("\n").append(label("tip_concatenated", {{"v", fmt("%+.4f", c.cat[j])}}));
    tip.append("\n").append(label("tip_cross", {{"v", fmt("%+.4f", c.cross[j])}}));
    ImGui::SetTooltip("%s", tip.c_str());
  }
  plot_clip_pop();

  if (!own_rows) {  // in the row above the plot
    float lx = p.lo.x;
    for (const FlowEntry& k : keys) {
      key_item(dl, ImVec2(lx, origin.y), k, flow);
      lx += key_w(k);
    }
  }
}

}  // namespace

void draw_adding(State& s, AddingCache& cache, const ViewContext& ctx) {
  refresh(cache, s);
  const float sc = ctx.ui_scale;
  lesson_intro(View::adding, ctx);

  const double p1 = s.pos, p2 = s.pos + s.k;
  std::vector<double> e1(static_cast<size_t>(s.d)), e2(e1.size());
  pe::encoding_vector(p1, s.d, s.base, e1);
  pe::encoding_vector(p2, s.d, s.base, e2);
  const pe::MixParts m = pe::mix_added(cache.w1, e1, cache.w2, e2);
  const double cat = pe::dot_concatenated(cache.w1, e1, cache.w2, e2);
  text_wrapped_at_spaces(fill(lesson_text(View::adding, "tokens"), {{"p1", fmt("%.2f", p1)}, {"p2", fmt("%.2f", p2)}, {"d", std::to_string(s.d)}}));

  const float avail = ImGui::GetContentRegionAvail().x;
  const bool side = avail > 900 * sc;
  const float panel_w = side ? avail * 0.5f - 4 * sc : avail;
  const ImGuiStyle& st = ImGui::GetStyle();
  const std::string word = label("bar_word"), position = label("bar_position"), cross_terms = label("bar_cross_terms"),
                    cross = label("bar_cross"), total = label("bar_total");
  const BarLayout b = bar_layout(panel_w - 2 * st.WindowPadding.x - st.ScrollbarSize, {word, position, cross_terms, cross, total}, sc);
  // Four bars of one line each, or of two lines (label above bar) in a narrow panel, plus the
  // title, the subtitle and the check line (two lines when it wraps).
  // As tall as last frame's taller panel needed, at least the estimate: its check line may wrap.
  const float panel_h = std::max(ImGui::GetTextLineHeightWithSpacing() * (b.stacked ? 12.6f : 9.2f), cache.panel_content);
  float content = 0;
  ImGui::BeginChild("added", ImVec2(side ? panel_w : 0, panel_h), true);
  panel_title(ctx, "added_title", "added_sub");
  bar(word, m.word, cache.scale, kWord, b, ctx);
  bar(position, m.position, cache.scale, colors::hand, b, ctx);
  bar(cross_terms, m.cross, cache.scale, colors::ghost, b, ctx);
  bar(total, m.total, cache.scale, kTotal, b, ctx, true);
  check_line(ctx, label("check_added", {{"sum", fmt("%.6f", m.word + m.position + m.cross)},
                                        {"direct", fmt("%.6f", m.total)},
                                        {"diff", fmt("%.0e", m.word + m.position + m.cross - m.total)}}));
  content = ImGui::GetCursorPosY() + st.WindowPadding.y;
  ImGui::EndChild();
  if (side) ImGui::SameLine();
  ImGui::BeginChild("concatenated", ImVec2(0, panel_h), true);
  panel_title(ctx, "concatenated_title", "concatenated_sub");
  bar(word, m.word, cache.scale, kWord, b, ctx);
  bar(position, m.position, cache.scale, colors::hand, b, ctx);
  bar(cross, 0.0, cache.scale, colors::ghost, b, ctx);
  bar(total, cat, cache.scale, colors::selected, b, ctx, true);
  check_line(ctx, label("check_concatenated", {{"diff", fmt("%.0e", cat - m.word - m.position)}}));
  content = std::max(content, ImGui::GetCursorPosY() + st.WindowPadding.y);
  ImGui::EndChild();
  cache.panel_content = content;

  const double start = window_start(s);
  text_wrapped_at_spaces(fill(lesson_text(View::adding, "window"),
                              {{"from", fmt("%.0f", start)}, {"to", fmt("%.0f", start + s.n - 1)}, {"k", fmt("%.2f", s.k)}, {"cat", fmt("%.4f", cat)}}));
  const float plot_h = std::max(ImGui::GetContentRegionAvail().y - 4 * sc, 160 * sc);
  draw_plot(s, cache, ctx, plot_h);
}

}  // namespace app

namespace app {

std::string describe_adding(const State& s, const AddingCache& /*cache*/) {
  std::vector<double> w1, w2;
  make_words(s.d, w1, w2);
  const double p1 = s.pos, p2 = s.pos + s.k;
  std::vector<double> e1(static_cast<size_t>(s.d)), e2(e1.size());
  pe::encoding_vector(p1, s.d, s.base, e1);
  pe::encoding_vector(p2, s.d, s.base, e2);
  const pe::MixParts m = pe::mix_added(w1, e1, w2, e2);
  const double cat = pe::dot_concatenated(w1, e1, w2, e2);
  // The plot's window: how far the added score moves while k stays fixed.
  const std::vector<double> xs = window_positions(s);
  std::vector<pe::MixParts> parts(xs.size());
  pe::mix_added_along(w1, w2, xs, s.k, s.base, parts);
  double lo = parts.front().total, hi = lo;
  for (const pe::MixParts& q : parts) lo = std::min(lo, q.total), hi = std::max(hi, q.total);
  return label("describe", {{"p1", fmt("%.2f", p1)},
                            {"p2", fmt("%.2f", p2)},
                            {"total", fmt("%+.4f", m.total)},
                            {"word", fmt("%+.4f", m.word)},
                            {"position", fmt("%+.4f", m.position)},
                            {"cross", fmt("%+.4f", m.cross)},
                            {"cat", fmt("%+.4f", cat)},
                            {"from", fmt("%.0f", xs.front())},
                            {"to", fmt("%.0f", xs.back())},
                            {"lo", fmt("%+.4f", lo)},
                            {"hi", fmt("%+.4f", hi)}});
}

}  // namespace app
