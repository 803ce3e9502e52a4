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

// The evaluation window (Model::forward's window): independent truths are the full mask itself, the
// identity attention of a one-key window, what a window lets reach a position (a receptive field), and
// the encodings that a one-key window reduces to the same model.
TEST_CASE("window >= T gives the full causal mask bit for bit, every encoding, float and double") {
  for (int e = 0; e < kEncodingCount; ++e) {
    Config c = tiny(static_cast<Encoding>(e), 2, 2);
    Model<float> m(c);
    m.init(5);
    const Batch b = batch_for<float>(c);
    Workspace<float> ws;
    const double full = m.forward(b, ws);
    const std::vector<float> logits = ws.logits, att = ws.layers[1].P;
    for (size_t w : {static_cast<size_t>(c.trainLength), static_cast<size_t>(c.trainLength) + 7}) {
      INFO(encoding_name(c.encoding) << " window " << w);
      CHECK(m.forward(b, ws, w) == full);
      CHECK(ws.logits == logits);
      CHECK(ws.layers[1].P == att);
    }
    // A window of T - 1 does change something (the last query loses key 0): the comparison can fail.
    m.forward(b, ws, static_cast<size_t>(c.trainLength) - 1);
    CHECK(ws.logits != logits);
  }
}

TEST_CASE("window 1: every query attends to itself only, so RoPE and ALiBi become NoPE") {
  // With one key the softmax weight is 1 on the query's own key (hand-checkable: the attention matrix is
  // the identity), and the two relative encodings lose their only handle: RoPE turns q_t and k_t by the
  // same angle (q.k unchanged), ALiBi's bias m (t - t) is 0. Same weights, so the logits must be the
  // NoPE model's (to rounding: RoPE's rotation is not exact in float).
  Config c = tiny(Encoding::none, 2, 2);
  Model<double> none(c);
  none.init(9);
  const Batch b = batch_for<double>(c);
  Workspace<double> ws;
  none.forward(b, ws, 1);
  const std::vector<double> want = ws.logits;
  for (size_t l = 0; l < 2; ++l)
    for (size_t s = 0; s < static_cast<size_t>(b.n); ++s)
      for (size_t h = 0; h < 2; ++h) {
        const double* P = ws.attention(l, s, h, 2);
        for (size_t t = 0; t < ws.len; ++t)
          for (size_t u = 0; u < ws.len; ++u) REQUIRE(P[t * ws.len + u] == (u == t ? 1.0 : 0.0));
      }
  for (Encoding e : {Encoding::rope, Encoding::alibi}) {
    c.encoding = e;
    Model<double> m(c);
    m.set_params(none.params);  // no parameter of their own: the same tensors
    REQUIRE(m.params.size() == none.params.size());
    m.forward(b, ws, 1);
    double diff = 0;
    for (size_t i = 0; i < want.size(); ++i) diff = std::fmax(diff, std::fabs(ws.logits[i] - want[i]));
    INFO(encoding_name(e) << ": max logit difference " << diff);
    CHECK(diff <= 1e-12);
    m.forward(b, ws);  // and without the window they differ: the test can tell
    diff = 0;
    for (size_t i = 0; i < want.size(); ++i) diff = std::fmax(diff, std::fabs(ws.logits[i] - want[i]));
    CHECK(diff > 1e-6);
  }
}

TEST_CASE("window w: with one layer, token s reaches only the outputs at s..s+w-1; two layers s..s+2w-2") {
  for (int e = 0; e < kEncodingCount; ++e)
    for (int layers = 1; layers <= 2; ++layers) {
      Config c = tiny(static_cast<Encoding>(e), layers, 2);
      c.trainLength = 12;
      Model<double> m(c);
      m.init(2);
      Batch b = batch_for<double>(c);
      const size_t w = 3, T = 12, s = 2, V = m.V;
      Workspace<double> ws;
      m.forward(b, ws, w);
      const std::vector<double> before = ws.logits;
      b.tokens[s] = (b.tokens[s] + 1) % c.vocab;  // sequence 0, position s
      m.forward(b, ws, w);
      const size_t reach = s + static_cast<size_t>(layers) * (w - 1);  // last position the change reaches
      INFO(encoding_name(c.encoding) << " layers " << layers);
      for (size_t t = 0; t < T; ++t) {
        bool same = true;
        for (size_t j = 0; j < V; ++j) same = same && ws.logits[t * V + j] == before[t * V + j];
        INFO("position " << t);
        CHECK(same == (t < s || t > reach));
      }
    }
}
