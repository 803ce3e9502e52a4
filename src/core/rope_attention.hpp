// RoPE inside a model: where the rotation sits in an attention layer, and the two ways code pairs the
// dimensions. (rope.hpp has the rotation itself and the offset identity for one query and one key.)
//
// One attention layer l, head h, head width d_h (pairs i = 0 .. d_h/2 - 1, w_i = 1 / base^(2i/d_h): the
// frequencies come from the head width, not the model width):
//
//   q_m = x_m W_Q,  k_n = x_n W_K,  v_n = x_n W_V        x_m: the token's vector; no position is added to it
//   q'_m = R(m w) q_m,  k'_n = R(n w) k_n                 the rotation: queries and keys, every head, every layer
//   a_mn = softmax_n( q'_m . k'_n / sqrt(d_h) )           = softmax_n( q_m^T R((n - m) w) k_n / sqrt(d_h) )
//   o_m  = sum_n a_mn v_n                                 values are not turned
//   x_m <- x_m + [o_m of every head] W_O                  the residual stream, input of layer l + 1
//
// Shift every position by s: each a_mn keeps its value (it sees n - m only), so o_m and the stream keep
// theirs too, and layer l + 1 receives exactly what it received before: by induction no layer sees s.
// Turning the values as well, v'_n = R(n w) v_n, gives o_m(s) = R(s w) o_m(0) (the weights sum to 1 and
// R((n + s) w) = R(s w) R(n w)): the output, and every layer after it, would carry the absolute position.
// Layer norm and the MLP act on each token alone, see no position, and leave this argument as it is;
// the tiny model below leaves them out.
//
// Pairing layouts of the d_h dimensions of one head:
//   interleaved  pair i = (2i, 2i + 1)          the RoFormer paper, GPT-J
//   half         pair i = (i, i + d_h/2)        GPT-NeoX, the Hugging Face LLaMA code; written there as
//                x cos + rotate_half(x) sin, rotate_half(x) = (-x[d/2:], x[:d/2]), cos and sin of the
//                d/2 angles repeated twice
// They are the same rotation on a permuted basis: with P x = (x_0, x_2, ..., x_{d-2}, x_1, x_3, ..., x_{d-1}),
//   rope_half(P x) = P rope_interleaved(x),  so  (P q') . (P k') = q' . k'  and every score is unchanged,
// provided W_Q and W_K were permuted the same way. Vectors of one layout run through the other's rotation
// pair the wrong dimensions and give other scores, with no error raised.
//
// Arguments are assumed valid (even d >= 2, base > 1, see params.hpp; shapes as documented).
// All matrices are row-major std::vector<double>.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace pe {

enum class RopeLayout { interleaved, half };

// The two dimensions that pair `pair` turns together in a head of width d.
struct PairDims {
  int first;   // takes x cos - y sin
  int second;  // takes x sin + y cos
};
PairDims rope_pair_dims(int pair, int d, RopeLayout layout);

// out = x turned for position p in the given layout (interleaved is rope_rotate of rope.hpp; half is
// computed the rotate_half way). out may not alias x.
void rope_rotate_as(std::span<const double> x, double p, double base, RopeLayout layout, std::span<double> out);
// The turned q at position m dotted with the turned k at position n, both in `layout`.
double rope_score_as(std::span<const double> q, std::span<const double> k, double m, double n, double base,
                     RopeLayout layout);

// P of the header: out[j] = x[perm[j]] with perm = (0, 2, ..., d-2, 1, 3, ..., d-1) takes an interleaved
// vector to the half layout; half_to_interleaved is its inverse.
std::vector<int> interleaved_to_half(int d);
std::vector<int> half_to_interleaved(int d);
// out[j] = x[perm[j]].
std::vector<double> permute_dims(std::span<const double> x, std::span<const int> perm);

// A tiny attention stack with seeded random weights, for showing where RoPE acts.
struct RopeModelShape {
  int tokens = 6;
  int width = 16;  // model width; heads * head width
  int heads = 2;
  int layers = 2;
  int head_width() const { return width / heads; }
};
struct RopeModel {
  RopeModelShape shape;
  std::vector<double> embed;  // tokens x width: the token vectors (standard normal entries), no position in them
  struct Layer {
    // width x width each; head h uses columns h * d_h .. (h + 1) * d_h - 1 of W_Q, W_K, W_V and the same
    // rows of W_O. Entries N(0, 1/width), so q, k and v entries are about N(0, 1) for such inputs.
    std::vector<double> w_q, w_k, w_v, w_o;
  };
  std::vector<Layer> layers;
};
// The same model for the same (seed, shape) on every platform. shape.width must be a multiple of
// shape.heads with an even quotient.
RopeModel rope_model(std::uint64_t seed, RopeModelShape shape);

struct RopeRun {
  double base = 10000;
  RopeLayout layout = RopeLayout::interleaved;
  bool turn_values = false;  // also turn v_n by R(n w): what models do not do
  bool causal = false;       // a_mn = 0 for n > m (decoder models)
};

// What one layer computed.
struct RopeLayerTrace {
  std::vector<double> weights;  // heads x tokens x tokens: a_mn of head h at [(h * tokens + m) * tokens + n]
  std::vector<double> mixed;    // tokens x width: o_m of every head side by side (before W_O)
  std::vector<double> stream;   // tokens x width: the residual stream after the layer
};
// Runs every layer with token j at position positions[j] (positions.size() == shape.tokens).
std::vector<RopeLayerTrace> run_rope_model(const RopeModel& model, std::span<const double> positions, const RopeRun& run);

// The largest change, layer by layer, when every position moves by `shift`: the model run at positions
// shift + j against the same model at positions j (j = 0 .. tokens - 1).
struct ShiftEffect {
  std::vector<double> weights;  // per layer: max |a_mn(shift) - a_mn(0)| over heads, m, n
  std::vector<double> mixed;    // per layer: max change of an entry of o_m
  std::vector<double> stream;   // per layer: max change of an entry of the residual stream
};
ShiftEffect rope_shift_effect(const RopeModel& model, double shift, const RopeRun& run);

// The scale of rounding in the angles m w at positions up to |m| = max_position (w <= 1): a double
// angle is rounded to about |m w| * 2^-52, and cos and sin pass that error on. Differences well below
// a small multiple of this are rounding, not a dependence on the position.
double angle_rounding(double max_position);

}  // namespace pe
