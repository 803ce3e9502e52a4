// RoPE inside attention: queries and keys turned in every layer, values never; the interleaved and the
// half-split layouts are one rotation on a permuted basis.
#include "catch2_any.hpp"

#include <cmath>
#include <vector>

#include "core/attention.hpp"
#include "core/frequency.hpp"
#include "core/mixing.hpp"
#include "core/rope.hpp"
#include "core/rope_attention.hpp"

using namespace pe;
using Catch::Matchers::WithinAbs;

namespace {

size_t at(int i) { return static_cast<size_t>(i); }

// Head h's slice (d_h entries) of row j of a tokens x width matrix.
std::vector<double> slice(const std::vector<double>& m, int j, int h, const RopeModelShape& sh) {
  const auto first = m.begin() + static_cast<std::ptrdiff_t>(j * sh.width + h * sh.head_width());
  return {first, first + sh.head_width()};
}

// The model with the columns of W_Q and W_K of every head permuted by `perm` (d_h entries): the weights
// a checkpoint converter writes when it moves a model from one pairing layout to the other.
RopeModel permute_query_key_columns(RopeModel m, const std::vector<int>& perm) {
  const int w = m.shape.width, dh = m.shape.head_width();
  for (RopeModel::Layer& layer : m.layers)
    for (std::vector<double>* a : {&layer.w_q, &layer.w_k}) {
      const std::vector<double> old = *a;
      for (int r = 0; r < w; ++r)
        for (int h = 0; h < m.shape.heads; ++h)
          for (int c = 0; c < dh; ++c) (*a)[at(r * w + h * dh + c)] = old[at(r * w + h * dh + perm[at(c)])];
    }
  return m;
}

std::vector<double> positions_from(double start, int tokens) {
  std::vector<double> p(at(tokens));
  for (int j = 0; j < tokens; ++j) p[at(j)] = start + j;
  return p;
}

}  // namespace

TEST_CASE("pairs of the two layouts, worked by hand for d = 8") {
  CHECK(rope_pair_dims(0, 8, RopeLayout::interleaved).first == 0);
  CHECK(rope_pair_dims(0, 8, RopeLayout::interleaved).second == 1);
  CHECK(rope_pair_dims(3, 8, RopeLayout::interleaved).first == 6);
  CHECK(rope_pair_dims(3, 8, RopeLayout::interleaved).second == 7);
  CHECK(rope_pair_dims(1, 8, RopeLayout::half).first == 1);
  CHECK(rope_pair_dims(1, 8, RopeLayout::half).second == 5);
  CHECK(interleaved_to_half(8) == std::vector<int>{0, 2, 4, 6, 1, 3, 5, 7});
  CHECK(half_to_interleaved(8) == std::vector<int>{0, 4, 1, 5, 2, 6, 3, 7});
  // Each is the other's inverse, exactly (a permutation moves values, it does no arithmetic).
  const std::vector<double> x = word_vector(3, 8);
  CHECK(permute_dims(permute_dims(x, interleaved_to_half(8)), half_to_interleaved(8)) == x);
}

TEST_CASE("the half layout, worked by hand: d = 4, base 100") {
  std::vector<double> out(4);
  // Pair 0 is dims (0, 2), w_0 = 1: (1, _, 0, _) at p = pi/2 turns to (0, _, 1, _).
  rope_rotate_as(std::vector<double>{1, 0, 0, 0}, kPi / 2, 100, RopeLayout::half, out);
  CHECK_THAT(out[0], WithinAbs(0.0, 1e-15));
  CHECK_THAT(out[1], WithinAbs(0.0, 1e-15));
  CHECK_THAT(out[2], WithinAbs(1.0, 1e-15));
  CHECK_THAT(out[3], WithinAbs(0.0, 1e-15));
  // Pair 1 is dims (1, 3), w_1 = 1/10: (x, y) = (2, 3) at p = 10 turns by 1 radian.
  rope_rotate_as(std::vector<double>{0, 2, 0, 3}, 10, 100, RopeLayout::half, out);
  CHECK_THAT(out[1], WithinAbs(2 * std::cos(1.0) - 3 * std::sin(1.0), 1e-15));
  CHECK_THAT(out[3], WithinAbs(2 * std::sin(1.0) + 3 * std::cos(1.0), 1e-15));
  CHECK_THAT(out[0], WithinAbs(0.0, 1e-15));
  // The interleaved layout is rope.hpp's rotation, unchanged.
  const std::vector<double> x = word_vector(4, 16);
  std::vector<double> a(16), b(16);
  rope_rotate_as(x, 123.5, 10000, RopeLayout::interleaved, a);
  rope_rotate(x, 123.5, 10000, b);
  CHECK(a == b);
}

