// The one state of PosEnc Lab: everything a course author can set by URL or JS API, and everything
// the views share. A plain struct with defaults; change it only through state_io.hpp, the single
// validated path used by the UI, the URL, the JS API, the keyboard and the tour alike. Its settings are
// generated from the settings table (settings.hpp): a member of the row's type, named by its key, with
// the row's default; what each allows is written there, once.
#pragma once
#include "lessons.hpp"
#include "settings.hpp"
#include "train/config.hpp"
#include "view_options.hpp"

namespace app {

struct State {
  // Settings: one member per row of the settings table (the experiment's defaults are the training
  // engine's, src/train/config.hpp, so the view starts where PosEnc.train() does; `lookback` is the
  // engine's `k`, the URL's k being the offset).
#define POSENC_X(key, type, init, ...) type key = init;
  POSENC_SETTINGS(POSENC_X)
#undef POSENC_X

  // The reader's environment, not a setting: the browser asks for reduced motion. Then nothing
  // starts moving by itself (at load, or by a tour step); only an explicit playing=1 does.
  bool reduced_motion = false;
  // Likewise: the browser prefers dark colours (what theme=auto follows).
  bool prefers_dark = false;
  // Likewise: the first of the browser's languages the module has (what lang=auto follows).
  Lang browser_lang = Lang::en;
  // Not a setting either: the change being made now is the student's (the app's keys and controls,
  // app.cpp sets it around them), so a locked figure refuses what it fixes (may_move, settings.hpp).
  // The URL, the host's API, tour presets and the animation are the author's: never with it set.
  bool student = false;
};

// The language the state asks for, whether or not its font is here yet (what the page fetches for).
inline Lang language_asked(const State& s) { return s.lang <= 0 ? s.browser_lang : static_cast<Lang>(s.lang - 1); }
// The language the words are shown in: lang, or for lang=auto the browser's; English for a language
// whose glyphs the fonts do not carry yet (language.hpp).
inline Lang language_in_effect(const State& s) {
  const Lang l = language_asked(s);
  return language_glyphs(l) ? l : Lang::en;
}

// The colours in effect: theme, or for theme=auto the reader's preference.
inline bool dark_colors(const State& s) { return s.theme == Theme::dark || (s.theme == Theme::automatic && s.prefers_dark); }

}  // namespace app
