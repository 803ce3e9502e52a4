// The hand-written backward pass against central finite differences, in double, for every entry of every
// parameter tensor, every encoding, 1 and 2 layers, 1, 2 and 4 heads, and each task's mask.
// Tolerance: |analytic - numeric| <= 1e-6 max(|analytic|, |numeric|) + 1e-9, with step h = 1e-5
// (truncation ~h^2 f''' ~ 1e-10, rounding ~1e-16 / h ~ 1e-11: well inside).
#include "catch2_any.hpp"

#include <algorithm>

#include "grad_check.hpp"

using namespace train;
using namespace train_test;

namespace {

GradError check(const Config& c) {
  Model<double> m(c);
  m.init(c.seed);
  jitter(m, c.seed);
  const Batch b = batch_for<double>(c);
  Workspace<double> ws;
  m.forward_backward(b, ws);
  return check_gradients(m, b, m.grads);
}

}  // namespace

TEST_CASE("every gradient matches central differences: each encoding, 1-2 layers, 1/2/4 heads") {
  for (int e = 0; e < kEncodingCount; ++e)
    for (int layers = 1; layers <= 2; ++layers)
      for (int heads : {1, 2, 4}) {
        const Config c = tiny(static_cast<Encoding>(e), layers, heads);
        const GradError w = check(c);
        INFO(encoding_name(c.encoding) << " layers " << layers << " heads " << heads << ": worst " << w.tensor << "["
                                       << w.index << "] analytic " << w.analytic << " numeric " << w.numeric);
        CHECK(w.excess <= 0);
      }
}

TEST_CASE("gradients match for the first and copy tasks' masks too") {
  for (Task task : {Task::first, Task::copy})
    for (Encoding e : {Encoding::sinusoidal, Encoding::rope, Encoding::alibi}) {
      const Config c = tiny(e, 2, 2, task);
      const GradError w = check(c);
      INFO(task_name(task) << " " << encoding_name(e) << ": worst " << w.tensor << "[" << w.index << "]");
      CHECK(w.excess <= 0);
    }
}

TEST_CASE("the check catches a gradient that is off by 1e-5 relative in any single tensor") {
  // A check that could not fail would be worthless: corrupt one entry of each tensor in turn.
  const Config c = tiny(Encoding::learned, 2, 2);
  Model<double> m(c);
  m.init(c.seed);
  jitter(m, c.seed);
  const Batch b = batch_for<double>(c);
  Workspace<double> ws;
  m.forward_backward(b, ws);
  REQUIRE(check_gradients(m, b, m.grads).excess <= 0);
  for (const TensorInfo& t : m.tensors) {
    // The entry with the largest gradient (pos_emb rows beyond L have none, so pick a live one).
    size_t best = t.offset;
    for (size_t j = t.offset; j < t.offset + t.size(); ++j)
      if (std::fabs(m.grads[j]) > std::fabs(m.grads[best])) best = j;
    std::vector<double> wrong = m.grads;
    wrong[best] += 1e-5 * std::fabs(wrong[best]) + 1e-8;
    INFO(t.name);
    CHECK(check_gradients(m, b, wrong).excess > 0);
  }
}

TEST_CASE("gradients match with the fair-test options, and each option reaches the batch the check uses") {
  Workspace<double> ws;
  SECTION("startOffset: shifted absolute positions, sinusoidal and learned (its table grows to startOffset + L)") {
    for (Encoding e : {Encoding::sinusoidal, Encoding::learned}) {
      Config c = tiny(e, 2, 2);
      c.startOffset = 30;  // windows reach position 35, past the 4L = 24 rows of startOffset 0
      const Batch b = batch_for<double>(c);
      int far = 0;
      for (int s : b.start) far = std::max(far, s);
      REQUIRE(far + c.trainLength > 4 * c.trainLength);  // a window reaching rows past the evaluated 4L
      const GradError w = check(c);
      INFO(encoding_name(e) << ": worst " << w.tensor << "[" << w.index << "]");
      CHECK(w.excess <= 0);
      // Ignoring the starts would give another loss: the check above did test shifted positions.
      Model<double> m(c);
      m.init(c.seed);
      jitter(m, c.seed);
      Batch at0 = b;
      for (int& s : at0.start) s = 0;
      CHECK(std::fabs(m.forward(b, ws) - m.forward(at0, ws)) > 1e-6);
    }
  }
  SECTION("copyLengths random: a batch shorter than L") {
    Config c = tiny(Encoding::rope, 2, 2, Task::copy);
    c.copyLengths = CopyLengths::random;
    c.seed = 8;  // its first batch is drawn at length 4 (L = 6)
    const Batch b = batch_for<double>(c);
    REQUIRE(b.T < c.trainLength);
    for (Encoding e : {Encoding::sinusoidal, Encoding::learned, Encoding::alibi}) {
      c.encoding = e;
      const GradError w = check(c);
      INFO(encoding_name(e) << ": worst " << w.tensor << "[" << w.index << "]");
      CHECK(w.excess <= 0);
    }
  }
  SECTION("lookbackK input: per-sequence k and the k_emb rows") {
    for (Encoding e : {Encoding::none, Encoding::sinusoidal, Encoding::rope}) {
      Config c = tiny(e, 1, 2);
      c.lookbackK = LookbackK::input;
      c.k = 3;
      c.batch = 4;
      const Batch b = batch_for<double>(c);
      REQUIRE(*std::min_element(b.kseq.begin(), b.kseq.end()) != *std::max_element(b.kseq.begin(), b.kseq.end()));
      Model<double> m(c);
      REQUIRE(m.tensor("k_emb") != nullptr);
      const GradError w = check(c);
      INFO(encoding_name(e) << ": worst " << w.tensor << "[" << w.index << "]");
      CHECK(w.excess <= 0);
    }
  }
}
