#include "ui/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <array>
#include <cstdio>
#include <unordered_map>

#include "imgui_internal.h"  // GetActiveID: whether the exact field is being typed in
#include "ui/focus.hpp"
#include "state/interface_text.hpp"
#include "text/format.hpp"
#include "text/number_style.hpp"
#include "ui/text_layout.hpp"
#include "ui/style.hpp"

namespace app {

// Where on its track a slider's grab sits, 0 (left) to 1, as ImGui places it: linear, or by log10 on a
// logarithmic slider over a positive range.
double slider_grab_fraction(double v, double lo, double hi, bool logarithmic) {
  if (!(hi > lo)) return 0;
  // A logarithmic slider drawn with an empty format: Dear ImGui reads 3 decimals from it and moves an
  // end nearer zero than 0.001 out to 0.001 (its zero epsilon), so the grab sits where that range puts it.
  if (logarithmic && lo > 0) {
    constexpr double kZeroEpsilon = 1e-3;
    const double from = std::max(lo, kZeroEpsilon);
    if (!(hi > from)) return 0;
    return std::clamp(std::log10(std::max(v, from) / from) / std::log10(hi / from), 0.0, 1.0);
  }
  return std::clamp((v - lo) / (hi - lo), 0.0, 1.0);
}

// ImGui writes a slider's value in the middle of its track, under the grab whenever the grab is there;
// the sliders here draw it on the side away from the grab instead, so no digit is ever covered.
void slider_value_text(const std::string& text, double fraction, float frame_width) {
  const ImVec2 lo = ImGui::GetItemRectMin();
  ImVec2 hi = ImGui::GetItemRectMax();
  if (frame_width > 0) hi.x = lo.x + frame_width;  // the item's rectangle holds its label too
  const ImGuiStyle& st = ImGui::GetStyle();
  const float w = ImGui::CalcTextSize(text.c_str()).x;
  const float y = lo.y + (hi.y - lo.y - ImGui::GetTextLineHeight()) / 2;
  const float x = fraction > 0.5 ? lo.x + st.FramePadding.x : hi.x - st.FramePadding.x - w;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(lo, hi, true);
  dl->AddText(ImVec2(std::max(lo.x + st.FramePadding.x, x), y), ImGui::GetColorU32(ImGuiCol_Text), text.c_str());
  dl->PopClipRect();
}

namespace {
// The value in a slider's own format ("%d" read as a whole number); a whole number alone with its
// thousands grouped as the reader groups them (10,000,000; 10.000.000 in Spanish), as the prose writes it.
std::string slider_text(const char* format, double v) {
  std::string f = format ? format : "%.0f";
  for (size_t at = f.find("%d"); at != std::string::npos; at = f.find("%d", at)) f.replace(at, 2, "%.0f");
  if (f == "%.0f" && std::isfinite(v)) return grouped(std::round(v));
  return fmt(f.c_str(), v);
}
}  // namespace

bool slider_int(const char* label, int* v, int lo, int hi, const char* format, ImGuiSliderFlags flags) {
  const float w = ImGui::CalcItemWidth();
  const bool changed = ImGui::SliderInt(label, v, lo, hi, "", flags);
  slider_value_text(slider_text(format, *v), slider_grab_fraction(*v, lo, hi, (flags & ImGuiSliderFlags_Logarithmic) != 0), w);
  return changed;
}

bool slider_double(const char* label, double* v, double lo, double hi, const char* format, ImGuiSliderFlags flags) {
  const float w = ImGui::CalcItemWidth();
  const bool changed = ImGui::SliderScalar(label, ImGuiDataType_Double, v, &lo, &hi, "", flags);
  slider_value_text(slider_text(format, *v), slider_grab_fraction(*v, lo, hi, (flags & ImGuiSliderFlags_Logarithmic) != 0), w);
  return changed;
}

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
  bool edited = false, typed_in = false;
  ImGui::SetNextItemWidth(full - input_w - ImGui::GetStyle().ItemSpacing.x);
  const ImGuiSliderFlags flags = ImGuiSliderFlags_NoRoundToFormat | (logarithmic ? ImGuiSliderFlags_Logarithmic : 0);
  if (ImGui::SliderScalar("##slider", ImGuiDataType_Double, &v, &lo, &hi, "", flags)) edited = true;
  slider_value_text(fmt(format, v), slider_grab_fraction(v, lo, hi, logarithmic));
  focus_name(label);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(input_w);
  double typed = get_value(s, f);
  // As many significant digits as the field holds, at most ten (a moving pos of 1.0703000012 would run
  // past its edge; pos = 10^6 reads 1000000, not 1e+06), never fewer than the whole part needs.
  const float digit_w = ImGui::CalcTextSize("0").x;
  const int fit = static_cast<int>((input_w - 2 * ImGui::GetStyle().FramePadding.x) / std::max(1.0f, digit_w)) - 2;
  const int whole = std::fabs(typed) >= 1 ? static_cast<int>(std::floor(std::log10(std::fabs(typed)))) + 1 : 1;
  // The field holds the number as the reader writes it (19,87 in Spanish) and reads it back in that form
  // or the C locale's (text/number_style.hpp); its text is kept while it is being typed in.
  static std::unordered_map<ImGuiID, std::array<char, 64>> texts;
  const ImGuiID field_id = ImGui::GetID("##exact");
  std::array<char, 64>& text = texts[field_id];
  const std::string shown = fmt(("%." + std::to_string(std::clamp(std::max(fit, whole), 1, 10)) + "g").c_str(), typed);
  if (ImGui::GetActiveID() != field_id) std::snprintf(text.data(), text.size(), "%s", shown.c_str());
  // Enter on the text as it was shown changes nothing (it may hold fewer digits than the value).
  if (ImGui::InputText("##exact", text.data(), text.size(), ImGuiInputTextFlags_EnterReturnsTrue) && shown != text.data()) {
    if (!parse_styled_number(text.data(), number_style(), typed)) {
      notices.assign(1, Rejection{field_key(f), sanitise(text.data()), "not a number"});
    } else {
      v = typed;
      edited = typed_in = true;
    }
  }
  focus_name(fill(ui("type_a_value"), {{"label", label}}));
  ImGui::PopID();
  if (!edited) return false;
  // The slider moves in whole steps (d in whole pairs); a typed value goes to the validated path as it
  // is, so d = 33 is refused with the same notice as ?d=33 instead of silently becoming 34.
  if (!typed_in && f == Field::d) v = 2.0 * std::round(v / 2.0);
  if (!typed_in && (f == Field::pair || f == Field::n)) v = std::round(v);
  const std::string err = set_number(s, f, v);
  if (!err.empty()) {
    notices.assign(1, Rejection{field_key(f), sanitise(shortest_number(v)), err});  // as a URL would carry it
    return false;
  }
  return true;
}

