// The one state of PosEnc Lab: everything a course author can set by URL or JS API, and everything
// the views share. A plain struct with defaults; change it only through state_io.hpp, which is the
// single validated path used by the UI, the URL, the JS API and the keyboard alike.
#pragma once
#include <string_view>

namespace app {

// View ids are a public interface (URL `view=`, PosEnc.getState().view): keep them stable.
enum class View : int {
  clock, order, input, formula, heatmap, waves, periods, ranges, similarity, learned, adding, rope, gotcha, precision,
  count
};

const char* view_id(View v);
// Returns false (and leaves `out` alone) for an unknown id.
bool view_from_id(std::string_view id, View& out);

struct State {
  View view = View::clock;
  int d = 32;              // model width, even, 2..pe::kMaxD
  double base = 10000.0;   // frequency base, > 1
  double pos = 0.0;        // position (real)
  double k = 4.0;          // offset shown as the second hand / rotation angle
  bool playing = true;     // animate pos
  double speed = 1.0;      // positions per second while playing
  int pair = 0;            // selected sin/cos pair, 0..d/2-1
  int n = 64;              // sequence length / window used by several lessons
  int step = 0;            // guided-tour step, 1..kTourSteps; 0 = no tour
  double scale = 1.0;      // UI scale for projectors, 1..3
  bool contrast = false;   // high-contrast theme
  bool colorblind = false; // colour-blind-safe palette (URL: palette=colorblind)
  bool controls = true;    // show the controls sidebar (hide it for projectors and small embeds)
};

// Limits that are properties of the app (the math limits live in core/params.hpp).
constexpr double kMaxSpeed = 10000.0;
constexpr double kMaxLength = 100000.0;
constexpr int kTourSteps = 16;  // the number of steps in tour.cpp
constexpr double kMinScale = 1.0, kMaxScale = 3.0;

}  // namespace app
