// The settings table: every setting of PosEnc Lab, one row each (URL query, PosEnc.setState, embed
// messages, tour presets, the UI). The State's members are generated from it (state.hpp); validation,
// parsing, the JSON and query forms, the sidebar, PosEnc.schema(), the README's settings table, the
// .d.ts types and the Python package's checks all read it; nothing else lists the keys or their limits.
//
//   X(key, type, init, kind, scope, min, max, choices, group, label, lo, hi, format, scale, meaning)
//     key      the URL key, also the State member it sets (unique across scopes, camelCase)
//     type     the State member's C++ type; init its default
//     kind     integer | even_integer | pair_index (0..d/2-1) | number | number_above_min (min excluded)
//              | boolean | choice (names in `choices`, index = stored value; min/max unused)
//              | list (any of the names in `choices`, written separated by commas, or `all` / `none`; stored
//                as a bit mask, bit i = name i, kAllNames = all, also names added later; min: the fewest names)
//     scope    all (every view may read it) or the one view id that reads it (`experiment`, `schemes`, ...)
//     min/max  inclusive limits (number_above_min: min excluded)
//     choices  a choice's names (no_choices otherwise)
//     group    where the sidebar shows it: motion, encoding, model, display, or none (no sidebar control:
//              the view has its own, or it is set by URL and keys only); reader (no sidebar control either:
//              the reader's own way of reading, never fixed by `free`); figure (which lesson and tour step,
//              and what the figure offers and locks: set by the author, moved by the student only through
//              the tabs, Contents and the tour)
//     label    the sidebar's label (also the control's name for the keyboard focus); lo..hi the slider's
//              range within min..max (0, 0: min..max), format its printf format, scale lin or log
//     meaning  one line, for the README, PosEnc.schema() and the .d.ts
//
// Adding a setting is one line here (plus the code in the view that reads it). Rows apply in this order,
// so a row may depend on the rows above it (pair is checked against the new d, alibiHead against the new
// alibiHeads, t5MaxDistance against the new buckets); the dependent limits are in min_value(), max_value()
// and depends_on() (settings.cpp), the invariants they keep in store_value(). A shared (scope all)
// motion or encoding row shows in the sidebar only on the views that read it: the `reads` column of the
// lesson registry (lessons.hpp).
// What a student may move (lock, free, views) is checked on the same path: a change made while
// `State::student` is set (the app's input and draw, app.cpp) is refused for a setting the figure fixes
// (may_move()); the URL, the host's API and tour presets are the author's and are not.
// A choice of a view's own is an enum with its names in view_options.hpp.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/params.hpp"
#include "train/config.hpp"
#include "lessons.hpp"
#include "language.hpp"
#include "view_options.hpp"

