// The one state of PosEnc Lab: everything a course author can set by URL or JS API, and everything
// the views share. A plain struct with defaults; change it only through state_io.hpp, the single
// validated path used by the UI, the URL, the JS API, the keyboard and the tour alike. What each
// setting allows is written once, in the settings table (settings.hpp).
#pragma once
#include "lessons.hpp"
#include "train/config.hpp"

namespace app {

enum class Palette : int { standard, colorblind };
enum class Theme : int { light, dark, automatic };  // automatic: the reader's prefers-color-scheme
enum class LessonText : int { automatic, full, summary, off };

struct State {
  // Settings (one row each in settings.hpp; the defaults are these initialisers).
  View view = View::clock;
  int d = 32;              // model width, even, 2..pe::kMaxD
  double base = 10000.0;   // frequency base, > 1
  double pos = 0.0;        // position (real)
  double k = 4.0;          // offset shown as the second hand / rotation angle
  bool playing = true;     // animate pos
  double speed = 1.0;      // positions per second while playing
  int pair = 0;            // selected sin/cos pair, 0..d/2-1
  int n = 64;              // sequence length / window used by several lessons
  int step = 0;            // guided-tour step, 1..tour_step_count(); 0 = no tour
  double scale = 1.0;      // UI scale for projectors, 1..3
  bool contrast = false;   // high-contrast theme
  Palette palette = Palette::standard;  // colour-blind-safe palette: Palette::colorblind
  bool controls = true;    // show the controls sidebar (hide it for projectors and small embeds)
  Theme theme = Theme::light;
  LessonText text = LessonText::automatic;  // automatic: the one-line summary on small screens
  bool deck = false;       // inside a slide deck: clicker keys belong to the deck

  // The experiment's training options (view `experiment`). Defaults and limits are the training
  // engine's (src/train/config.hpp), so the view starts where PosEnc.train() does. `lookback` is the
  // engine's `k` (the URL's k is the offset above).
  train::Task task = train::Config{}.task;
  int lookback = train::Config{}.k;
  train::Encoding encoding = train::Config{}.encoding;
  double seed = train::Config{}.seed;  // an integer, 0..2^32 - 1
  int trainLength = train::Config{}.trainLength;
  int steps = train::Config{}.steps;
  int dModel = train::Config{}.dModel;
  int layers = train::Config{}.layers;
  int heads = train::Config{}.heads;
  double lr = train::Config{}.lr;
  int batch = train::Config{}.batch;

  // The reader's environment, not a setting: the browser asks for reduced motion. Then nothing
  // starts moving by itself (at load, or by a tour step); only an explicit playing=1 does.
  bool reduced_motion = false;
  // Likewise: the browser prefers dark colours (what theme=auto follows).
  bool prefers_dark = false;
};

// The colours in effect: theme, or for theme=auto the reader's preference.
inline bool dark_colors(const State& s) { return s.theme == Theme::dark || (s.theme == Theme::automatic && s.prefers_dark); }

// Limits that are properties of the app (the math limits live in core/params.hpp), used by the
// settings table.
constexpr double kMaxSpeed = 10000.0;
constexpr double kMaxLength = 100000.0;
constexpr double kMinScale = 1.0, kMaxScale = 3.0;

}  // namespace app
