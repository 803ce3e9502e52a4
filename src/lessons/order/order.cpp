#include "lessons/order/order.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/attention.hpp"
#include "core/encoding.hpp"
#include "imgui.h"
#include "text/format.hpp"
#include "ui/figure_mark.hpp"
#include "ui/table.hpp"
#include "ui/text_layout.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

using pe::ToyAttention;
constexpr int kN = ToyAttention::kTokens;
// A cell of A' differs from P A P^T "visibly" above this (the grid prints 2 decimals).
constexpr double kVisible = 0.005;

// A text of the lesson's file (order.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::order, key), values);
}
// The same as a Dear ImGui label whose id stays the same in every language.
std::string widget_label(std::string_view key, const char* id) { return label(key).append("###").append(id); }

void refresh(OrderCache& c, bool add_pe, double base) {
  if (!c.key.changed(c.perm, add_pe, base)) return;
  c.before = pe::toy_weights(pe::swap_permutation(kN, 0, 0), add_pe, base);
  c.after = pe::toy_weights(c.perm, add_pe, base);
  c.moved = pe::permute_both(c.before, kN, c.perm);
  c.max_diff = pe::max_abs_diff(c.after, c.moved);
}

std::string sentence(const std::vector<int>& perm) {
  const ToyAttention& t = pe::toy_attention();
  std::string out;
  for (size_t r = 0; r < perm.size(); ++r) {
    if (r) out += ' ';
    out += t.words[static_cast<size_t>(perm[r])];
  }
  return out;
}

// Paper-like to the hand blue (colors::scale_*); sqrt spreads the small weights (0.05 .. 0.35) over visible shades.
ImU32 weight_color(double w) {
  return blend(colors::scale_weak, colors::scale_strong, static_cast<float>(std::sqrt(std::clamp(w, 0.0, 1.0))));
}

// How many of the kN x kN weights differ visibly between A' and P A P^T.
int visible_changes(const std::vector<double>& after, const std::vector<double>& moved) {
  int changed = 0;
  for (size_t t = 0; t < after.size(); ++t) changed += std::fabs(after[t] - moved[t]) > kVisible ? 1 : 0;
  return changed;
}

// One labelled n x n grid. `order` gives the word shown for each row/column; cells where `flag`
// differs from `m` by more than kVisible get an orange frame.
void draw_grid(const char* title, const char* subtitle, const std::vector<double>& m, const std::vector<int>& order,
               const std::vector<double>* flag, float cell, float label_w, const ViewContext& ctx, bool withheld = false) {
  const ToyAttention& t = pe::toy_attention();
  const float sc = ctx.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  ImGui::BeginGroup();
  text_wrapped_at_spaces(title);  // on one line where it fits, else wrapped (a longer language on a phone)
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
  text_wrapped_at_spaces(subtitle);
  ImGui::PopStyleColor();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = label_w + kN * cell, h = line + 4 * sc + kN * cell;
  ImGui::Dummy(ImVec2(w, h));
  mark_figure_item();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 g(p.x + label_w, p.y + line + 4 * sc);  // top-left of the cells
  ImGui::PushFont(ctx.fonts.mono);
  for (int c = 0; c < kN; ++c) {
    const char* word = t.words[static_cast<size_t>(order[static_cast<size_t>(c)])].c_str();
    const float tw = ImGui::CalcTextSize(word).x;
    dl->AddText(ImVec2(g.x + static_cast<float>(c) * cell + (cell - tw) / 2, p.y), colors::text_dim, word);
  }
  for (int r = 0; r < kN; ++r) {
    const char* word = t.words[static_cast<size_t>(order[static_cast<size_t>(r)])].c_str();
    const float tw = ImGui::CalcTextSize(word).x;
    dl->AddText(ImVec2(g.x - tw - 6 * sc, g.y + static_cast<float>(r) * cell + (cell - line) / 2), colors::text_dim, word);
    for (int c = 0; c < kN; ++c) {
      const double v = m[static_cast<size_t>(r * kN + c)];
      const ImVec2 a(g.x + static_cast<float>(c) * cell, g.y + static_cast<float>(r) * cell), b(a.x + cell, a.y + cell);
      if (withheld) {  // the weights after the swap, while a question asks what they will be
        dl->AddRectFilled(a, b, colors::panel);
        dl->AddRect(a, b, colors::paper);
        const ImVec2 qs = ImGui::CalcTextSize("?");
        dl->AddText(ImVec2(a.x + (cell - qs.x) / 2, a.y + (cell - qs.y) / 2), colors::text_dim, "?");
        continue;
      }
      const ImU32 fill = weight_color(v);
      dl->AddRectFilled(a, b, fill);
      dl->AddRect(a, b, colors::paper);
      const std::string num = fmt("%.2f", v);
      const ImVec2 ts = ImGui::CalcTextSize(num.c_str());
      const ImU32 tc = ink_on(fill);

      dl->AddText(ImVec2(a.x + (cell - ts.x) / 2, a.y + (cell - ts.y) / 2), tc, num.c_str());
      if (ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect(a, b)) {
        const std::string& from = t.words[static_cast<size_t>(order[static_cast<size_t>(r)])];
        const std::string& to = t.words[static_cast<size_t>(order[static_cast<size_t>(c)])];
        std::string tip = label("tip_attends", {{"from", from}, {"to", to}, {"w", fmt("%.4f", v)}});
        tip.append("\n").append(label("tip_axes")).append("\n").append(label("tip_rows"));
        if (flag && std::fabs((*flag)[static_cast<size_t>(r * kN + c)] - v) > kVisible)
          tip.append("\n").append(label("tip_framed", {{"w", fmt("%.4f", (*flag)[static_cast<size_t>(r * kN + c)])}}));
        ImGui::SetTooltip("%s", tip.c_str());
      }
      if (flag && std::fabs((*flag)[static_cast<size_t>(r * kN + c)] - v) > kVisible)
        dl->AddRect(ImVec2(a.x + 1.5f * sc, a.y + 1.5f * sc), ImVec2(b.x - 1.5f * sc, b.y - 1.5f * sc), colors::ghost, 0, 0,
                    2.5f * sc);
    }
  }
  ImGui::PopFont();
  ImGui::EndGroup();
}

