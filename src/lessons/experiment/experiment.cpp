#include "lessons/experiment/experiment.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "lessons/experiment/findings.hpp"
#include "lessons/experiment/slow_precomputed.hpp"

#include "ui/focus.hpp"
#include "text/format.hpp"
#include "ui/key.hpp"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/text_layout.hpp"
#include "text/json_read.hpp"
#include "state/lessons.hpp"
#include "ui/style.hpp"
#include "train/config.hpp"
#include "train/fair.hpp"
#include "train/seed_verdict.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

// A word of the view from the lesson's file (experiment.txt: its words in the reader's language), and
// one with its {placeholders} filled.
std::string ex_text(std::string_view key) { return std::string(lesson_text(View::experiment, key)); }
std::string ex_fill(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values) {
  return fill(lesson_text(View::experiment, key), values);
}
// "a, b" and "a and b" in the reader's language (list_join, and_join); `a` alone when it is the first.
std::string list_more(const std::string& a, const std::string& b) { return a.empty() ? b : ex_fill("list_join", {{"a", a}, {"b", b}}); }
std::string and_more(const std::string& a, const std::string& b) { return a.empty() ? b : ex_fill("and_join", {{"a", a}, {"b", b}}); }

const char* encoding_id(int e) {  // the engine's, for the options a run records; people read encoding_shown
  const auto names = train::encoding_names();
  return e >= 0 && e < static_cast<int>(names.size()) ? names[static_cast<size_t>(e)] : "?";
}

ImU32 encoding_color(int e) { return series_color(e); }

std::string num(double v, int decimals) { return fmt(("%." + std::to_string(decimals) + "f").c_str(), v); }

// Mean of f(run) over the done runs of one encoding for which holds(run); count set to how many there
// were; `none` when there were none.
template <class F, class Holds>
double mean_where(const ExperimentCache& c, int encoding, F f, Holds holds, int& count, double none) {
  double sum = 0;
  count = 0;
  for (const ExperimentRun& r : c.runs)
    if (r.encoding == encoding && r.status == ExperimentRun::Status::done && holds(r)) {
      sum += f(r);
      ++count;
    }
  return count ? sum / count : none;
}

// Mean over the done runs of one encoding of f(run); count set to how many there were.
template <class F>
double mean_of(const ExperimentCache& c, int encoding, F f, int& count) {
  return mean_where(c, encoding, f, [](const ExperimentRun&) { return true; }, count, 0);
}

const ExperimentRun* shown_map_run(const ExperimentCache& c) {
  const ExperimentRun* latest = nullptr;
  for (const ExperimentRun& r : c.runs) {
    if (r.status != ExperimentRun::Status::done || r.map.empty()) continue;
    if (c.map_encoding >= 0 && r.encoding == c.map_encoding) return &r;
    latest = &r;
  }
  return c.map_encoding >= 0 ? nullptr : latest;
}

// The task, k, L and vocab of the runs shown, as the engine read them (the view never sets vocab).
train::Config runs_config(const State& set) {
  train::Config cfg;
  train::parse_option_lines(experiment_options(set, 0, 0), cfg);
  return cfg;
}

// The options that decide a layer-step's cost: all but encoding, seed, steps, layers and heads
// (time_estimate.hpp).
std::string speed_key(const State& s) {
  State t = s;
  t.steps = 0;
  t.layers = 1;
  t.heads = 1;
  return experiment_options(t, 0, 0);
}

// The model a run of this encoding trains: the State's, or the fair setting's (runAll fair).
train::Config run_config(const State& s, int encoding, double seed) {
  train::Config cfg;
  train::parse_option_lines(experiment_run_options(s, encoding, seed), cfg);
  return cfg;
}
int run_layers(const State& s, int encoding, double seed) { return std::max(1, run_config(s, encoding, seed).layers); }

// The estimate line: Run and Run all at the speed measured here, in layer-steps (time_estimate.hpp), fair
// changes included; in the fair setting, which runs count more than once. Each encoding's layers are read
// once, from the options its run would send.
std::string estimate_line(const ExperimentCache& c, const State& s) {
  std::array<int, train::kEncodingCount> layers{};
  double all_cost = 0;
  for (int e = 0; e < train::kEncodingCount; ++e) {
    layers[static_cast<size_t>(e)] = run_layers(s, e, s.seed);
    all_cost += static_cast<double>(s.steps) * layers[static_cast<size_t>(e)] * kSeedsPerEncoding;
  }
  const double run_cost = static_cast<double>(s.steps) * layers[static_cast<size_t>(s.encoding)];
  std::string w = estimate_words(c.speed, speed_key(s), run_cost, train::kEncodingCount * kSeedsPerEncoding, all_cost);
  if (s.runAll == RunAll::fair && c.speed.steps_per_second(speed_key(s)) > 0) {
    std::string which;
    for (int e = 0; e < train::kEncodingCount; ++e) {
      const int l = layers[static_cast<size_t>(e)];
      if (l != s.layers) which = list_more(which, std::string(encoding_shown(e)).append(" ").append(std::to_string(l)));
    }
    if (!which.empty()) w.append(" ").append(fill(lesson_text(View::experiment, "estimate_fair"), {{"which", which}}));
  }
  return w;
}

// ---- parsing the engine's messages --------------------------------------------------------------

void read_result(ExperimentRun& r, const Json& j) {
  r.cancelled = j["cancelled"].boolean();
  r.ms = j["ms"].number();
  r.steps = static_cast<int>(j["steps"].number(r.steps));
  r.step = r.steps;
  r.loss.clear();
  for (const Json& p : j["loss"].items) r.loss.push_back({p["step"].number(), p["loss"].number()});
  const Json& acc = j["accuracy"];
  for (size_t i = 0; i < 3; ++i) r.accuracy[i] = acc[i]["accuracy"].number();
  for (size_t i = 0; i < 2; ++i) {
    r.accuracy_new[i] = acc[i + 1]["accuracyNew"].number(-1);
    r.accuracy_windowed_new[i] = acc[i + 1]["accuracyWindowedNew"].number(-1);
    r.order_blind_new[i] = acc[i + 1]["orderBlindNew"].number(-1);
    r.accuracy_windowed[i] = acc[i + 1]["accuracyWindowed"].number(-1);
    r.answer_in_window_new[i] = acc[i + 1]["answerInWindowNew"].number(-1);
  }
  for (size_t i = 0; i < 3; ++i) r.order_blind[i] = acc[i]["orderBlind"].number(-1);
  r.order_blind_exact = j["orderBlindExact"].boolean(true);
  r.length = static_cast<int>(acc[0]["length"].number());
  r.layers = static_cast<int>(j["config"]["layers"].number(r.layers));
  r.heads = static_cast<int>(j["config"]["heads"].number(r.heads));
  const Json& rel = j["relative"];
  r.map_layer = static_cast<int>(rel["best"]["layer"].number());
  r.map_head = static_cast<int>(rel["best"]["head"].number());
  r.map.clear();
  for (const Json& a : j["attention"].items) {
    if (static_cast<int>(a["layer"].number()) != r.map_layer || static_cast<int>(a["head"].number()) != r.map_head) continue;
    const size_t n = a["weights"].size();
    r.map.assign(n * n, 0.0f);
    for (size_t t = 0; t < n; ++t)
      for (size_t u = 0; u < n && u < a["weights"][t].size(); ++u)
        r.map[t * n + u] = static_cast<float>(a["weights"][t][u].number());
  }
  r.share.clear();
  for (const Json& h : rel["heads"].items) {
    if (static_cast<int>(h["layer"].number()) != r.map_layer || static_cast<int>(h["head"].number()) != r.map_head) continue;
    for (const Json& v : h["share2L"].items) r.share.push_back(v.number(-1));
    r.share_trained = h["meanTrained"].number(-1);
    r.share_beyond = h["meanBeyond"].number(-1);
  }
  r.head_numbers.clear();
  for (const Json& h : rel["heads"].items) {
    HeadNumbers n;
    n.layer = static_cast<int>(h["layer"].number());
    n.head = static_cast<int>(h["head"].number());
    n.share_trained = h["meanTrained"].number(-1);
    n.share_beyond = h["meanBeyond"].number(-1);
    n.share_new4l = h["meanNew4L"].number(-1);
    n.share_beyond_windowed = h["meanBeyondWindowed"].number(-1);
    n.share_new4l_windowed = h["meanNew4LWindowed"].number(-1);
    for (const Json& m : j["mechanism"].items)
      if (static_cast<int>(m["layer"].number()) == n.layer && static_cast<int>(m["head"].number()) == n.head) {
        n.offset_r2_l = m["offsetR2L"].number(-1);
        n.offset_r2_2l = m["offsetR22L"].number(-1);
        n.commuting = m["commutingFraction"].number(-1);
      }
    r.head_numbers.push_back(n);
  }
  const Json& ab = j["ablation"];
  r.ablation = ab.is_object();
  if (r.ablation) {
    r.base_l = ab["L"]["base"].number();
    r.no_fast_l = ab["L"]["noFast"].number();
    r.no_slow_l = ab["L"]["noSlow"].number();
    r.base_2l = ab["2L"]["base"].number();
    r.no_fast_2l = ab["2L"]["noFast"].number();
    r.no_slow_2l = ab["2L"]["noSlow"].number();
    r.pe_weight.clear();
    const Json& q = ab["peWeightQ"];
    const Json& k = ab["peWeightK"];
    for (size_t i = 0; i < q.size(); ++i) r.pe_weight.push_back(q[i].number() + k[i].number());
  }
}

// ---- drawing -------------------------------------------------------------------------------------

