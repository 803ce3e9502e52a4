#include "lessons/formula/formula.hpp"

#include <algorithm>
#include <utility>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/encoding.hpp"
#include "core/formula_steps.hpp"
#include "core/frequency.hpp"
#include "imgui.h"
#include "text/format.hpp"
#include "ui/figure_mark.hpp"
#include "ui/matrix_axis.hpp"
#include "ui/text_layout.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"
#include "ui/focus.hpp"

namespace app {

namespace {

// The wave plot's guide lines at +-1.
const ImU32& kGuide = colors::guide;


// A text of the lesson's file with its placeholders filled (formula.txt: its words in the reader's language).
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::formula, key), values);
}

// Picks dimension j and makes its pair the shared selection.
void select_dim(State& s, FormulaCache& c, int j) {
  c.dim = std::clamp(j, 0, s.d - 1);
  set_number(s, Field::pair, c.dim / 2);
  c.followed_pair = s.pair;
}

// The primer's example: d = 4, pos = 1, base 10000.
bool is_primer_example(const State& s) { return s.d == 4 && s.pos == 1.0 && s.base == 10000.0; }

// A short number: up to 10 significant digits, no trailing zeros.
std::string g10(double v) { return fmt("%.10g", v); }

// The worked value to the decimals that are certainly right (at most 15): the double-double value and
// its error bound from core/formula_steps.hpp.
std::string precise_digits(const pe::FormulaSteps& f) {
  const int k = pe::certain_decimals(f.precise, f.precise_error, 15);
  const std::string format = "%+." + std::to_string(k) + "f";
  return fmt(format.c_str(), f.precise);
}

// An angle in the table: six significant digits while it is short, one decimal beyond 1e5 (so 1e6
// reads 1000000.0, never 1e+06).
std::string angle_text(double a) { return fmt(std::fabs(a) < 1e5 ? "%.6g" : "%.1f", a); }

// One step: its number, its name and the work, which wraps at spaces before screen x `right` (the
// wave's column beside the steps, or the window's edge) and continues under its own first line. The
// name is padded with spaces to the width of ten characters of the (monospaced) font, as printf's %-10s
// pads an English name, so that the works line up whatever the language.
void step_line(const char* num, const std::string& what, const std::string& work, ImU32 col, float right) {
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors::text_dim), "%s", num);
  ImGui::SameLine();
  const std::string name = pad_to_width(what, ImGui::CalcTextSize("0000000000").x);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors::text_dim), "%s", name.c_str());
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(col));
  text_wrapped_at_spaces(work, std::max(right - ImGui::GetCursorScreenPos().x, ImGui::CalcTextSize("0000000000").x));
  ImGui::PopStyleColor();
}

