// Keyboard focus inside the figure, so that a keyboard user reaches every control and can always
// leave (WCAG 2.1.1 and 2.1.2). The order is the order the controls were drawn in the last frame
// (sidebar top to bottom, then the tabs, the tour bar, the view's own controls), recorded through
// Dear ImGui's item hook; the ring is ImGui's navigation highlight, and Space/Enter press the focused
// control (ImGuiConfigFlags_NavEnableKeyboard).
//
// The page calls these between frames, from its Tab / Esc key handlers (web/posenc.js):
//   Tab       focus_move(+1): the next control, or false after the last one, so the browser moves
//             focus out of the figure to the host page's next element;
//   Shift+Tab focus_move(-1): likewise backwards; before the first control the figure itself
//             (where the figure's own keys, arrows for pos and k, act), then out;
//   Esc       see app.hpp's escape_consumed().
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace app {

// Call once, after ImGui::CreateContext(): turns on the item hook. ImGui's keyboard navigation is on
// only while a control has the ring, so the figure's arrow keys stay the figure's otherwise.
void focus_init();
// Call right after ImGui::NewFrame(): carries out a move asked for between frames.
void focus_new_frame();
// Call after ImGui::Render(): the controls of the frame just drawn become the Tab order.
void focus_end_frame();

// Moves keyboard focus to the next (dir > 0) or previous (dir < 0) control. Returns false when there
// is none that way: focus should leave the figure. Takes effect at the next frame.
bool focus_move(int dir);
// True while a control shows the keyboard focus ring.
bool focus_on_control();
// Takes the ring away (the figure itself keeps the keyboard).
void focus_clear();
// The controls drawn between these two come first in the Tab order (the guided tour's bar: the
// keyboard reaches the step's question before the sidebar and the tabs).
void focus_lead_begin();
void focus_lead_end();
// Names the control just drawn, for a control whose label is hidden ("##slider"): what the page
// announces and tests find it by.
void focus_name(std::string_view name);
// The focused control's label as drawn ("" when none), for the page's text alternative and tests.
std::string focus_label();
// The Tab order now: each control's label and rectangle (screen pixels), for tests and layout checks.
struct FocusControl {
  std::string label;
  float x0, y0, x1, y1;
};
std::vector<FocusControl> focus_controls();
int focus_count();

}  // namespace app

// For the item hooks at the end of focus.cpp (ImGui's own types, declared there).
struct ImGuiContext;
struct ImRect;
namespace app {
void add_control_hook(ImGuiContext* ctx, unsigned int id, const ImRect& bb);
void note_label_hook(unsigned int id, const char* label);

}  // namespace app