void draw_actions(State& s, ExperimentCache& c, const ViewContext& ctx, bool short_screen) {
  const int pending = experiment_pending(c);
  // Each button keeps its ImGui id in every language (###id).
  const std::string run = ex_text("button_run") + "###ex_run", run_all = ex_text("button_run_all") + "###ex_run_all";
  if (ImGui::Button(run.c_str())) c.fold_options = experiment_request(s, c, false).empty();
  focus_name(ex_text("focus_run"));
  same_line_if_fits(button_width(run_all.c_str()));
  if (ImGui::Button(run_all.c_str())) c.fold_options = experiment_request(s, c, true).empty();
  focus_name(ex_fill("focus_run_all", {{"seeds", std::to_string(kSeedsPerEncoding)}}));
  if (pending) {
    const std::string cancel = ex_text("button_cancel") + "###ex_cancel";
    same_line_if_fits(button_width(cancel.c_str()));
    if (ImGui::Button(cancel.c_str())) c.cancel = true;
    focus_name(ex_text("focus_cancel"));
  }
  // Saving the results (src/export/experiment_export.hpp), once a run is done.
  bool any_done = false;
  for (const ExperimentRun& r : c.runs) any_done = any_done || r.status == ExperimentRun::Status::done;
  if (any_done) {
    const std::string json = ex_text("button_save_json") + "###ex_save_json", csv = ex_text("button_save_csv") + "###ex_save_csv";
    same_line_if_fits(button_width(json.c_str()));
    if (ImGui::Button(json.c_str())) ctx.export_request = ExportKind::results_json, c.saved = true;
    focus_name(ex_text("focus_save_json"));
    same_line_if_fits(button_width(csv.c_str()));
    if (ImGui::Button(csv.c_str())) ctx.export_request = ExportKind::results_csv, c.saved = true;
    focus_name(ex_text("focus_save_csv"));
  }
  // Status.
  std::string status;
  if (!c.message.empty()) {
    status = fill(lesson_text(View::experiment, "refused"), {{"message", c.message}});
  } else if (pending) {
    for (const ExperimentRun& r : c.runs)
      if (r.status == ExperimentRun::Status::running || r.status == ExperimentRun::Status::queued) {
        status = fill(lesson_text(View::experiment, "running"),
                      {{"encoding", encoding_shown(r.encoding)}, {"seed", shown_number(r.seed)}, {"step", std::to_string(r.step)},
                       {"steps", std::to_string(r.steps ? r.steps : s.steps)}, {"loss", num(r.last_loss, 3)},
                       {"queued", std::to_string(pending - 1)}});
        break;
      }
    // The steps still to train, at the speed measured here: this run's rest and every queued run's.
    double left = 0;
    for (const ExperimentRun& r : c.runs)
      if (r.status == ExperimentRun::Status::running || r.status == ExperimentRun::Status::queued)
        left += static_cast<double>(std::max(0, (r.steps ? r.steps : c.set.steps) - r.step)) * r.layers;
    const std::string rest = remaining_words(c.speed, speed_key(c.set), left);
    if (!rest.empty()) status.append(" ").append(rest);
  } else if (c.runs.empty()) {
    status = fill(lesson_text(View::experiment, "idle"), {{"encoding", encoding_shown(static_cast<int>(s.encoding))},
                                                          {"seed", shown_number(s.seed)},
                                                          {"seed2", shown_number(s.seed + kSeedsPerEncoding - 1)},
                                                          {"steps", std::to_string(s.steps)}});
  } else {
    int done = 0;
    for (const ExperimentRun& r : c.runs) done += r.status == ExperimentRun::Status::done;
    const State& r = c.set;  // the settings the runs shown were trained with
    status = fill(lesson_text(View::experiment, "finished"),
                  {{"runs", std::to_string(done)}, {"task", train::task_names()[static_cast<size_t>(r.task)]},
                   {"L", std::to_string(r.trainLength)}, {"steps", std::to_string(r.steps)}, {"dm", std::to_string(r.dModel)},
                   {"layers", std::to_string(r.layers)}, {"heads", std::to_string(r.heads)}, {"lr", shown_number(r.lr)},
                   {"batch", std::to_string(r.batch)}});
  }
  text_after(status);
  // How long Run and Run all take here, from the engine's speed measured on this device (not while
  // runs train: the running line says what is left).
  // Before this device has timed a run, the estimate only says that it will: on a short screen that
  // line would stand between Run and the charts (describe() still says it).
  if (!pending && !(short_screen && c.speed.runs == 0)) caption(estimate_line(c, s));
  if (c.saved && !ctx.export_message.empty()) caption(ctx.export_message);
  for (const ExperimentRun& r : c.runs)
    if (r.status == ExperimentRun::Status::failed) {
      ImGui::PushStyleColor(ImGuiCol_Text, colors::warning);
      text_wrapped_at_spaces(ex_fill("failed_run", {{"encoding", encoding_shown(r.encoding)}, {"seed", shown_number(r.seed)}, {"error", r.error}}));
      ImGui::PopStyleColor();
    }
}

// One group of radio buttons for a choice row (one keyboard control: its arrows choose). `id` names the
// group whatever the language; `label` and each choice's words come from the lesson's file (the choice
// `name` as the key `<words>_<name>`, the name itself where the file has no such key).
void choice_radios(State& s, Field f, const char* id, const std::string& label, const char* words, std::span<const char* const> names,
                   int current) {
  ImGui::TextUnformatted(label.c_str());
  if (int chosen = 0; focus_take_choice(id, chosen)) set_number(s, f, chosen);
  for (size_t i = 0; i < names.size(); ++i) {
    const int v = static_cast<int>(i);
    std::string shown = ex_text(std::string(words).append("_").append(names[i]));
    if (shown.empty()) shown = names[i];
    if (i) same_line_if_fits(checkbox_width(shown.c_str()));
    if (ImGui::RadioButton((shown + "###" + id + ":" + names[i]).c_str(), current == v)) set_number(s, f, v);
    focus_name(label + " " + shown);
    focus_member(id, current == v, v);
  }
}

