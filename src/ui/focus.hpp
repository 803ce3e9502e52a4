// Keyboard focus inside the figure, so that a keyboard user reaches every control in a few presses and
// can always leave (WCAG 2.1.1 and 2.1.2). The figure is one Tab stop; inside it the controls fall into
// regions, recorded as they are drawn (Dear ImGui's item hook): the tour bar, the view's own controls,
// the sidebar (controls), and the lessons' row (Contents, the chapter's tabs). The ring is ImGui's
// navigation highlight, and Space/Enter press the focused control (ImGuiConfigFlags_NavEnableKeyboard).
//
// The page hands these keys to focus_key() between frames (web/posenc.js), which says what became of it:
//   Tab, Shift+Tab   the ring goes and focus leaves the figure (the browser moves it to the page's
//                    next / previous element): the figure costs one Tab stop, either way;
//   Enter            on the figure itself: the ring goes to the first region's first control (the tour's
//                    question, else the view's first control); on a control it is ImGui's (press, edit);
//   F6, Shift+F6     the next / previous region's first control (tour, view, controls, lessons);
//   arrows           on a control: the next (right, down) or previous (left, up) control of its region,
//                    round at the ends; Home / End its first / last. A control being adjusted or edited
//                    keeps them (ImGui's), and a set of items that is one control (the dials) takes
//                    left / right (and Home / End) to choose among its members. On the figure itself they
//                    are the figure's keys (shell/keys.cpp: pos and k);
//   Esc              see app.hpp's escape_consumed().
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

// The regions, in the order F6 visits them (empty ones are skipped).
enum class FocusRegion : unsigned char { tour, view, controls, lessons };
constexpr int kFocusRegions = 4;
// The controls drawn from here on belong to region r (each frame starts in FocusRegion::view).
void focus_region(FocusRegion r);
// Its name, as the page announces it on F6 ("Controls"), in the reader's language.
std::string focus_region_name(FocusRegion r);

// The keys the page hands over, and what became of one.
enum class FocusKey { tab, f6, enter, up, down, left, right, home, end, other };
FocusKey focus_key_named(std::string_view key);  // a KeyboardEvent.key ("Tab", "ArrowLeft", ...)
enum class KeyUse { pass,    // not the focus's: the figure (SDL, ImGui) gets it
                    taken,   // done: the page stops it
                    leave };  // the ring went: the browser moves focus out of the figure
KeyUse focus_key(FocusKey k, bool shift);

// Walks every control in order (tests, and tools that visit them all): the next (dir > 0) or previous
// (dir < 0) control. Returns false when there is none that way. Takes effect at the next frame.
bool focus_move(int dir);
// True while a control shows the keyboard focus ring.
bool focus_on_control();
// Takes the ring away (the figure itself keeps the keyboard).
void focus_clear();
// The next control drawn is where its region is entered (the tour's question, rather than its
// Previous button).
void focus_landing();
// One stop for a set of items (the dials: one control moved with the arrows, not one stop per dial):
// call right after each member's item, with the value it stands for (its pair); `current` says it is
// the chosen one, which alone is a stop and carries the ring (when the chosen one is not drawn, the
// first member drawn stands in). On that stop left / right choose the previous / next member drawn,
// Home / End the first / last; the ring follows the chosen member.
void focus_member(std::string_view group, bool current, int value);
// The member's value the keyboard chose, once: true and `value` set for the first caller of `group`
// after the key (call it before drawing the members, so that all of them draw the new choice).
bool focus_take_choice(std::string_view group, int& value);
// Draws the ring around the item just drawn when it has the keyboard, as ImGui draws it on buttons,
// for items that draw none themselves (ImGui::InvisibleButton).
void focus_ring();
// Names the control just drawn, for a control whose label is hidden ("##slider"): what the page
// announces and tests find it by.
void focus_name(std::string_view name);
// Names the controls without a label drawn since `mark` (focus_mark()), for widgets that are several
// items or report no label to the hook (ImGui::InputDouble with its buttons, BeginCombo, sliders
// followed by their value's text).
int focus_mark();
void focus_name_since(int mark, std::string_view name);
// The item just drawn is for the pointer only, not a control of the keyboard's (a plot's area, where a
// click or a hover reads a value: the figure's keys and the controls do that for the keyboard).
void focus_pointer_only();
// The focused control's label as drawn ("" when none), for the page's text alternative and tests.
std::string focus_label();
// The region of the focused control (FocusRegion::view when none), and its place in focus_controls() (-1).
FocusRegion focus_current_region();
int focus_index();
// The Tab order now: each control's label and rectangle (screen pixels), for tests and layout checks.
struct FocusControl {
  std::string label;
  float x0, y0, x1, y1;
  FocusRegion region = FocusRegion::view;
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
