#include "lessons/learned/learned.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "core/encoding.hpp"
#include "core/learned.hpp"
#include "imgui.h"
#include "ui/figure_mark.hpp"
#include "ui/table.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

// A text of the lesson's file (learned.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::learned, key), values);
}

void heading(const ViewContext& ctx, std::string_view key) {
  ImGui::Spacing();
  ImGui::PushFont(ctx.fonts.title);
  text_wrapped_at_spaces(label(key));
  ImGui::PopFont();
}

void result_row(const pe::PaperResult& r, bool base) {
  ImGui::TableNextRow();
  if (base) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, tint(colors::hand, 0.1f));
  ImGui::TableNextColumn();
  text_wrapped_at_spaces(label(base ? "row_sinusoid" : "row_learned"));  // the cell's width: a narrow table wraps its words, never cuts them
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(fmt("%.2f", r.perplexity).c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(fmt("%.1f", r.bleu).c_str());
  ImGui::TableNextColumn();
  text_wrapped_at_spaces(label(base ? "cost_formula" : "cost_learned"));
}

void draw_table(const ViewContext& ctx) {
  heading(ctx, "table_title");
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  text_wrapped_at_spaces(lesson_text(View::learned, "table_note"));
  ImGui::PopStyleColor();
  const float w = std::min(ImGui::GetContentRegionAvail().x, 760.0f * ctx.ui_scale);
  // Narrower than the 760 px the table is made for (a phone, a large UI scale): the headers wrap like
  // the cells instead of being cut short.
  const bool narrow = w < 720.0f * ctx.ui_scale;
  if (ImGui::BeginTable("table3", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp, ImVec2(w, 0))) {
    // Narrow, the weights give "perplexity", the longest word of a header, its whole width. Each header
    // keeps its id in every language (###id).
    const std::string heads[4] = {label("head_from"), label("head_perplexity"), "BLEU", label("head_trainable")};
    const char* ids[4] = {"from", "perplexity", "bleu", "trainable"};
    const float weights[4] = {narrow ? 1.5f : 1.7f, narrow ? 1.3f : 1.0f, narrow ? 0.9f : 1.0f, narrow ? 1.5f : 1.6f};
    // No column narrower than the widest word it holds (a longer language's), headers in the body
    // font, cells in the monospaced one: wrapped_text_size at width 1 is the widest unbreakable run.
    const auto widest = [](std::initializer_list<std::string> texts) {
      float x = 0;
      for (const std::string& t : texts) x = std::max(x, wrapped_text_size(t, 1).x);
      return x;
    };
    float least[4] = {widest({heads[0]}), widest({heads[1]}), widest({heads[2]}), widest({heads[3]})};
    ImGui::PushFont(ctx.fonts.mono);
    least[0] = std::max(least[0], widest({label("row_sinusoid"), label("row_learned"), label("row_difference")}));
    least[1] = std::max(least[1], widest({fmt("%+.2f", -10.0)}));
    least[3] = std::max(least[3], widest({label("cost_formula"), label("cost_learned")}));
    ImGui::PopFont();
    // Stretching columns share the table's width less each cell's padding and border.
    const float content = w - 4 * (2 * ImGui::GetStyle().CellPadding.x + 1);
    for (float& l : least) l += 1;
    const std::vector<float> widths = share_widths(content, weights, least);
    for (int c = 0; c < 4; ++c) ImGui::TableSetupColumn((heads[c] + "###" + ids[c]).c_str(), ImGuiTableColumnFlags_WidthStretch, widths[static_cast<size_t>(c)]);
    if (narrow) {
      ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
      for (int c = 0; c < 4; ++c) {
        ImGui::TableSetColumnIndex(c);
        text_wrapped_at_spaces(heads[c]);
      }
    } else {
      ImGui::TableHeadersRow();
    }
    ImGui::PushFont(ctx.fonts.mono);
    result_row(pe::kPaperBaseSinusoid, true);
    result_row(pe::kPaperLearned, false);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    text_wrapped_at_spaces(label("row_difference"));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(fmt("%+.2f", pe::kPaperLearned.perplexity - pe::kPaperBaseSinusoid.perplexity).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(fmt("%+.1f", pe::kPaperLearned.bleu - pe::kPaperBaseSinusoid.bleu).c_str());
    ImGui::TableNextColumn();
    ImGui::PopFont();
    ImGui::EndTable();
    mark_figure_item();  // the paper's table is this lesson's figure
  }
}

// A number line of positions: the rows a learned table has (0 .. n-1) and where pos falls.
void draw_coverage(const State& s, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const float width = std::min(ImGui::GetContentRegionAvail().x, 760.0f * sc);
  const float height = 3.4f * line + 16 * sc;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, height));
  mark_figure_item();
  ImDrawList* dl = ImGui::GetWindowDrawList();

  const double n = s.n;
  const double span = std::max({n * 1.25, std::fabs(s.pos) * 1.1, 8.0});
  const bool negative = s.pos < 0;
  const double lo = negative ? -span * 0.3 : 0.0, hi = negative ? span : span;
  const float x0 = p.x + 8 * sc, x1 = p.x + width - 8 * sc;
  auto X = [&](double v) { return x0 + static_cast<float>((v - lo) / (hi - lo)) * (x1 - x0); };
  const float y_bar = p.y + line + 6 * sc, bar_h = line * 1.1f;

  dl->AddRectFilled(ImVec2(x0, y_bar), ImVec2(x1, y_bar + bar_h), colors::panel, 3 * sc);
  dl->AddRectFilled(ImVec2(X(0), y_bar), ImVec2(X(n - 1), y_bar + bar_h), tint(colors::hand, 0.25f), 3 * sc);
  dl->AddRect(ImVec2(X(0), y_bar), ImVec2(X(n - 1), y_bar + bar_h), colors::hand, 3 * sc, 0, 1.5f * sc);
  const std::string inside = fill(lesson_text(View::learned, "bar_inside"), {{"last", grouped(n - 1)}});
  const ImVec2 tsz = ImGui::CalcTextSize(inside.c_str());
  // The words inside the table's bar, clear of the pos marker: at the bar's left end, else just right
  // of the marker, else just left of it, else not at all.
  const float marker_x = std::clamp(X(s.pos), x0, x1), clear = 8 * sc;
  for (const float tx : {X(0) + 6 * sc, marker_x + clear, marker_x - clear - tsz.x}) {
    const bool in_bar = tx >= X(0) + 2 * sc && tx + tsz.x <= X(n - 1) - 2 * sc;
    const bool off_marker = marker_x < tx - clear / 2 || marker_x > tx + tsz.x + clear / 2;
    if (in_bar && off_marker) {
      dl->AddText(ImVec2(tx, y_bar + (bar_h - tsz.y) / 2), colors::hand, inside.c_str());
      break;
    }
  }
  const std::string outside(lesson_text(View::learned, "bar_outside"));
  const ImVec2 osz = ImGui::CalcTextSize(outside.c_str());
  if (x1 - X(n - 1) > osz.x + 12 * sc)
    dl->AddText(ImVec2(X(n - 1) + 8 * sc, y_bar + (bar_h - osz.y) / 2), colors::text_dim, outside.c_str());

  // Axis labels under the bar: the first row's number under its edge, the last row's centred under
  // it. Where the table is too narrow on the axis for both (a far pos squeezes it to a sliver, or
  // n = 1), one label names the range from the first row's edge: "0 .. 63".
  const float y_lab = y_bar + bar_h + 3 * sc;
  const std::string nl = grouped(n - 1);
  const float zero_w = ImGui::CalcTextSize("0").x, nl_w = ImGui::CalcTextSize(nl.c_str()).x;
  const float zero_x = std::max(X(0) - 3 * sc, p.x);
  const float nl_x = std::min(X(n - 1) - nl_w / 2, p.x + width - nl_w);
  if (n > 1 && nl_x >= zero_x + zero_w + 0.5f * line) {
    dl->AddText(ImVec2(zero_x, y_lab), colors::text_dim, "0");
    dl->AddText(ImVec2(nl_x, y_lab), colors::text_dim, nl.c_str());
  } else {
    const std::string both = n > 1 ? "0 .. " + nl : std::string("0");
    dl->AddText(ImVec2(std::min(zero_x, p.x + width - ImGui::CalcTextSize(both.c_str()).x), y_lab), colors::text_dim, both.c_str());
  }

  // The pointer asks the table about the position under it.
  if (ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect(ImVec2(x0, p.y), ImVec2(x1, p.y + height))) {
    const double at = std::round(lo + (ImGui::GetIO().MousePos.x - x0) / (x1 - x0) * (hi - lo));
    if (pe::learned_table_has_row(at, s.n))
      ImGui::SetTooltip("%s", label("tip_row", {{"pos", grouped(at)}, {"row", grouped(at)}}).c_str());
    else
      ImGui::SetTooltip("%s\n%s", label("tip_no_row", {{"pos", grouped(at)}, {"last", grouped(n - 1)}, {"n", grouped(n)}}).c_str(),
                        label("tip_sinusoid").c_str());
  }
  // The marker for pos, above the bar: green on a row, orange between rows or beyond them.
  const float xp = std::clamp(X(s.pos), x0, x1);
  const bool covered = pe::learned_table_covers(s.pos, s.n);
  const bool has_row = pe::learned_table_has_row(s.pos, s.n);
  const ImU32 col = has_row ? colors::selected : colors::warning;
  if (covered && !has_row) {
    // Between two rows: mark the rows on either side, the only vectors the table has near pos.
    for (const double r : {std::floor(s.pos), std::ceil(s.pos)}) {
      const float xr = X(r);
      dl->AddLine(ImVec2(xr, y_bar - 3 * sc), ImVec2(xr, y_bar + bar_h + 3 * sc), colors::hand, 2.0f * sc);
    }
  }
  dl->AddTriangleFilled(ImVec2(xp - 6 * sc, p.y + line + 1 * sc), ImVec2(xp + 6 * sc, p.y + line + 1 * sc),  // under its label
                        ImVec2(xp, y_bar + 2 * sc), col);
  dl->AddLine(ImVec2(xp, y_bar), ImVec2(xp, y_bar + bar_h), col, 2.5f * sc);
  const std::string pl = "pos = " + fmt("%.2f", s.pos);
  const float pw = ImGui::CalcTextSize(pl.c_str()).x;
  dl->AddText(ImVec2(std::clamp(xp - pw / 2, x0, x1 - pw), p.y), col, pl.c_str());
}