void draw_options(State& s, ExperimentCache& c, const ViewContext& ctx, bool short_screen) {
  const float sc = ctx.ui_scale;
  // Open where there is room; closed at first on a short screen (a phone, a slide) so that the charts
  // follow Run, and closed once Run or Run all starts, so that the findings and charts come up. The
  // closed header still says what Run and Run all will train.
  if (c.fold_options)
    ImGui::SetNextItemOpen(false, ImGuiCond_Always);
  else
    ImGui::SetNextItemOpen(!short_screen, ImGuiCond_Once);
  c.fold_options = false;
  const bool open = ImGui::CollapsingHeader((ex_text("settings") + "###ex_options").c_str());
  focus_name(ex_text("settings"));
  if (!open) {
    std::string task = train::task_names()[static_cast<size_t>(s.task)];
    if (s.task == train::Task::lookback) task.append(", k = ").append(std::to_string(s.lookback));
    caption(fill(lesson_text(View::experiment, "options_closed"),
                 {{"task", task}, {"L", std::to_string(s.trainLength)}, {"steps", std::to_string(s.steps)},
                  {"seed", shown_number(s.seed)}, {"encoding", encoding_shown(static_cast<int>(s.encoding))}}));
    return;
  }
  const bool two_columns = ImGui::GetContentRegionAvail().x >= 640 * sc;
  if (ImGui::BeginTable("ex_controls", two_columns ? 2 : 1, ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextColumn();
    // Each group of choices is one control for the keyboard (ui/focus.hpp): its arrows choose.
    // The task names are the engine's (as in the link and the exports, each explained above); the encodings'
    // are the names people read (encoding_shown: RoPE, not rope); their headings are words.
    ImGui::TextUnformatted(ex_text("choice_task").c_str());
    if (int chosen = 0; focus_take_choice("task", chosen)) set_number(s, Field::task, chosen);
    for (int t = 0; t < train::kTaskCount; ++t) {
      const char* name = train::task_names()[static_cast<size_t>(t)];
      if (t) same_line_if_fits(checkbox_width(name));
      if (ImGui::RadioButton(name, static_cast<int>(s.task) == t)) set_number(s, Field::task, t);
      focus_name(ex_text("choice_task").append(" ").append(name));
      focus_member("task", static_cast<int>(s.task) == t, t);
    }
    ImGui::TextUnformatted(ex_text("choice_encoding_run").c_str());
    if (int chosen = 0; focus_take_choice("encoding", chosen)) set_number(s, Field::encoding, chosen);
    for (int e = 0; e < train::kEncodingCount; ++e) {
      const std::string name = encoding_shown(e);
      if (e) same_line_if_fits(checkbox_width(name.c_str()));
      // The same widget in every language: its id names the encoding, not the words.
      if (ImGui::RadioButton((name + "###enc_" + encoding_id(e)).c_str(), static_cast<int>(s.encoding) == e)) set_number(s, Field::encoding, e);
      focus_name(ex_text("choice_encoding").append(" ").append(name));
      focus_member("encoding", static_cast<int>(s.encoding) == e, e);
    }
    // The fair-test options (issue 25), folded so that the figure stays on the first screen; each says
    // what it tests. The header names what is set, so a closed one still tells.
    std::string fair_label = ex_text("fair_test");
    if (s.startOffset > 0) fair_label = list_more(fair_label, ex_fill("fair_test_offset", {{"s", std::to_string(s.startOffset)}}));
    if (s.task == train::Task::copy && s.copyLengths != train::CopyLengths::fixed) fair_label = list_more(fair_label, ex_text("fair_test_random"));
    if (s.task == train::Task::lookback && s.lookbackK != train::LookbackK::fixed) fair_label = list_more(fair_label, ex_text("fair_test_k_input"));
    if (s.runAll == RunAll::fair) fair_label = list_more(fair_label, ex_text("fair_test_fair"));
    if (ImGui::TreeNode((fair_label + "###ex_fair").c_str())) {
      focus_name(ex_text("fair_test_options"));
      // The fair-test options (issue 25): each says what it tests.
      param_slider(ex_text("slider_start_offset").c_str(), s, Field::startOffset, 0, 256, "%.0f", ctx.notices);
      if (s.startOffset > 0)
        caption(fill(lesson_text(View::experiment, "start_offset"),
                     {{"s", std::to_string(s.startOffset)}, {"last", std::to_string(s.startOffset + s.trainLength - 1)}}));
      if (s.task == train::Task::copy) {
        choice_radios(s, Field::copyLengths, "copy lengths", ex_text("choice_copy_lengths"), "value_copy", train::config_row("copyLengths")->names,
                      static_cast<int>(s.copyLengths));
        if (s.copyLengths == train::CopyLengths::fixed) caption(lesson_text(View::experiment, "copy_fixed"));
      }
      if (s.task == train::Task::lookback) {
        choice_radios(s, Field::lookbackK, "k", "k", "value_k", train::config_row("lookbackK")->names, static_cast<int>(s.lookbackK));
        if (s.lookbackK == train::LookbackK::input)
          caption(fill(lesson_text(View::experiment, "lookback_input"), {{"k", std::to_string(s.lookback)}}));
      }
      choice_radios(s, Field::runAll, "setting", ex_text("choice_setting"), "value_setting", kRunAllNames, static_cast<int>(s.runAll));
      ImGui::TreePop();
    }
    ImGui::TableNextColumn();
    if (s.task == train::Task::lookback)
      param_slider(ex_text("slider_lookback").c_str(), s, Field::lookback, 1, std::max(1, s.trainLength - 1), "%.0f", ctx.notices);
    param_slider(ex_text("slider_length").c_str(), s, Field::trainLength, 4, 64, "%.0f", ctx.notices);
    param_slider(ex_text("slider_steps").c_str(), s, Field::steps, 50, 2000, "%.0f", ctx.notices, true);
    param_slider(ex_text("slider_seed").c_str(), s, Field::seed, 0, 1000, "%.0f", ctx.notices);
    ImGui::EndTable();
  }
}

// Which encodings ran with which changes, and why (Run all fair): one Reasoning line per change, from
// train::fair_setting's reasons, for the runs shown.
std::vector<std::string> fair_lines(const ExperimentCache& c) {
  std::vector<std::string> out;
  if (c.runs.empty() || c.set.runAll != RunAll::fair) return out;
  bool seen[train::kEncodingCount] = {};
  for (const ExperimentRun& r : c.runs) {
    if (r.encoding < 0 || r.encoding >= train::kEncodingCount || seen[r.encoding]) continue;
    seen[r.encoding] = true;
    for (const train::FairChange& ch : r.fair)
      out.push_back(fill(lesson_text(View::experiment, "fair_change"),
                         {{"encoding", encoding_shown(r.encoding)}, {"key", ch.key}, {"from", shown_number(ch.from)},
                          {"to", shown_number(ch.to)}, {"reason", ch.reason}}));
  }
  return out;
}

void draw_fair(const ExperimentCache& c, float sc) {
  if (c.runs.empty() || c.set.runAll != RunAll::fair) return;
  const std::vector<std::string> lines = fair_lines(c);
  if (lines.empty()) {
    caption(lesson_text(View::experiment, "fair_none"));
    return;
  }
  caption(lesson_text(View::experiment, "fair_title"));
  for (const std::string& l : lines) claim_line(ClaimSource::inference, l, sc);
}

void draw_loss(const ExperimentCache& c, ImVec2 size, float sc) {
  double max_step = 1, lo = 1e9, hi = 0;
  for (const ExperimentRun& r : c.runs)
    for (const auto& p : r.loss) {
      max_step = std::max(max_step, p[0]);
      if (p[1] > 0 && std::isfinite(p[1])) lo = std::min(lo, p[1]), hi = std::max(hi, p[1]);
    }
  if (hi <= 0) lo = 0.01, hi = 3;
  lo = std::max(lo, 1e-4);
  const std::string title(lesson_text(View::experiment, "loss_title"));
  const Plot p = plot_frame("ex_loss", size, 0, max_step, lo / 1.5, hi * 1.5, true, ex_text("axis_step").c_str(), title.c_str(), sc);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  plot_clip_push(p);
  for (const ExperimentRun& r : c.runs) {
    std::vector<ImVec2> pts;
    for (const auto& q : r.loss)
      if (q[1] > 0 && std::isfinite(q[1])) pts.emplace_back(p.sx(q[0]), p.sy(q[1]));
    if (pts.size() > 1) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), with_alpha(encoding_color(r.encoding), 200), 0, 1.6f * sc);
  }
  plot_clip_pop();
}

// One key for every chart coloured by encoding (loss, accuracy, attention share): the encodings run,
// as a row of swatches above the charts, so that no key covers a curve.
void draw_encoding_key(const ExperimentCache& c, float sc) {
  bool seen[train::kEncodingCount] = {};
  for (const ExperimentRun& r : c.runs) seen[r.encoding] = true;
  const float lh = ImGui::GetTextLineHeight();
  bool first = true;
  for (int e = 0; e < train::kEncodingCount; ++e) {
    if (!seen[e]) continue;
    const std::string name = encoding_shown(e);
    const float w = 16 * sc + ImGui::CalcTextSize(name.c_str()).x;
    if (!first) same_line_if_fits(w, 14 * sc);
    first = false;
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(o.x, o.y + lh * 0.2f), ImVec2(o.x + 11 * sc, o.y + lh * 0.8f), encoding_color(e));
    ImGui::Dummy(ImVec2(15 * sc, lh));
    ImGui::SameLine(0, 1 * sc);
    ImGui::TextUnformatted(name.c_str());
  }
}

// The accuracy chart's bar groups: at L every position; at 2L and 4L three groups side by side, every
// position, the new positions only (t >= L) and the new positions windowed (each query sees its last L
// keys), each group one bar per encoding.
enum class AccKind { all, fresh, windowed };
struct AccGroup {
  int length;  // 0: L, 1: 2L, 2: 4L
  AccKind kind;
};
constexpr AccGroup kAccGroups[] = {{0, AccKind::all},   {1, AccKind::all},   {1, AccKind::fresh}, {1, AccKind::windowed},
                                   {2, AccKind::all},   {2, AccKind::fresh}, {2, AccKind::windowed}};
constexpr int kAccGroupCount = static_cast<int>(std::size(kAccGroups));

// A run's figure for the group; -1 where the result did not hold it.
double acc_value(const ExperimentRun& r, AccGroup g) {
  const size_t i = static_cast<size_t>(g.length);
  if (g.kind == AccKind::all) return r.accuracy[i];
  return g.kind == AccKind::fresh ? r.accuracy_new[i - 1] : r.accuracy_windowed_new[i - 1];
}

// The order-blind ceiling that fits the group's bars; -1 for the windowed ones (it was worked out for a
// model that sees every key, so it is no ceiling for a window) or where the result did not hold it.
double acc_ceiling(const ExperimentRun& r, AccGroup g) {
  const size_t i = static_cast<size_t>(g.length);
  if (g.kind == AccKind::all) return r.order_blind[i];
  return g.kind == AccKind::fresh ? r.order_blind_new[i - 1] : -1;
}

// Mean of f(run) over the done runs of one encoding that hold the figure (f >= 0); count: how many;
// -1 if none does.
template <class F>
double mean_present(const ExperimentCache& c, int encoding, F f, int& count) {
  return mean_where(c, encoding, f, [&f](const ExperimentRun& r) { return f(r) >= 0; }, count, -1);
}

// A figure every run of the settings shares (the order-blind ceiling depends on the task, k, L and the
// vocabulary only): the first done run's, -1 if none holds it.
template <class F>
double shared_figure(const ExperimentCache& c, F f) {
  for (const ExperimentRun& r : c.runs)
    if (r.status == ExperimentRun::Status::done && f(r) >= 0) return f(r);
  return -1;
}

bool ceiling_exact(const ExperimentCache& c) {
  for (const ExperimentRun& r : c.runs)
    if (r.status == ExperimentRun::Status::done) return r.order_blind_exact;
  return true;
}

// Whether the window hides every new target's answer at 2L (length 1) or 4L (2): first (its answer sits
// at position 0), copy at 4L. Its windowed figure then tests nothing.
bool window_hides_answers(const ExperimentCache& c, int length) {
  const size_t j = static_cast<size_t>(length - 1);
  return shared_figure(c, [j](const ExperimentRun& r) { return r.answer_in_window_new[j]; }) == 0;
}

// A figure in words: two decimals, or "n/a" where the result does not hold it (never -1 or nan on
// screen; the fonts have no dash glyph).
std::string figure(double v, int decimals = 2) { return v >= 0 && std::isfinite(v) ? num(v, decimals) : ex_text("na"); }

// Where group g lies across the plot: the length's third of the width, and at 2L and 4L the kind's third
// of that.
void acc_span(const Plot& p, AccGroup g, float& x_lo, float& x_hi) {
  const float unit = p.width() / 3.0f;
  x_lo = p.lo.x + unit * static_cast<float>(g.length);
  x_hi = x_lo + unit;
  if (g.length == 0) return;
  const float third = unit / 3.0f;
  x_lo += third * static_cast<float>(static_cast<int>(g.kind));
  x_hi = x_lo + third;
}

// The width of one encoding's bar slot in group g (a little gap is left at each side of a group).
float acc_slot(float x_lo, float x_hi, AccGroup g) {
  return (x_hi - x_lo) / (static_cast<float>(train::kEncodingCount) + (g.length == 0 ? 1.0f : 0.8f));
}

