// The model: a small decoder-only Transformer (pre-LayerNorm), templated on the scalar (float trains,
// double checks gradients). Every parameter lives in one flat vector `params` (tensors lists the named
// slices), its gradient in `grads`, so Adam, the gradient check and the dump tool walk one array.
//
//   x_t   = E[tok_t] * s + P_t             s = sqrt(dModel) for sinusoidal (Vaswani et al. 2017, 3.4), else 1
//                                          P_t = PE(t) from pe::encoding_table (base 10000) for sinusoidal,
//                                          a trained row of pos_emb for learned, 0 otherwise; t is the
//                                          absolute position start + i of the sequence's i-th token (start
//                                          0 but in training with startOffset). Tables hold Tmax =
//                                          max(4L, startOffset + L) rows (config.hpp position_capacity):
//                                          every row is trained or evaluated; pos_emb rows no window
//                                          reaches keep their initial values U(+-sqrt(3/d)) (with
//                                          startOffset 0 the rows L..4L-1, as before)
//          + k_emb[ks - 1]                 lookbackK input only: a trained vector per k (ks the sequence's)
//   per layer:
//   h     = LN1(x)                         LN(x) = (x - mean) / sqrt(var + 1e-5) * g + b
//   q,k,v = h Wq, h Wk, h Wv               per head (width dh = dModel / heads)
//   rope:   q_t, k_t <- R(t w) q_t, R(t w) k_t, pairs (2i, 2i+1) of each head, w_i = pe::omegas(dh, 10000)
//           (cos/sin taken from pe::rope_rotate of unit vectors); never v
//   a_ts  = q_t . k_s / sqrt(dh) + m_h (s - t)    for s <= t (causal); m_h = pe::alibi_slopes(H) for alibi, else 0
//           window W > 0 (evaluation only): keys t-W+1 <= s <= t alone, the others get weight 0, the same rule
//           for every encoding (so every offset a query meets is below W); W = 0 is the full causal mask
//   o_t   = sum_s softmax_s(a_ts) v_s;     x <- x + o Wo + bo
//   x     <- x + gelu(LN2(x) W1 + b1) W2 + b2      (width 4 dModel; gelu's tanh form)
//   logits = LNf(x) Wout + bout;           loss = mean over masked positions of -log softmax(logits)[target]
//
// Matrices are [in][out] row-major: y = x W runs its inner loop along a contiguous row of W. The backward
// pass is written out for every tensor (model.cpp) and checked by central differences (test_train_grad).
// Summation orders are fixed (no reassociation; the library builds with -ffp-contract=off), and float
// exp comes from detmath.hpp, so the same config gives the same bits natively and in wasm.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "config.hpp"
#include "tasks.hpp"

namespace train {

constexpr int kMlpRatio = 4;
constexpr double kLayerNormEps = 1e-5;
constexpr double kPositionBase = 10000.0;  // sinusoidal and rope frequencies

struct TensorInfo {
  std::string name;
  size_t offset, rows, cols;
  size_t size() const { return rows * cols; }
};

// Activations of one forward pass (kept for the backward pass and for the attention maps) and scratch.
// reserve() allocates; forward/backward at or below the reserved shape never do.
template <class S>
struct Workspace {
  size_t seqs = 0, len = 0;  // shape of the last pass
  struct Layer {
    std::vector<S> xin, h1, mu1, rs1, q, k, v, P, att, x1, h2, mu2, rs2, u, a, gd;  // gd = gelu'(u)
  };
  std::vector<S> x0;
  std::vector<Layer> layers;
  std::vector<S> xout, hf, muf, rsf, logits, probs;
  std::vector<S> dx, dh, dq, dk, dv, datt, du, dlogits, drow, wt;
  size_t cap_seqs = 0, cap_len = 0;
  // P of layer l, sequence s, head h: P[l][((s*H + h)*len + t)*len + u], zero for u > t.
  const S* attention(size_t layer, size_t seq, size_t head, size_t heads) const {
    return layers[layer].P.data() + (seq * heads + head) * len * len;
  }
};

template <class S>
class Model {
 public:
  explicit Model(const Config& c);  // shapes and position tables; parameters zero until init()
  void init(std::uint32_t seed);    // deterministic, from Stream::weights of the seed
  template <class U>
  void set_params(const std::vector<U>& p) {
    for (size_t i = 0; i < params.size(); ++i) params[i] = static_cast<S>(p[i]);
  }

  void reserve(Workspace<S>& ws, size_t seqs, size_t len) const;
  // Mean loss over the masked positions (0 if none); leaves activations, logits, probs, attention in ws.
  // window > 0: each query attends to its last `window` keys only (itself included); 0: all keys s <= t.
  // Training never sets it (forward_backward uses the full mask); window >= T gives the same bits as 0.
  double forward(const Batch& b, Workspace<S>& ws, size_t window = 0) const;
  // forward, then grads = d loss / d params (overwritten).
  double forward_backward(const Batch& b, Workspace<S>& ws);

  const TensorInfo* tensor(std::string_view name) const;
  size_t max_length() const { return Tmax; }

  Config cfg;
  size_t d, H, dh, F, V, nl, Tmax;
  S escale;
  std::vector<TensorInfo> tensors;
  std::vector<S> params, grads;
  std::vector<S> pe_table;  // [Tmax][d], sinusoidal only
  std::vector<S> pe_mask;   // [d]: 1 keeps a PE dimension, 0 removes it (ablation at evaluation)
  std::vector<S> rope_cos, rope_sin;  // [Tmax][dh/2], rope only
  std::vector<S> slopes;    // [H], alibi only (else zeros)

  struct LayerOffsets {
    size_t ln1_g, ln1_b, wq, wk, wv, wo, bo, ln2_g, ln2_b, w1, b1, w2, b2;
  };
  size_t o_tok = 0, o_pos = 0, o_kemb = 0, o_lnf_g = 0, o_lnf_b = 0, o_wout = 0, o_bout = 0;
  std::vector<LayerOffsets> lo;

 private:
  size_t add(const std::string& name, size_t rows, size_t cols);
};

extern template class Model<float>;
extern template class Model<double>;

}  // namespace train