// The rotate_half code and the pairwise code compute cos and sin of the same angles; the products differ
// at most in rounding of values about 1: 1e-14.
TEST_CASE("half layout of P x = P (interleaved layout of x): the same rotation on a permuted basis") {
  for (int d : {2, 4, 8, 64, 128})
    for (double base : {10000.0, 500000.0, 1.5})
      for (double p : {0.0, 1.0, -7.25, 4096.0, 1e6}) {
        INFO("d=" << d << " base=" << base << " p=" << p);
        const std::vector<double> x = word_vector(7, d);
        const std::vector<int> perm = interleaved_to_half(d);
        std::vector<double> turned(at(d)), turned_half(at(d));
        rope_rotate_as(x, p, base, RopeLayout::interleaved, turned);
        rope_rotate_as(permute_dims(x, perm), p, base, RopeLayout::half, turned_half);
        CHECK(max_abs_diff(turned_half, permute_dims(turned, perm)) <= 1e-14);
      }
}

TEST_CASE("both layouts keep each pair's length, so the whole vector's too") {
  const int d = 32;
  const std::vector<double> x = word_vector(9, d);
  std::vector<double> out(at(d));
  for (RopeLayout layout : {RopeLayout::interleaved, RopeLayout::half})
    for (double p : {0.5, 77.0, 1e5}) {
      rope_rotate_as(x, p, 10000, layout, out);
      for (int i = 0; i < d / 2; ++i) {
        const PairDims pd = rope_pair_dims(i, d, layout);
        INFO("p=" << p << " pair " << i);
        CHECK_THAT(std::hypot(out[at(pd.first)], out[at(pd.second)]), WithinAbs(std::hypot(x[at(pd.first)], x[at(pd.second)]), 1e-14));
      }
      CHECK_THAT(std::sqrt(dot(out, out)), WithinAbs(std::sqrt(dot(x, x)), 1e-13));
    }
}

TEST_CASE("scores: permuted vectors in the half layout score as the originals interleaved; unpermuted ones do not") {
  const int d = 8;
  const std::vector<double> q = word_vector(31, d), k = word_vector(32, d);
  const std::vector<int> perm = interleaved_to_half(d);
  const std::vector<double> pq = permute_dims(q, perm), pk = permute_dims(k, perm);
  double worst_mismatch = 0;
  for (double m : {0.0, 3.0, 100.0})
    for (double n : {0.0, 5.0, 41.0}) {
      INFO("m=" << m << " n=" << n);
      const double inter = rope_score_as(q, k, m, n, 10000, RopeLayout::interleaved);
      // Independent truth: the offset form of rope.hpp.
      CHECK_THAT(inter, WithinAbs(rope_relative_score(q, k, n - m, 10000), 1e-12));
      CHECK_THAT(rope_score_as(pq, pk, m, n, 10000, RopeLayout::half), WithinAbs(inter, 1e-12));
      // The half layout too sees the offset only.
      CHECK_THAT(rope_score_as(pq, pk, m + 1000, n + 1000, 10000, RopeLayout::half), WithinAbs(inter, 1e-11));
      worst_mismatch = std::max(worst_mismatch, std::fabs(rope_score_as(q, k, m, n, 10000, RopeLayout::half) - inter));
    }
  // Wrong pairs give wrong scores (no error is raised): by a lot for some offsets.
  CHECK(worst_mismatch > 0.1);
}

TEST_CASE("the tiny model: shapes, softmax rows, the causal mask, and the same model for the same seed") {
  const RopeModelShape sh{};
  const RopeModel model = rope_model(5, sh);
  CHECK(model.embed.size() == at(sh.tokens * sh.width));
  REQUIRE(model.layers.size() == at(sh.layers));
  CHECK(rope_model(5, sh).layers[1].w_o == model.layers[1].w_o);
  CHECK(rope_model(6, sh).layers[1].w_o != model.layers[1].w_o);
  for (bool causal : {false, true}) {
    RopeRun run;
    run.causal = causal;
    const auto traces = run_rope_model(model, positions_from(10, sh.tokens), run);
    REQUIRE(traces.size() == at(sh.layers));
    for (const RopeLayerTrace& tr : traces)
      for (int h = 0; h < sh.heads; ++h)
        for (int m = 0; m < sh.tokens; ++m) {
          double sum = 0;
          for (int n = 0; n < sh.tokens; ++n) {
            const double a = tr.weights[at((h * sh.tokens + m) * sh.tokens + n)];
            sum += a;
            if (causal && n > m) CHECK(a == 0.0);
          }
          CHECK_THAT(sum, WithinAbs(1.0, 1e-14));
        }
    // The causal mask leaves a query that may see every key as it was.
    if (causal) {
      const auto full = run_rope_model(model, positions_from(10, sh.tokens), RopeRun{});
      const int last = sh.tokens - 1;
      for (int n = 0; n < sh.tokens; ++n)
        CHECK_THAT(traces[0].weights[at(last * sh.tokens + n)], WithinAbs(full[0].weights[at(last * sh.tokens + n)], 1e-15));
    }
  }
}