// "2L", "4L", "2L and 4L": where the window hides every answer; "" where it hides none everywhere.
std::string hidden_at(const ExperimentCache& c) {
  const bool h2 = window_hides_answers(c, 1), h4 = window_hides_answers(c, 2);
  return h2 && h4 ? and_more("2L", "4L") : h2 ? "2L" : h4 ? "4L" : "";
}

// The groups' names over the bars ("all", "new", "win": acc_all, acc_new, acc_win).
std::string acc_short_name(AccKind k) { return ex_text(k == AccKind::all ? "acc_all" : k == AccKind::fresh ? "acc_new" : "acc_win"); }

void draw_accuracy(const State& s, const ExperimentCache& c, ImVec2 size, float sc) {
  ImGui::BeginGroup();  // the chart and its key below it, in one column
  const std::string title(lesson_text(View::experiment, "accuracy_title"));
  // Up to 1.45: above the bars (at most 1) two rows of labels, the lengths, then the groups' names, so
  // that no label sits on a bar.
  const Plot p = plot_frame("ex_acc", size, -0.5, 2.5, 0, 1.45, false, ex_text("axis_doublings").c_str(), title.c_str(), sc, true);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float lh = ImGui::GetTextLineHeight();
  const char* names[3] = {"L", "2L", "4L"};
  for (int i = 0; i < 3; ++i) {
    const std::string t = std::string(names[i]) + " = " + std::to_string(s.trainLength << i);
    halo_text(dl, ImVec2(p.sx(i) - ImGui::CalcTextSize(t.c_str()).x / 2, p.lo.y + 2 * sc), colors::axis, t.c_str());
    if (i) dl->AddLine(ImVec2(p.lo.x + p.width() / 3.0f * static_cast<float>(i), p.lo.y), ImVec2(p.lo.x + p.width() / 3.0f * static_cast<float>(i), p.hi.y), colors::frame);
  }
  // The groups' names, each centred over its third; where one is wider than its third (a longer
  // language in a narrow chart), all of them a little smaller (down to 70 %), so that none runs into the next.
  float name_scale = 1.0f;
  for (const AccGroup& g : kAccGroups) {
    if (g.length == 0) continue;
    float x_lo = 0, x_hi = 0;
    acc_span(p, g, x_lo, x_hi);
    name_scale = std::min(name_scale, (x_hi - x_lo - 6 * sc) / ImGui::CalcTextSize(acc_short_name(g.kind).c_str()).x);
  }
  name_scale = std::max(name_scale, 0.7f);
  const float name_size = ImGui::GetFontSize() * name_scale;
  for (const AccGroup& g : kAccGroups) {
    if (g.length == 0) continue;
    float x_lo = 0, x_hi = 0;
    acc_span(p, g, x_lo, x_hi);
    const std::string t = acc_short_name(g.kind);
    const float w = ImGui::CalcTextSize(t.c_str()).x * name_scale;
    const ImVec2 at((x_lo + x_hi - w) / 2, p.lo.y + lh + 5 * sc);
    dl->AddRectFilled(ImVec2(at.x - 2, at.y), ImVec2(at.x + w + 2, at.y + name_size), colors::halo, 3);  // as halo_text's
    dl->AddText(ImGui::GetFont(), name_size, at, colors::axis, t.c_str());
  }
  const double chance = 1.0 / train::Config{}.vocab;
  dashed_line(dl, ImVec2(p.lo.x, p.sy(chance)), ImVec2(p.hi.x, p.sy(chance)), colors::threshold, 1.2f * sc, 5 * sc);
  plot_clip_push(p);
  for (const AccGroup& g : kAccGroups) {
    float x_lo = 0, x_hi = 0;
    acc_span(p, g, x_lo, x_hi);
    const float slot = acc_slot(x_lo, x_hi, g), mid = (x_lo + x_hi) / 2;
    for (int e = 0; e < train::kEncodingCount; ++e) {
      int n = 0;
      const double m = mean_present(c, e, [g](const ExperimentRun& r) { return acc_value(r, g); }, n);
      if (!n) continue;  // a figure no run holds is left out, never drawn as a number
      const float x = mid + (static_cast<float>(e) - (train::kEncodingCount - 1) / 2.0f) * slot;
      // Grey where the window hides every answer: those bars test nothing (the key says so).
      const bool idle = g.kind == AccKind::windowed && window_hides_answers(c, g.length);
      const ImU32 col = idle ? colors::muted : encoding_color(e);
      dl->AddRectFilled(ImVec2(x - slot * 0.35f, p.sy(m)), ImVec2(x + slot * 0.35f, p.sy(0)), with_alpha(col, 90));
      dl->AddLine(ImVec2(x - slot * 0.45f, p.sy(m)), ImVec2(x + slot * 0.45f, p.sy(m)), col, 2.0f * sc);
      for (const ExperimentRun& r : c.runs)
        if (r.encoding == e && r.status == ExperimentRun::Status::done && acc_value(r, g) >= 0)
          dl->AddCircleFilled(ImVec2(x, p.sy(acc_value(r, g))), std::min(2.6f * sc, slot * 0.45f), col);
    }
    // The ceiling that fits these bars, across them (none over the windowed ones).
    const double ceiling = shared_figure(c, [g](const ExperimentRun& r) { return acc_ceiling(r, g); });
    if (ceiling >= 0) dl->AddLine(ImVec2(x_lo + 2 * sc, p.sy(ceiling)), ImVec2(x_hi - 2 * sc, p.sy(ceiling)), colors::ink, 1.5f * sc);
  }
  // The pointer names the bar under it: which encoding, length and positions, its mean and its seeds,
  // and the two lines there.
  if (p.hovered && p.mouse.x >= p.lo.x && p.mouse.x < p.hi.x) {
    int gi = 0;
    for (int k = 0; k < kAccGroupCount; ++k) {
      float x_lo = 0, x_hi = 0;
      acc_span(p, kAccGroups[k], x_lo, x_hi);
      if (p.mouse.x >= x_lo) gi = k;
    }
    const AccGroup g = kAccGroups[gi];
    float x_lo = 0, x_hi = 0;
    acc_span(p, g, x_lo, x_hi);
    const float slot = acc_slot(x_lo, x_hi, g);
    const int e = std::clamp(static_cast<int>(std::round((p.mouse.x - (x_lo + x_hi) / 2) / slot + (train::kEncodingCount - 1) / 2.0f)), 0,
                             train::kEncodingCount - 1);
    int n = 0;
    const double m = mean_present(c, e, [g](const ExperimentRun& r) { return acc_value(r, g); }, n);
    int runs = 0;
    mean_of(c, e, [](const ExperimentRun&) { return 0.0; }, runs);
    std::string tip = ex_fill("acc_tip", {{"encoding", encoding_shown(e)}, {"at", names[g.length]}, {"n", std::to_string(s.trainLength << g.length)},
                                          {"which", ex_text(g.kind == AccKind::all ? "acc_tip_all" : g.kind == AccKind::fresh ? "acc_tip_new" : "acc_tip_win")}});
    if (n) {
      // Mean ± the seeds' spread (standard deviation), and against none (no position information) on
      // the same seeds, with the verdict of train::seed_verdict: "within noise" when it cannot tell.
      std::vector<double> values, versus;
      for (const ExperimentRun& r : c.runs) {
        if (r.encoding != e || r.status != ExperimentRun::Status::done || acc_value(r, g) < 0) continue;
        values.push_back(acc_value(r, g));
        for (const ExperimentRun& o : c.runs)
          if (o.encoding == static_cast<int>(train::Encoding::none) && o.status == ExperimentRun::Status::done && o.seed == r.seed &&
              acc_value(o, g) >= 0)
            versus.push_back(acc_value(r, g) - acc_value(o, g));
      }
      const train::SeedVerdict v = train::seed_verdict(values);
      tip.append("\n").append(ex_fill(n > 1 ? "acc_tip_mean_many" : "acc_tip_mean_one",
                                      {{"mean", num(m, 3)}, {"spread", num(v.spread, 3)}, {"n", std::to_string(n)}}));
      if (e != static_cast<int>(train::Encoding::none) && !versus.empty())
        tip.append("\n").append(ex_fill("acc_tip_vs_none", {{"verdict", verdict_words(train::seed_verdict(versus))}}));
    }
    else if (runs)
      tip.append(" ").append(ex_text("acc_tip_na"));
    else
      tip.append("\n").append(ex_text("acc_tip_no_run"));
    const size_t j = static_cast<size_t>(std::max(0, g.length - 1));
    if (g.kind == AccKind::all && g.length > 0 && runs)
      tip.append("\n").append(ex_fill("acc_tip_windowed_all",
                                      {{"acc", figure(mean_present(c, e, [j](const ExperimentRun& r) { return r.accuracy_windowed[j]; }, n), 3)}}));
    if (g.kind == AccKind::windowed && runs) {
      const double in = shared_figure(c, [j](const ExperimentRun& r) { return r.answer_in_window_new[j]; });
      if (in == 0)
        tip.append("\n").append(ex_text("acc_tip_hidden"));
      else if (in > 0)
        tip.append("\n").append(ex_fill("acc_tip_shown", {{"percent", fmt("%.0f", in * 100)}}));
    }
    tip.append("\n").append(ex_fill("acc_tip_chance", {{"chance", num(chance, 3)}}));
    const double ceiling = shared_figure(c, [g](const ExperimentRun& r) { return acc_ceiling(r, g); });
    if (g.kind == AccKind::windowed)
      tip.append("\n").append(ex_text("acc_tip_no_ceiling"));
    else if (ceiling >= 0)
      tip.append("\n")
          .append(ex_fill(ceiling_exact(c) ? "acc_tip_ceiling" : "acc_tip_ceiling_bound", {{"ceiling", num(ceiling, 3)}}))
          .append("\n")
          .append(ex_text("acc_tip_ceiling_why"));
    ImGui::SetTooltip("%s", tip.c_str());
  }
  plot_clip_pop();
  // The key under the chart, where it covers no bar: the groups' names and the two lines.
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + size.x);
  caption(lesson_text(View::experiment, "accuracy_key"));
  const std::string chance_words = fill(lesson_text(View::experiment, "accuracy_chance"),
                                        {{"vocab", std::to_string(train::Config{}.vocab)}, {"chance", num(chance, 2)}});
  key_row({colors::threshold, chance_words.c_str(), true}, sc);
  const std::string ceiling_words(lesson_text(View::experiment, ceiling_exact(c) ? "accuracy_ceiling" : "accuracy_ceiling_bound"));
  key_row({colors::ink, ceiling_words.c_str(), false}, sc);
  if (const std::string at = hidden_at(c); !at.empty()) caption(fill(lesson_text(View::experiment, "accuracy_hidden"), {{"at", at}}));
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
}