// The sentence as clickable chips: click one token, then another, to swap them.
void draw_chips(OrderCache& c, const ViewContext& ctx) {
  const ToyAttention& t = pe::toy_attention();
  const float sc = ctx.ui_scale;
  // The chips flow onto more lines in a narrow window, so every token stays within reach.
  for (int r = 0; r < kN; ++r) {
    if (r) same_line_if_fits(92 * sc);
    ImGui::PushID(r);
    const bool picked = c.picked == r;
    if (picked) {
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(colors::ghost));
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::paper));
    }
    char label[64];
    std::snprintf(label, sizeof label, "%d: %s", r, t.words[static_cast<size_t>(c.perm[static_cast<size_t>(r)])].c_str());
    if (ImGui::Button(label, ImVec2(92 * sc, 0))) {
      if (c.picked < 0) {
        c.picked = r;
      } else {
        if (c.picked != r) std::swap(c.perm[static_cast<size_t>(c.picked)], c.perm[static_cast<size_t>(r)]);
        c.picked = -1;
      }
    }
    if (picked) ImGui::PopStyleColor(2);
    ImGui::PopID();
  }
  const std::string swap_label = widget_label("swap_dog_man", "swap_dog_man");
  same_line_if_fits(button_width(swap_label.c_str()), 20 * sc);
  if (ImGui::Button(swap_label.c_str())) {
    c.perm = pe::swap_permutation(kN, 1, 4);
    c.picked = -1;
  }
  const std::string original_label = widget_label("original_order", "original_order");
  same_line_if_fits(button_width(original_label.c_str()));
  if (ImGui::Button(original_label.c_str())) {
    c.perm = pe::swap_permutation(kN, 0, 0);
    c.picked = -1;
  }
}

void draw_inputs(const OrderCache& c, bool add_pe, double base, const ViewContext& ctx) {
  const ToyAttention& t = pe::toy_attention();
  const int d = ToyAttention::kModel;
  ImGui::PushFont(ctx.fonts.mono);
  // Narrower than its ten columns (a phone), the table scrolls sideways.
  const std::string slot_head = label("column_slot"), token_head = label("column_token");
  const float table_w = ImGui::CalcTextSize((slot_head + " " + token_head + " +0.00").c_str()).x + (d - 1) * ImGui::CalcTextSize("+0.00 ").x +
                        static_cast<float>(d + 2) * 2 * ImGui::GetStyle().CellPadding.x;
  if (begin_table_fit("inputs", d + 2, ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit, table_w, kN)) {
    ImGui::TableSetupColumn((slot_head + "###slot").c_str());
    ImGui::TableSetupColumn((token_head + "###token").c_str());
    for (int j = 0; j < d; ++j) {
      static const char* kDims[] = {"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7"};
      ImGui::TableSetupColumn(kDims[j]);
    }
    ImGui::TableHeadersRow();
    std::vector<double> p(static_cast<size_t>(d));
    for (int r = 0; r < kN; ++r) {
      const int tok = c.perm[static_cast<size_t>(r)];
      pe::encoding_vector(static_cast<double>(r), d, base, p);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%d", r);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(t.words[static_cast<size_t>(tok)].c_str());
      for (int j = 0; j < d; ++j) {
        ImGui::TableNextColumn();
        const double e = t.embed[static_cast<size_t>(tok * d + j)];
        ImGui::TextUnformatted(fmt("%+.2f", add_pe ? e + p[static_cast<size_t>(j)] : e).c_str());
      }
    }
    ImGui::EndTable();
  }
  ImGui::PopFont();
}

}  // namespace