bool log_slider(const char* label, const char* id, double& v, double lo, double hi, const char* format) {
  ImGui::TextUnformatted(label);
  ImGui::SetNextItemWidth(-1);
  double x = v;
  const bool changed =
      ImGui::SliderScalar(id, ImGuiDataType_Double, &x, &lo, &hi, "", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoRoundToFormat) &&
      std::isfinite(x);
  slider_value_text(fmt(format, x), slider_grab_fraction(x, lo, hi, true));
  if (changed) v = std::clamp(x, lo, hi);
  focus_name(label);
  return changed;
}

std::optional<double> preset_buttons(std::initializer_list<double> values, const char* id, const char* focus,
                                     std::string (*text)(double)) {
  std::optional<double> clicked;
  bool first = true;
  for (double v : values) {
    const std::string shown = text ? text(v) : grouped(v);
    const std::string label = shown + "##" + id;
    if (!first) same_line_if_fits(button_width(label.c_str()));
    first = false;
    if (ImGui::SmallButton(label.c_str())) clicked = v;
    focus_name(std::string(focus) + " " + shown);
  }
  return clicked;
}

namespace {
// A label that shows nothing and keeps the item's id: the "###id" part of "text###id", else "###" and
// the whole label (an id of its own, the same every frame).
std::string unshown_label(const char* label) {
  const std::string_view whole(label);
  const size_t id_at = whole.find("###");
  return id_at != std::string_view::npos ? std::string(whole.substr(id_at)) : "###" + std::string(whole);
}
}  // namespace

