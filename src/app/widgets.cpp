#include "widgets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "focus.hpp"
#include "lesson_plot.hpp"
#include "style.hpp"

namespace app {

bool param_slider(const char* label, State& s, Field f, double lo, double hi, const char* format,
                  std::vector<Rejection>& notices, bool logarithmic) {
  // The slider covers [lo, hi] within what the settings table allows (typing can go beyond the slider).
  lo = std::max(lo, setting(f).min);
  hi = std::min(hi, max_value(f, s));
  ImGui::PushID(label);
  ImGui::TextUnformatted(label);
  const float full = ImGui::GetContentRegionAvail().x;
  const float input_w = full * 0.36f;
  double v = get_value(s, f);
  bool edited = false;
  ImGui::SetNextItemWidth(full - input_w - ImGui::GetStyle().ItemSpacing.x);
  const ImGuiSliderFlags flags = ImGuiSliderFlags_NoRoundToFormat | (logarithmic ? ImGuiSliderFlags_Logarithmic : 0);
  if (ImGui::SliderScalar("##slider", ImGuiDataType_Double, &v, &lo, &hi, format, flags)) edited = true;
  focus_name(label);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(input_w);
  double typed = get_value(s, f);
  if (ImGui::InputDouble("##exact", &typed, 0, 0, "%g", ImGuiInputTextFlags_EnterReturnsTrue)) {
    v = typed;
    edited = true;
  }
  std::string exact = label;
  exact += ": type a value";
  focus_name(exact);
  ImGui::PopID();
  if (!edited) return false;
  if (f == Field::d) v = 2.0 * std::round(v / 2.0);  // the slider moves in whole pairs
  if (f == Field::pair || f == Field::n) v = std::round(v);
  const std::string err = set_number(s, f, v);
  if (!err.empty()) {
    notices.assign(1, Rejection{field_key(f), sanitise(fmt("%g", v)), err});
    return false;
  }
  return true;
}

void caption(std::string_view text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
  text_wrapped_at_spaces(text);  // not TextWrapped: it may break a number after its decimal point
  ImGui::PopStyleColor();
}

void lesson_intro(View v, const ViewContext& ctx) {
  if (ctx.text == LessonText::full) {
    caption(lesson_text(v, "caption"));
  } else if (ctx.text == LessonText::summary) {
    if (ImGui::SmallButton(ctx.intro_expanded ? "Less##intro" : "More##intro")) ctx.intro_expanded = !ctx.intro_expanded;
    ImGui::SameLine();
    caption(ctx.intro_expanded ? lesson_text(v, "caption") : lesson(v).summary);
  }
  ctx.figure_top = ImGui::GetCursorScreenPos().y;
}

PairCell pair_cell(State& s, int pair, ImVec2 size, const char* label, float ui_scale) {
  PairCell cell;
  cell.pos = ImGui::GetCursorScreenPos();
  ImGui::PushID(pair);
  if (ImGui::InvisibleButton("dial", size)) set_number(s, Field::pair, pair);
  focus_name("pair " + std::to_string(pair));
  cell.hovered = ImGui::IsItemHovered();
  ImGui::PopID();
  cell.selected = pair == s.pair;
  const ImVec2 p = cell.pos;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (cell.selected || cell.hovered)
    dl->AddRectFilled(p, ImVec2(p.x + size.x, p.y + size.y),
                      cell.selected ? tint(colors::selected, 0.13f) : colors::hover_fill, 6 * ui_scale);
  dl->AddText(ImVec2(p.x + 6 * ui_scale, p.y + 2 * ui_scale), cell.selected ? colors::selected : colors::ink,

              label);
  return cell;
}

}  // namespace app