// clang-format off
#define POSENC_SETTINGS(X) \
  X(views, std::uint64_t, kAllNames, list, all, 1, 0, view_ids(), figure, "", 0, 0, "", lin, "the lessons offered (tabs, Contents, the tour's steps): all, or view ids separated by commas") \
  X(view, View, View::clock, choice, all, 0, 0, view_ids(), figure, "", 0, 0, "", lin, "the lesson shown") \
  X(d, int, 32, even_integer, all, 2, pe::kMaxD, no_choices, encoding, "model width  d", 2, 1024, "%.0f", lin, "model width") \
  X(base, double, 10000.0, number_above_min, all, 1, pe::kMaxBase, no_choices, encoding, "base", 2, 100000, "%.0f", log, "frequency base") \
  X(pos, double, 0.0, number, all, -pe::kMaxAbsPosition, pe::kMaxAbsPosition, no_choices, motion, "position  pos", 0, 1000, "%.2f", lin, "position (real)") \
  X(k, double, 4.0, number, all, -pe::kMaxAbsPosition, pe::kMaxAbsPosition, no_choices, motion, "offset  k", -100, 100, "%.2f", lin, "offset") \
  X(playing, bool, true, boolean, all, 0, 1, no_choices, none, "", 0, 0, "", lin, "animate pos") \
  X(speed, double, 1.0, number, all, 0, kMaxSpeed, no_choices, motion, "speed (positions / s)", 0.05, 1000, "%.2f", log, "positions per second") \
  X(pair, int, 0, pair_index, all, 0, pe::kMaxD / 2 - 1, no_choices, encoding, "selected pair  i", 0, 0, "%.0f", lin, "selected sin/cos pair") \
  X(n, int, 64, integer, all, 1, kMaxLength, no_choices, none, "", 0, 0, "", lin, "sequence length / window") \
  X(step, int, 0, integer, all, 0, 0, no_choices, figure, "", 0, 0, "", lin, "guided-tour step (0 = no tour)") /* max: the tour's length */ \
  X(lock, bool, false, boolean, all, 0, 1, no_choices, figure, "", 0, 0, "", lin, "a locked figure: the student cannot change the lesson (no tabs, Contents or tour); the host still can") \
  X(free, std::uint64_t, kAllNames, list, all, 0, 0, lockable_keys(), figure, "", 0, 0, "", lin, "the settings the student may move: all, none, or keys separated by commas (the display settings are always the reader's)") \
  X(scale, double, 1.0, number, all, kMinScale, kMaxScale, no_choices, display, "UI scale (projector)", 0, 0, "%.2fx", lin, "UI scale for projectors") \
  X(contrast, bool, false, boolean, all, 0, 1, no_choices, display, "high contrast", 0, 0, "", lin, "high-contrast theme") \
  X(palette, Palette, Palette::standard, choice, all, 0, 0, kPaletteNames, display, "colour-blind-safe colours", 0, 0, "", lin, "colours of hands, selection and plots") \
  X(controls, bool, true, boolean, all, 0, 1, no_choices, reader, "", 0, 0, "", lin, "show the controls sidebar") \
  X(theme, Theme, Theme::light, choice, all, 0, 0, kThemeNames, reader, "", 0, 0, "", lin, "light or dark colours; auto follows the reader's system setting") \
  X(lang, int, 0, choice, all, 0, 0, lang_setting_names(), reader, "", 0, 0, "", lin, "the language of the lesson and tour texts: auto (the browser's languages), en, es, zh-CN (its font is fetched when it is chosen; English until it is here), or xx (a pseudo-language for layout checks)") \
  X(text, LessonText, LessonText::automatic, choice, all, 0, 0, kTextNames, reader, "", 0, 0, "", lin, "the lesson text: auto (the lead sentence, the rest behind More), full, summary or off") \
  X(presenter, Presenter, Presenter::automatic, choice, all, 0, 0, kPresenterNames, reader, "", 0, 0, "", lin, "presenter mode: the figure, its lead sentence and large type, without the controls column; auto turns it on in a slide deck (deck=1) and at scale 2 or more") \
  X(deck, bool, false, boolean, all, 0, 1, no_choices, reader, "", 0, 0, "", lin, "slide-deck mode: clicker keys go to the deck, keys after a click") \
  X(task, train::Task, train::Config{}.task, choice, experiment, 0, 0, train::task_names(), none, "", 0, 0, "", lin, "experiment: what the model learns to predict") \
  X(lookback, int, train::Config{}.k, integer, experiment, POSENC_TRAIN_MIN(k), POSENC_TRAIN_MAX(k), no_choices, none, "", 0, 0, "", lin, "experiment: the lookback task's offset k") \
  X(encoding, train::Encoding, train::Config{}.encoding, choice, experiment, 0, 0, train::encoding_names(), none, "", 0, 0, "", lin, "experiment: the position encoding the model is trained with") \
  X(seed, double, train::Config{}.seed, integer, experiment, POSENC_TRAIN_MIN(seed), POSENC_TRAIN_MAX(seed), no_choices, none, "", 0, 0, "", lin, "experiment: seed of weights and data") \
  X(trainLength, int, train::Config{}.trainLength, integer, experiment, POSENC_TRAIN_MIN(trainLength), POSENC_TRAIN_MAX(trainLength), no_choices, none, "", 0, 0, "", lin, "experiment: training length L (evaluated at L, 2L, 4L)") \
  X(steps, int, train::Config{}.steps, integer, experiment, POSENC_TRAIN_MIN(steps), POSENC_TRAIN_MAX(steps), no_choices, none, "", 0, 0, "", lin, "experiment: optimiser steps per run") \
  X(dModel, int, train::Config{}.dModel, integer, experiment, POSENC_TRAIN_MIN(dModel), POSENC_TRAIN_MAX(dModel), no_choices, model, "d_model", 0, 0, "%.0f", lin, "experiment: model width (divisible by heads)") \
  X(layers, int, train::Config{}.layers, integer, experiment, POSENC_TRAIN_MIN(layers), POSENC_TRAIN_MAX(layers), no_choices, model, "layers", 0, 0, "%.0f", lin, "experiment: Transformer layers") \
  X(heads, int, train::Config{}.heads, integer, experiment, POSENC_TRAIN_MIN(heads), POSENC_TRAIN_MAX(heads), no_choices, model, "heads", 0, 0, "%.0f", lin, "experiment: attention heads per layer") \
  X(lr, double, train::Config{}.lr, number, experiment, POSENC_TRAIN_MIN(lr), POSENC_TRAIN_MAX(lr), no_choices, model, "learning rate", 0, 0, "%.5f", log, "experiment: Adam learning rate") \
  X(batch, int, train::Config{}.batch, integer, experiment, POSENC_TRAIN_MIN(batch), POSENC_TRAIN_MAX(batch), no_choices, model, "batch", 0, 0, "%.0f", log, "experiment: sequences per step") \
  X(startOffset, int, train::Config{}.startOffset, integer, experiment, POSENC_TRAIN_MIN(startOffset), POSENC_TRAIN_MAX(startOffset), no_choices, none, "", 0, 0, "", lin, "experiment: training windows (still L long) start at a random position 0..startOffset (only sinusoidal and learned read absolute positions)") \
  X(copyLengths, train::CopyLengths, train::Config{}.copyLengths, choice, experiment, 0, 0, train::config_row("copyLengths")->names, none, "", 0, 0, "", lin, "experiment: copy's training lengths: fixed (always L, so one answer offset solves it) or random (an even length 4..L per batch)") \
  X(lookbackK, train::LookbackK, train::Config{}.lookbackK, choice, experiment, 0, 0, train::config_row("lookbackK")->names, none, "", 0, 0, "", lin, "experiment: lookback's k: fixed, or input (each sequence its own k in 1..lookback, given to the model)") \
  X(runAll, RunAll, RunAll::shared, choice, experiment, 0, 0, kRunAllNames, none, "", 0, 0, "", lin, "experiment: Run and Run all under one shared setting, or each encoding under its fair setting (two layers for none and alibi, eight heads for alibi)") \
  X(addPE, bool, false, boolean, order, 0, 1, no_choices, none, "", 0, 0, "", lin, "order: add the positional encoding to the token inputs") \
  X(similarityMaxK, int, 100, integer, similarity, kSimilarityMinK, kSimilarityMaxK, no_choices, none, "", 0, 0, "", lin, "similarity: the largest offset k plotted") \
  X(scoresVectors, RopeVectors, RopeVectors::ones, choice, rope_scores, 0, 0, kRopeVectorNames, none, "", 0, 0, "", lin, "rope_scores: the vectors q and k") \
  X(scoresOffsets, int, 128, integer, rope_scores, kScoresMinOffsets, kScoresMaxOffsets, no_choices, none, "", 0, 0, "", lin, "rope_scores: the curves span offsets -R..R") \
  X(scoresWindow, int, 64, integer, rope_scores, kScoresMinWindow, kScoresMaxWindow, no_choices, none, "", 0, 0, "", lin, "rope_scores: map positions per side (before the work cap)") \
  X(layoutTrained, pe::RopeLayout, pe::RopeLayout::interleaved, choice, rope_layouts, 0, 0, kRopeLayoutNames, none, "", 0, 0, "", lin, "rope_layouts: the layout the weights were made for (they run in the other)") \
  X(layoutVectors, LayoutVectors, LayoutVectors::random, choice, rope_layouts, 0, 0, kLayoutVectorNames, none, "", 0, 0, "", lin, "rope_layouts: the stand-in vectors q and k") \
  X(layoutSeed, int, 1, integer, rope_layouts, 1, kLayoutsMaxSeed, no_choices, none, "", 0, 0, "", lin, "rope_layouts: which random vectors") \
  X(layoutOffsets, int, 64, integer, rope_layouts, kLayoutsMinOffsets, kLayoutsMaxOffsets, no_choices, none, "", 0, 0, "", lin, "rope_layouts: the curves span offsets -R..R") \
  X(precisionPos, double, 1e7, integer, precision, 1, 1e7, no_choices, none, "", 0, 0, "", lin, "precision: the position of the per-pair chart (right)") \
  X(compareBase, double, 500000.0, number, rope_base, kMinCompareBase, pe::kMaxBase, no_choices, none, "", 0, 0, "", lin, "rope_base: the second base, compared with base") \
  X(contextLength, double, 4096.0, integer, long_context, kMinTrainedLength, kMaxTrainedLength, no_choices, none, "", 0, 0, "", lin, "long_context: the trained length L") \
  X(contextFactor, double, 8.0, number, long_context, kMinContextFactor, kMaxContextFactor, no_choices, none, "", 0, 0, "", lin, "long_context: the extension factor s (run at s*L)") \
  X(contextMethod, ContextMethod, ContextMethod::all, choice, long_context, 0, 0, kContextMethodNames, none, "", 0, 0, "", lin, "long_context: the methods shown") \
  X(scheme, Scheme, Scheme::alibi, choice, schemes, 0, 0, kSchemeNames, none, "", 0, 0, "", lin, "schemes: the scheme shown") \
  X(alibiHeads, int, 8, integer, schemes, 1, kSchemesMaxHeads, no_choices, none, "", 0, 0, "", lin, "schemes: ALiBi's number of heads H") \
  X(alibiHead, int, 0, integer, schemes, 0, kSchemesMaxHeads - 1, no_choices, none, "", 0, 0, "", lin, "schemes: the ALiBi head drawn large (below alibiHeads)") \
  X(t5Buckets, int, 32, even_integer, schemes, 4, kSchemesMaxBuckets, no_choices, none, "", 0, 0, "", lin, "schemes: T5's num_buckets") \
  X(t5Bidirectional, bool, true, boolean, schemes, 0, 1, no_choices, none, "", 0, 0, "", lin, "schemes: T5 keys after the query get buckets of their own") \
  X(t5MaxDistance, int, 128, integer, schemes, 2, kSchemesMaxDistance, no_choices, none, "", 0, 0, "", lin, "schemes: T5 offsets from here on share the last bucket (above the exact buckets)")