void draw_map(const State& s, ExperimentCache& c, float width, float sc) {
  const ExperimentRun* r = shown_map_run(c);
  // Which encoding's map: the latest, or one chosen.
  const std::string map_of = ex_text("map_of"), latest = ex_text("latest_run");
  ImGui::TextUnformatted(map_of.c_str());
  same_line_if_fits(std::min(width, 160 * sc));
  ImGui::SetNextItemWidth(std::min(width, 160 * sc));
  const std::string shown = c.map_encoding < 0 ? latest : encoding_shown(c.map_encoding);
  if (ImGui::BeginCombo("##map_of", shown.c_str())) {
    for (int e = -1; e < train::kEncodingCount; ++e)
      if (ImGui::Selectable(e < 0 ? (latest + "###latest").c_str() : (encoding_shown(e) + "###map_" + encoding_id(e)).c_str(), c.map_encoding == e))
        c.map_encoding = e;
    ImGui::EndCombo();
  }
  focus_name(map_of);
  if (!r) return;
  const int n = r->length;
  if (n <= 0 || r->map.size() != static_cast<size_t>(n) * static_cast<size_t>(n)) return;
  const std::string title = fill(lesson_text(View::experiment, "map_title"),
                                 {{"encoding", encoding_shown(r->encoding)}, {"layer", std::to_string(r->map_layer + 1)},
                                  {"head", std::to_string(r->map_head + 1)}, {"L", std::to_string(n)}});
  caption(title);
  const float side = std::min(width, 320 * sc);
  const float cell = side / static_cast<float>(n);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("ex_map", ImVec2(side, side));
  focus_pointer_only();  // the map is read by pointing; the keyboard has the figure keys and the controls
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const int k = s.lookback;
  for (int t = 0; t < n; ++t)
    for (int u = 0; u <= t; ++u) {
      const float w = r->map[static_cast<size_t>(t) * static_cast<size_t>(n) + static_cast<size_t>(u)];
      const ImVec2 a(o.x + static_cast<float>(u) * cell, o.y + static_cast<float>(t) * cell);
      dl->AddRectFilled(a, ImVec2(a.x + cell, a.y + cell), blend(colors::scale_weak, colors::scale_strong, std::sqrt(std::clamp(w, 0.0f, 1.0f))));
    }
  // The answer's key for each query: t - k (lookback), 0 (first), t + 1 - n/2 (copy, second half).
  for (int t = 0; t < n; ++t) {
    int u = -1;
    if (s.task == train::Task::lookback && t >= k) u = t - k;
    if (s.task == train::Task::first) u = 0;
    if (s.task == train::Task::copy && t + 1 >= n / 2 && t + 1 - n / 2 < n) u = t + 1 - n / 2;
    if (u < 0 || u > t) continue;
    const ImVec2 a(o.x + static_cast<float>(u) * cell, o.y + static_cast<float>(t) * cell);
    dl->AddRect(a, ImVec2(a.x + cell, a.y + cell), colors::ghost, 0, 0, std::max(1.0f, 1.5f * sc));
  }
  dl->AddRect(o, ImVec2(o.x + side, o.y + side), colors::frame);
  if (ImGui::IsItemHovered()) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int u = std::clamp(static_cast<int>((m.x - o.x) / cell), 0, n - 1), t = std::clamp(static_cast<int>((m.y - o.y) / cell), 0, n - 1);
    const std::string tip =
        ex_fill("map_tip", {{"query", std::to_string(t)}, {"key", std::to_string(u)},
                            {"weight", u <= t ? num(r->map[static_cast<size_t>(t) * static_cast<size_t>(n) + static_cast<size_t>(u)], 3) : ex_text("masked")}});
    ImGui::SetTooltip("%s", tip.c_str());
  }
}

// A figure, or "n/a" where it is undefined (-1), at two decimals (never NaN on screen).
std::string head_figure(double v) { return v >= 0 && std::isfinite(v) ? num(v, 2) : ex_text("na"); }

// "mean ± spread" of the figures (two decimals; the mean alone for one, "n/a" for none).
std::string spread_text(const std::vector<double>& v) {
  if (v.empty()) return ex_text("na");
  const train::SeedVerdict sv = train::seed_verdict(v);
  return num(sv.mean, 2) + (v.size() > 1 ? " \xC2\xB1 " + num(sv.spread, 2) : std::string());
}

// Mean ± spread over the done runs of one encoding of the run's figure f (those that hold it: f >= 0).
template <class F>
std::string run_spread(const ExperimentCache& c, int encoding, F f) {
  std::vector<double> v;
  for (const ExperimentRun& r : c.runs)
    if (r.encoding == encoding && r.status == ExperimentRun::Status::done && f(r) >= 0 && std::isfinite(f(r))) v.push_back(f(r));
  return spread_text(v);
}

// Mean ± spread over the done runs of one encoding of the shown head's figure f (those that hold it).
template <class F>
std::string mean_spread(const ExperimentCache& c, int encoding, F f) {
  return run_spread(c, encoding, [&f](const ExperimentRun& r) {
    const HeadNumbers* h = shown_head(r);
    return h ? f(*h) : -1.0;
  });
}

// Each encoding's shown head, over its seeds: the share on the answer's key at trained positions, past L
// to 2L and to 4L, and past L through a window of L keys.
std::string share_summary(const ExperimentCache& c) {
  std::string list;
  for (int e = 0; e < train::kEncodingCount; ++e) {
    int n = 0;
    mean_of(c, e, [](const ExperimentRun&) { return 0.0; }, n);
    if (!n) continue;
    list += list.empty() ? "" : "; ";
    list += std::string(encoding_shown(e)) + " " + mean_spread(c, e, [](const HeadNumbers& h) { return h.share_trained; }) + " / " +
            mean_spread(c, e, [](const HeadNumbers& h) { return h.share_beyond; }) + " / " +
            mean_spread(c, e, [](const HeadNumbers& h) { return h.share_new4l; }) + " / " +
            mean_spread(c, e, [](const HeadNumbers& h) { return h.share_beyond_windowed; });
  }
  return list.empty() ? list : fill(lesson_text(View::experiment, "share_summary"), {{"list", list}});
}

