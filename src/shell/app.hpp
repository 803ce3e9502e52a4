// The app: the one State, what the views cache between frames, and the frame function.
// Platform code (src/platform/) owns one App, feeds it time and events, and renders what it draws.
#pragma once
#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "state/animation.hpp"
#include "export/tables.hpp"
#include "state/state.hpp"
#include "state/state_io.hpp"
#include "state/tour.hpp"
#include "shell/annotate.hpp"
#include "shell/services.hpp"
#include "ui/style.hpp"
#include "shell/views.hpp"

namespace app {

// The name of the page's full-canvas window (app_frame's ImGui::Begin): its draw lists and its
// children's are the figure's (export/figure_export.cpp).
inline constexpr const char* kMainWindowName = "PosEnc Lab";

// The cache type a view's draw function takes: draw_<id>(State&, Cache&, const ViewContext&).
template <class F>
struct view_cache;
template <class C>
struct view_cache<void(State&, C&, const ViewContext&)> {
  using type = C;
};

// Each lesson's entry points stay functions of their own: otherwise link-time optimisation inlines them
// into the one place that calls each (the dispatch in app.cpp and describe.cpp), and a lesson's code
// could not be told from the shell's (README "Lessons on demand"). The declarations' noinline is enough
// for Clang 14 (Emscripten 3.1.6); Clang 15 and later keep a function's attributes from the unit that
// defines it, which does not see these lines, so the calls themselves are marked too (POSENC_ENTRY_CALL,
// Clang's statement attribute: no call in the statement is inlined; Emscripten 3.1.69 inlined most).
#if defined(__clang__) && __clang_major__ >= 15
#define POSENC_ENTRY_CALL [[clang::noinline]]
#else
#define POSENC_ENTRY_CALL
#endif
#define POSENC_X(id, label, chapter, cores, reads, tour) \
  [[gnu::noinline]] decltype(draw_##id) draw_##id;      \
  [[gnu::noinline]] decltype(describe_##id) describe_##id;
POSENC_LESSONS(POSENC_X)
#undef POSENC_X

// A measuring build only (cmake -DPOSENC_SIZE_PROBE=id, never served): with POSENC_SIZE_PROBE=id the
// shell calls no lesson but that one, so the linker drops the others' code and what is left is what a
// perfect per-lesson split would put in the first download (README "Lessons on demand").
#ifdef POSENC_SIZE_PROBE
constexpr bool lesson_linked(View v) { return v == View::POSENC_SIZE_PROBE; }
#else
constexpr bool lesson_linked(View) { return true; }
#endif

// What each view keeps between frames, one member per lesson of the registry, named by its id.
struct ViewCaches {
#define POSENC_X(id, label, chapter, cores, reads, tour) typename view_cache<decltype(draw_##id)>::type id;
  POSENC_LESSONS(POSENC_X)
#undef POSENC_X
};

struct App {
  State state;
  Fonts fonts;
  float ui_scale = 1.0f;      // state.scale as applied to the current fonts and style
  float pixel_ratio = 1.0f;   // device pixels per UI pixel, as applied to the fonts
  bool style_contrast = false;
  Palette style_palette = Palette::standard;
  bool style_dark = false;
  bool fonts_built = false;
  int fonts_generation = 0;   // language_fonts_generation() the atlas was built with (ui/language_font.hpp)
  bool toggle_fullscreen = false;  // set by the UI, carried out (and cleared) by the platform
  ExportKind pending_export = ExportKind::none;  // likewise, right after the frame is drawn
  std::string export_message;                     // what the last export did
  std::vector<Rejection> notices;  // what the last change from URL/API/UI ignored, shown until dismissed
  bool show_help = false;          // the keyboard help overlay
  View shown_view = View::count;  // the tab drawn last frame, to tell a tab click from an outside change
  ViewCaches views;
  Services services;  // registered by the platform at start (services.hpp)

  // Layout of the last frame (screen pixels = CSS pixels on the web).
  bool narrow = false;          // the controls are a drawer (small screens, narrow columns, large scales)
  bool drawer_open = false;     // narrow: the controls drawer is showing
  float drawer_top = 0;         // narrow: where the drawer starts (below the top row)
  bool link_in_drawer = false;  // the top row had no room for Copy link last frame
  bool top_row_used = false;    // the top row drew its buttons this frame (Contents may follow on it)
  bool intro_expanded = false;  // lesson text in summary mode: the reader opened the whole text
  ImVec2 figure_min, figure_max;  // the current view's figure: below its lesson text, in the main area
  ImVec2 link_min, link_max;      // the space kept for the page's "Copy link" button (web/posenc.js)
  Annotations notes;              // the lecturer's pen strokes and pointer (annotate.hpp)
  Animation animation;            // PosEnc.animate's move in progress
  int animation_done = 0;         // the id of a move that ended this frame (the platform reports it)
  PromptProgress tour_progress;   // the student's answers to the current tour step's question
  std::map<int, PromptProgress> tour_record;  // the last answers to each step's question, this tour
  AnswerBook answers;             // every answer of the session, for the course (tour.hpp: progress_json)
  std::string tour_summary;       // shown after the tour's last step ("" none): tour_summary_text()
  float tour_bar_height = 0;      // the tour bar's height to its content's end last frame (0: not measured yet)
  float tour_check_bottom = 0;    // the bottom of the step's Check button in the bar's content last frame (0: none)
  // Last frame's first figure (ui/figure_mark.hpp), for the tour bar to leave it room: its top (screen
  // y) and how much of it the first screen should show (0: none drawn); where the lesson's window
  // stopped showing its content, and the tour bar's bottom edge (0: no bar).
  float figure_top = 0, figure_need = 0;
  float lesson_shown_bottom = 0, tour_bar_bottom = 0;
  bool tour_reveal_scrolled = false;  // the tour bar has brought the current answer into view
  bool tour_scroll_top = false;       // a new step: the tour bar scrolls back to its top
  std::array<bool, static_cast<size_t>(View::count)> seen{};  // the lessons shown so far (contents.hpp)
  bool start_here = false;        // a cold page: the "Start here" line offers the tour (contents.hpp)
};

// Brings fonts, theme and palette in line with the state's scale/contrast/palette and the screen's
// pixel ratio. Call before ImGui::NewFrame(); returns true when the font atlas was rebuilt, so the
// renderer must upload its texture again.
bool app_update_style(App& a, float pixel_ratio);
// The lesson text as shown: the `text` setting, where `auto` is the lead (summary mode: the lead, and
// the rest behind More) on every screen, so that the figure comes first.
LessonText shown_text(const State& s);
// Presenter mode as it applies now: `presenter` on, or auto in a slide deck or at scale >= 2.
bool presenting(const State& s);
// The UI scale the fonts and style are built at: the `scale` setting, and at least 1.25 in presenter
// mode outside a deck (a deck's slide is already enlarged by the deck's own transform).
float effective_scale(const State& s);
// Whether Esc has something to close inside the figure (the focus ring, the pen or pointer, the help,
// the drawer). If not, the page lets Esc take the keyboard out of the figure, to the host page.
bool escape_consumed(const App& a);
// One frame, in this order: input (keys, focus), update (tour step, animation, playing), layout (column
// or drawer), draw (controls, tabs, tour bar, lesson, help, annotations). dt: seconds since the last.
void app_frame(App& a, double dt);
// After the frame is drawn (fb_w x fb_h device pixels): the services carry out what it asked for
// (exports, training requests and cancels).
void app_after_frame(App& a, int fb_w, int fb_h);
// Whether the next frames must be drawn although nothing was touched: pos is playing, an animation
// runs, or training advances in the frame loop.
bool app_busy(const App& a);
// Applies a query string through the validated path; rejections are kept for the notice line.
// A query that starts a tour step (`step=N`) applies that step's preset first. The page's own query
// (`page` given) that says nothing at all is a cold page: it opens where the path starts (kPathStart)
// with the "Start here" line; a link or an embed always says something (embed=1 at least).
// notify: the rejections are shown in the sidebar (not for the host's API calls, nor an embed's URL:
// those are the host's mistakes, and go back to the host).
std::vector<Rejection> app_apply(App& a, std::string_view query, PageKeys* page = nullptr, bool notify = true);

// Draws the current lesson's view (the registry's draw_<id>) into the current ImGui window.
void draw_view(App& a, const ViewContext& ctx);
// What the canvas shows, in words, for the page's screen-reader text alternative: the view's title,
// the lesson's own key numbers (the registry's describe_<id>, which reads the view's own
// settings from the state) and the shared settings. Built from the state, the caches and the core,
// never from pixels; no number is ever NaN or Infinity.
std::string describe(const State& s, const ViewCaches& views);
// The same, plus where the student is on the tour step's question (PosEnc.describe()).
std::string describe(const App& a);
// The key numbers beside that text, as a JSON array of [quantity, value] rows for the page's HTML
// table: the view, the shared settings and the selected pair's frequency, period, values at pos and
// the dot product PE(pos)·PE(pos+k), all from the core.
std::string key_numbers_json(const State& s);
// With every view at its starting settings (as a fresh page shows them).
std::string describe(const State& s);

}  // namespace app