// Independent truth: a_mn = softmax_n(q_m^T R((n - m) w) k_n / sqrt(d_h)) from the unturned q, k and
// rope.hpp's offset form, against the model's own turned-then-dotted weights. 1e-12: a handful of
// sums of products of values about 1.
TEST_CASE("layer 1 weights equal the softmax of q_m^T R((n - m) w) k_n / sqrt(d_h)") {
  const RopeModelShape sh{};
  const RopeModel model = rope_model(17, sh);
  const int t = sh.tokens, w = sh.width, dh = sh.head_width();
  const std::vector<double> q = matmul(model.embed, t, w, model.layers[0].w_q, w), k = matmul(model.embed, t, w, model.layers[0].w_k, w);
  for (double start : {0.0, 250.5, -40.0}) {
    const std::vector<double> pos = positions_from(start, t);
    const auto traces = run_rope_model(model, pos, RopeRun{});
    for (int h = 0; h < sh.heads; ++h)
      for (int m = 0; m < t; ++m) {
        std::vector<double> row(at(t));
        for (int n = 0; n < t; ++n)
          row[at(n)] = rope_relative_score(slice(q, m, h, sh), slice(k, n, h, sh), pos[at(n)] - pos[at(m)], 10000) /
                       std::sqrt(static_cast<double>(dh));
        softmax(row, row);
        for (int n = 0; n < t; ++n) {
          INFO("start=" << start << " head " << h << " m=" << m << " n=" << n);
          CHECK_THAT(traces[0].weights[at((h * t + m) * t + n)], WithinAbs(row[at(n)], 1e-12));
        }
      }
  }
}

TEST_CASE("shifting every position leaves every layer unchanged when only q and k are turned") {
  const RopeModel model = rope_model(23, RopeModelShape{});
  for (bool causal : {false, true})
    for (RopeLayout layout : {RopeLayout::interleaved, RopeLayout::half})
      for (double base : {10000.0, 500000.0, 1.0000001})
        for (double s : {1.0, -3.0, 37.5, 1000.0, 1e6, -1e9}) {
          RopeRun run;
          run.base = base, run.layout = layout, run.causal = causal;
          const ShiftEffect e = rope_shift_effect(model, s, run);
          // What is left is the rounding of angles as large as |s| w (2^-52 |s| each) passed through
          // two layers: measured at most 3 times that over eight seeds and these bases; allowed 30 times,
          // and 1e-12 where the angles are small.
          const double tol = 1e-12 + 30 * angle_rounding(std::fabs(s) + 6);
          INFO("causal=" << causal << " half=" << (layout == RopeLayout::half) << " base=" << base << " s=" << s);
          for (size_t l = 0; l < e.weights.size(); ++l) {
            CHECK(e.weights[l] <= tol);
            CHECK(e.mixed[l] <= tol);
            CHECK(e.stream[l] <= tol);
          }
        }
}

TEST_CASE("turned values: layer 1 output is turned by R(s w), and the next layer sees the shift") {
  const RopeModelShape sh{};
  const RopeModel model = rope_model(29, sh);
  RopeRun run;
  run.turn_values = true;
  for (double s : {1.0, 3.0, 37.5}) {
    INFO("s=" << s);
    const auto a = run_rope_model(model, positions_from(0, sh.tokens), run);
    const auto b = run_rope_model(model, positions_from(s, sh.tokens), run);
    // The weights of layer 1 do not look at v: unchanged.
    CHECK(max_abs_diff(a[0].weights, b[0].weights) <= 1e-13);
    // o_m(s) = R(s w) o_m(0) for every token and head: an identity, so the same length, another direction.
    std::vector<double> turned(at(sh.head_width()));
    for (int m = 0; m < sh.tokens; ++m)
      for (int h = 0; h < sh.heads; ++h) {
        const std::vector<double> o0 = slice(a[0].mixed, m, h, sh), os = slice(b[0].mixed, m, h, sh);
        rope_rotate(o0, s, run.base, turned);
        CHECK(max_abs_diff(os, turned) <= 1e-13);
        CHECK_THAT(std::sqrt(dot(os, os)), WithinAbs(std::sqrt(dot(o0, o0)), 1e-13));
      }
    const ShiftEffect e = rope_shift_effect(model, s, run);
    CHECK(e.weights[0] <= 1e-13);
    CHECK(e.mixed[0] > 0.01);   // the output moved with the absolute position
    CHECK(e.weights[1] > 1e-3);  // and layer 2 attends differently
  }
}

