#include "export/experiment_export.hpp"

#include <cmath>

#include "text/format.hpp"
#include "text/json_read.hpp"
#include "train/config.hpp"

namespace app {

namespace {

bool done(const ExperimentRun& r) { return r.status == ExperimentRun::Status::done; }

// A number for the CSV: round-trip exact; an undefined share (-1 in the view) or a non-finite value is
// an empty cell.
std::string cell(double v, bool defined = true) { return defined && std::isfinite(v) ? shortest_number(v) : std::string(); }

}  // namespace

std::string experiment_results_json(const ExperimentCache& c) {
  std::string out = R"({"module":"PosEnc Lab","export":"experiment results","runs":[)";
  bool first = true;
  for (const ExperimentRun& r : c.runs) {
    if (!done(r) || r.result.empty()) continue;
    if (!first) out.append(",");
    out.append("\n").append(r.result);
    first = false;
  }
  return out.append("]}\n");
}

std::string experiment_results_csv(const ExperimentCache& c) {
  const State& s = c.set;
  std::string out = "# PosEnc Lab experiment results: task " + std::string(train::task_names()[static_cast<size_t>(s.task)]);
  if (s.task == train::Task::lookback) out.append(", k=").append(std::to_string(s.lookback));
  out.append(", trainLength L=").append(std::to_string(s.trainLength));
  out.append(", dModel=").append(std::to_string(s.dModel));
  out.append(", layers=").append(std::to_string(s.layers));
  out.append(", heads=").append(std::to_string(s.heads));
  out.append(", lr=").append(shortest_number(s.lr));
  out.append(", batch=").append(std::to_string(s.batch));
  // The fair-test options, when set (so the comment of runs without them reads as before).
  const train::Config def;
  if (s.startOffset != def.startOffset) out.append(", startOffset=").append(std::to_string(s.startOffset));
  if (s.copyLengths != def.copyLengths)
    out.append(", copyLengths=").append(train::config_row("copyLengths")->names[static_cast<size_t>(s.copyLengths)]);
  if (s.lookbackK != def.lookbackK)
    out.append(", lookbackK=").append(train::config_row("lookbackK")->names[static_cast<size_t>(s.lookbackK)]);
  if (s.runAll == RunAll::fair) {
    // Which encodings ran with other settings (train::fair_setting), once each.
    std::string changed;
    bool seen[train::kEncodingCount] = {};
    for (const ExperimentRun& r : c.runs) {
      if (r.fair.empty() || r.encoding < 0 || r.encoding >= train::kEncodingCount || seen[r.encoding]) continue;
      seen[r.encoding] = true;
      changed.append(changed.empty() ? "" : "; ").append(train::encoding_names()[static_cast<size_t>(r.encoding)]).append(":");
      for (const train::FairChange& ch : r.fair) changed.append(" ").append(ch.key).append("=").append(shortest_number(ch.to));
    }
    out.append("; fair setting").append(changed.empty() ? "" : " (" + changed + ")");
  }
  out.append("; share = attention on the answer's key of the head shown (indices from 0), mean at t < L and at L <= t < 2L\n");
  out.append(
      "encoding,seed,steps,cancelled,finalLoss,accuracyL,accuracy2L,accuracy4L,shareLayerIndex,shareHeadIndex,shareTrained,"
      "shareBeyond,ablationBaseL,ablationNoFastL,ablationNoSlowL,ablationBase2L,ablationNoFast2L,ablationNoSlow2L,ms,"
      "accuracyNew2L,accuracyNew4L,accuracyWindowedNew2L,accuracyWindowedNew4L,orderBlindNew2L,orderBlindNew4L,"
      "accuracyWindowed2L,accuracyWindowed4L,orderBlindL,orderBlind2L,orderBlind4L,orderBlindExact,"
      "shareNew4L,shareBeyondWindowed,shareNew4LWindowed,offsetR2L,offsetR22L,commutingFraction,"
      "layers,heads,startOffset,copyLengths,lookbackK\n");
  for (const ExperimentRun& r : c.runs) {
    if (!done(r)) continue;
    const auto names = train::encoding_names();
    const bool has_encoding = r.encoding >= 0 && r.encoding < static_cast<int>(names.size());
    out.append(has_encoding ? names[static_cast<size_t>(r.encoding)] : "?").append(",");
    out.append(cell(r.seed)).append(",").append(std::to_string(r.steps)).append(",");
    out.append(r.cancelled ? "true," : "false,");
    out.append(r.loss.empty() ? std::string() : cell(r.loss.back()[1])).append(",");
    for (double a : r.accuracy) out.append(cell(a)).append(",");
    const bool share = r.share_trained >= 0;
    out.append(share ? std::to_string(r.map_layer) : std::string()).append(",");
    out.append(share ? std::to_string(r.map_head) : std::string()).append(",");
    out.append(cell(r.share_trained, share)).append(",").append(cell(r.share_beyond, r.share_beyond >= 0)).append(",");
    for (double v : {r.base_l, r.no_fast_l, r.no_slow_l, r.base_2l, r.no_fast_2l, r.no_slow_2l})
      out.append(cell(v, r.ablation)).append(",");
    out.append(cell(r.ms));
    // Added after ms, so the columns before keep their places.
    for (const auto* v : {&r.accuracy_new, &r.accuracy_windowed_new, &r.order_blind_new})
      for (double x : *v) out.append(",").append(cell(x, x >= 0));
    // Added after those (issue 25), in the same way: the windowed accuracy on every position, the
    // order-blind ceiling on every position, the head shown's attention on new positions and its
    // mechanism numbers (empty where undefined), then the settings this run trained with.
    for (double x : r.accuracy_windowed) out.append(",").append(cell(x, x >= 0));
    for (double x : r.order_blind) out.append(",").append(cell(x, x >= 0));
    out.append(r.order_blind_exact ? ",true" : ",false");
    const HeadNumbers* h = shown_head(r);
    const HeadNumbers none;
    const HeadNumbers& b = h ? *h : none;
    for (double x : {b.share_new4l, b.share_beyond_windowed, b.share_new4l_windowed, b.offset_r2_l, b.offset_r2_2l, b.commuting})
      out.append(",").append(cell(x, x >= 0));
    // The run's own settings, as the engine echoed them (the fair setting's changes too).
    Json j;
    std::string err;
    const bool read = !r.result.empty() && parse_json(r.result, j, err) && j["config"].is_object();
    const Json& k = j["config"];
    // A key the engine leaves out at its default (config_row's quietDefault) is that default.
    const auto key = [&](const char* name) -> std::string {
      if (!read) return {};
      const Json& v = k[name];
      if (v.is_string()) return std::string(v.string());
      if (v.is_number()) return shortest_number(v.number());
      const train::ConfigRow* row = train::config_row(name);
      if (!row || !row->quietDefault) return {};
      const size_t d = static_cast<size_t>(row->def);
      return row->names.empty() ? shortest_number(row->def) : d < row->names.size() ? row->names[d] : std::string();
    };
    for (const char* name : {"layers", "heads", "startOffset", "copyLengths", "lookbackK"}) out.append(",").append(key(name));
    out.append("\n");
  }
  return out;
}

}  // namespace app
