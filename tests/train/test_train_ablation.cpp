// The PE ablations that remove information rather than a constant (train/evaluate.hpp: mean and shuffle)
// against identities and a hand-worked case:
//  - mean-replacing a dimension that is constant over positions changes nothing, bit for bit;
//  - shuffling with the identity permutation changes nothing, bit for bit;
//  - on a 3-row table the mean and a given permutation give the rows worked out by hand;
//  - the shuffle's permutation is a permutation, fixed by the seed, and not the identity;
//  - evaluate()'s figures are those of accuracy_on on the tables changed by these functions, and the JSON
//    writes them after the zeroing's fields, whose names and order stay as they were.
#include "catch2_any.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "train/evaluate.hpp"
#include "train/result.hpp"
#include "train/tasks.hpp"
#include "train/trainer.hpp"

using namespace train;

namespace {

Config sinusoidal() {
  Config c;
  c.encoding = Encoding::sinusoidal;
  c.steps = 40;
  return c;
}

Model<float> trained(const Config& c) {
  Trainer t(c);
  while (!t.done()) t.step();
  return t.model();
}

// Logits of every position of b, as a flat vector.
std::vector<float> logits(const Model<float>& m, const Batch& b) {
  Workspace<float> ws;
  m.forward(b, ws);
  const auto count = static_cast<std::ptrdiff_t>(b.n) * static_cast<std::ptrdiff_t>(b.T) * static_cast<std::ptrdiff_t>(m.V);
  return std::vector<float>(ws.logits.begin(), ws.logits.begin() + count);
}

}  // namespace

TEST_CASE("mean replacement of a dimension constant over positions, and the identity shuffle, change nothing") {
  const Config c = sinusoidal();
  Model<float> m = trained(c);
  const Batch b = eval_set(c, 8, c.trainLength);
  const size_t d = m.d, j = d - 1;  // the slowest cosine: make it exactly constant over the rows
  const size_t rows = m.pe_table.size() / d;
  for (size_t t = 0; t < rows; ++t) m.pe_table[t * d + j] = 0.75f;
  const std::vector<float> base = logits(m, b);

  Model<float> mean = m;
  pe_replace_mean(mean, j, j + 1, c.trainLength, c.trainLength);
  CHECK(mean.pe_table == m.pe_table);
  CHECK(logits(mean, b) == base);

  std::vector<int> id(static_cast<size_t>(c.trainLength));
  for (int t = 0; t < c.trainLength; ++t) id[static_cast<size_t>(t)] = t;
  Model<float> same = m;
  pe_shuffle(same, 0, d, id);
  CHECK(same.pe_table == m.pe_table);
  CHECK(logits(same, b) == base);

  // And a dimension that does vary is changed by both (the checks above can fail).
  Model<float> moved = m;
  pe_replace_mean(moved, 0, 1, c.trainLength, c.trainLength);
  CHECK(moved.pe_table != m.pe_table);
}

TEST_CASE("mean and shuffle on a 3-row table, by hand") {
  Config c = sinusoidal();
  c.dModel = 8;
  c.heads = 2;
  Model<float> m(c);
  // Columns 2 and 3 get rows (1, 2), (4, 8), (7, 14); column 0 is left alone.
  const float col2[3] = {1, 4, 7}, col3[3] = {2, 8, 14};
  for (size_t t = 0; t < 3; ++t) {
    m.pe_table[t * 8 + 2] = col2[t];
    m.pe_table[t * 8 + 3] = col3[t];
  }
  const std::vector<float> orig = m.pe_table;

  Model<float> mean = m;
  pe_replace_mean(mean, 2, 4, 3, 2);  // mean over rows 0, 1: (1 + 4)/2 = 2.5 and (2 + 8)/2 = 5
  for (size_t t = 0; t < 3; ++t) {
    CHECK(mean.pe_table[t * 8 + 2] == 2.5f);
    CHECK(mean.pe_table[t * 8 + 3] == 5.0f);
    CHECK(mean.pe_table[t * 8 + 0] == orig[t * 8 + 0]);
  }
  CHECK(mean.pe_table[3 * 8 + 2] == orig[3 * 8 + 2]);  // rows from `rows` on are left alone

  Model<float> sh = m;
  pe_shuffle(sh, 2, 4, {2, 0, 1});  // row 0 gets row 2, row 1 row 0, row 2 row 1
  const float want2[3] = {7, 1, 4}, want3[3] = {14, 2, 8};
  for (size_t t = 0; t < 3; ++t) {
    CHECK(sh.pe_table[t * 8 + 2] == want2[t]);
    CHECK(sh.pe_table[t * 8 + 3] == want3[t]);
    CHECK(sh.pe_table[t * 8 + 1] == orig[t * 8 + 1]);
  }
}

