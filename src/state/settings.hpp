// The settings table: one row per state key (URL query, PosEnc.setState, embed messages, the UI).
// Validation, parsing, the JSON and query forms, the sidebar's slider ranges, PosEnc.schema() and the
// README's settings table all read it; nothing else lists the keys or their limits.
//
//   X(key, kind, min, max, meaning)
//     key      the URL key, also the State member it sets
//     kind     integer | even_integer | pair_index (0..d/2-1) | number | number_above_min (min excluded)
//              | boolean | choice (names from choice_names(); min/max unused)
//     min/max  inclusive limits (number_above_min: min excluded)
//
// A new setting is a State member with its default plus one line here. Fields apply in this order,
// so a row may depend on the rows above it (pair is checked against the new d).
#pragma once
#include <span>
#include <string>

#include "core/params.hpp"
#include "train/config.hpp"
#include "state.hpp"

#define POSENC_SETTINGS(X)                                                                                   \
  X(view, choice, 0, 0, "the lesson shown")                                                                  \
  X(d, even_integer, 2, pe::kMaxD, "model width")                                                            \
  X(base, number_above_min, 1, pe::kMaxBase, "frequency base")                                               \
  X(pos, number, -pe::kMaxAbsPosition, pe::kMaxAbsPosition, "position (real)")                               \
  X(k, number, -pe::kMaxAbsPosition, pe::kMaxAbsPosition, "offset")                                          \
  X(playing, boolean, 0, 1, "animate pos")                                                                   \
  X(speed, number, 0, kMaxSpeed, "positions per second")                                                     \
  X(pair, pair_index, 0, pe::kMaxD / 2 - 1, "selected sin/cos pair")                                         \
  X(n, integer, 1, kMaxLength, "sequence length / window")                                                   \
  X(step, integer, 0, 0, "guided-tour step (0 = no tour)") /* max: the tour's length (tour.hpp) */           \
  X(scale, number, kMinScale, kMaxScale, "UI scale for projectors")                                          \
  X(contrast, boolean, 0, 1, "high-contrast theme")                                                          \
  X(palette, choice, 0, 0, "colours of hands, selection and plots")                                          \
  X(controls, boolean, 0, 1, "show the controls sidebar")                                                    \
  X(theme, choice, 0, 0, "light or dark colours; auto follows the reader's system setting")                  \
  X(text, choice, 0, 0, "the lesson text: auto (summary on small screens), full, summary or off")            \
  X(deck, boolean, 0, 1, "slide-deck mode: clicker keys go to the deck, keys after a click")                 \
  X(task, choice, 0, 0, "experiment: what the model learns to predict")                                     \
  X(lookback, integer, POSENC_TRAIN_MIN(k), POSENC_TRAIN_MAX(k), "experiment: the lookback task's offset k")  \
  X(encoding, choice, 0, 0, "experiment: the position encoding the model is trained with")                  \
  X(seed, integer, POSENC_TRAIN_MIN(seed), POSENC_TRAIN_MAX(seed), "experiment: seed of weights and data")     \
  X(trainLength, integer, POSENC_TRAIN_MIN(trainLength), POSENC_TRAIN_MAX(trainLength),                      \
    "experiment: training length L (evaluated at L, 2L, 4L)")                                                \
  X(steps, integer, POSENC_TRAIN_MIN(steps), POSENC_TRAIN_MAX(steps), "experiment: optimiser steps per run")  \
  X(dModel, integer, POSENC_TRAIN_MIN(dModel), POSENC_TRAIN_MAX(dModel),                                      \
    "experiment: model width (divisible by heads)")                                                          \
  X(layers, integer, POSENC_TRAIN_MIN(layers), POSENC_TRAIN_MAX(layers), "experiment: Transformer layers")    \
  X(heads, integer, POSENC_TRAIN_MIN(heads), POSENC_TRAIN_MAX(heads), "experiment: attention heads per layer") \
  X(lr, number, POSENC_TRAIN_MIN(lr), POSENC_TRAIN_MAX(lr), "experiment: Adam learning rate")                  \
  X(batch, integer, POSENC_TRAIN_MIN(batch), POSENC_TRAIN_MAX(batch), "experiment: sequences per step")

// The experiment's rows take their limits from the training engine's own table (src/train/config.cpp),
// the one place that states them; its cross-key rules (dModel divisible by heads, k < trainLength) are
// checked by train::validate when a run starts.
#define POSENC_TRAIN_MIN(key) (train::config_row(#key)->min)
#define POSENC_TRAIN_MAX(key) (train::config_row(#key)->max)

namespace app {

enum class Field : int {
#define POSENC_X(key, kind, lo, hi, meaning) key,
  POSENC_SETTINGS(POSENC_X)
#undef POSENC_X
  count
};

enum class Kind { integer, even_integer, pair_index, number, number_above_min, boolean, choice };

struct Setting {
  Field field;
  const char* key;
  Kind kind;
  double min, max;
  const char* meaning;
};

std::span<const Setting> settings();
const Setting& setting(Field f);
const char* field_key(Field f);
bool field_from_key(std::string_view key, Field& out);

// The names a choice setting takes, index = stored value (view ids, palette names); empty otherwise.
std::span<const char* const> choice_names(Field f);
// The largest allowed value in state `s` (pair: d/2 - 1; step: the tour's length; choice: names - 1).
double max_value(Field f, const State& s);

// The field's value as a number (booleans 0/1, choices their index).
double get_value(const State& s, Field f);
// "" if `value` is allowed for f in state s, otherwise the reason (naming the key, the allowed values
// and the value received).
std::string check_value(const State& s, Field f, double value);
// Stores an already-checked value and restores the state's invariants (pair < d/2).
void store_value(State& s, Field f, double value);

// The value as URL text (booleans 1/0, choices their name, numbers shortest round-trip) and as JSON.
std::string value_text(const State& s, Field f);
std::string value_json(const State& s, Field f);
// What a key allows, in words ("even integer 2..8192"), for the README and PosEnc.schema().
std::string allowed_text(Field f);

// The table as JSON for PosEnc.schema(): [{key, kind, min, max, default, meaning, allowed, choices?}].
std::string settings_json();

}  // namespace app
