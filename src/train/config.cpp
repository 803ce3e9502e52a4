#include "config.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "text/json_write.hpp"
#include "text/number.hpp"

namespace train {

using app::JsonWriter;

namespace {

constexpr std::array<const char*, kTaskCount> kTaskNames{"lookback", "first", "copy"};
constexpr std::array<const char*, kEncodingCount> kEncodingNames{"none", "sinusoidal", "learned", "rope", "alibi"};
constexpr std::array<const char*, 2> kCopyLengthNames{"fixed", "random"};
constexpr std::array<const char*, 2> kLookbackKNames{"fixed", "input"};
constexpr std::span<const char* const> kNoNames{};

// The table. Defaults: see the README section in the report / Config; the default run (rope, lookback)
// reaches its plateau in a fraction of a second natively.
const std::array<ConfigRow, 15> kRows{{
    {"task", Kind::choice, 0, kTaskCount - 1, 0, "what to predict: lookback (token k back), first (token 0), copy (2nd half repeats 1st)", kTaskNames},
    {"k", Kind::integer, 1, 64, 3, "lookback offset (k < trainLength); with lookbackK input the largest k drawn", kNoNames},
    {"encoding", Kind::choice, 0, kEncodingCount - 1, 3, "positional encoding: none, sinusoidal, learned, rope, alibi", kEncodingNames},
    {"seed", Kind::integer, 0, 4294967295.0, 1, "seed of the weights and the training batches", kNoNames},
    {"trainLength", Kind::integer, 4, 128, 16, "training sequence length L (evaluation also at 2L, 4L)", kNoNames},
    {"steps", Kind::integer, 1, 100000, 300, "optimiser steps", kNoNames},
    {"dModel", Kind::integer, 8, 128, 32, "model width (divisible by heads, even head width)", kNoNames},
    {"layers", Kind::integer, 1, 2, 1, "Transformer layers", kNoNames},
    {"heads", Kind::integer, 1, 8, 2, "attention heads per layer", kNoNames},
    {"lr", Kind::number, 1e-5, 0.1, 3e-3, "Adam learning rate", kNoNames},
    {"batch", Kind::integer, 1, 256, 16, "sequences per step", kNoNames},
    {"vocab", Kind::integer, 2, 64, 16, "token vocabulary size", kNoNames},
    {"startOffset", Kind::integer, 0, 1024, 0, "training windows (still L long) start at a random position 0..startOffset; only sinusoidal and learned read absolute positions", kNoNames, true},
    {"copyLengths", Kind::choice, 0, 1, 0, "copy training lengths: fixed (always L: one answer offset L/2-1 solves it) or random (an even length 4..L per batch)", kCopyLengthNames, true},
    {"lookbackK", Kind::choice, 0, 1, 0, "lookback k: fixed (one offset to learn) or input (each sequence its own k in 1..k, given to the model as input)", kLookbackKNames, true},
}};

std::string fmt(double v) {
  JsonWriter w;
  w.num(v);
  return w.out;
}

std::string allowed(const ConfigRow& r) {
  if (r.kind == Kind::choice) {
    std::string s = "one of ";
    for (size_t i = 0; i < r.names.size(); ++i) s += (i ? ", " : "") + std::string(r.names[i]);
    return s;
  }
  return std::string(r.kind == Kind::integer ? "an integer " : "a number ") + fmt(r.min) + ".." + fmt(r.max);
}

std::string check_row(const ConfigRow& r, double v) {
  const bool ok = std::isfinite(v) && v >= r.min && v <= r.max &&
                  (r.kind == Kind::number || v == std::floor(v));
  if (ok) return "";
  return std::string(r.key) + " must be " + allowed(r) + ", got " + (std::isfinite(v) ? fmt(v) : std::isnan(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity");
}

}  // namespace

std::span<const ConfigRow> config_rows() { return kRows; }

const ConfigRow* config_row(std::string_view key) {
  for (const ConfigRow& r : kRows)
    if (key == r.key) return &r;
  return nullptr;
}

const char* task_name(Task t) { return kTaskNames[static_cast<size_t>(t)]; }
const char* encoding_name(Encoding e) { return kEncodingNames[static_cast<size_t>(e)]; }
std::span<const char* const> task_names() { return kTaskNames; }
std::span<const char* const> encoding_names() { return kEncodingNames; }

double config_get(const Config& c, const ConfigRow& row) {
  const std::string_view k = row.key;
  if (k == "task") return static_cast<double>(c.task);
  if (k == "k") return c.k;
  if (k == "encoding") return static_cast<double>(c.encoding);
  if (k == "seed") return c.seed;
  if (k == "trainLength") return c.trainLength;
  if (k == "steps") return c.steps;
  if (k == "dModel") return c.dModel;
  if (k == "layers") return c.layers;
  if (k == "heads") return c.heads;
  if (k == "lr") return c.lr;
  if (k == "batch") return c.batch;
  if (k == "vocab") return c.vocab;
  if (k == "startOffset") return c.startOffset;
  if (k == "copyLengths") return static_cast<double>(c.copyLengths);
  if (k == "lookbackK") return static_cast<double>(c.lookbackK);
  return 0;
}

void config_set(Config& c, const ConfigRow& row, double v) {
  const std::string_view k = row.key;
  // Callers check first; the casts below only see in-range whole numbers then.
  if (k == "task") c.task = static_cast<Task>(static_cast<int>(v));
  if (k == "k") c.k = static_cast<int>(v);
  if (k == "encoding") c.encoding = static_cast<Encoding>(static_cast<int>(v));
  if (k == "seed") c.seed = static_cast<std::uint32_t>(v);
  if (k == "trainLength") c.trainLength = static_cast<int>(v);
  if (k == "steps") c.steps = static_cast<int>(v);
  if (k == "dModel") c.dModel = static_cast<int>(v);
  if (k == "layers") c.layers = static_cast<int>(v);
  if (k == "heads") c.heads = static_cast<int>(v);
  if (k == "lr") c.lr = v;
  if (k == "batch") c.batch = static_cast<int>(v);
  if (k == "vocab") c.vocab = static_cast<int>(v);
  if (k == "startOffset") c.startOffset = static_cast<int>(v);
  if (k == "copyLengths") c.copyLengths = static_cast<CopyLengths>(static_cast<int>(v));
  if (k == "lookbackK") c.lookbackK = static_cast<LookbackK>(static_cast<int>(v));
}

std::string validate(const Config& c) {
  for (const ConfigRow& r : kRows) {
    std::string m = check_row(r, config_get(c, r));
    if (!m.empty()) return m;
  }
  if (c.dModel % c.heads != 0)
    return "dModel must be divisible by heads, got dModel " + std::to_string(c.dModel) + " and heads " + std::to_string(c.heads);
  if ((c.dModel / c.heads) % 2 != 0)
    return "dModel / heads (the head width) must be even for the sin/cos pairs, got " + std::to_string(c.dModel / c.heads);
  if (c.task == Task::lookback && c.k >= c.trainLength)
    return "k must be less than trainLength (1.." + std::to_string(c.trainLength - 1) + "), got " + std::to_string(c.k);
  if (c.task == Task::copy && c.trainLength % 2 != 0)
    return "trainLength must be even for the copy task, got " + std::to_string(c.trainLength);
  return "";
}

std::string parse_options(std::span<const std::pair<std::string, std::string>> kv, Config& out, const Config& base) {
  Config c = base;
  for (const auto& [key, text] : kv) {
    const ConfigRow* r = config_row(key);
    if (!r) {
      std::string keys;
      for (const ConfigRow& row : kRows) keys += (keys.empty() ? "" : ", ") + std::string(row.key);
      return "unknown key '" + key + "' (keys: " + keys + ")";
    }
    double v = 0;
    bool parsed = false;
    if (r->kind == Kind::choice) {
      for (size_t i = 0; i < r->names.size(); ++i)
        if (text == r->names[i]) {
          v = static_cast<double>(i);
          parsed = true;
        }
    }
    if (!parsed) parsed = app::parse_number(text, v);  // the one number parser (text/number.hpp)
    if (!parsed) return std::string(r->key) + " must be " + allowed(*r) + ", got '" + text + "'";
    std::string m = check_row(*r, v);
    if (!m.empty()) return m;
    config_set(c, *r, v);
  }
  std::string m = validate(c);
  if (!m.empty()) return m;
  out = c;
  return "";
}

std::string parse_options(std::span<const std::string> args, Config& out, const Config& base) {
  std::vector<std::pair<std::string, std::string>> kv;
  for (const std::string& a : args) {
    const size_t eq = a.find('=');
    if (eq == std::string::npos) return "expected key=value, got '" + a + "'";
    kv.emplace_back(a.substr(0, eq), a.substr(eq + 1));
  }
  return parse_options(kv, out, base);
}

std::string parse_option_lines(std::string_view lines, Config& out, const Config& base) {
  std::vector<std::string> args;
  size_t at = 0;
  while (at < lines.size()) {
    size_t nl = lines.find('\n', at);
    if (nl == std::string_view::npos) nl = lines.size();
    if (nl > at) args.emplace_back(lines.substr(at, nl - at));
    at = nl + 1;
  }
  return parse_options(args, out, base);
}

std::string config_json(const Config& c) {
  JsonWriter w;
  w.raw("{");
  bool first = true;
  for (const ConfigRow& r : kRows) {
    const double v = config_get(c, r);
    if (r.quietDefault && v == r.def) continue;
    if (!first) w.raw(",");
    first = false;
    w.key(r.key);
    if (r.kind == Kind::choice)
      w.str(r.names[static_cast<size_t>(v)]);
    else
      w.num(v);
  }
  w.raw("}");
  return w.out;
}

std::string config_rows_json() {
  JsonWriter w;
  w.raw("[");
  for (size_t i = 0; i < kRows.size(); ++i) {
    const ConfigRow& r = kRows[i];
    if (i) w.raw(",");
    w.raw("{");
    w.key("key"); w.str(r.key);
    w.raw(","); w.key("kind"); w.str(r.kind == Kind::integer ? "integer" : r.kind == Kind::number ? "number" : "choice");
    w.raw(","); w.key("min"); w.num(r.min);
    w.raw(","); w.key("max"); w.num(r.max);
    w.raw(","); w.key("default");
    if (r.kind == Kind::choice) w.str(r.names[static_cast<size_t>(r.def)]); else w.num(r.def);
    w.raw(","); w.key("meaning"); w.str(r.meaning);
    if (r.kind == Kind::choice) {
      w.raw(","); w.key("choices"); w.raw("[");
      for (size_t j = 0; j < r.names.size(); ++j) {
        if (j) w.raw(",");
        w.str(r.names[j]);
      }
      w.raw("]");
    }
    w.raw("}");
  }
  w.raw("]");
  return w.out;
}

}  // namespace train