void draw_steps(const State& s, const FormulaCache& c, const pe::FormulaSteps& f, const ViewContext& ctx, float right) {
  const ImU32 ink = colors::ink;
  const int j = c.dim, i = f.pair;
  ImGui::PushFont(ctx.fonts.title);
  ImGui::TextUnformatted(("PE(pos = " + g10(s.pos) + ", j = " + std::to_string(j) + ")").c_str());
  const std::string with = label("steps_with", {{"d", std::to_string(s.d)}, {"base", fmt("%g", s.base)}});
  text_after(with, ImGui::CalcTextSize("  ").x);
  ImGui::PopFont();
  ImGui::PushFont(ctx.fonts.mono);
  char buf[256];
  std::snprintf(buf, sizeof buf, "i = floor(j/2) = floor(%d/2) = %d", j, i);
  step_line("1", label("step_pair"), buf, ink, right);
  // The primer's form of the same exponent: j/d for even j, (j-1)/d for odd j (its i is our j).
  std::snprintf(buf, sizeof buf, "2i/d = %s/d = %d/%d = %s", j % 2 == 0 ? "j" : "(j\xE2\x88\x92" "1)", 2 * i, s.d,
                g10(f.exponent).c_str());
  step_line("2", label("step_exponent"), buf, ink, right);
  std::snprintf(buf, sizeof buf, "base^(2i/d) = %s^%s = %s", fmt("%g", s.base).c_str(), g10(f.exponent).c_str(),
                g10(f.base_pow).c_str());
  step_line("3", label("step_divisor"), buf, ink, right);
  step_line("4", label("step_frequency"),
            label("work_frequency", {{"i", std::to_string(i)}, {"divisor", g10(f.base_pow)}, {"w", g10(f.omega)}}), ink, right);
  std::snprintf(buf, sizeof buf, "\xCF\x89_%d\xC2\xB7pos = %s \xC3\x97 %s = %s rad", i, g10(f.omega).c_str(), fmt("%.10g", s.pos).c_str(),
                g10(f.angle).c_str());
  step_line("5", label("step_angle"), buf, ink, right);
  step_line("6", label("step_function"), label(f.is_sin ? "work_even" : "work_odd", {{"j", std::to_string(j)}}),
            f.is_sin ? colors::hand : colors::ghost, right);
  std::snprintf(buf, sizeof buf, "%s(%s) = %s", f.is_sin ? "sin" : "cos", g10(f.angle).c_str(), fmt("%.4f", f.precise).c_str());
  step_line("7", label("step_value"), buf, colors::selected, right);
  step_line("", "", label("more_digits", {{"digits", precise_digits(f)}}), ink, right);
  ImGui::PopFont();
  // Which digits those are, and what plain double arithmetic makes of them at this position.
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  std::string note(lesson_text(View::formula, "digits"));
  // Shown once plain double is off in the 15 decimals (its angle w_i pos is rounded to 53 bits).
  if (std::fabs(f.value - f.precise) > 1e-15) {
    note += ' ';
    note += fill(lesson_text(View::formula, "double_off"), {{"value", fmt("%+.15f", f.value)}, {"error", fmt("%.1e", std::fabs(f.value - f.precise))}});
  }
  text_wrapped_at_spaces(note, std::max(right - ImGui::GetCursorScreenPos().x, ImGui::CalcTextSize("0000000000").x));
  text_wrapped_at_spaces(lesson_text(View::formula, "notation"), std::max(right - ImGui::GetCursorScreenPos().x, ImGui::CalcTextSize("0000000000").x));
  ImGui::PopStyleColor();
}

// Labels for the wave's x axis: enough decimals that the two ends and pos differ (at pos = 10^6 a
// period of 6.28 positions would otherwise read 1e+06 three times), plain digits up to 1e10.
std::string axis_number(double v, double span) {
  if (std::fabs(v) >= 1e10) return fmt("%.4g", v);
  const int decimals = std::clamp(2 - static_cast<int>(std::floor(std::log10(std::max(span, 1e-9)))), 0, 2);
  static const char* const formats[] = {"%.0f", "%.1f", "%.2f"};
  return fmt(formats[decimals], v);
}

