// The fair-test options and the fair setting (issue 25): what each option changes in the training
// batches (and what it must leave alone), checked against the task rules of tasks.hpp and against runs
// with the option at its default; fair_setting's changes against fair.hpp's rules.
#include "catch2_any.hpp"

#include <algorithm>
#include <set>
#include <string>

#include "train/config.hpp"
#include "train/fair.hpp"
#include "train/model.hpp"
#include "train/result.hpp"
#include "train/rng.hpp"
#include "train/tasks.hpp"

using namespace train;

namespace {

Config quick(Encoding e, Task task = Task::lookback) {
  Config c;
  c.encoding = e;
  c.task = task;
  c.steps = 40;
  c.trainLength = 8;
  c.batch = 8;
  return c;
}

std::vector<Batch> batches(const Config& c, int n) {
  Rng data(c.seed, static_cast<std::uint64_t>(Stream::train_batches));
  Rng windows(c.seed, static_cast<std::uint64_t>(Stream::train_windows));
  std::vector<Batch> out(static_cast<size_t>(n));
  for (Batch& b : out) next_training_batch(c, data, windows, b);
  return out;
}

// The result JSON without the config's startOffset entry (the one thing startOffset may change for an
// encoding that does not read absolute positions).
std::string without_offset(std::string j, int s) {
  const std::string key = ",\"startOffset\":" + std::to_string(s);
  const size_t at = j.find(key);
  if (at != std::string::npos) j.erase(at, key.size());
  return j;
}

}  // namespace

TEST_CASE("with every option at its default, next_training_batch draws what fill_batch at L always did") {
  for (Task task : {Task::lookback, Task::first, Task::copy}) {
    const Config c = quick(Encoding::sinusoidal, task);
    Rng data(c.seed, static_cast<std::uint64_t>(Stream::train_batches));
    Batch old;
    old.resize(c.batch, c.trainLength);
    const std::vector<Batch> now = batches(c, 3);
    for (const Batch& b : now) {
      fill_batch(c, data, old);
      CHECK(b.T == c.trainLength);
      CHECK(b.tokens == old.tokens);
      CHECK(b.targets == old.targets);
      CHECK(std::all_of(b.start.begin(), b.start.end(), [](int s) { return s == 0; }));
    }
  }
}

TEST_CASE("startOffset: windows start in 0..startOffset, tokens unchanged, tables cover every window") {
  Config c = quick(Encoding::sinusoidal);
  c.startOffset = 24;
  const Config plain = quick(Encoding::sinusoidal);
  const std::vector<Batch> shifted = batches(c, 20), base = batches(plain, 20);
  std::set<int> seen;
  for (size_t i = 0; i < shifted.size(); ++i) {
    CHECK(shifted[i].T == c.trainLength);  // still L long
    CHECK(shifted[i].tokens == base[i].tokens);  // the starts have their own stream
    for (int s : shifted[i].start) {
      CHECK(s >= 0);
      CHECK(s <= c.startOffset);
      seen.insert(s);
    }
  }
  CHECK(seen.size() > 15);  // 160 draws from 25 values
  CHECK(seen.count(0) == 1);
  CHECK(*seen.rbegin() == c.startOffset);
  // Learned: the table holds max(4L, startOffset + L) rows; at startOffset = 3L it is the 4L of before.
  c.encoding = Encoding::learned;
  CHECK(Model<double>(c).tensor("pos_emb")->rows == 32);  // 24 + 8 = 32 = 4L
  c.startOffset = 100;
  CHECK(Model<double>(c).tensor("pos_emb")->rows == 108);
  CHECK(Model<double>(quick(Encoding::learned)).tensor("pos_emb")->rows == 32);
  CHECK(Model<double>(c).pe_table.empty());
  c.encoding = Encoding::sinusoidal;
  CHECK(Model<double>(c).pe_table.size() == 108u * 32u);
}

TEST_CASE("startOffset changes the training of sinusoidal and learned, and nothing at all for rope, alibi, none") {
  for (int e = 0; e < kEncodingCount; ++e) {
    Config plain = quick(static_cast<Encoding>(e)), shifted = plain;
    shifted.startOffset = 24;
    const std::string a = to_json(run(plain)), b = to_json(run(shifted));
    INFO(encoding_name(plain.encoding));
    if (absolute_positions(plain)) {
      CHECK(without_offset(b, 24) != a);
      // The first batch's loss already differs: the positions it sees are not 0..L-1.
      Model<float> m(shifted);
      m.init(shifted.seed);
      Workspace<float> ws;
      Batch at0 = batches(shifted, 1)[0];
      const double shifted_loss = m.forward(at0, ws);
      for (int& s : at0.start) s = 0;
      CHECK(m.forward(at0, ws) != shifted_loss);
    } else {
      // ms is the wall time: compare everything else byte for byte.
      Result ra = run(plain), rb = run(shifted);
      ra.ms = rb.ms = 0;
      CHECK(without_offset(to_json(rb), 24) == to_json(ra));
    }
  }
}