void draw_order(State& s, OrderCache& c, const ViewContext& ctx) {
  if (!pe::is_permutation(c.perm) || c.perm.size() != static_cast<size_t>(kN)) c.perm = pe::swap_permutation(kN, 1, 4);
  refresh(c, s.addPE, s.base);
  const float sc = ctx.ui_scale;
  lesson_intro(View::order, ctx);

  text_wrapped_at_spaces(lesson_text(View::order, "hint"));  // a longer language wraps on a phone
  draw_chips(c, ctx);
  // The checkbox keeps its whole label where it fits; in a narrow window the formula follows as text.
  const std::string pe_label = widget_label("add_pe_long", "add_pe");
  const bool long_label = checkbox_width(pe_label.c_str()) <= ImGui::GetContentRegionAvail().x;
  bool add_pe = s.addPE;
  if (ImGui::Checkbox(long_label ? pe_label.c_str() : widget_label("add_pe", "add_pe").c_str(), &add_pe)) {
    set_number(s, Field::addPE, add_pe ? 1 : 0);
    refresh(c, s.addPE, s.base);
  }
  refresh(c, s.addPE, s.base);
  const std::vector<int> id = pe::swap_permutation(kN, 0, 0);
  ImGui::Spacing();

  // Three grids side by side where they fit with readable cells, else two, else one per row (a
  // phone), each as large as the width allows.
  const float avail = ImGui::GetContentRegionAvail().x;
  ImGui::PushFont(ctx.fonts.mono);
  const float label_w = ImGui::CalcTextSize("bites").x + 10 * sc;
  const float min_cell = ImGui::CalcTextSize("0.00").x + 8 * sc;  // a weight with room around it
  ImGui::PopFont();
  const float gap = 22 * sc;
  const auto cell_for = [&](int per_row) {
    return (avail - static_cast<float>(per_row) * label_w - static_cast<float>(per_row - 1) * gap) / static_cast<float>(per_row * kN);
  };
  const int per_row = cell_for(3) >= min_cell ? 3 : cell_for(2) >= min_cell ? 2 : 1;
  const float cell = std::clamp(cell_for(per_row), min_cell, 64 * sc);
  struct Grid {
    std::string title;
    std::string subtitle;
  };
  const Grid grids[] = {{label("grid_a"), label("grid_a_sub")},
                        {label("grid_after"), label("grid_after_sub")},
                        {label("grid_moved"), label("grid_moved_sub")}};
  const auto grid_width = [&](const Grid& g) {
    return std::max({label_w + kN * cell, ImGui::CalcTextSize(g.title.c_str()).x, ImGui::CalcTextSize(g.subtitle.c_str()).x});
  };
  draw_grid(grids[0].title.c_str(), grids[0].subtitle.c_str(), c.before, id, nullptr, cell, label_w, ctx);
  same_line_if_fits(grid_width(grids[1]), gap);
  // While a tour question asks what the swap does, the weights after it wait for the answer.
  const bool after_withheld = text_withheld(View::order, "mark_after");
  draw_grid(grids[1].title.c_str(), grids[1].subtitle.c_str(), c.after, c.perm, &c.moved, cell, label_w, ctx, after_withheld);
  same_line_if_fits(grid_width(grids[2]), gap);
  draw_grid(grids[2].title.c_str(), grids[2].subtitle.c_str(), c.moved, c.perm, &c.after, cell, label_w, ctx, after_withheld);

  // Under the grids: the two sentences, and the toy model they come from.
  ImGui::TextUnformatted(label("original_line", {{"sentence", sentence(id)}}).c_str());
  text_after(label("now_line", {{"sentence", sentence(c.perm)}}), ImGui::CalcTextSize("    ").x);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  if (!long_label) text_wrapped_at_spaces(label("add_pe_long"));
  text_wrapped_at_spaces(label("toy_line", {{"d", std::to_string(ToyAttention::kModel)},
                                            {"dk", std::to_string(ToyAttention::kKey)},
                                            {"base", fmt("%g", s.base)}}));
  ImGui::PopStyleColor();
  caption(lesson_text(View::order, "grid_key"));
  ImGui::Spacing();
  ImGui::PushFont(ctx.fonts.title);
  const bool same = c.max_diff < 1e-12;
  if (after_withheld)
    ImGui::TextUnformatted("max |A' \xE2\x88\x92 P A P^T| = ?");
  else
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(same ? colors::selected : colors::warning), "max |A' \xE2\x88\x92 P A P^T| = %s",
                       fmt(same ? "%.1e" : "%.4f", c.max_diff).c_str());
  ImGui::PopFont();
  if (after_withheld)
    caption(std::string(withheld_words()));
  else if (c.perm == id)
    caption(lesson_text(View::order, "identity"));
  else if (same)
    caption(lesson_text(View::order, "same"));
  else
    caption(fill(lesson_text(View::order, "differ"),
                 {{"changed", std::to_string(visible_changes(c.after, c.moved))}, {"total", std::to_string(kN * kN)}}));

  ImGui::Spacing();
  // One header per setting, as before (each keeps its own open state), with an id that every language shares.
  if (ImGui::CollapsingHeader((s.addPE ? widget_label("inputs_pe", "inputs_pe") : widget_label("inputs", "inputs")).c_str()))
    draw_inputs(c, s.addPE, s.base, ctx);
}

}  // namespace app