// The wave of dimension j over one full period centred on pos, with pos marked.
void draw_wave(const State& s, const pe::FormulaSteps& f, ImVec2 size, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  mark_figure_item();
  const float line = ImGui::GetTextLineHeight();
  const float left = 34 * sc;
  const ImVec2 o(p.x + left, p.y + 4 * sc);
  const float w = size.x - left - 8 * sc, h = size.y - line - 10 * sc;
  dl->AddRectFilled(o, ImVec2(o.x + w, o.y + h), colors::panel);
  const double period = pe::kTwoPi / f.omega;
  // Centred on pos, but not reaching below position 0 when pos itself is not negative.
  const double x0 = s.pos >= 0 ? std::max(0.0, s.pos - period / 2) : s.pos - period / 2, span = period;
  auto X = [&](double x) { return o.x + static_cast<float>((x - x0) / span) * w; };
  auto Y = [&](double y) { return o.y + h * 0.5f - static_cast<float>(y) * h * 0.45f; };
  for (double g : {-1.0, 0.0, 1.0}) {
    dl->AddLine(ImVec2(o.x, Y(g)), ImVec2(o.x + w, Y(g)), g == 0 ? colors::zero_line : kGuide);
    const std::string t = g == 0 ? std::string("0") : fmt("%+g", g);
    left_tick(dl, o.x, Y(g), t.c_str(), colors::text_dim, 0, 4 * sc);
  }
  const ImU32 col = f.is_sin ? colors::hand : colors::ghost;
  const int dim = 2 * f.pair + (f.is_sin ? 0 : 1);  // PE(x, dim) = sin or cos of w_i x, from the core
  const int segs = std::max(16, static_cast<int>(w / (2 * sc)));
  ImVec2 prev;
  for (int k = 0; k <= segs; ++k) {
    const double x = x0 + span * k / segs;
    const ImVec2 q(X(x), Y(pe::encoding_value(x, dim, s.d, s.base)));
    if (k) dl->AddLine(prev, q, col, 2.0f * sc);
    prev = q;
  }
  // Whole positions as dots when there are few enough to tell apart.
  if (span <= 80) {
    for (double x = std::ceil(x0); x <= x0 + span; x += 1)
      dl->AddCircleFilled(ImVec2(X(x), Y(pe::encoding_value(x, dim, s.d, s.base))), 2.5f * sc, col);
  }
  // The pointer reads the wave at the position under it (its values withheld while a question asks one).
  if (ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect(o, ImVec2(o.x + w, o.y + h))) {
    const double x = x0 + (ImGui::GetIO().MousePos.x - o.x) / w * span;
    std::string tip = label("wave_tip", {{"dim", std::to_string(dim)},
                                         {"fn", f.is_sin ? "sin" : "cos"},
                                         {"i", std::to_string(f.pair)},
                                         {"w", fmt("%.6g", f.omega)}});
    tip.append("\n").append(label("wave_tip_at", {{"x", axis_number(x, span)},
                                                   {"value", withheld_or(View::formula, "mark_values", fmt("%+.4f", pe::encoding_value(x, dim, s.d, s.base)))}}));
    tip.append("\n").append(label("wave_tip_period", {{"period", fmt("%.6g", period)}}));
    ImGui::SetTooltip("%s", tip.c_str());
  }
  const ImVec2 m(X(s.pos), Y(f.value));
  dl->AddLine(ImVec2(m.x, o.y), ImVec2(m.x, o.y + h), with_alpha(colors::selected, 120), 1.0f * sc);
  dl->AddCircleFilled(m, 5.5f * sc, colors::selected);
  // x axis: the ends and pos.
  const std::string a = axis_number(x0, span), b = axis_number(x0 + span, span), c = "pos " + axis_number(s.pos, span);
  const float ty = o.y + h + 3 * sc;
  const float cw = ImGui::CalcTextSize(c.c_str()).x, aw = ImGui::CalcTextSize(a.c_str()).x, bw = ImGui::CalcTextSize(b.c_str()).x;
  const float cx = std::clamp(m.x - cw / 2, o.x, o.x + w - cw);
  // The end labels give way to the pos label.
  if (o.x + aw + 6 * sc < cx) dl->AddText(ImVec2(o.x, ty), colors::text_dim, a.c_str());
  if (cx + cw + 6 * sc < o.x + w - bw) dl->AddText(ImVec2(o.x + w - bw, ty), colors::text_dim, b.c_str());
  dl->AddText(ImVec2(cx, ty), colors::selected, c.c_str());
}