// clang-format on

// The experiment's rows take their limits from the training engine's own table (src/train/config.cpp),
// the one place that states them; its cross-key rules (dModel divisible by heads, k < trainLength) are
// checked by train::validate when a run starts.
#define POSENC_TRAIN_MIN(key) (train::config_row(#key)->min)
#define POSENC_TRAIN_MAX(key) (train::config_row(#key)->max)

namespace app {

struct State;

enum class Palette : int { standard, colorblind };
enum class Theme : int { light, dark, automatic };  // automatic: the reader's prefers-color-scheme
enum class LessonText : int { automatic, full, summary, off };
inline constexpr const char* kPaletteNames[] = {"standard", "colorblind"};
inline constexpr const char* kThemeNames[] = {"light", "dark", "auto"};
inline constexpr const char* kTextNames[] = {"auto", "full", "summary", "off"};
enum class Presenter : int { automatic, on, off };
inline constexpr const char* kPresenterNames[] = {"auto", "on", "off"};
inline constexpr std::span<const char* const> no_choices{};

// Limits that are properties of the app (the math limits live in core/params.hpp).
constexpr double kMaxSpeed = 10000.0;
constexpr double kMaxLength = 100000.0;
constexpr double kMinScale = 1.0, kMaxScale = 3.0;

enum class Field : int {
#define POSENC_X(key, ...) key,
  POSENC_SETTINGS(POSENC_X)
#undef POSENC_X
  count
};

enum class Kind { integer, even_integer, pair_index, number, number_above_min, boolean, choice, list };
// The sidebar's sections, in the order it shows them; none, reader, figure: no sidebar control (see the
// table's comment).
enum class Group { none, motion, encoding, model, display, reader, figure };

// A list row's `all`: every name, also those added to its choices later (53 bits: a double holds it exactly).
inline constexpr std::uint64_t kAllNames = (std::uint64_t{1} << 53) - 1;
// The keys `free` may name: the lesson's settings (groups none, motion, encoding and model), in the table's
// order; the reader's and the figure's rows are never fixed by it.
std::span<const char* const> lockable_keys();
enum class Scale { lin, log };

struct Setting {
  Field field;
  const char* key;
  Kind kind;
  View scope;  // View::count: all views
  double min, max;
  std::span<const char* const> choices;
  Group group;
  const char* label;
  double lo, hi;  // the slider's range (0, 0: min..max)
  const char* format;
  Scale scale;
  const char* meaning;
};

std::span<const Setting> settings();
const Setting& setting(Field f);
const char* field_key(Field f);
bool field_from_key(std::string_view key, Field& out);

// The names a choice setting takes, index = stored value (view ids, palette names); empty otherwise.
std::span<const char* const> choice_names(Field f);
// The smallest and largest allowed values in state `s` (pair: d/2 - 1; step: the tour's length; choice:
// names - 1; alibiHead: alibiHeads - 1; t5MaxDistance: above T5's exact buckets).
double min_value(Field f, const State& s);
double max_value(Field f, const State& s);
// The keys a row's limits depend on, in words for the schema ("d", "t5Buckets, t5Bidirectional"); "" if none.
const char* depends_on(Field f);

// The view that reads a row only (its scope), or whether a shared row is read by view v (the registry's reads column
// for the motion and encoding groups; every other shared row: yes).
bool in_scope(const Setting& r, View v);
// The scope's name: "all" or the view id.
const char* scope_name(const Setting& r);

// Whether the student may move f now: the lesson and the tour step unless the figure is locked, a
// lesson's setting if `free` names it, the reader's rows always, the figure's others (views, lock, free)
// never. The URL and the host's API are not bound by it (State::student, state_io.hpp).
bool may_move(const State& s, Field f);
// Whether lesson v is offered (`views`) and, for the student, may be shown (not locked to another).
bool view_offered(const State& s, View v);
// The offered lesson after (dir > 0) or before (dir < 0) the current one, round the end; the current if
// it is the only one.
View next_offered_view(const State& s, int dir);

// The field's value as a number (booleans 0/1, choices their index, lists their bit mask).
double get_value(const State& s, Field f);
// "" if `value` is allowed for f in state s, otherwise the reason (naming the key, the allowed values
// and the value received). With s.student set, a change of a setting the student may not move is refused.
std::string check_value(const State& s, Field f, double value);
// Stores an already-checked value and restores the state's invariants (pair < d/2, alibiHead <
// alibiHeads, t5MaxDistance above T5's exact buckets, the view one of `views`, no tour step on a lesson not
// offered or in a locked figure, a list naming every name stored as kAllNames).
void store_value(State& s, Field f, double value);

// The value as URL text (booleans 1/0, choices their name, lists their names separated by commas or
// all / none, numbers shortest round-trip) and as JSON (a list: that text as a string).
std::string value_text(const State& s, Field f);
std::string value_json(const State& s, Field f);
// What a key allows, in words ("even integer 2..8192"), for the README and PosEnc.schema().
std::string allowed_text(Field f);
// The default as a URL writes it (booleans true/false, for the README).
std::string default_text(Field f);

// A list row's text ("clock,rope", "all", "none") as its bit mask; false with the reason in `why` otherwise.
bool parse_list(Field f, std::string_view text, double& out, std::string& why);

// The table as JSON for PosEnc.schema():
// [{key, kind, scope, min, max, default, meaning, allowed, choices?, dependsOn?}] (a list: min is the
// fewest names, choices the names).
std::string settings_json();

}  // namespace app
