// Small UI helpers shared by the views: parameter controls that write through the validated path,
// and number formatting that never shows NaN or Infinity.
#pragma once
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "state/claims.hpp"
#include "text/format.hpp"
#include "imgui.h"
#include "state/state_io.hpp"
#include "ui/view_context.hpp"

namespace app {

// A labelled slider plus an exact-entry field for a numeric State field. The slider spans [lo, hi]
// cut to the setting's limits in the settings table (the whole range for pair). The edited value is
// applied with set_number(); a rejected value leaves the state as it was and its reason lands in
// `notices`. Returns true when the state changed.
bool param_slider(const char* label, State& s, Field f, double lo, double hi, const char* fmt,
                  std::vector<Rejection>& notices, bool logarithmic = false);

// A number the view keeps itself (not a State field, or one it stores after its own checks): `label`
// on a line, then a full-width logarithmic slider `id` over [lo, hi], named `label` for the focus list.
// A finite value the slider gives is clamped to [lo, hi] into v; returns true then.
// A slider's value written on the side of its track away from the grab (call right after the slider,
// drawn with an empty format); `fraction` is the grab's place, slider_grab_fraction().
void slider_value_text(const std::string& text, double fraction, float frame_width = -1);
// ImGui's SliderInt and SliderScalar (double), with the value drawn away from the grab.
bool slider_int(const char* label, int* v, int lo, int hi, const char* format = "%d", ImGuiSliderFlags flags = 0);
bool slider_double(const char* label, double* v, double lo, double hi, const char* format, ImGuiSliderFlags flags = 0);
double slider_grab_fraction(double v, double lo, double hi, bool logarithmic);
bool log_slider(const char* label, const char* id, double& v, double lo, double hi, const char* format);
// A row of small preset buttons under a control, one per value, each beside the last where it fits
// (else on a new line): a button shows text(v) (grouped(v) when text is null; ImGui id "text(v)##id")
// and is named "<focus> <text(v)>" for the focus list. The value clicked this frame, if any.
std::optional<double> preset_buttons(std::initializer_list<double> values, const char* id, const char* focus,
                                     std::string (*text)(double) = nullptr);

// A checkbox whose label wraps at spaces beside its box when the line is too short for it (a longer
// language, a phone), as ImGui::Checkbox where it fits. The label's text is clickable either way and
// names the control for the focus list. Returns true when clicked, as ImGui::Checkbox.
bool checkbox_wrapped(const char* label, bool* v);

// A button whose label breaks into lines at spaces when the button would be wider than the line, as
// ImGui::Button where it fits; the same id either way, named by its text for the focus list.
bool button_wrapped(const char* label);

// A drop-down named `name` (id `id`, "###..."), of `count` choices: the name on its right, the menu
// ending `name_w` before the right edge (several menus line up), where the longest choice fits in the
// menu; else the name on a line of its own above a menu as wide as the line (a phone, a longer
// language). Named `name` for the focus list. Returns true when a choice was made, as ImGui::Combo.
bool combo_fit(const std::string& name, const char* id, int* v, const char* const items[], int count, float name_w);

// Wrapped caption text in the dim caption colour.
void caption(std::string_view text);
// Scrolls the current window by a drag on its background: Dear ImGui scrolls by wheel and scrollbar
// only, so a finger on a phone could not move a scrolled panel otherwise. A drag that starts on a
// control (a slider, a plot) is the control's.
void drag_scroll();

// A lesson's opening text, as ctx.text says: the whole caption followed by the lesson's key sentence
// with its source tag (claim_line); or, on small screens, the one-line summary with a "More" button
// that shows the whole text (and "Less" to fold it again), followed by the tagged key sentence where
// the screen is at least 600 UI px high; or nothing. Everything a view draws after it is its figure
// (ctx.figure_top records where that starts).
void lesson_intro(View v, const ViewContext& ctx);

// The colour of a source's tag (a theme colour, so it follows light, dark, contrast and palette).
ImU32 claim_source_color(ClaimSource s);
// A source's tag: its words (claims.hpp) in a small rounded box of the source's colour, one text line
// high in the current font, as an item at the cursor; hovering shows what the source means. Draws
// nothing for ClaimSource::none.
void source_tag(ClaimSource s, float ui_scale);
// A claim with its source: the tag, then the sentence wrapped beside it (below it where the line is
// too narrow). Nothing when the sentence is empty or the source unknown (a lesson without its
// claim:/source: keys).
void claim_line(ClaimSource s, std::string_view sentence, float ui_scale);

// One clickable cell of a row or grid of pairs (the dials of the clock, RoPE and gotcha views): an
// invisible button of `size` at the cursor that selects `pair` through set_number() when clicked,
// a rounded background when hovered or selected (a light tint of the selection colour), and `label`
// at its top left (in the selection colour when selected). The caller draws the rest of the cell
// from `pos` and shows its own tooltip when `hovered`.
struct PairCell {
  ImVec2 pos;  // top left of the cell, screen pixels
  bool hovered = false;
  bool selected = false;
};
PairCell pair_cell(State& s, int pair, ImVec2 size, const char* label, float ui_scale);
// The name the keyboard hears for that set of cells while pair `pair` of `pairs` is chosen.
std::string dials_name(int pair, int pairs);

}  // namespace app