void draw_table(State& s, FormulaCache& c, const ViewContext& ctx, float height) {
  ImGui::PushFont(ctx.fonts.mono);
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp;
  // Narrower than the eight columns need (a phone, a tablet beside the controls), the table leaves out
  // 2i/d and the long value, which the steps above show for the worked dimension.
  const bool all = ImGui::GetContentRegionAvail().x >= 620 * ctx.ui_scale;
  if (ImGui::BeginTable("vector", all ? 8 : 6, flags, ImVec2(0, height))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("j", 0, all ? 0.5f : 0.4f);
    ImGui::TableSetupColumn("i", 0, all ? 0.5f : 0.4f);
    ImGui::TableSetupColumn(label("col_fn").c_str(), 0, 0.5f);
    if (all) ImGui::TableSetupColumn("2i/d", 0, 1.0f);
    ImGui::TableSetupColumn("\xCF\x89_i", 0, 1.2f);
    ImGui::TableSetupColumn(label("col_angle").c_str(), 0, all ? 1.2f : 1.1f);
    ImGui::TableSetupColumn(label("col_value").c_str(), 0, all ? 0.9f : 1.0f);
    if (all) ImGui::TableSetupColumn(label("col_more_digits").c_str(), 0, 1.9f);
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(s.d);
    // The rows are one control for the keyboard (ui/focus.hpp): its arrows choose the dimension.
    if (int chosen = 0; focus_take_choice("dimensions", chosen)) select_dim(s, c, std::clamp(chosen, 0, s.d - 1));
    // Keep the worked dimension's row drawn so the scroll below can reach it, with its neighbours and the
    // two ends, which the keyboard's arrows choose next.
    for (const auto& [from, to] : {std::pair{std::max(0, c.dim - 1), std::min(s.d, c.dim + 2)}, std::pair{0, 1}, std::pair{s.d - 1, s.d}})
#if IMGUI_VERSION_NUM >= 18909  // renamed in 1.89.9 (Debian 13 has 1.90)
      clip.IncludeItemsByIndex(from, to);
#else
      clip.ForceDisplayRangeByIndices(from, to);
#endif
    while (clip.Step()) {
      for (int j = clip.DisplayStart; j < clip.DisplayEnd; ++j) {
        const pe::FormulaSteps f = pe::formula_steps(s.pos, j, s.d, s.base);
        ImGui::TableNextRow();
        if (f.pair == s.pair && j != c.dim)
          ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, tint(colors::selected, 0.13f));
        ImGui::TableNextColumn();
        char row_id[16];
        std::snprintf(row_id, sizeof row_id, "%d", j);
        if (ImGui::Selectable(row_id, j == c.dim, ImGuiSelectableFlags_SpanAllColumns)) {
          select_dim(s, c, j);
          c.scrolled_dim = j;  // the row is on screen already: no jump
        }
        focus_name(label("focus_row", {{"j", std::to_string(j)}, {"d", std::to_string(s.d)}}));
        focus_member("dimensions", j == c.dim, j);
        if (j == c.dim && c.scrolled_dim != c.dim) {
          if (!ImGui::IsItemVisible()) ImGui::SetScrollHereY(0.5f);
          c.scrolled_dim = c.dim;
        }
        // An open tour question may withhold the rows of the dimensions not being worked: which
        // function, which angle and what value each has.
        const bool withheld = j != c.dim && text_withheld(View::formula, "mark_values");
        ImGui::TableNextColumn();
        ImGui::Text("%d", f.pair);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(withheld ? "?" : f.is_sin ? "sin" : "cos");
        if (all) {
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(withheld ? "?" : fmt("%.6g", f.exponent).c_str());
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(withheld ? "?" : fmt("%.6g", f.omega).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(withheld ? "?" : angle_text(f.angle).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(withheld ? "?" : fmt("%+.4f", f.precise).c_str());
        if (all) {
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(withheld ? "?" : precise_digits(f).c_str());
        }
      }
    }
    ImGui::EndTable();
    mark_figure_item();  // the table of the vector is the figure's other half
  }
  ImGui::PopFont();
}

}  // namespace

void draw_formula(State& s, FormulaCache& c, const ViewContext& ctx) {
  if (c.followed_pair != s.pair) {
    c.dim = 2 * s.pair;
    c.followed_pair = s.pair;
  }
  c.dim = std::clamp(c.dim, 0, s.d - 1);
  const float sc = ctx.ui_scale;
  lesson_intro(View::formula, ctx);

  int j = c.dim;
  ImGui::SetNextItemWidth(std::min(360 * sc, ImGui::GetContentRegionAvail().x * 0.4f));
  if (slider_int((label("slider_dim") + "###dimension_j").c_str(), &j, 0, s.d - 1)) select_dim(s, c, j);
  // The arrows and the primer button follow on the same line where they fit (a phone: below).
  same_line_if_fits(2 * ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.x);
  if (ImGui::ArrowButton("prev", ImGuiDir_Left)) select_dim(s, c, c.dim - 1);
  focus_name(label("focus_prev"));
  ImGui::SameLine();
  if (ImGui::ArrowButton("next", ImGuiDir_Right)) select_dim(s, c, c.dim + 1);
  focus_name(label("focus_next"));
  const std::string primer_button = label("primer_button") + "###primer_example";
  same_line_if_fits(button_width(primer_button.c_str()), 24 * sc);
  if (ImGui::Button(primer_button.c_str())) {
    set_number(s, Field::playing, 0);
    set_number(s, Field::d, 4);
    set_number(s, Field::pos, 1);
    c.dim = std::clamp(c.dim, 0, s.d - 1);
  }

  const pe::FormulaSteps f = pe::formula_steps(s.pos, c.dim, s.d, s.base);
  ImGui::Spacing();
  const float x_start = ImGui::GetCursorPosX();
  const float avail = ImGui::GetContentRegionAvail().x;
  // Wide: the steps on the left, the wave beside them. Narrow (a phone, a column, a large UI scale):
  // the wave goes below the steps, as wide as the window.
  const bool side = avail >= 720 * sc;
  const float steps_w = side ? std::min(avail * 0.6f, 640 * sc) : avail;
  const float y0 = ImGui::GetCursorPosY();
  ImGui::BeginGroup();
  draw_steps(s, c, f, ctx, ImGui::GetCursorScreenPos().x + steps_w - (side ? 8 * sc : 0.0f));
  ImGui::EndGroup();
  mark_figure_item();  // the formula worked step by step, with this state's numbers
  const float steps_h = ImGui::GetCursorPosY() - y0;
  if (side) ImGui::SameLine(x_start + steps_w);
  ImGui::BeginGroup();
  const std::string wave_title = label("wave_title", {{"j", std::to_string(c.dim)}, {"period", fmt("%.5g", pe::kTwoPi / f.omega)}});
  text_wrapped_at_spaces(wave_title, side ? avail - steps_w : avail);
  const float wave_h = side ? std::max(120 * sc, steps_h - ImGui::GetTextLineHeightWithSpacing()) : 150 * sc;
  draw_wave(s, f, ImVec2(side ? avail - steps_w : avail, wave_h), ctx);
  ImGui::EndGroup();

  ImGui::Spacing();
  if (is_primer_example(s)) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::selected));
    text_wrapped_at_spaces(std::string(lesson_text(View::formula, "primer")));
    ImGui::PopStyleColor();
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text_wrapped_at_spaces(fill(lesson_text(View::formula, "table_hint"), {{"pair", std::to_string(s.pair)}}));
    ImGui::PopStyleColor();
  }
  draw_table(s, c, ctx, std::max(ImGui::GetContentRegionAvail().y - 4 * sc, 6 * ImGui::GetTextLineHeightWithSpacing()));
}

}  // namespace app