TEST_CASE("the shuffle's permutation: a permutation of 0..T-1, fixed by the seed, not the identity") {
  Config c = sinusoidal();
  for (int T : {16, 32, 128}) {
    std::vector<int> p = ablation_permutation(c, T);
    CHECK(p == ablation_permutation(c, T));
    int fixed = 0;
    for (int t = 0; t < T; ++t) fixed += p[static_cast<size_t>(t)] == t ? 1 : 0;
    CHECK(fixed < T / 2);
    std::sort(p.begin(), p.end());
    for (int t = 0; t < T; ++t) CHECK(p[static_cast<size_t>(t)] == t);
  }
  Config other = c;
  other.seed = 2;
  CHECK(ablation_permutation(other, 16) != ablation_permutation(c, 16));
}

TEST_CASE("evaluate's mean and shuffle figures are accuracy_on of the changed tables, written after the old fields") {
  Config c = sinusoidal();
  c.steps = 300;  // the default run, which learns lookback (below: what the fast quarter's loss needs)
  const Model<float> m = trained(c);
  const EvalOptions opt{16, true, false};
  const Evaluation e = evaluate(m, opt);
  const Ablation& a = e.ablation;
  REQUIRE(a.defined);
  CHECK(a.meanOver == c.trainLength);
  const size_t d = m.d, q = d / 4;
  Workspace<float> ws;
  const int L = c.trainLength;
  for (int si = 0; si < 2; ++si) {
    const int T = L << si;
    const Batch b = eval_set(c, opt.sequences, T);
    const std::vector<int> perm = ablation_permutation(c, T);
    for (int slow = 0; slow < 2; ++slow) {
      const size_t from = slow ? d - q : 0, to = slow ? d : q;
      Model<float> mean = m, sh = m;
      pe_replace_mean(mean, from, to, T, L);
      pe_shuffle(sh, from, to, perm);
      const double want_mean = accuracy_on(mean, b, ws).accuracy, want_sh = accuracy_on(sh, b, ws).accuracy;
      const double got_mean = si ? (slow ? a.meanSlow2L : a.meanFast2L) : (slow ? a.meanSlowL : a.meanFastL);
      const double got_sh =
          si ? (slow ? a.shuffleSlow2L : a.shuffleFast2L) : (slow ? a.shuffleSlowL : a.shuffleFastL);
      CHECK(got_mean == want_mean);
      CHECK(got_sh == want_sh);
    }
  }
  // Removing the fastest quarter's information costs accuracy on lookback, whichever way it is removed.
  CHECK(a.meanFastL < a.baseL - 0.1);
  CHECK(a.shuffleFastL < a.baseL - 0.1);

  // The JSON carries the new fields after the old ones.
  Result r;
  r.config = c;
  r.eval = e;
  const std::string j = to_json(r);
  CHECK(j.find("\"lostSlow\":") < j.find("\"meanFast\":"));
  for (const char* key : {"\"meanSlow\":", "\"shuffleFast\":", "\"shuffleSlow\":", "\"lostMeanFast\":",
                          "\"lostMeanSlow\":", "\"lostShuffleFast\":", "\"lostShuffleSlow\":", "\"meanOver\":16}"})
    CHECK(j.find(key) != std::string::npos);
}