namespace app {

// The order of the sentence, the picked slot and the PE box live in the view (OrderCache), not in the
// State: the description works them as draw_order() does (an order that is not a permutation of the
// five slots falls back to the starting swap, dog <-> man). The numbers are computed afresh from the
// settings, never read from the cache's results, which a view not yet drawn has not filled.
std::string describe_order(const State& s, const OrderCache& cache) {
  const bool valid = pe::is_permutation(cache.perm) && cache.perm.size() == static_cast<size_t>(kN);
  const std::vector<int> perm = valid ? cache.perm : pe::swap_permutation(kN, 1, 4);
  const std::vector<int> id = pe::swap_permutation(kN, 0, 0);
  const ToyAttention& toy = pe::toy_attention();
  const std::string n = std::to_string(kN), d = std::to_string(ToyAttention::kModel), dk = std::to_string(ToyAttention::kKey);
  std::string t = perm == id                ? label("describe_original", {{"n", n}, {"sentence", sentence(id)}, {"d", d}, {"dk", dk}})
                  : perm == OrderCache{}.perm ? label("describe_start", {{"n", n}, {"sentence", sentence(id)}, {"d", d}, {"dk", dk},
                                                                         {"now", sentence(perm)}})
                                              : label("describe_reordered", {{"n", n}, {"sentence", sentence(id)}, {"d", d}, {"dk", dk},
                                                                             {"now", sentence(perm)}});
  if (cache.picked >= 0 && cache.picked < kN)
    t.append(" ").append(label("describe_picked", {{"slot", std::to_string(cache.picked)},
                                                   {"word", toy.words[static_cast<size_t>(perm[static_cast<size_t>(cache.picked)])]}}));
  // The setting the canvas shows first, then the other one for contrast (not for the identity order).
  if (text_withheld(View::order, "mark_after"))
    return t.append(" ").append(label("describe_withheld", {{"hidden", std::string(withheld_words())}}));
  for (const bool add_pe : {s.addPE, !s.addPE}) {
    const bool shown = add_pe == s.addPE;
    if (!shown && perm == id) break;
    const std::vector<double> after = pe::toy_weights(perm, add_pe, s.base);
    const std::vector<double> moved = pe::permute_both(pe::toy_weights(id, add_pe, s.base), kN, perm);
    const double diff = pe::max_abs_diff(after, moved);
    const bool same = diff < 1e-12;
    const std::string diff_text = fmt(same ? "%.1e" : "%.4f", diff);
    const std::string result = add_pe ? label(shown ? "describe_pe_now" : "describe_pe_other", {{"base", fmt("%g", s.base)}, {"diff", diff_text}})
                                      : label(shown ? "describe_no_pe_now" : "describe_no_pe_other", {{"diff", diff_text}});
    t.append(" ");
    if (perm == id)
      t.append(label("describe_result_identity", {{"result", result}}));
    else if (same)
      t.append(label("describe_result_same", {{"result", result}, {"same", std::string(lesson_text(View::order, "describe_same"))}}));
    else
      t.append(label("describe_result_differ",
                     {{"result", result}, {"changed", std::to_string(visible_changes(after, moved))}, {"total", std::to_string(kN * kN)}}));
  }
  return t;
}

}  // namespace app
