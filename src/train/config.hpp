// The training experiment's settings: one struct with defaults, and ONE table of rows (key, kind, min,
// max, default, meaning) that validation, parse_options, to_json and (later) the app's settings table and
// JSON schema read. Nothing else lists these keys or their limits.
//
// Tasks (targets in tasks.hpp): lookback (predict the token k places back), first (predict the first
// token of the sequence), copy (the second half repeats the first half; predict the next token).
// Encodings: none, sinusoidal, learned, rope, alibi (model.hpp says how each enters the model).
//
// Options for a fair test (issue 25; at their defaults every result is the one of the versions before
// them, byte for byte, and config_json leaves them out):
//   startOffset s: each training window of length L holds positions o .. o + L - 1, o drawn per sequence
//     from U{0..s} (the run's own stream, Stream::train_windows, so the tokens are the same as with s = 0).
//     Only sinusoidal and learned see absolute positions, so only they change; rope, alibi and none
//     depend on offsets alone and the engine gives them position 0.. as before (identical bits).
//   copyLengths random: each copy batch has its own even length T in 4..L (drawn from the batch stream),
//     so the answer's offset T/2 - 1 changes from batch to batch; fixed: always L, which a model can solve
//     by one memorised offset (L/2 - 1) or one absolute position.
//   lookbackK input: each lookback sequence has its own k in 1..k (k is then the largest), and the model
//     gets it as input: a trained vector k_emb[k - 1] added to every position's input (model.hpp), so
//     one layer can read it at the query. The targets are x[t - k] from t >= k (the largest) on, so the
//     scored positions and the references are those of lookbackK fixed at the same k.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace train {

enum class Task : int { lookback, first, copy };
enum class Encoding : int { none, sinusoidal, learned, rope, alibi };
enum class CopyLengths : int { fixed, random };
enum class LookbackK : int { fixed, input };
constexpr int kTaskCount = 3;
constexpr int kEncodingCount = 5;

struct Config {
  Task task = Task::lookback;
  int k = 3;                      // lookback offset
  Encoding encoding = Encoding::rope;
  std::uint32_t seed = 1;
  int trainLength = 16;           // L; evaluation also at 2L and 4L
  int steps = 300;
  int dModel = 32;
  int layers = 1;
  int heads = 2;
  double lr = 3e-3;
  int batch = 16;
  int vocab = 16;
  int startOffset = 0;            // training windows start at a random position in 0..startOffset
  CopyLengths copyLengths = CopyLengths::fixed;
  LookbackK lookbackK = LookbackK::fixed;
};

// Does the model read absolute positions (so startOffset reaches it)?
inline bool absolute_positions(const Config& c) {
  return c.encoding == Encoding::sinusoidal || c.encoding == Encoding::learned;
}
// Is k drawn per sequence and given to the model (lookback with lookbackK input)?
inline bool k_in_input(const Config& c) { return c.task == Task::lookback && c.lookbackK == LookbackK::input; }
// Positions the model's tables must hold: evaluation reaches 4L, training startOffset + L.
inline int position_capacity(const Config& c) {
  const int eval = 4 * c.trainLength, train = absolute_positions(c) ? c.startOffset + c.trainLength : 0;
  return eval > train ? eval : train;
}

enum class Kind { integer, number, choice };

// One row per key. choice rows hold an index into names (min 0, max names.size() - 1).
struct ConfigRow {
  const char* key;
  Kind kind;
  double min, max;  // inclusive
  double def;       // equals Config{}'s member (tests/train/test_train_config.cpp checks)
  const char* meaning;
  std::span<const char* const> names;  // choices only
  // Left out of config_json while at its default: the rows added after results were published, so a
  // run at their defaults writes the same text as before them.
  bool quietDefault = false;
};

std::span<const ConfigRow> config_rows();
// The row for key, or nullptr.
const ConfigRow* config_row(std::string_view key);

const char* task_name(Task t);
const char* encoding_name(Encoding e);
std::span<const char* const> task_names();
std::span<const char* const> encoding_names();

// The member a row names, as a number (choices: their index), and storing one (no checks).
double config_get(const Config& c, const ConfigRow& row);
void config_set(Config& c, const ConfigRow& row, double value);

// "" if every key is within its row's limits and the keys agree with each other (dModel divisible by
// heads with an even head width; k < trainLength; copy needs an even trainLength), otherwise a message
// naming the key, what it allows, and the value received.
std::string validate(const Config& c);

// key=value pairs into a Config (starting from `base`), through the same table and validate().
// Choices take their name (or index); numbers must parse completely and be finite. Returns "" or the
// first problem (unknown key, unparsable value, out-of-range value).
std::string parse_options(std::span<const std::pair<std::string, std::string>> kv, Config& out,
                          const Config& base = Config{});
// The same from "key=value" strings (command line, URL-style).
std::string parse_options(std::span<const std::string> args, Config& out, const Config& base = Config{});

// The same from one text of "key=value" lines (the view's requests, the worker's messages); empty lines
// are skipped.
std::string parse_option_lines(std::string_view lines, Config& out, const Config& base = Config{});

// {"task":"lookback","k":3,...}: every key of the table, in table order (quietDefault rows only when not
// at their default).
std::string config_json(const Config& c);
// The table as JSON for a schema: [{key, kind, min, max, default, meaning, choices?}].
std::string config_rows_json();

}  // namespace train
