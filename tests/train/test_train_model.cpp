// The model's pieces against independent truths: the float path against the double path, the position
// tables against the core, causality, and the untouched rows of a learned table.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "core/alibi.hpp"
#include "core/encoding.hpp"
#include "grad_check.hpp"
#include "train/trainer.hpp"

using namespace train;
using namespace train_test;

TEST_CASE("float and double paths agree: loss to 1e-5 relative, gradients to 1e-4 of each tensor's largest") {
  for (int e = 0; e < kEncodingCount; ++e)
    for (int layers = 1; layers <= 2; ++layers) {
      Config c;
      c.encoding = static_cast<Encoding>(e);
      c.layers = layers;
      c.batch = 4;
      Model<float> mf(c);
      mf.init(3);
      Model<double> md(c);
      md.set_params(mf.params);
      const Batch b = batch_for<float>(c);
      Workspace<float> wf;
      Workspace<double> wd;
      const double lf = mf.forward_backward(b, wf), ld = md.forward_backward(b, wd);
      INFO(encoding_name(c.encoding) << " layers " << layers);
      CHECK(std::fabs(lf - ld) <= 1e-5 * std::fabs(ld));
      for (const TensorInfo& t : md.tensors) {
        double biggest = 0, diff = 0;
        for (size_t i = t.offset; i < t.offset + t.size(); ++i) {
          biggest = std::fmax(biggest, std::fabs(md.grads[i]));
          diff = std::fmax(diff, std::fabs(md.grads[i] - static_cast<double>(mf.grads[i])));
        }
        INFO(t.name << ": max diff " << diff << " of " << biggest);
        CHECK(diff <= 1e-4 * biggest + 1e-9);
      }
    }
}

TEST_CASE("position signals come from the core: PE table, embedding scale, ALiBi slopes, RoPE angles") {
  Config c;
  c.encoding = Encoding::sinusoidal;
  const Model<float> s(c);
  std::vector<double> want(static_cast<size_t>(4 * c.trainLength * c.dModel));
  pe::encoding_table(0.0, 4 * c.trainLength, c.dModel, 10000.0, want);
  for (size_t i = 0; i < want.size(); ++i) REQUIRE(s.pe_table[i] == static_cast<float>(want[i]));
  CHECK(s.escale == static_cast<float>(std::sqrt(32.0)));
  c.encoding = Encoding::alibi;
  c.heads = 4;
  const Model<float> a(c);
  const std::vector<double> sl = pe::alibi_slopes(4);
  for (size_t h = 0; h < 4; ++h) CHECK(a.slopes[h] == static_cast<float>(sl[h]));
  CHECK(a.escale == 1.0f);
  c.encoding = Encoding::rope;
  const Model<double> r(c);
  // dh = 8: pair 1 of position 5 turns by 5 / 10000^(2/8) = 0.5 rad.
  CHECK(r.rope_cos[5 * 4 + 1] == Approx(std::cos(0.5)).epsilon(1e-15));
  CHECK(r.rope_sin[5 * 4 + 1] == Approx(std::sin(0.5)).epsilon(1e-15));
}

TEST_CASE("causal: changing token t+1 leaves every output at positions <= t unchanged") {
  for (int e = 0; e < kEncodingCount; ++e) {
    Config c = tiny(static_cast<Encoding>(e), 2, 2);
    Model<double> m(c);
    m.init(1);
    Batch b = batch_for<double>(c);
    Workspace<double> ws;
    m.forward(b, ws);
    const std::vector<double> before = ws.logits;
    b.tokens[4] = (b.tokens[4] + 1) % c.vocab;  // sequence 0, position 4
    m.forward(b, ws);
    INFO(encoding_name(c.encoding));
    for (size_t i = 0; i < 4 * m.V; ++i) CHECK(ws.logits[i] == before[i]);
    bool changed = false;
    for (size_t i = 4 * m.V; i < 5 * m.V; ++i) changed = changed || ws.logits[i] != before[i];
    CHECK(changed);
  }
}

TEST_CASE("learned: rows of positions never trained (>= L) keep their initial values") {
  Config c;
  c.encoding = Encoding::learned;
  c.steps = 20;
  Model<float> fresh(c);
  fresh.init(c.seed);
  Trainer t(c);
  while (!t.done()) t.step();
  const TensorInfo* pos = t.model().tensor("pos_emb");
  REQUIRE(pos != nullptr);
  CHECK(pos->rows == static_cast<size_t>(4 * c.trainLength));
  const size_t L = static_cast<size_t>(c.trainLength), d = pos->cols;
  bool trained_moved = false;
  for (size_t i = 0; i < pos->size(); ++i) {
    const float now = t.model().params[pos->offset + i], was = fresh.params[pos->offset + i];
    if (i >= L * d)
      REQUIRE(now == was);
    else
      trained_moved = trained_moved || now != was;
  }
  CHECK(trained_moved);
}