bool checkbox_wrapped(const char* label, bool* v) {
  if (checkbox_width(label) <= ImGui::GetContentRegionAvail().x) return ImGui::Checkbox(label, v);
  // The box alone, then its text wrapped in what is left of the line.
  const std::string shown(label, ImGui::FindRenderedTextEnd(label));
  ImGui::BeginGroup();
  bool clicked = ImGui::Checkbox(unshown_label(label).c_str(), v);
  focus_name(shown);
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  text_wrapped_at_spaces(shown);
  if (ImGui::IsItemClicked()) {  // the text (a group of its lines), as a click on a checkbox's label toggles it
    *v = !*v;
    clicked = true;
  }
  ImGui::EndGroup();
  return clicked;
}

bool button_wrapped(const char* label) {
  const float avail = ImGui::GetContentRegionAvail().x;
  if (button_width(label) <= avail) return ImGui::Button(label);
  const std::string shown(label, ImGui::FindRenderedTextEnd(label));
  std::string lines;
  for (const TextLine& l : wrap_at_spaces(shown, avail - 2 * ImGui::GetStyle().FramePadding.x,
                                          [](std::string_view t) { return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x; }))
    lines.append(lines.empty() ? "" : "\n").append(shown_text(std::string_view(shown).substr(l.begin, l.end - l.begin)));
  lines.append(unshown_label(label));
  const bool pressed = ImGui::Button(lines.c_str());
  focus_name(shown);
  return pressed;
}

bool combo_fit(const std::string& name, const char* id, int* v, const char* const items[], int count, float name_w) {
  const ImGuiStyle& st = ImGui::GetStyle();
  float widest = 0;
  for (int i = 0; i < count; ++i) widest = std::max(widest, ImGui::CalcTextSize(items[i]).x);
  const bool beside = ImGui::GetContentRegionAvail().x - name_w - st.ItemInnerSpacing.x >= combo_width(widest);
  if (beside) {
    ImGui::SetNextItemWidth(-name_w - st.ItemInnerSpacing.x);
  } else {
    text_wrapped_at_spaces(name);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
  }
  const int mark = focus_mark();
  const bool changed = ImGui::Combo((beside ? name + id : std::string(id)).c_str(), v, items, count);
  focus_name_since(mark, name);  // ImGui's combo reports no label to the focus list
  return changed;
}

namespace {
constexpr float kLeadLines = 6;  // the most lines a lead sentence takes before the summary leads instead
}  // namespace

void caption(std::string_view text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::text_dim));
  text_wrapped_at_spaces(text);  // not TextWrapped: it may break a number after its decimal point
  ImGui::PopStyleColor();
}

void drag_scroll() {
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsAnyItemActive() || !ImGui::IsMouseDown(ImGuiMouseButton_Left) || io.MouseDelta.y == 0) return;
  if (!ImGui::IsWindowHovered()) return;  // the pointer is over this window itself, not a child or a popup
  ImGui::SetScrollY(std::clamp(ImGui::GetScrollY() - io.MouseDelta.y, 0.0f, ImGui::GetScrollMaxY()));
}