void draw_live(const State& s, const ViewContext& ctx) {
  heading(ctx, "heading_live");
  const double params = pe::learned_parameter_count(s.n, s.d);
  text_wrapped_at_spaces(fill(lesson_text(View::learned, "table_size"), {{"n", grouped(s.n)}, {"d", grouped(s.d)}, {"params", grouped(params)}}));
  draw_coverage(s, ctx);
  const bool covered = pe::learned_table_covers(s.pos, s.n);
  const bool has_row = pe::learned_table_has_row(s.pos, s.n);
  const int i = std::clamp(s.pair, 0, s.d / 2 - 1);
  const double sv = pe::encoding_value(s.pos, 2 * i, s.d, s.base), cv = pe::encoding_value(s.pos, 2 * i + 1, s.d, s.base);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(has_row ? colors::selected : colors::warning));
  const std::string p = fmt("%.2f", s.pos);
  if (has_row)
    text_wrapped_at_spaces(fill(lesson_text(View::learned, "pos_has_row"), {{"pos", p}}));
  else if (covered)
    text_wrapped_at_spaces(fill(lesson_text(View::learned, "pos_between_rows"),
                                {{"pos", p}, {"below", grouped(std::floor(s.pos))}, {"above", grouped(std::ceil(s.pos))}}));
  else
    text_wrapped_at_spaces(fill(lesson_text(View::learned, "pos_outside"), {{"pos", p}, {"last", grouped(s.n - 1)}}));
  ImGui::PopStyleColor();
  ImGui::PushFont(ctx.fonts.mono);
  // "PE(pos, 0)" holds a no-break space: a narrow column never breaks it after the comma.
  std::string head = label("formula_pair", {{"i", std::to_string(i)}});
  head.append("  PE(pos,\xC2\xA0").append(std::to_string(2 * i)).append(") = ").append(fmt("%+.6f", sv));
  text_wrapped_at_spaces(head);
  std::string second = "PE(pos,\xC2\xA0" + std::to_string(2 * i + 1);
  second += ") = " + fmt("%+.6f", cv);
  text_after(second, ImGui::CalcTextSize("   ").x);
  ImGui::PopFont();
}

}  // namespace

