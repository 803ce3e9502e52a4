#include "result.hpp"

#include <chrono>

#include "text/json_write.hpp"

namespace train {

using app::JsonWriter;

Result finish(const Trainer& t, double ms, const EvalOptions& opt) {
  Result r;
  r.config = t.config();
  r.error = t.error();
  r.steps = t.step_index();
  r.loss = t.loss_log();
  if (r.error.empty()) r.eval = evaluate(t.model(), opt);
  r.ms = ms;
  return r;
}

Result run(const Config& c, const std::function<void(const Progress&)>& progress,
           const std::function<bool()>& should_cancel, int chunk, const EvalOptions& opt) {
  const auto t0 = std::chrono::steady_clock::now();
  Trainer t(c);
  bool cancelled = false;
  while (!t.done()) {
    for (int i = 0; i < chunk && !t.done(); ++i) t.step();
    if (progress) progress({t.step_index(), t.config().steps, t.last_loss(), &t.loss_log()});
    if (should_cancel && should_cancel()) {
      cancelled = true;
      break;
    }
  }
  // The training time, up to the last step (the evaluation not included), as the page's worker reports it.
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  Result r = finish(t, ms, opt);
  r.cancelled = cancelled;
  return r;
}

namespace {

// An array of numbers; with negative_is_null, a negative entry (a share where a query has no answer)
// is written as null.
void num_array(JsonWriter& w, const std::vector<double>& v, bool negative_is_null = false) {
  w.raw("[");
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) w.raw(",");
    if (negative_is_null && v[i] < 0)
      w.raw("null");
    else
      w.num(v[i]);
  }
  w.raw("]");
}

// A number, or null where it is negative (a measure with nothing to measure: no new position, no
// query whose answer the window shows).
void num_or_null(JsonWriter& w, double v) {
  if (v < 0)
    w.raw("null");
  else
    w.num(v);
}

// The zeroing's fields first (their names and order as before), then the mean and shuffle ablations.
void ablation_at(JsonWriter& w, double base, double noFast, double noSlow, double meanFast, double meanSlow,
                 double shuffleFast, double shuffleSlow) {
  w.raw("{");
  w.key("base"); w.num(base);
  w.raw(","); w.key("noFast"); w.num(noFast);
  w.raw(","); w.key("noSlow"); w.num(noSlow);
  w.raw(","); w.key("lostFast"); w.num(base - noFast);
  w.raw(","); w.key("lostSlow"); w.num(base - noSlow);
  w.raw(","); w.key("meanFast"); w.num(meanFast);
  w.raw(","); w.key("meanSlow"); w.num(meanSlow);
  w.raw(","); w.key("shuffleFast"); w.num(shuffleFast);
  w.raw(","); w.key("shuffleSlow"); w.num(shuffleSlow);
  w.raw(","); w.key("lostMeanFast"); w.num(base - meanFast);
  w.raw(","); w.key("lostMeanSlow"); w.num(base - meanSlow);
  w.raw(","); w.key("lostShuffleFast"); w.num(base - shuffleFast);
  w.raw(","); w.key("lostShuffleSlow"); w.num(base - shuffleSlow);
  w.raw("}");
}

}  // namespace

