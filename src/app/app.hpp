// The app: the one State, what the views cache between frames, and the frame function.
// Platform code (src/platform/) owns one App, feeds it time and events, and renders what it draws.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "export.hpp"
#include "state.hpp"
#include "state_io.hpp"
#include "style.hpp"
#include "view_clock.hpp"
#include "view_order.hpp"
#include "view_input.hpp"
#include "view_formula.hpp"
#include "view_heatmap.hpp"
#include "view_waves.hpp"
#include "view_periods.hpp"
#include "view_ranges.hpp"
#include "view_similarity.hpp"
#include "view_learned.hpp"
#include "view_adding.hpp"
#include "view_rope.hpp"
#include "view_gotcha.hpp"
#include "view_precision.hpp"

namespace app {

struct App {
  State state;
  Fonts fonts;
  float ui_scale = 1.0f;      // state.scale as applied to the current fonts and style
  float pixel_ratio = 1.0f;   // device pixels per UI pixel, as applied to the fonts
  bool style_contrast = false;
  bool style_colorblind = false;
  bool fonts_built = false;
  bool toggle_fullscreen = false;  // set by the UI, carried out (and cleared) by the platform
  ExportKind pending_export = ExportKind::none;  // likewise, right after the frame is drawn
  std::string export_message;                     // what the last export did
  std::vector<Rejection> notices;  // what the last change from URL/API/UI ignored, shown until dismissed
  bool show_help = false;          // the keyboard help overlay
  View shown_view = View::count;  // the tab drawn last frame, to tell a tab click from an outside change
  ClockCache clock;
  OrderCache order;
  InputCache input;
  FormulaCache formula;
  HeatmapCache heatmap;
  WavesCache waves;
  PeriodsCache periods;
  RangesCache ranges;
  SimilarityCache similarity;
  LearnedCache learned;
  AddingCache adding;
  RopeCache rope;
  GotchaCache gotcha;
  PrecisionCache precision;
};

// Brings fonts, theme and palette in line with the state's scale/contrast/palette and the screen's
// pixel ratio. Call before ImGui::NewFrame(); returns true when the font atlas was rebuilt, so the
// renderer must upload its texture again.
bool app_update_style(App& a, float pixel_ratio);
// Advances the animation by dt seconds, then builds this frame's UI.
void app_frame(App& a, double dt);
// Applies a query string through the validated path; rejections are kept for the notice line.
// A query that starts a tour step (`step=N`) applies that step's preset first.
std::vector<Rejection> app_apply(App& a, std::string_view query);
// Moves the tour to `step` (0 ends it) through app_apply.
void app_set_step(App& a, int step);

}  // namespace app