// One cell of the heads table: the text, and its meaning on hover (no focus stop: the keyboard reads
// the same numbers in describe()).
void head_cell(const std::string& t, const char* tip) {
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(t.c_str());
  if (tip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
}

// "L1 H2": a head by its layer and number, counted from 1 (appended piece by piece: GCC 12's -Wrestrict
// misreads "L" + std::to_string(...) once inlined here).
std::string head_name(const HeadNumbers& h) {
  std::string t = "L";
  t += std::to_string(h.layer + 1);
  t += " H";
  t += std::to_string(h.head + 1);
  return t;
}

// The heads of the run whose map is shown: where each attends (share on the answer's key) and how
// (offset R² at L and 2L; the commuting fraction for sinusoidal), folded under a header.
void draw_heads(const ExperimentCache& c, float width) {
  const ExperimentRun* r = shown_map_run(c);
  if (!r || r->head_numbers.empty()) return;
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  const std::string label = fill(lesson_text(View::experiment, "heads_title"),
                                 {{"encoding", encoding_shown(r->encoding)}, {"seed", shown_number(r->seed)}}) + "###ex_heads";
  if (!ImGui::TreeNode(label.c_str())) {
    focus_name(ex_text("heads_focus"));
    ImGui::PopTextWrapPos();
    return;
  }
  focus_name(ex_text("heads_focus"));
  bool commuting = false;
  for (const HeadNumbers& h : r->head_numbers) commuting = commuting || h.commuting >= 0;
  const std::string tips[] = {std::string(lesson_text(View::experiment, "heads_tip_head")),
                              std::string(lesson_text(View::experiment, "heads_tip_trained")),
                              std::string(lesson_text(View::experiment, "heads_tip_beyond")),
                              std::string(lesson_text(View::experiment, "heads_tip_window")),
                              std::string(lesson_text(View::experiment, "heads_tip_r2")),
                              std::string(lesson_text(View::experiment, "heads_tip_commuting"))};
  // Two small tables, so that each fits a phone's width: where the heads attend, then how.
  if (ImGui::BeginTable("ex_heads_share", 5, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_BordersInnerH, ImVec2(width, 0))) {
    head_cell(ex_text("col_head"), tips[0].c_str());
    head_cell("t < L", tips[1].c_str());
    head_cell("L..2L", tips[2].c_str());
    head_cell("L..4L", tips[2].c_str());
    head_cell(ex_text("acc_win"), tips[3].c_str());
    for (const HeadNumbers& h : r->head_numbers) {
      const bool shown = h.layer == r->map_layer && h.head == r->map_head;
      head_cell(head_name(h) + (shown ? " *" : ""), shown ? tips[0].c_str() : nullptr);
      head_cell(head_figure(h.share_trained), nullptr);
      head_cell(head_figure(h.share_beyond), nullptr);
      head_cell(head_figure(h.share_new4l), nullptr);
      head_cell(head_figure(h.share_beyond_windowed), nullptr);
    }
    ImGui::EndTable();
  }
  ImGui::Spacing();
  if (ImGui::BeginTable("ex_heads_mech", commuting ? 4 : 3, ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_BordersInnerH, ImVec2(width, 0))) {
    head_cell(ex_text("col_head"), tips[0].c_str());
    head_cell(ex_text("col_r2_l"), tips[4].c_str());
    head_cell(ex_text("col_r2_2l"), tips[4].c_str());
    if (commuting) head_cell(ex_text("col_commutes"), tips[5].c_str());
    for (const HeadNumbers& h : r->head_numbers) {
      head_cell(head_name(h), nullptr);
      head_cell(head_figure(h.offset_r2_l), nullptr);
      head_cell(head_figure(h.offset_r2_2l), nullptr);
      if (commuting) head_cell(head_figure(h.commuting), nullptr);
    }
    ImGui::EndTable();
  }
  caption(lesson_text(View::experiment, commuting ? "heads_key_commuting" : "heads_key"));
  ImGui::TreePop();
  ImGui::PopTextWrapPos();
}

void draw_share(const State& s, const ExperimentCache& c, ImVec2 size, float sc) {
  ImGui::BeginGroup();
  const std::string title(lesson_text(View::experiment, "share_title"));
  const int L = s.trainLength;
  // The training length is named under the axis, not over the curves.
  const std::string x_label = fill(lesson_text(View::experiment, "share_axis"), {{"L", std::to_string(L)}});
  const Plot p = plot_frame("ex_share", size, 0, 2 * L - 1, 0, 1.05, false, x_label.c_str(), title.c_str(), sc, true);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float x = p.sx(L - 0.5);
  dashed_line(dl, ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), colors::marker, 1.2f * sc, 5 * sc);
  plot_clip_push(p);
  for (const ExperimentRun& r : c.runs) {
    if (r.status != ExperimentRun::Status::done) continue;
    std::vector<ImVec2> pts;
    for (size_t q = 0; q < r.share.size(); ++q) {
      if (r.share[q] < 0) {
        if (pts.size() > 1) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), encoding_color(r.encoding), 0, 1.5f * sc);
        pts.clear();
        continue;
      }
      pts.emplace_back(p.sx(static_cast<double>(q)), p.sy(r.share[q]));
    }
    if (pts.size() > 1) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), encoding_color(r.encoding), 0, 1.5f * sc);
  }
  plot_clip_pop();
  // Under the chart: the same head's share on the new positions, as numbers over the seeds.
  if (const std::string sum = share_summary(c); !sum.empty()) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + size.x);
    caption(sum);
    ImGui::PopTextWrapPos();
  }
  ImGui::EndGroup();
}

void draw_ablation(const State& s, const ExperimentCache& c, ImVec2 size, float sc) {
  int n = 0;
  const int sin = static_cast<int>(train::Encoding::sinusoidal);
  const double bl = mean_of(c, sin, [](const ExperimentRun& r) { return r.base_l; }, n);
  if (!n) {
    caption(lesson_text(View::experiment, "measured_none"));
    return;
  }
  const double fl = mean_of(c, sin, [](const ExperimentRun& r) { return r.no_fast_l; }, n);
  const double sl = mean_of(c, sin, [](const ExperimentRun& r) { return r.no_slow_l; }, n);
  const double b2 = mean_of(c, sin, [](const ExperimentRun& r) { return r.base_2l; }, n);
  const double f2 = mean_of(c, sin, [](const ExperimentRun& r) { return r.no_fast_2l; }, n);
  const double s2 = mean_of(c, sin, [](const ExperimentRun& r) { return r.no_slow_2l; }, n);
  const std::string title(lesson_text(View::experiment, "ablation_title"));
  // Two groups, at L (x = 0) and 2L (x = 1), as the accuracy chart's doublings of L. Above the bars and
  // their values: the groups' names, then the key in one row, so nothing covers a bar.
  const Plot p = plot_frame("ex_ablation", size, -0.5, 1.5, 0, 1.6, false, ex_text("axis_doublings").c_str(), title.c_str(), sc, true);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float lh = ImGui::GetTextLineHeight();
  const double values[2][3] = {{bl, fl, sl}, {b2, f2, s2}};
  const std::string names[3] = {ex_text("bar_intact"), ex_text("bar_no_fast"), ex_text("bar_no_slow")};
  const ImU32 cols[3] = {colors::axis, colors::hand, colors::ghost};
  const float slot = p.width() / 2.0f / 4.0f;
  for (int g = 0; g < 2; ++g) {
    const std::string t = std::string(g ? "2L = " : "L = ") + std::to_string(s.trainLength << g);
    halo_text(dl, ImVec2(p.sx(g) - ImGui::CalcTextSize(t.c_str()).x / 2, p.sy(1.0) - 2 * lh - 2 * sc), colors::axis, t.c_str());
    for (int i = 0; i < 3; ++i) {
      const float x = p.sx(g) + static_cast<float>(i - 1) * slot;
      dl->AddRectFilled(ImVec2(x - slot * 0.4f, p.sy(values[g][i])), ImVec2(x + slot * 0.4f, p.sy(0)), cols[i]);
      const std::string v = num(values[g][i], 2);
      halo_text(dl, ImVec2(x - ImGui::CalcTextSize(v.c_str()).x / 2, p.sy(values[g][i]) - lh - 1 * sc), colors::ink, v.c_str());
    }
  }
  float kx = p.lo.x + 8 * sc;
  const float ky = p.lo.y + 3 * sc;
  for (int i = 0; i < 3; ++i) {
    dl->AddRectFilled(ImVec2(kx, ky + lh * 0.2f), ImVec2(kx + 12 * sc, ky + lh * 0.8f), cols[i]);
    dl->AddText(ImVec2(kx + 16 * sc, ky), colors::ink, names[i].c_str());
    kx += 16 * sc + ImGui::CalcTextSize(names[i].c_str()).x + 14 * sc;
  }
}

void draw_weights(const ExperimentCache& c, ImVec2 size, float sc) {
  // Mean over the sinusoidal runs of each PE dimension's weight into Q and K.
  std::vector<double> w;
  int n = 0;
  for (const ExperimentRun& r : c.runs)
    if (r.ablation && r.status == ExperimentRun::Status::done && !r.pe_weight.empty()) {
      if (w.empty()) w.assign(r.pe_weight.size(), 0);
      if (w.size() != r.pe_weight.size()) continue;
      for (size_t i = 0; i < w.size(); ++i) w[i] += r.pe_weight[i];
      ++n;
    }
  if (!n) return;
  double hi = 0;
  for (double& v : w) hi = std::max(hi, v /= n);
  const std::string title(lesson_text(View::experiment, "weight_title"));
  const Plot p = plot_frame("ex_weights", size, -0.5, static_cast<double>(w.size()) - 0.5, 0, hi > 0 ? hi * 1.1 : 1,
                            false, ex_text("axis_pe_dims").c_str(), title.c_str(), sc, true);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float bw = std::max(1.0f, p.width() / static_cast<float>(w.size()) * 0.7f);
  const size_t quarter = w.size() / 4;
  for (size_t i = 0; i < w.size(); ++i) {
    const float x = p.sx(static_cast<double>(i));
    const ImU32 col = i < quarter ? colors::hand : i >= w.size() - quarter ? colors::ghost : colors::axis;
    dl->AddRectFilled(ImVec2(x - bw / 2, p.sy(w[i])), ImVec2(x + bw / 2, p.sy(0)), col);
  }
}

// Per encoding: accuracy at L → 2L → 4L, mean ± spread over its seeds.
std::string extrapolation_list(const ExperimentCache& c) {
  std::string list;
  for (int e = 0; e < train::kEncodingCount; ++e) {
    int n = 0;
    mean_of(c, e, [](const ExperimentRun&) { return 0.0; }, n);
    if (!n) continue;
    if (!list.empty()) list += "; ";
    list += encoding_shown(e);
    for (size_t k = 0; k < 3; ++k)
      list += (k ? " \xE2\x86\x92 " : " ") + run_spread(c, e, [k](const ExperimentRun& r) { return r.accuracy[k]; });
  }
  return list;
}

// Per encoding at 2L (length 1) or 4L (2): every position / new only / new windowed, mean ± spread over
// seeds; "n/a" where no run holds a figure.
std::string new_positions_list(const ExperimentCache& c, int length) {
  std::string list;
  for (int e = 0; e < train::kEncodingCount; ++e) {
    int n = 0;
    mean_of(c, e, [](const ExperimentRun&) { return 0.0; }, n);
    if (!n) continue;
    if (!list.empty()) list += "; ";
    list += encoding_shown(e);
    for (int k = 0; k < 3; ++k) {
      const AccGroup g{length, static_cast<AccKind>(k)};
      list += k ? " / " : " ";
      list += run_spread(c, e, [g](const ExperimentRun& r) { return acc_value(r, g); });
    }
  }
  return list;
}