namespace app {

// The worked dimension follows the selected pair (its sin dimension 2i, as the view shows it after
// a pair is picked), then its cos partner, the period and, for small d, the whole vector.
std::string describe_formula(const State& s, const FormulaCache& /*cache*/) {
  const int j = 2 * s.pair;
  const pe::FormulaSteps f = pe::formula_steps(s.pos, j, s.d, s.base);
  std::string t = label("describe_steps", {{"j", std::to_string(j)},
                                           {"pos", g10(s.pos)},
                                           {"i", std::to_string(f.pair)},
                                           {"exponent", g10(f.exponent)},
                                           {"divisor", g10(f.base_pow)},
                                           {"w", g10(f.omega)},
                                           {"angle", g10(f.angle)},
                                           {"value", fmt("%.4f", f.precise)},
                                           {"digits", precise_digits(f)},
                                           {"partner", std::to_string(j + 1)},
                                           {"partner_value", fmt("%.4f", pe::formula_steps(s.pos, j + 1, s.d, s.base).precise)},
                                           {"period", fmt("%.5g", pe::kTwoPi / f.omega)}});
  if (s.d <= 8) {
    std::string values;
    for (int k = 0; k < s.d; ++k) {
      const std::string v = k == j ? fmt("%.4f", pe::formula_steps(s.pos, k, s.d, s.base).precise)
                                   : withheld_or(View::formula, "mark_values", fmt("%.4f", pe::formula_steps(s.pos, k, s.d, s.base).precise));
      values = k ? label("describe_list", {{"list", values}, {"next", v}}) : v;
    }
    t.append(" ").append(label("describe_vector", {{"values", values}}));
  }
  if (is_primer_example(s)) {
    t += ' ';
    t += lesson_text(View::formula, "primer");
  }
  return t;
}

}  // namespace app