void draw_learned(State& s, LearnedCache&, const ViewContext& ctx) {
  lesson_intro(View::learned, ctx);
  ImGui::BeginChild("learned", ImVec2(0, 0), false);
  draw_table(ctx);
  // The live part (the table's rows against pos) right under the paper's numbers: it is what a tour
  // question asks about, so it stays on the first screen; the paper's words follow it.
  draw_live(s, ctx);

  heading(ctx, "heading_did");
  text_wrapped_at_spaces(lesson_text(View::learned, "paper_did"));  // never "(4." and "92)" on two lines

  heading(ctx, "heading_not_tested");
  text_wrapped_at_spaces(lesson_text(View::learned, "not_tested"));
  ImGui::EndChild();
}

}  // namespace app

namespace app {

std::string describe_learned(const State& s, const LearnedCache& /*cache*/) {
  const std::string p = fmt("%.2f", s.pos);
  std::string t = label("describe_paper", {{"ppl", fmt("%.2f", pe::kPaperLearned.perplexity)},
                                           {"bleu", fmt("%.1f", pe::kPaperLearned.bleu)},
                                           {"ppl_sin", fmt("%.2f", pe::kPaperBaseSinusoid.perplexity)},
                                           {"bleu_sin", fmt("%.1f", pe::kPaperBaseSinusoid.bleu)},
                                           {"n", grouped(s.n)},
                                           {"d", grouped(s.d)},
                                           {"params", grouped(pe::learned_parameter_count(s.n, s.d))}});
  t.append(" ");
  if (pe::learned_table_has_row(s.pos, s.n))
    t.append(label("describe_has_row", {{"pos", p}}));
  else if (pe::learned_table_covers(s.pos, s.n))
    t.append(label("describe_between", {{"pos", p}, {"below", grouped(std::floor(s.pos))}, {"above", grouped(std::ceil(s.pos))}}));
  else
    t.append(label("describe_outside", {{"pos", p}, {"last", grouped(s.n - 1)}}));
  const int i = std::clamp(s.pair, 0, s.d / 2 - 1);
  return t.append(" ").append(label("describe_formula", {{"i", std::to_string(i)},
                                                         {"a", std::to_string(2 * i)},
                                                         {"sin", fmt("%+.6f", pe::encoding_value(s.pos, 2 * i, s.d, s.base))},
                                                         {"b", std::to_string(2 * i + 1)},
                                                         {"cos", fmt("%+.6f", pe::encoding_value(s.pos, 2 * i + 1, s.d, s.base))}}));
}

}  // namespace app