std::string new_positions_words(const ExperimentCache& c) {
  const std::string list2 = new_positions_list(c, 1);
  if (list2.empty()) return {};
  return fill(lesson_text(View::experiment, "measured_new"),
              {{"list2", list2}, {"list4", new_positions_list(c, 2)},
               {"ceiling", std::string(lesson_text(View::experiment, ceiling_exact(c) ? "ceiling_exact" : "ceiling_bound"))},
               {"ob2", figure(shared_figure(c, [](const ExperimentRun& r) { return r.order_blind_new[0]; }))},
               {"ob4", figure(shared_figure(c, [](const ExperimentRun& r) { return r.order_blind_new[1]; }))},
               {"chance", num(1.0 / train::Config{}.vocab, 2)}}) +
         (hidden_at(c).empty() ? "" : " " + fill(lesson_text(View::experiment, "measured_hidden"), {{"at", hidden_at(c)}}));
}

// What the runs say about each claim, in words: the "Measured here" paragraphs behind each verdict, ""
// where nothing was run for a claim yet (the view folds them under the claim; describe() reads them all).
struct ClaimWords {
  std::vector<std::string> relative, extrapolation, blind, slow;
};

ClaimWords claim_words(const Findings& f, const train::Config& cfg, const ExperimentCache& c) {
  ClaimWords w;
  const auto add = [](std::vector<std::string>& to, std::string t) {
    if (!t.empty()) to.push_back(std::move(t));
  };
  add(w.relative, relative_words(f, cfg));
  add(w.relative, share_summary(c));
  add(w.extrapolation, extrapolation_words(f, cfg));
  if (const std::string list = extrapolation_list(c); !list.empty()) {
    add(w.extrapolation, fill(lesson_text(View::experiment, "measured_list"), {{"list", list}}));
    add(w.extrapolation, new_positions_words(c));
  }
  add(w.extrapolation, new_positions_finding_words(f, cfg));
  add(w.blind, blind_words(f, cfg));
  add(w.slow, slow_words(f));
  if (w.slow.empty() && !c.runs.empty()) add(w.slow, std::string(lesson_text(View::experiment, "measured_none")));
  return w;
}

// The precomputed slow-dimension ablation (slow_precomputed.hpp): its verdict in a sentence.
std::string slow_precomputed_words(const std::vector<SlowPrecomputedRow>& rows) {
  double most = 0;
  std::string lengths, where;
  for (const SlowPrecomputedRow& r : rows) {
    most = std::max(most, r.cost[0][0].mean);
    const std::string l = std::to_string(r.length);
    if (lengths.find(l) == std::string::npos) lengths = and_more(lengths, l);
    if (r.cost[0][1].clear() || r.cost[0][2].clear()) where = list_more(where, ex_fill("where_item", {{"task", r.task}, {"L", l}}));
  }
  const SlowUse use = slow_use(rows);
  const char* key = use == SlowUse::constant ? "slow_pre_constant" : use == SlowUse::information ? "slow_pre_information" : "slow_pre_unused";
  return fill(lesson_text(View::experiment, key),
              {{"lengths", lengths}, {"dm", std::to_string(slow_precomputed_d_model())}, {"most", num(most, 2)},
               {"where", where}});
}

// One cell of the precomputed table: the cost at L (or 2L), mean ± spread, and its word.
std::string slow_cell(const train::SeedVerdict& v) {
  const char* word = v.verdict == train::Verdict::above ? "cell_costs" : v.verdict == train::Verdict::below ? "cell_gains" : "cell_noise";
  return num(v.mean, 2) + " \xC2\xB1 " + num(v.spread, 2) + " " + ex_text(word);
}

// The precomputed rows as two small tables (at L, at 2L) where they fit the width; as wrapped lines, one
// per task and length, where they do not (a phone), so that no figure is cut.
void draw_slow_precomputed(const std::vector<SlowPrecomputedRow>& rows, float width) {
  caption(fill(lesson_text(View::experiment, "slow_pre_table"), {{"source", slow_precomputed_source()}}));
  const std::string kHead[] = {ex_text("pre_zeroed"), ex_text("pre_mean"), ex_text("pre_shuffled"), ex_text("pre_fast_zeroed")};
  // The widest row name and cell, five columns with their padding.
  float name = 0, cell = 0;
  for (const SlowPrecomputedRow& r : rows) {
    name = std::max(name, ImGui::CalcTextSize((std::string(r.task) + " " + std::to_string(r.length)).c_str()).x);
    for (const auto& at : r.cost)
      for (const train::SeedVerdict& v : at) cell = std::max(cell, ImGui::CalcTextSize(slow_cell(v).c_str()).x);
  }
  const float need = name + kSlowAblations * cell + 5 * 2 * ImGui::GetStyle().CellPadding.x;
  if (need > width) {
    for (int at = 0; at < 2; ++at)
      for (const SlowPrecomputedRow& r : rows) {
        std::string line = ex_fill(at ? "pre_line_2l" : "pre_line_l", {{"task", r.task}, {"L", std::to_string(r.length)}});
        for (int a = 0; a < kSlowAblations; ++a)
          line.append(a ? ";" : "").append(" ").append(kHead[a]).append(" ").append(slow_cell(r.cost[static_cast<size_t>(at)][static_cast<size_t>(a)]));
        text_wrapped_at_spaces(line);
      }
  }
  for (int at = 0; at < 2 && need <= width; ++at) {
    if (!ImGui::BeginTable(at ? "ex_slow_2l" : "ex_slow_l", 5, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_BordersInnerH, ImVec2(width, 0)))
      continue;
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(ex_text(at ? "pre_at_2l" : "pre_at_l").c_str());
    for (const std::string& h : kHead) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(h.c_str());
    }
    for (const SlowPrecomputedRow& r : rows) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted((std::string(r.task) + " " + std::to_string(r.length)).c_str());
      for (int a = 0; a < kSlowAblations; ++a) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(slow_cell(r.cost[static_cast<size_t>(at)][static_cast<size_t>(a)]).c_str());
      }
    }
    ImGui::EndTable();
    ImGui::Spacing();
  }
  const SlowPrecomputedRow* longest = nullptr;
  for (const SlowPrecomputedRow& r : rows)
    if (!longest || r.length > longest->length) longest = &r;
  if (longest)
    caption(fill(lesson_text(View::experiment, "slow_pre_key"),
                 {{"L", std::to_string(longest->length)}, {"turn", num(longest->turn, 2)}}));
}

// A claim as one idea: its tag and sentence, what the runs shown say of it in a line, and the numbers
// behind that line folded under it (open on demand; describe() reads them all).
template <class Extra>
void draw_claim(int id, const std::string& name, ClaimSource tag, std::string_view claim, const std::vector<std::string>& headline,
                const std::vector<std::string>& numbers, float sc, Extra extra) {
  claim_line(tag, claim, sc);
  for (const std::string& h : headline) claim_line(ClaimSource::here, h, sc);
  if (numbers.empty()) return;
  const std::string label = std::string(lesson_text(View::experiment, "numbers_fold")) + "###ex_numbers" + std::to_string(id);
  ImGui::Indent();
  const bool open = ImGui::TreeNode(label.c_str());
  focus_name(ex_text("numbers_fold").append(": ").append(name));
  if (open) {
    for (const std::string& t : numbers) text_wrapped_at_spaces(t);
    extra();
    ImGui::TreePop();
  }
  ImGui::Unindent();
}

// The claims, each with the verdict of the runs shown and its numbers folded, then how a verdict is
// decided, folded too.
void draw_claims(const Findings& f, const train::Config& cfg, const ClaimWords& w, const ExperimentCache& c, float sc) {
  const auto nothing = [] {};
  const bool any = !c.runs.empty();
  const auto verdict = [&](int k) { return any ? std::vector<std::string>{summary_verdict(f, k, cfg)} : std::vector<std::string>{}; };
  draw_claim(0, ex_text("claim_name_relative"), ClaimSource::untested, summary_claim(0), verdict(0), w.relative, sc, nothing);
  draw_claim(1, ex_text("claim_name_extrapolation"), ClaimSource::untested, summary_claim(1), verdict(1), w.extrapolation, sc, nothing);
  if (!w.blind.empty())
    draw_claim(2, ex_text("claim_name_blind"), ClaimSource::paper, lesson_text(View::experiment, "claim_blind"), blind_summary(f, cfg), w.blind, sc, nothing);
  // The slow dimensions: the runs shown, where they can tell, and the precomputed runs at longer lengths,
  // where the slow quarter turns more.
  const std::vector<SlowPrecomputedRow>& pre = slow_precomputed();
  std::vector<std::string> slow_head = verdict(2);
  slow_head.push_back(slow_precomputed_words(pre));
  std::vector<std::string> slow_numbers = w.slow;
  slow_numbers.push_back(fill(lesson_text(View::experiment, "slow_turn"),
                              {{"L", std::to_string(cfg.trainLength)}, {"dm", std::to_string(cfg.dModel)},
                               {"turn", num(slow_quarter_turn(cfg.dModel, cfg.trainLength), 3)}}));
  const float width = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().IndentSpacing;
  draw_claim(3, ex_text("claim_name_slow"), ClaimSource::untested, summary_claim(2), slow_head, slow_numbers, sc, [&] { draw_slow_precomputed(pre, width); });
  const bool rule = ImGui::TreeNode((std::string(lesson_text(View::experiment, "verdict_fold")) + "###ex_rule").c_str());
  focus_name(lesson_text(View::experiment, "verdict_fold"));
  if (rule) {
    caption(lesson_text(View::experiment, "verdict_rule"));
    ImGui::TreePop();
  }
}

}  // namespace