TEST_CASE("a model converted to the half layout (W_Q, W_K columns permuted per head) computes the same weights") {
  const RopeModelShape sh{};
  const RopeModel model = rope_model(41, sh);
  const RopeModel converted = permute_query_key_columns(model, interleaved_to_half(sh.head_width()));
  RopeRun half;
  half.layout = RopeLayout::half;
  for (double start : {0.0, 12.0, 5000.5}) {
    INFO("start=" << start);
    const auto a = run_rope_model(model, positions_from(start, sh.tokens), RopeRun{});
    const auto b = run_rope_model(converted, positions_from(start, sh.tokens), half);
    const auto wrong = run_rope_model(model, positions_from(start, sh.tokens), half);
    for (size_t l = 0; l < a.size(); ++l) {
      CHECK(max_abs_diff(a[l].weights, b[l].weights) <= 1e-12);
      CHECK(max_abs_diff(a[l].stream, b[l].stream) <= 1e-12);
    }
    // Unconverted weights in the other layout: other weights, and nothing fails.
    CHECK(max_abs_diff(a[0].weights, wrong[0].weights) > 1e-3);
  }
}

TEST_CASE("angle_rounding: 2^-52 per unit of position, never below 2^-52") {
  CHECK(angle_rounding(0) == std::ldexp(1.0, -52));
  CHECK(angle_rounding(-0.5) == std::ldexp(1.0, -52));
  CHECK(angle_rounding(1e6) == 1e6 * std::ldexp(1.0, -52));
  CHECK(angle_rounding(-1e9) == 1e9 * std::ldexp(1.0, -52));
}

// The half layout as the Hugging Face LLaMA code writes it, transcribed: cos and sin of the d/2 angles
// repeated twice (emb = cat(freqs, freqs)), rotate_half(x) = cat(-x[d/2:], x[:d/2]),
// out = x * cos + rotate_half(x) * sin. The same products in the same order: 1e-15 for entries about 1.
TEST_CASE("the half layout equals the rotate_half code, transcribed (d = 128, base 500000)") {
  const int d = 128, h = d / 2;
  const std::vector<double> x = word_vector(12, d);
  std::vector<double> got(at(d));
  for (double p : {0.0, 1.0, 4095.0, 131071.5}) {
    std::vector<double> cosv(at(d)), sinv(at(d)), rotated(at(d)), want(at(d));
    for (int j = 0; j < d; ++j) {
      const double angle = p * omega(j % h, d, 500000);
      cosv[at(j)] = std::cos(angle);
      sinv[at(j)] = std::sin(angle);
      rotated[at(j)] = j < h ? -x[at(j + h)] : x[at(j - h)];
    }
    for (int j = 0; j < d; ++j) want[at(j)] = x[at(j)] * cosv[at(j)] + rotated[at(j)] * sinv[at(j)];
    rope_rotate_as(x, p, 500000, RopeLayout::half, got);
    INFO("p=" << p);
    CHECK(max_abs_diff(got, want) <= 1e-15);
  }
}

// Scores at a LLaMA-like head (d = 128, base 500000) and long offsets: query and key permuted into the
// half layout score as the originals do interleaved (rounding of angles up to 1e5: 1e-9), the
// unpermuted ones do not. Worst mismatch measured 28.7 for these vectors (entries about 1, d = 128, so
// scores of about sqrt(128) = 11 each way): required above 1, far above rounding.
TEST_CASE("half-split and interleaved scores: equal after the permutation, unequal without it (d = 128)") {
  const int d = 128;
  const std::vector<double> q = word_vector(51, d), k = word_vector(52, d);
  const std::vector<int> perm = interleaved_to_half(d);
  const std::vector<double> pq = permute_dims(q, perm), pk = permute_dims(k, perm);
  double worst_mismatch = 0;
  for (double m : {0.0, 17.0, 4096.0, 100000.0})
    for (double n : {0.0, 1.0, 300.0, 32768.0}) {
      INFO("m=" << m << " n=" << n);
      const double inter = rope_score_as(q, k, m, n, 500000, RopeLayout::interleaved);
      CHECK_THAT(inter, WithinAbs(rope_relative_score(q, k, n - m, 500000), 1e-9));
      CHECK_THAT(rope_score_as(pq, pk, m, n, 500000, RopeLayout::half), WithinAbs(inter, 1e-9));
      // And back: half-layout vectors turned in the interleaved way after the inverse permutation.
      const std::vector<int> back = half_to_interleaved(d);
      CHECK_THAT(rope_score_as(permute_dims(pq, back), permute_dims(pk, back), m, n, 500000, RopeLayout::interleaved),
                 WithinAbs(inter, 1e-9));
      worst_mismatch = std::max(worst_mismatch, std::fabs(rope_score_as(q, k, m, n, 500000, RopeLayout::half) - inter));
    }
  CHECK(worst_mismatch > 1.0);
}