std::string to_json(const Result& r, int* bad) {
  JsonWriter w;
  w.raw("{");
  w.key("config"); w.raw(config_json(r.config));
  if (!r.error.empty()) {
    w.raw(","); w.key("error"); w.str(r.error);
    w.raw("}");
    if (bad) *bad = w.bad;
    return w.out;
  }
  w.raw(","); w.key("steps"); w.integer(r.steps);
  w.raw(","); w.key("cancelled"); w.raw(r.cancelled ? "true" : "false");
  w.raw(","); w.key("ms"); w.num(r.ms);
  w.raw(","); w.key("loss"); w.raw("[");
  for (size_t i = 0; i < r.loss.size(); ++i) {
    if (i) w.raw(",");
    w.raw("{"); w.key("step"); w.integer(r.loss[i].step);
    w.raw(","); w.key("loss"); w.num(r.loss[i].loss); w.raw("}");
  }
  w.raw("]");
  const Evaluation& e = r.eval;
  w.raw(","); w.key("accuracy"); w.raw("[");
  for (size_t i = 0; i < e.accuracy.size(); ++i) {
    if (i) w.raw(",");
    w.raw("{"); w.key("length"); w.integer(e.accuracy[i].length);
    w.raw(","); w.key("accuracy"); w.num(e.accuracy[i].accuracy);
    w.raw(","); w.key("loss"); w.num(e.accuracy[i].loss);
    w.raw(","); w.key("targetsNew"); w.integer(e.accuracy[i].targetsNew);
    w.raw(","); w.key("accuracyNew"); num_or_null(w, e.accuracy[i].accuracyNew);
    w.raw(","); w.key("window"); w.integer(e.accuracy[i].window);
    w.raw(","); w.key("accuracyWindowed"); w.num(e.accuracy[i].accuracyWindowed);
    w.raw(","); w.key("accuracyWindowedNew"); num_or_null(w, e.accuracy[i].accuracyWindowedNew);
    w.raw(","); w.key("answerInWindowNew"); num_or_null(w, e.accuracy[i].answerInWindowNew);
    w.raw(","); w.key("chance"); w.num(e.accuracy[i].chance);
    w.raw(","); w.key("rightThenChance"); w.num(e.accuracy[i].rightThenChance);
    w.raw(","); w.key("orderBlind"); w.num(e.accuracy[i].orderBlind);
    w.raw(","); w.key("orderBlindNew"); num_or_null(w, e.accuracy[i].orderBlindNew);
    w.raw("}");
  }
  w.raw("]");
  w.raw(","); w.key("orderBlindExact"); w.raw(e.orderBlindExact ? "true" : "false");
  w.raw(","); w.key("attention"); w.raw("[");
  for (size_t i = 0; i < e.attention.size(); ++i) {
    const AttentionMap& a = e.attention[i];
    if (i) w.raw(",");
    w.raw("{"); w.key("layer"); w.integer(a.layer);
    w.raw(","); w.key("head"); w.integer(a.head);
    w.raw(","); w.key("length"); w.integer(a.length);
    w.raw(","); w.key("weights"); w.raw("[");
    const size_t n = static_cast<size_t>(a.length);
    for (size_t t = 0; t < n; ++t) {
      if (t) w.raw(",");
      w.raw("[");
      for (size_t u = 0; u < n; ++u) {
        if (u) w.raw(",");
        w.numf(a.weights[t * n + u]);
      }
      w.raw("]");
    }
    w.raw("]}");
  }
  w.raw("]");
  const Relative& rel = e.relative;
  w.raw(","); w.key("relative"); w.raw("{");
  w.key("answerAt"); w.str(rel.answerAt);
  w.raw(","); w.key("length"); w.integer(rel.length);
  w.raw(","); w.key("trainLength"); w.integer(r.config.trainLength);
  w.raw(","); w.key("best"); w.raw("{"); w.key("layer"); w.integer(rel.bestLayer);
  w.raw(","); w.key("head"); w.integer(rel.bestHead); w.raw("}");
  w.raw(","); w.key("heads"); w.raw("[");
  for (size_t i = 0; i < rel.heads.size(); ++i) {
    const HeadShare& h = rel.heads[i];
    if (i) w.raw(",");
    w.raw("{"); w.key("layer"); w.integer(h.layer);
    w.raw(","); w.key("head"); w.integer(h.head);
    w.raw(","); w.key("meanTrained"); w.num(h.meanTrained);
    w.raw(","); w.key("spreadTrained"); w.num(h.spreadTrained);
    w.raw(","); w.key("meanBeyond"); w.num(h.meanBeyond);
    w.raw(","); w.key("spreadBeyond"); w.num(h.spreadBeyond);
    w.raw(","); w.key("shareL"); num_array(w, h.shareL, true);
    w.raw(","); w.key("share2L"); num_array(w, h.share2L, true);
    w.raw(","); w.key("meanNew4L"); num_or_null(w, h.meanNew4L);
    w.raw(","); w.key("spreadNew4L"); num_or_null(w, h.spreadNew4L);
    w.raw(","); w.key("meanBeyondWindowed"); num_or_null(w, h.meanBeyondWindowed);
    w.raw(","); w.key("meanNew4LWindowed"); num_or_null(w, h.meanNew4LWindowed);
    w.raw("}");
  }
  w.raw("]}");
  w.raw(","); w.key("mechanism"); w.raw("[");
  for (size_t i = 0; i < e.mechanism.size(); ++i) {
    const HeadMechanism& h = e.mechanism[i];
    if (i) w.raw(",");
    w.raw("{"); w.key("layer"); w.integer(h.layer);
    w.raw(","); w.key("head"); w.integer(h.head);
    w.raw(","); w.key("offsetR2L"); num_or_null(w, h.atL.plain);
    w.raw(","); w.key("offsetR2QueryL"); num_or_null(w, h.atL.withinQuery);
    w.raw(","); w.key("scoreSpreadL"); w.num(h.atL.spread);
    w.raw(","); w.key("offsetR22L"); num_or_null(w, h.at2L.plain);
    w.raw(","); w.key("offsetR2Query2L"); num_or_null(w, h.at2L.withinQuery);
    w.raw(","); w.key("scoreSpread2L"); w.num(h.at2L.spread);
    w.raw(","); w.key("commutingFraction"); num_or_null(w, h.commutingFraction);
    w.raw("}");
  }
  w.raw("]");
  w.raw(","); w.key("ablation");
  const Ablation& ab = e.ablation;
  if (!ab.defined) {
    w.raw("null");
  } else {
    w.raw("{"); w.key("quarter"); w.integer(ab.quarter);
    w.raw(","); w.key("L");
    ablation_at(w, ab.baseL, ab.noFastL, ab.noSlowL, ab.meanFastL, ab.meanSlowL, ab.shuffleFastL, ab.shuffleSlowL);
    w.raw(","); w.key("2L");
    ablation_at(w, ab.base2L, ab.noFast2L, ab.noSlow2L, ab.meanFast2L, ab.meanSlow2L, ab.shuffleFast2L,
                ab.shuffleSlow2L);
    w.raw(","); w.key("peRms"); num_array(w, ab.peRms);
    w.raw(","); w.key("peWeightQ"); num_array(w, ab.peWeightQ);
    w.raw(","); w.key("peWeightK"); num_array(w, ab.peWeightK);
    w.raw(","); w.key("meanOver"); w.integer(ab.meanOver);
    w.raw("}");
  }
  w.raw("}");
  if (bad) *bad = w.bad;
  return w.out;
}

}  // namespace train
