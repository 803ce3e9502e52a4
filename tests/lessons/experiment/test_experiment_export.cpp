// The experiment's results as files (src/export/experiment_export.hpp): the JSON carries every done run's
// result exactly as the engine wrote it, the CSV one row per run whose numbers are the engine's own
// doubles (checked against train::Result, not against the view's copy), and runs not done stay out.
#include "catch2_any.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "export/experiment_export.hpp"
#include "lessons/experiment/experiment.hpp"
#include "export/tables.hpp"
#include "text/json_read.hpp"
#include "state/state_io.hpp"
#include "train/config.hpp"
#include "train/result.hpp"
#include "train/service.hpp"

using namespace app;

namespace {

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::stringstream in(line);
  std::string cell;
  while (std::getline(in, cell, sep)) out.push_back(cell);
  if (!line.empty() && line.back() == sep) out.emplace_back();
  return out;
}

double number(const std::string& cell) {
  char* end = nullptr;
  const double v = std::strtod(cell.c_str(), &end);
  REQUIRE(!cell.empty());
  REQUIRE(*end == '\0');
  return v;
}

}  // namespace

TEST_CASE("results export: JSON holds the engine's results verbatim, CSV one exact row per done run") {
  State s;
  REQUIRE(set_number(s, Field::steps, 30).empty());
  ExperimentCache c;
  REQUIRE(experiment_request(s, c, true).empty());  // every encoding, six seeds
  // Two runs finish (sinusoidal and rope, seed 1), one fails, the rest stay queued.
  std::vector<train::Result> results;
  std::vector<std::string> texts;
  bool failed_one = false;
  for (const TrainRequest& q : c.outbox) {
    train::Config cfg;
    REQUIRE(train::parse_option_lines(q.options, cfg).empty());
    if (cfg.seed != 1) continue;
    if (cfg.encoding == train::Encoding::sinusoidal || cfg.encoding == train::Encoding::rope) {
      results.push_back(train::run(cfg));
      texts.push_back(train::to_json(results.back()));
      experiment_receive(c, q.id, "result", texts.back());
    } else if (!failed_one) {
      experiment_receive(c, q.id, "error", "the worker stopped");
      failed_one = true;
    }
  }
  REQUIRE(results.size() == 2);

  const std::string json = experiment_results_json(c);
  Json j;
  std::string err;
  REQUIRE(parse_json(json, j, err));
  CHECK(j["module"].string() == "PosEnc Lab");
  REQUIRE(j["runs"].size() == 2);
  for (const std::string& t : texts) CHECK(json.find(t) != std::string::npos);  // byte for byte
  CHECK(j["runs"][0]["config"]["encoding"].string() == "sinusoidal");
  CHECK(j["runs"][1]["config"]["encoding"].string() == "rope");

  const std::string csv = experiment_results_csv(c);
  std::vector<std::string> lines = split(csv, '\n');
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  REQUIRE(lines.size() == 2 + 2);  // comment, header, two runs
  CHECK(lines[0].rfind("# PosEnc Lab experiment results: task lookback, k=3, trainLength L=16", 0) == 0);
  const std::vector<std::string> header = split(lines[1], ',');
  const auto col = [&header](const char* name) {
    for (size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return i;
    FAIL("no column " << name);
    return size_t{0};
  };
  for (size_t r = 0; r < 2; ++r) {
    const std::vector<std::string> row = split(lines[2 + r], ',');
    REQUIRE(row.size() == header.size());
    const train::Result& res = results[r];
    CHECK(row[col("encoding")] == train::encoding_names()[static_cast<size_t>(res.config.encoding)]);
    CHECK(number(row[col("seed")]) == res.config.seed);
    CHECK(number(row[col("steps")]) == res.steps);
    CHECK(row[col("cancelled")] == "false");
    // Exact: the same double, not an approximation of it.
    CHECK(number(row[col("finalLoss")]) == res.loss.back().loss);
    CHECK(number(row[col("accuracyL")]) == res.eval.accuracy[0].accuracy);
    CHECK(number(row[col("accuracy2L")]) == res.eval.accuracy[1].accuracy);
    CHECK(number(row[col("accuracy4L")]) == res.eval.accuracy[2].accuracy);
    CHECK(number(row[col("shareLayerIndex")]) == res.eval.relative.bestLayer);
    CHECK(number(row[col("shareHeadIndex")]) == res.eval.relative.bestHead);
    CHECK(number(row[col("ms")]) == res.ms);
    CHECK(number(row[col("accuracyNew2L")]) == res.eval.accuracy[1].accuracyNew);
    CHECK(number(row[col("accuracyNew4L")]) == res.eval.accuracy[2].accuracyNew);
    CHECK(number(row[col("accuracyWindowedNew2L")]) == res.eval.accuracy[1].accuracyWindowedNew);
    CHECK(number(row[col("accuracyWindowedNew4L")]) == res.eval.accuracy[2].accuracyWindowedNew);
    CHECK(number(row[col("orderBlindNew2L")]) == res.eval.accuracy[1].orderBlindNew);
    CHECK(number(row[col("orderBlindNew4L")]) == res.eval.accuracy[2].orderBlindNew);
    // The columns added for issue 25, after those: the same doubles, empty where undefined.
    CHECK(number(row[col("accuracyWindowed2L")]) == res.eval.accuracy[1].accuracyWindowed);
    CHECK(number(row[col("accuracyWindowed4L")]) == res.eval.accuracy[2].accuracyWindowed);
    CHECK(number(row[col("orderBlindL")]) == res.eval.accuracy[0].orderBlind);
    CHECK(number(row[col("orderBlind4L")]) == res.eval.accuracy[2].orderBlind);
    CHECK(row[col("orderBlindExact")] == (res.eval.orderBlindExact ? "true" : "false"));
    const train::Relative& rel = res.eval.relative;
    const auto best = std::find_if(rel.heads.begin(), rel.heads.end(),
                                   [&](const train::HeadShare& h) { return h.layer == rel.bestLayer && h.head == rel.bestHead; });
    REQUIRE(best != rel.heads.end());
    CHECK(number(row[col("shareNew4L")]) == best->meanNew4L);
    CHECK(number(row[col("shareBeyondWindowed")]) == best->meanBeyondWindowed);
    const auto mech = std::find_if(res.eval.mechanism.begin(), res.eval.mechanism.end(),
                                   [&](const train::HeadMechanism& h) { return h.layer == rel.bestLayer && h.head == rel.bestHead; });
    REQUIRE(mech != res.eval.mechanism.end());
    CHECK(number(row[col("offsetR2L")]) == mech->atL.plain);
    CHECK(number(row[col("offsetR22L")]) == mech->at2L.plain);
    // The commuting fraction is the sinusoids' alone (an additive PE to rotate): empty for RoPE.
    if (mech->commutingFraction >= 0)
      CHECK(number(row[col("commutingFraction")]) == mech->commutingFraction);
    else
      CHECK(row[col("commutingFraction")].empty());
    CHECK(number(row[col("layers")]) == res.config.layers);
    CHECK(number(row[col("heads")]) == res.config.heads);
    CHECK(number(row[col("startOffset")]) == 0);
    CHECK(row[col("copyLengths")] == "fixed");
    CHECK(row[col("lookbackK")] == "fixed");
    // The columns before keep their places (a public interface): the first is encoding, ms the 19th.
    CHECK(col("encoding") == 0);
    CHECK(col("ms") == 18);
    CHECK(col("orderBlindNew4L") == 24);
    const bool sinusoidal = res.config.encoding == train::Encoding::sinusoidal;
    CHECK(row[col("ablationNoSlowL")].empty() == !sinusoidal);
    if (sinusoidal) {
      CHECK(number(row[col("ablationBaseL")]) == res.eval.ablation.baseL);
      CHECK(number(row[col("ablationNoFast2L")]) == res.eval.ablation.noFast2L);
    }
  }
}

TEST_CASE("results export of runs the training service carried out, as the platforms drive it: the engine's texts") {
  State s;
  REQUIRE(set_number(s, Field::steps, 12).empty());
  ExperimentCache c;
  REQUIRE(experiment_request(s, c, false).empty());
  REQUIRE(set_number(s, Field::encoding, static_cast<double>(train::Encoding::sinusoidal)).empty());
  REQUIRE(experiment_request(s, c, false).empty());
  REQUIRE(c.outbox.size() == 2);
  // The desktop's frame loop (src/platform/train_service_native.cpp): the outbox to the service, one
  // chunk, the service's messages to the view; the worker does the same with the page in between.
  train::Service service;
  std::vector<train::Config> configs;
  for (TrainRequest& q : c.outbox) {
    configs.emplace_back();
    REQUIRE(train::parse_option_lines(q.options, configs.back()).empty());
    service.submit(q.id, q.options);
  }
  c.outbox.clear();
  std::vector<std::string> results;
  for (int frame = 0; service.busy() && frame < 100000; ++frame)
    for (const train::Message& m : service.step()) {
      experiment_receive(c, m.id, train::kind_name(m.kind), m.text);
      if (m.kind == train::Message::Kind::result) results.push_back(m.text);
    }
  REQUIRE(results.size() == 2);
  CHECK(experiment_pending(c) == 0);
  // The export is the runs' texts as the service wrote them, byte for byte, in the order asked for...
  CHECK(experiment_results_json(c) ==
        "{\"module\":\"PosEnc Lab\",\"export\":\"experiment results\",\"runs\":[\n" + results[0] + ",\n" + results[1] + "]}\n");
  // ...and each the engine's result of those options by the other path, the one-call train::run (with
  // the service's ms: the one number that is the run's own).
  for (size_t i = 0; i < 2; ++i) {
    Json j;
    std::string err;
    REQUIRE(parse_json(results[i], j, err));
    train::Result direct = train::run(configs[i]);
    direct.ms = j["ms"].number(-1);
    CHECK(results[i] == train::to_json(direct));
  }
}

TEST_CASE("results export with no run done: an empty list and a header, named after the runs' settings") {
  State s;
  ExperimentCache c;
  CHECK(experiment_results_json(c).find("\"runs\":[]") != std::string::npos);
  const std::string csv = experiment_results_csv(c);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 2);
  REQUIRE(set_number(s, Field::trainLength, 32).empty());
  CHECK(export_filename(s, ExportKind::results_csv) == "posenc_experiment_lookback_L32_results.csv");
  CHECK(export_filename(s, ExportKind::results_json) == "posenc_experiment_lookback_L32_results.json");
  ExportKind k = ExportKind::none;
  CHECK(export_kind_from_name("results-csv", ExportUse::text, k).empty());
  CHECK(k == ExportKind::results_csv);
  CHECK(!export_kind_from_name("results-csv", ExportUse::image, k).empty());
}