TEST_CASE("copyLengths random: even lengths 4..L per batch, the copy rule at each; fixed: always L") {
  Config c = quick(Encoding::rope, Task::copy);
  c.trainLength = 12;
  c.copyLengths = CopyLengths::random;
  std::set<int> lengths;
  for (const Batch& b : batches(c, 60)) {
    lengths.insert(b.T);
    CHECK(b.T % 2 == 0);
    const int P = b.T / 2;
    for (int s = 0; s < b.n; ++s)
      for (int t = 0; t < b.T; ++t) {
        const size_t i = static_cast<size_t>(s * b.T + t);
        if (t >= P) CHECK(b.tokens[i] == b.tokens[i - static_cast<size_t>(P)]);
        const bool scored = t >= P - 1 && t + 1 < b.T;
        CHECK(b.targets[i] == (scored ? b.tokens[i + 1] : -1));
      }
  }
  CHECK(lengths == std::set<int>{4, 6, 8, 10, 12});
  c.copyLengths = CopyLengths::fixed;
  for (const Batch& b : batches(c, 10)) CHECK(b.T == 12);
  // Only copy has lengths to draw: lookback with copyLengths random is lookback as before.
  Config lb = quick(Encoding::rope);
  Config lbr = lb;
  lbr.copyLengths = CopyLengths::random;
  CHECK(batches(lb, 2)[1].tokens == batches(lbr, 2)[1].tokens);
}

TEST_CASE("lookbackK input: each sequence its own k in 1..k, targets x[t - k_s] from t >= k, k_emb in the model") {
  Config c = quick(Encoding::rope);
  c.k = 4;
  c.lookbackK = LookbackK::input;
  std::set<int> ks;
  for (const Batch& b : batches(c, 10))
    for (int s = 0; s < b.n; ++s) {
      const int k = b.kseq[static_cast<size_t>(s)];
      ks.insert(k);
      for (int t = 0; t < b.T; ++t) {
        const size_t i = static_cast<size_t>(s * b.T + t);
        CHECK(b.targets[i] == (t >= c.k ? b.tokens[i - static_cast<size_t>(k)] : -1));
      }
    }
  CHECK(ks == std::set<int>{1, 2, 3, 4});
  const Model<double> m(c);
  REQUIRE(m.tensor("k_emb") != nullptr);
  CHECK(m.tensor("k_emb")->rows == 4u);
  CHECK(m.tensors.back().name == "k_emb");  // last: the other tensors start as with k fixed
  Config fixed = c;
  fixed.lookbackK = LookbackK::fixed;
  CHECK(Model<double>(fixed).tensor("k_emb") == nullptr);
  for (const Batch& b : batches(fixed, 2)) CHECK(std::all_of(b.kseq.begin(), b.kseq.end(), [](int k) { return k == 4; }));
  // The model reads k: the same tokens with other ks give another loss.
  Model<float> mf(c);
  mf.init(c.seed);
  Workspace<float> ws;
  Batch b = batches(c, 1)[0];
  const double loss = mf.forward(b, ws);
  for (int& k : b.kseq) k = k % 4 + 1;
  CHECK(mf.forward(b, ws) != loss);
  // Evaluation sets draw their ks too, and the run reports the answer key per sequence.
  const Batch e = eval_set(c, 16, 16);
  CHECK(std::set<int>(e.kseq.begin(), e.kseq.end()).size() > 1);
  CHECK(validate(c).empty());
}

TEST_CASE("fair_setting: two layers for none and alibi, eight heads for alibi, every other encoding as given") {
  for (int e = 0; e < kEncodingCount; ++e) {
    Config c;
    c.encoding = static_cast<Encoding>(e);
    const FairSetting f = fair_setting(c);
    INFO(encoding_name(c.encoding));
    CHECK(validate(f.config).empty());
    std::string rest_before = config_json(c), rest_after = config_json(f.config);
    if (c.encoding == Encoding::none) {
      REQUIRE(f.changes.size() == 1);
      CHECK(f.changes[0].key == "layers");
      CHECK(f.config.layers == 2);
      CHECK(f.changes[0].reason.find("Kazemnejad") != std::string::npos);
    } else if (c.encoding == Encoding::alibi) {
      REQUIRE(f.changes.size() == 2);
      CHECK(f.config.layers == 2);
      CHECK(f.config.heads == 8);
      CHECK(f.config.dModel / f.config.heads == 4);  // dModel 32: an even head width
      CHECK(f.changes[1].reason.find("Press") != std::string::npos);
      CHECK(f.changes[1].from == 2);
      CHECK(f.changes[1].to == 8);
    } else {
      CHECK(f.changes.empty());
      CHECK(rest_after == rest_before);
      CHECK(fair_summary(f).empty());
    }
    // Only layers and heads ever change.
    Config back = f.config;
    back.layers = c.layers;
    back.heads = c.heads;
    CHECK(config_json(back) == config_json(c));
  }
  Config c;
  c.encoding = Encoding::alibi;
  c.layers = 2;
  c.heads = 8;
  CHECK(fair_setting(c).changes.empty());  // already fair: nothing to say
  c.dModel = 24;
  c.heads = 2;
  FairSetting f = fair_setting(c);  // 8 heads would be 3 wide: 6 (width 4) is the most that fit
  CHECK(f.config.heads == 6);
  CHECK(f.changes.back().reason.find("so 6 with dModel 24") != std::string::npos);
  CHECK(validate(f.config).empty());
  c.dModel = 8;
  CHECK(fair_setting(c).config.heads == 4);
  c.heads = 4;  // 4 is already the most dModel 8 allows: no change to heads
  c.layers = 1;
  CHECK(fair_setting(c).changes.size() == 1);
  CHECK(fair_summary(fair_setting(c)).rfind("layers 1 -> 2: ", 0) == 0);
  CHECK(with_fair("{\"a\":1}", fair_setting(c)).rfind("{\"a\":1,\"fair\":[{\"key\":\"layers\",\"from\":1,\"to\":2,", 0) == 0);
}