std::string experiment_options(const State& s, int encoding, double seed) {
  std::string o;
  const auto line = [&o](const char* key, const std::string& value) {
    o.append(key).append("=").append(value).append("\n");
  };
  line("task", train::task_names()[static_cast<size_t>(s.task)]);
  line("k", std::to_string(s.lookback));
  line("trainLength", std::to_string(s.trainLength));
  line("steps", std::to_string(s.steps));
  line("dModel", std::to_string(s.dModel));
  line("layers", std::to_string(s.layers));
  line("heads", std::to_string(s.heads));
  line("lr", shortest_number(s.lr));
  line("batch", std::to_string(s.batch));
  line("encoding", encoding_id(encoding));
  line("seed", shortest_number(seed));
  // The fair-test options only when set, so that the runs of the settings before them keep their keys.
  const train::Config def;
  if (s.startOffset != def.startOffset) line("startOffset", std::to_string(s.startOffset));
  if (s.copyLengths != def.copyLengths) line("copyLengths", train::config_row("copyLengths")->names[static_cast<size_t>(s.copyLengths)]);
  if (s.lookbackK != def.lookbackK) line("lookbackK", train::config_row("lookbackK")->names[static_cast<size_t>(s.lookbackK)]);
  return o;
}

train::FairSetting experiment_fair(const State& s, int encoding, double seed) {
  train::Config cfg;
  const std::string refused = train::parse_option_lines(experiment_options(s, encoding, seed), cfg);
  train::FairSetting f = train::fair_setting(cfg);
  if (!refused.empty() || s.runAll != RunAll::fair) f.changes.clear();
  return f;
}

std::string experiment_run_options(const State& s, int encoding, double seed) {
  std::string o = experiment_options(s, encoding, seed);
  // Later lines win (parse_options applies them in order): the fair setting's changes override.
  for (const train::FairChange& ch : experiment_fair(s, encoding, seed).changes)
    o.append(ch.key).append("=").append(shortest_number(ch.to)).append("\n");
  return o;
}

std::string experiment_request(const State& s, ExperimentCache& c, bool all) {
  // The engine's own check of the whole set of options (the cross-key rules too), before anything queues.
  train::Config cfg;
  c.message = train::parse_option_lines(experiment_run_options(s, static_cast<int>(s.encoding), s.seed), cfg);
  if (!c.message.empty()) return c.message;
  if (all && s.seed + kSeedsPerEncoding - 1 > train::config_row("seed")->max) {
    c.message = "seed must leave room for " + std::to_string(kSeedsPerEncoding) + " seeds (at most " +
                shortest_number(train::config_row("seed")->max - (kSeedsPerEncoding - 1)) + ")";
    return c.message;
  }
  // Runs with other settings are not comparable: a new set.
  // Shared and fair runs are not comparable either: the mode is part of the key.
  const std::string key = experiment_options(s, 0, 0) + (s.runAll == RunAll::fair ? "runAll=fair\n" : "");
  if (key != c.settings_key) {
    c.runs.clear();
    c.settings_key = key;
  }
  c.set = s;
  const auto queue = [&](int e, double seed) {
    // The same encoding and seed again replaces its earlier run.
    c.runs.erase(std::remove_if(c.runs.begin(), c.runs.end(),
                                [&](const ExperimentRun& r) { return r.encoding == e && r.seed == seed &&
                                                                     r.status != ExperimentRun::Status::queued &&
                                                                     r.status != ExperimentRun::Status::running; }),
                 c.runs.end());
    ExperimentRun r;
    r.id = c.next_id++;
    r.encoding = e;
    r.seed = seed;
    r.steps = s.steps;
    r.fair = experiment_fair(s, e, seed).changes;
    r.layers = run_layers(s, e, seed);
    r.heads = run_config(s, e, seed).heads;
    c.runs.push_back(r);
    c.outbox.push_back({r.id, experiment_run_options(s, e, seed)});
  };
  if (all) {
    for (int e = 0; e < train::kEncodingCount; ++e)
      for (int k = 0; k < kSeedsPerEncoding; ++k) queue(e, s.seed + k);
  } else {
    queue(static_cast<int>(s.encoding), s.seed);
  }
  c.cancel = false;
  return {};
}

void experiment_receive(ExperimentCache& c, int id, std::string_view kind, std::string_view text) {
  ExperimentRun* run = nullptr;
  for (ExperimentRun& r : c.runs)
    if (r.id == id) run = &r;
  if (!run) return;
  if (kind == "error") {
    run->status = ExperimentRun::Status::failed;
    run->error = std::string(text.substr(0, 300));
    return;
  }
  Json j;
  std::string err;
  if (!parse_json(text, j, err) || !j.is_object()) {
    run->status = ExperimentRun::Status::failed;
    run->error = "unreadable message from the engine: " + err;
    return;
  }
  if (kind == "progress") {
    run->status = ExperimentRun::Status::running;
    run->step = static_cast<int>(j["step"].number());
    run->steps = static_cast<int>(j["steps"].number(run->steps));
    run->last_loss = j["loss"].number();
    for (const Json& p : j["log"].items) run->loss.push_back({p["step"].number(), p["loss"].number()});
  } else if (kind == "result") {
    read_result(*run, j);
    run->result = std::string(text);
    run->status = ExperimentRun::Status::done;
    c.speed.add(speed_key(c.set), static_cast<double>(run->steps) * run->layers, run->ms);
  }
}

int experiment_pending(const ExperimentCache& c) {
  int n = 0;
  for (const ExperimentRun& r : c.runs)
    n += r.status == ExperimentRun::Status::queued || r.status == ExperimentRun::Status::running;
  return n;
}

void draw_experiment(State& s, ExperimentCache& c, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  // A short screen (a phone, a slide, a small frame, a laptop's 800 px, whose first screen the open
  // settings would fill, or a tall tour step above the lesson) puts the charts right after Run and the
  // claims after them. The height from the lesson's start to the window's bottom decides, in the
  // window's own coordinates, so that scrolling never changes the layout.
  const bool short_screen = ImGui::GetWindowHeight() - ImGui::GetCursorPosY() < 900 * sc;
  lesson_intro(View::experiment, ctx);
  draw_actions(s, c, ctx, short_screen);  // first: on a phone, Run is on the first screen
  draw_options(s, c, ctx, short_screen);
  ImGui::Spacing();
  const train::Config cfg = runs_config(c.runs.empty() ? s : c.set);
  const Findings found = find_findings(c.runs, cfg);
  const ClaimWords words = claim_words(found, cfg, c);
  if (!short_screen) {
    draw_claims(found, cfg, words, c, sc);
    ImGui::Spacing();
  }
  // Two columns where there is room, each chart at its column's start; one column otherwise.
  const float w = ImGui::GetContentRegionAvail().x;
  const bool two = w >= 700 * sc;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float cw = two ? (w - gap) / 2 : w;
  const float x0 = ImGui::GetCursorPosX();
  const ImVec2 size(cw, 230 * sc);
  const auto second_column = [&] {
    if (two) ImGui::SameLine(x0 + cw + gap);
  };
  const State& set = c.runs.empty() ? s : c.set;  // the charts' L, k and task: those of the runs shown
  draw_fair(c, sc);  // the settings each encoding ran with, beside the results they gave
  draw_encoding_key(c, sc);
  draw_loss(c, size, sc);
  second_column();
  draw_accuracy(set, c, size, sc);
  ImGui::Spacing();
  ImGui::BeginGroup();
  draw_map(set, c, cw, sc);
  draw_heads(c, cw);
  ImGui::EndGroup();
  second_column();
  draw_share(set, c, size, sc);
  ImGui::Spacing();
  draw_ablation(set, c, size, sc);
  second_column();
  draw_weights(c, size, sc);
  ImGui::NewLine();  // also ends the second column's line when draw_weights drew nothing
  if (short_screen) draw_claims(found, cfg, words, c, sc);
}

std::string describe_experiment(const State& state, const ExperimentCache& c) {
  const State& s = c.runs.empty() ? state : c.set;  // the settings of the runs described
  const char* task_key = s.task == train::Task::lookback ? "task_lookback" : s.task == train::Task::first ? "task_first" : "task_copy";
  std::string t(lesson_text(View::experiment, task_key));
  t = fill(t, {{"k", std::to_string(s.lookback)}});
  const int pending = experiment_pending(c);
  int done = 0;
  for (const ExperimentRun& r : c.runs) done += r.status == ExperimentRun::Status::done;
  t.append(fill(lesson_text(View::experiment, "describe_settings"),
                {{"L", std::to_string(s.trainLength)}, {"steps", std::to_string(s.steps)}, {"dm", std::to_string(s.dModel)},
                 {"layers", std::to_string(s.layers)}, {"heads", std::to_string(s.heads)}, {"lr", shown_number(s.lr)},
                 {"batch", std::to_string(s.batch)}, {"done", std::to_string(done)},
                 {"pending", std::to_string(pending)}}));
  if (!pending) t.append(" ").append(estimate_line(c, state));
  if (!done) return t;
  if (s.runAll == RunAll::fair) {
    const std::vector<std::string> lines = fair_lines(c);
    t.append(" ").append(lines.empty() ? lesson_text(View::experiment, "fair_none") : lesson_text(View::experiment, "fair_title"));
    for (const std::string& l : lines) t.append(" ").append(l);
  }
  const train::Config cfg = runs_config(s);
  const Findings found = find_findings(c.runs, cfg);
  const ClaimWords words = claim_words(found, cfg, c);
  for (const std::vector<std::string>* w : {&words.extrapolation, &words.blind, &words.relative, &words.slow})
    for (const std::string& p : *w) t.append(" ").append(p);
  t.append(" ").append(ex_fill("summary_heading", {{"title", ex_text("summary_title")}}));
  for (int k = 0; k < kClaimCount; ++k)
    t.append(" ").append(summary_claim(k)).append(" ").append(summary_verdict(found, k, cfg));
  t.append(" ").append(slow_precomputed_words(slow_precomputed()));
  return t;
}

}  // namespace app