void lesson_intro(View v, const ViewContext& ctx) {
  const float column = ImGui::GetContentRegionAvail().x;
  const std::string_view claim = lesson_claim(v);
  const ClaimSource source = lesson_claim_source(v);
  if (ctx.text == LessonText::full) {
    caption(lesson_text(v, "caption"));
    claim_line(source, claim, ctx.ui_scale);
  } else if (ctx.text == LessonText::summary) {
    const std::string_view shown = ui(ctx.intro_expanded ? "less" : ctx.tour_speaks ? "about_lesson" : "more");
    if (ImGui::SmallButton((std::string(shown) + "##intro").c_str())) ctx.intro_expanded = !ctx.intro_expanded;
    focus_name(shown);  // the name says what it shows
    if (!ctx.intro_expanded && ctx.tour_speaks) {
      ctx.figure_top = ImGui::GetCursorScreenPos().y;
      return;
    }
    ImGui::SameLine();
    if (ctx.intro_expanded) {
      caption(lesson_text(v, "caption"));
      claim_line(source, claim, ctx.ui_scale);
    } else if (!claim.empty() && claim_source_info(source) && !text_withheld(v, "claim") &&
               ImGui::GetMainViewport()->WorkSize.y >= 600.0f * ctx.ui_scale) {
      // The lead is the lesson's key sentence with its source's tag (Paper, Measured, Never tested...),
      // so the tag stays on screen; the summary says the same in other words, for the contents. On a
      // short screen (a landscape phone, a projector at a large scale) the one-line summary leads and
      // the tagged sentence waits behind More. Where the sentence would take more than kLeadLines lines
      // (a long claim on a phone, in a longer language) the summary leads with the sentence's tag, so
      // that the figure stays on the first screen and the tag on screen.
      if (ImGui::CalcTextSize(claim.data(), claim.data() + claim.size(), false, column).y <= kLeadLines * ImGui::GetTextLineHeight())
        claim_line(source, claim, ctx.ui_scale);
      else
        claim_line(source, lesson_text(v, "summary"), ctx.ui_scale);
    } else {
      caption(lesson_text(v, "summary"));  // through lesson_text: an open question may withhold it
    }
  }
  ctx.figure_top = ImGui::GetCursorScreenPos().y;
}

ImU32 claim_source_color(ClaimSource s) {
  switch (s) {
    case ClaimSource::paper: return colors::scale_strong;
    case ClaimSource::measured: return colors::selected;
    case ClaimSource::inference: return colors::accent;
    case ClaimSource::untested: return colors::warning;
    case ClaimSource::math: return colors::axis;
    case ClaimSource::here: return colors::hand;
    case ClaimSource::none: break;
  }
  return colors::muted;
}

void source_tag(ClaimSource s, float ui_scale) {
  const ClaimSourceInfo* info = claim_source_info(s);
  if (!info) return;
  // A faint fill of the source's colour inside a border of full colour, the words in the ink colour:
  // the colour tells the sources apart at a glance, the ink keeps the words at text contrast in every
  // theme (tests/views/test_tour.cpp measures it).
  const float pad = 5.0f * ui_scale;
  const std::string_view label = claim_label(*info);
  const ImVec2 text = ImGui::CalcTextSize(label.data(), label.data() + label.size());
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const ImVec2 size(text.x + 2 * pad, ImGui::GetTextLineHeight());
  ImGui::Dummy(size);
  const ImU32 col = claim_source_color(s);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 q(p.x + size.x, p.y + size.y);
  dl->AddRectFilled(p, q, tint(col, 0.22f), 4 * ui_scale);
  dl->AddRect(p, q, col, 4 * ui_scale, 0, std::max(1.0f, 1.5f * ui_scale));
  dl->AddText(ImVec2(p.x + pad, p.y), colors::ink, label.data(), label.data() + label.size());
  if (ImGui::IsItemHovered()) {
    const std::string tip = std::string(label) + ": " + std::string(claim_meaning(*info));
    ImGui::SetTooltip("%s", tip.c_str());
  }
}

void claim_line(ClaimSource s, std::string_view sentence, float ui_scale) {
  if (sentence.empty() || !claim_source_info(s)) return;
  source_tag(s, ui_scale);
  // The sentence flows on from the tag: its first line beside it, the rest at the full width.
  text_flow_after(sentence);
}

std::string dials_name(int pair, int pairs) {
  return "Dials: pair " + std::to_string(pair) + " of " + std::to_string(pairs) + " (arrows choose)";
}

PairCell pair_cell(State& s, int pair, ImVec2 size, const char* label, float ui_scale) {
  PairCell cell;
  cell.pos = ImGui::GetCursorScreenPos();
  // The dials are one control for the keyboard (ui/focus.hpp): the arrows choose the pair.
  if (int chosen = 0; focus_take_choice("dials", chosen)) set_number(s, Field::pair, chosen);
  cell.selected = pair == s.pair;
  ImGui::PushID(pair);
  if (ImGui::InvisibleButton("dial", size)) set_number(s, Field::pair, pair);
  focus_name(dials_name(pair, s.d / 2));
  focus_member("dials", cell.selected, pair);
  focus_ring();
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
