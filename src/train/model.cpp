#include "model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/alibi.hpp"
#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/rope.hpp"
#include "detmath.hpp"
#include "rng.hpp"

namespace train {

namespace {

inline float exp_s(float x) { return det_exp(x); }
inline double exp_s(double x) { return std::exp(x); }
// tanh through exp so the float path stays platform-independent.
inline float tanh_s(float z) { return 1.0f - 2.0f / (det_exp(2.0f * z) + 1.0f); }
inline double tanh_s(double z) { return std::tanh(z); }

constexpr double kGeluC = 0.79788456080286535588;  // sqrt(2/pi)
constexpr double kGeluA = 0.044715;

template <class S>
inline S gelu(S u, S& deriv) {
  const S c = static_cast<S>(kGeluC), a = static_cast<S>(kGeluA);
  const S z = c * (u + a * u * u * u);
  const S th = tanh_s(z);
  deriv = S(0.5) * (S(1) + th) + S(0.5) * u * (S(1) - th * th) * c * (S(1) + S(3) * a * u * u);
  return S(0.5) * u * (S(1) + th);
}

// Y[N][out] = (accumulate ? Y : bias or 0) + X[N][in] W[in][out] (+ bias when not accumulating: added once).
template <class S>
void linear(const S* X, const S* W, const S* bias, S* Y, size_t N, size_t in, size_t out, bool accumulate) {
  for (size_t i = 0; i < N; ++i) {
    S* y = Y + i * out;
    if (!accumulate)
      for (size_t j = 0; j < out; ++j) y[j] = S(0);
    if (bias)
      for (size_t j = 0; j < out; ++j) y[j] += bias[j];
    const S* x = X + i * in;
    for (size_t kk = 0; kk < in; ++kk) {
      const S xk = x[kk];
      const S* w = W + kk * out;
      for (size_t j = 0; j < out; ++j) y[j] += xk * w[j];
    }
  }
}

// dW += X^T dY, db += sum_i dY, dX (= or +=) dY W^T (through wt, W transposed, so the inner loop is contiguous).
template <class S>
void linear_back(const S* X, const S* W, const S* dY, S* dX, bool accumulate, S* dW, S* db, size_t N, size_t in,
                 size_t out, S* wt) {
  for (size_t i = 0; i < N; ++i) {
    const S* x = X + i * in;
    const S* dy = dY + i * out;
    for (size_t kk = 0; kk < in; ++kk) {
      const S xk = x[kk];
      S* dw = dW + kk * out;
      for (size_t j = 0; j < out; ++j) dw[j] += xk * dy[j];
    }
    if (db)
      for (size_t j = 0; j < out; ++j) db[j] += dy[j];
  }
  if (!dX) return;
  for (size_t kk = 0; kk < in; ++kk)
    for (size_t j = 0; j < out; ++j) wt[j * in + kk] = W[kk * out + j];
  for (size_t i = 0; i < N; ++i) {
    S* dx = dX + i * in;
    if (!accumulate)
      for (size_t kk = 0; kk < in; ++kk) dx[kk] = S(0);
    const S* dy = dY + i * out;
    for (size_t j = 0; j < out; ++j) {
      const S g = dy[j];
      const S* w = wt + j * in;
      for (size_t kk = 0; kk < in; ++kk) dx[kk] += g * w[kk];
    }
  }
}

template <class S>
void layernorm(const S* X, const S* g, const S* b, S* Y, S* mu, S* rs, size_t N, size_t d) {
  const S inv_d = S(1) / static_cast<S>(d);
  for (size_t i = 0; i < N; ++i) {
    const S* x = X + i * d;
    S m = S(0);
    for (size_t j = 0; j < d; ++j) m += x[j];
    m *= inv_d;
    S var = S(0);
    for (size_t j = 0; j < d; ++j) var += (x[j] - m) * (x[j] - m);
    var *= inv_d;
    const S r = S(1) / std::sqrt(var + static_cast<S>(kLayerNormEps));
    mu[i] = m;
    rs[i] = r;
    S* y = Y + i * d;
    for (size_t j = 0; j < d; ++j) y[j] = (x[j] - m) * r * g[j] + b[j];
  }
}

// dX (+)= rs (dxhat - mean(dxhat) - xhat mean(dxhat xhat)), dxhat = dY g; dg += dY xhat; db += dY.
template <class S>
void layernorm_back(const S* X, const S* mu, const S* rs, const S* g, const S* dY, S* dX, bool accumulate, S* dg,
                    S* db, size_t N, size_t d) {
  const S inv_d = S(1) / static_cast<S>(d);
  for (size_t i = 0; i < N; ++i) {
    const S* x = X + i * d;
    const S* dy = dY + i * d;
    S* dx = dX + i * d;
    S m1 = S(0), m2 = S(0);
    for (size_t j = 0; j < d; ++j) {
      const S xhat = (x[j] - mu[i]) * rs[i];
      const S dxhat = dy[j] * g[j];
      dg[j] += dy[j] * xhat;
      db[j] += dy[j];
      m1 += dxhat;
      m2 += dxhat * xhat;
    }
    m1 *= inv_d;
    m2 *= inv_d;
    for (size_t j = 0; j < d; ++j) {
      const S xhat = (x[j] - mu[i]) * rs[i];
      const S v = rs[i] * (dy[j] * g[j] - m1 - xhat * m2);
      dx[j] = accumulate ? dx[j] + v : v;
    }
  }
}

// Pairs (2i, 2i+1) of every head of every row turned by +t w_i (sign +1) or back by -t w_i (sign -1).
template <class S>
void rope_apply(S* X, size_t seqs, size_t len, size_t d, size_t dh, const S* cs, const S* sn, bool inverse) {
  const size_t half = dh / 2;
  for (size_t s = 0; s < seqs; ++s)
    for (size_t t = 0; t < len; ++t) {
      S* x = X + (s * len + t) * d;
      const S* c = cs + t * half;
      const S* sv = sn + t * half;
      for (size_t h0 = 0; h0 < d; h0 += dh)
        for (size_t i = 0; i < half; ++i) {
          const S x0 = x[h0 + 2 * i], x1 = x[h0 + 2 * i + 1];
          const S si = inverse ? -sv[i] : sv[i];
          x[h0 + 2 * i] = x0 * c[i] - x1 * si;
          x[h0 + 2 * i + 1] = x0 * si + x1 * c[i];
        }
    }
}

}  // namespace

template <class S>
size_t Model<S>::add(const std::string& name, size_t rows, size_t cols) {
  const size_t off = tensors.empty() ? 0 : tensors.back().offset + tensors.back().size();
  tensors.push_back({name, off, rows, cols});
  return off;
}

template <class S>
Model<S>::Model(const Config& c) : cfg(c) {
  d = static_cast<size_t>(c.dModel);
  H = static_cast<size_t>(c.heads);
  dh = d / H;
  F = d * kMlpRatio;
  V = static_cast<size_t>(c.vocab);
  nl = static_cast<size_t>(c.layers);
  Tmax = static_cast<size_t>(position_capacity(c));  // 4L, or startOffset + L when that is more
  escale = c.encoding == Encoding::sinusoidal ? static_cast<S>(std::sqrt(static_cast<double>(d))) : S(1);

  o_tok = add("tok_emb", V, d);
  if (c.encoding == Encoding::learned) o_pos = add("pos_emb", Tmax, d);
  for (size_t l = 0; l < nl; ++l) {
    // Names built by append: GCC 12's -O3 warns falsely (-Wrestrict) about "l" + to_string(l) + ".".
    std::string p = "l";
    p.append(std::to_string(l)).append(".");
    LayerOffsets o{};
    o.ln1_g = add(std::string(p).append("ln1_g"), 1, d);
    o.ln1_b = add(std::string(p).append("ln1_b"), 1, d);
    o.wq = add(std::string(p).append("wq"), d, d);
    o.wk = add(std::string(p).append("wk"), d, d);
    o.wv = add(std::string(p).append("wv"), d, d);
    o.wo = add(std::string(p).append("wo"), d, d);
    o.bo = add(std::string(p).append("bo"), 1, d);
    o.ln2_g = add(std::string(p).append("ln2_g"), 1, d);
    o.ln2_b = add(std::string(p).append("ln2_b"), 1, d);
    o.w1 = add(std::string(p).append("w1"), d, F);
    o.b1 = add(std::string(p).append("b1"), 1, F);
    o.w2 = add(std::string(p).append("w2"), F, d);
    o.b2 = add(std::string(p).append("b2"), 1, d);
    lo.push_back(o);
  }
  o_lnf_g = add("lnf_g", 1, d);
  o_lnf_b = add("lnf_b", 1, d);
  o_wout = add("wout", d, V);
  o_bout = add("bout", 1, V);
  // Last, so that every other tensor draws the same initial values as with k fixed.
  if (k_in_input(c)) o_kemb = add("k_emb", static_cast<size_t>(c.k), d);
  params.assign(tensors.back().offset + tensors.back().size(), S(0));
  grads.assign(params.size(), S(0));

  pe_mask.assign(d, S(1));
  slopes.assign(H, S(0));
  if (c.encoding == Encoding::sinusoidal) {
    std::vector<double> tab(Tmax * d);
    pe::encoding_table(0.0, static_cast<int>(Tmax), static_cast<int>(d), kPositionBase, tab);
    pe_table.assign(tab.size(), S(0));
    for (size_t i = 0; i < tab.size(); ++i) pe_table[i] = static_cast<S>(tab[i]);
  }
  if (c.encoding == Encoding::rope) {
    // cos and sin of t w_i read off the core's rotation of the unit vector (1, 0) in every pair.
    const size_t half = dh / 2;
    rope_cos.assign(Tmax * half, S(0));
    rope_sin.assign(Tmax * half, S(0));
    std::vector<double> unit(dh, 0.0), rot(dh);
    for (size_t i = 0; i < half; ++i) unit[2 * i] = 1.0;
    for (size_t t = 0; t < Tmax; ++t) {
      pe::rope_rotate(unit, static_cast<double>(t), kPositionBase, rot);
      for (size_t i = 0; i < half; ++i) {
        rope_cos[t * half + i] = static_cast<S>(rot[2 * i]);
        rope_sin[t * half + i] = static_cast<S>(rot[2 * i + 1]);
      }
    }
  }
  if (c.encoding == Encoding::alibi) {
    const std::vector<double> sl = pe::alibi_slopes(static_cast<int>(H));
    for (size_t h = 0; h < H; ++h) slopes[h] = static_cast<S>(sl[h]);
  }
}

template <class S>
void Model<S>::init(std::uint32_t seed) {
  Rng rng(seed, static_cast<std::uint64_t>(Stream::weights));
  for (const TensorInfo& t : tensors) {
    const std::string_view n = std::string_view(t.name).substr(t.name.find('.') + 1);
    S* p = params.data() + t.offset;
    double a = 0.0;  // half-width of the uniform; 0: constant
    double constant = 0.0;
    if (n == "tok_emb" || n == "pos_emb" || n == "k_emb")
      a = std::sqrt(3.0 / static_cast<double>(d));  // standard deviation 1/sqrt(d)
    else if (n == "ln1_g" || n == "ln2_g" || n == "lnf_g")
      constant = 1.0;
    else if (t.rows > 1)
      a = 1.0 / std::sqrt(static_cast<double>(t.rows));  // matrices: U(-1/sqrt(in), 1/sqrt(in)), as torch
    for (size_t i = 0; i < t.size(); ++i) p[i] = static_cast<S>(a > 0 ? rng.symmetric(a) : constant);
  }
}

template <class S>
const TensorInfo* Model<S>::tensor(std::string_view name) const {
  for (const TensorInfo& t : tensors)
    if (t.name == name) return &t;
  return nullptr;
}

template <class S>
void Model<S>::reserve(Workspace<S>& ws, size_t seqs, size_t len) const {
  if (seqs <= ws.cap_seqs && len <= ws.cap_len && ws.layers.size() == nl) return;
  const size_t N = seqs * len;
  ws.cap_seqs = seqs;
  ws.cap_len = len;
  ws.layers.resize(nl);
  ws.x0.assign(N * d, S(0));
  for (auto& L : ws.layers) {
    for (auto* v : {&L.xin, &L.h1, &L.q, &L.k, &L.v, &L.att, &L.x1, &L.h2}) v->assign(N * d, S(0));
    for (auto* v : {&L.mu1, &L.rs1, &L.mu2, &L.rs2}) v->assign(N, S(0));
    L.u.assign(N * F, S(0));
    L.a.assign(N * F, S(0));
    L.gd.assign(N * F, S(0));
    L.P.assign(seqs * H * len * len, S(0));
  }
  ws.xout.assign(N * d, S(0));
  ws.hf.assign(N * d, S(0));
  ws.muf.assign(N, S(0));
  ws.rsf.assign(N, S(0));
  ws.logits.assign(N * V, S(0));
  ws.probs.assign(N * V, S(0));
  for (auto* v : {&ws.dx, &ws.dh, &ws.dq, &ws.dk, &ws.dv, &ws.datt}) v->assign(N * d, S(0));
  ws.du.assign(N * F, S(0));
  ws.dlogits.assign(N * V, S(0));
  ws.drow.assign(len, S(0));
  ws.wt.assign(std::max({d * d, d * F, d * V}), S(0));
}

template <class S>
double Model<S>::forward(const Batch& b, Workspace<S>& ws, size_t window) const {
  const size_t seqs = static_cast<size_t>(b.n), len = static_cast<size_t>(b.T), N = seqs * len;
  reserve(ws, seqs, len);
  ws.seqs = seqs;
  ws.len = len;
  const S* P = params.data();

  // Embedding and the additive position vector.
  const bool kin = k_in_input(cfg);
  for (size_t i = 0; i < N; ++i) {
    const size_t t = static_cast<size_t>(b.start[i / len]) + i % len;  // the absolute position
    const S* e = P + o_tok + static_cast<size_t>(b.tokens[i]) * d;
    S* x = ws.x0.data() + i * d;
    for (size_t j = 0; j < d; ++j) x[j] = e[j] * escale;
    if (cfg.encoding == Encoding::sinusoidal)
      for (size_t j = 0; j < d; ++j) x[j] += pe_table[t * d + j] * pe_mask[j];
    else if (cfg.encoding == Encoding::learned)
      for (size_t j = 0; j < d; ++j) x[j] += P[o_pos + t * d + j];
    if (kin) {
      const S* kv = P + o_kemb + static_cast<size_t>(b.kseq[i / len] - 1) * d;
      for (size_t j = 0; j < d; ++j) x[j] += kv[j];
    }
  }

  const S scale = S(1) / std::sqrt(static_cast<S>(dh));
  const S* cur = ws.x0.data();
  for (size_t l = 0; l < nl; ++l) {
    auto& L = ws.layers[l];
    const LayerOffsets& o = lo[l];
    for (size_t i = 0; i < N * d; ++i) L.xin[i] = cur[i];
    layernorm(L.xin.data(), P + o.ln1_g, P + o.ln1_b, L.h1.data(), L.mu1.data(), L.rs1.data(), N, d);
    linear(L.h1.data(), P + o.wq, static_cast<const S*>(nullptr), L.q.data(), N, d, d, false);
    linear(L.h1.data(), P + o.wk, static_cast<const S*>(nullptr), L.k.data(), N, d, d, false);
    linear(L.h1.data(), P + o.wv, static_cast<const S*>(nullptr), L.v.data(), N, d, d, false);
    if (cfg.encoding == Encoding::rope) {
      rope_apply(L.q.data(), seqs, len, d, dh, rope_cos.data(), rope_sin.data(), false);
      rope_apply(L.k.data(), seqs, len, d, dh, rope_cos.data(), rope_sin.data(), false);
    }
    // Causal attention, one (sequence, head) at a time.
    for (size_t s = 0; s < seqs; ++s)
      for (size_t h = 0; h < H; ++h) {
        const S slope = slopes[h];
        S* Pm = L.P.data() + (s * H + h) * len * len;
        for (size_t t = 0; t < len; ++t) {
          const S* q = L.q.data() + (s * len + t) * d + h * dh;
          S* row = Pm + t * len;
          // First key seen: 0 under the full causal mask, t - window + 1 under a window.
          const size_t u0 = (window > 0 && t + 1 > window) ? t + 1 - window : 0;
          for (size_t u = 0; u < u0; ++u) row[u] = S(0);
          S m = -std::numeric_limits<S>::infinity();
          for (size_t u = u0; u <= t; ++u) {
            const S* k = L.k.data() + (s * len + u) * d + h * dh;
            S dot = S(0);
            for (size_t j = 0; j < dh; ++j) dot += q[j] * k[j];
            const S sc = dot * scale + slope * (static_cast<S>(u) - static_cast<S>(t));
            row[u] = sc;
            if (sc > m) m = sc;
          }
          S sum = S(0);
          for (size_t u = u0; u <= t; ++u) {
            row[u] = exp_s(row[u] - m);
            sum += row[u];
          }
          const S inv = S(1) / sum;
          for (size_t u = u0; u <= t; ++u) row[u] *= inv;
          for (size_t u = t + 1; u < len; ++u) row[u] = S(0);
          S* out = L.att.data() + (s * len + t) * d + h * dh;
          for (size_t j = 0; j < dh; ++j) out[j] = S(0);
          for (size_t u = u0; u <= t; ++u) {
            const S p = row[u];
            const S* v = L.v.data() + (s * len + u) * d + h * dh;
            for (size_t j = 0; j < dh; ++j) out[j] += p * v[j];
          }
        }
      }
    for (size_t i = 0; i < N * d; ++i) L.x1[i] = L.xin[i];
    linear(L.att.data(), P + o.wo, P + o.bo, L.x1.data(), N, d, d, true);
    layernorm(L.x1.data(), P + o.ln2_g, P + o.ln2_b, L.h2.data(), L.mu2.data(), L.rs2.data(), N, d);
    linear(L.h2.data(), P + o.w1, P + o.b1, L.u.data(), N, d, F, false);
    for (size_t i = 0; i < N * F; ++i) L.a[i] = gelu(L.u[i], L.gd[i]);
    S* next = (l + 1 < nl) ? ws.layers[l + 1].xin.data() : ws.xout.data();
    for (size_t i = 0; i < N * d; ++i) next[i] = L.x1[i];
    linear(L.a.data(), P + o.w2, P + o.b2, next, N, F, d, true);
    cur = next;
  }
  if (nl == 0) return 0.0;
  layernorm(ws.xout.data(), P + o_lnf_g, P + o_lnf_b, ws.hf.data(), ws.muf.data(), ws.rsf.data(), N, d);
  linear(ws.hf.data(), P + o_wout, P + o_bout, ws.logits.data(), N, d, V, false);

  double loss = 0.0;
  for (size_t i = 0; i < N; ++i) {
    const S* z = ws.logits.data() + i * V;
    S* p = ws.probs.data() + i * V;
    S m = z[0];
    for (size_t j = 1; j < V; ++j)
      if (z[j] > m) m = z[j];
    S sum = S(0);
    for (size_t j = 0; j < V; ++j) {
      p[j] = exp_s(z[j] - m);
      sum += p[j];
    }
    const S inv = S(1) / sum;
    for (size_t j = 0; j < V; ++j) p[j] *= inv;
    if (b.mask[i]) {
      const size_t y = static_cast<size_t>(b.targets[i]);
      loss += det_log(static_cast<double>(sum)) - static_cast<double>(z[y] - m);
    }
  }
  return b.masked > 0 ? loss / b.masked : 0.0;
}

template <class S>
double Model<S>::forward_backward(const Batch& b, Workspace<S>& ws) {
  const double loss = forward(b, ws);
  const size_t seqs = ws.seqs, len = ws.len, N = seqs * len;
  for (S& g : grads) g = S(0);
  S* G = grads.data();
  const S* P = params.data();
  if (b.masked == 0) return loss;

  const S invM = S(1) / static_cast<S>(b.masked);
  for (size_t i = 0; i < N; ++i) {
    S* dz = ws.dlogits.data() + i * V;
    const S* p = ws.probs.data() + i * V;
    if (!b.mask[i]) {
      for (size_t j = 0; j < V; ++j) dz[j] = S(0);
      continue;
    }
    for (size_t j = 0; j < V; ++j) dz[j] = p[j] * invM;
    dz[static_cast<size_t>(b.targets[i])] -= invM;
  }
  linear_back(ws.hf.data(), P + o_wout, ws.dlogits.data(), ws.dh.data(), false, G + o_wout, G + o_bout, N, d, V,
              ws.wt.data());
  layernorm_back(ws.xout.data(), ws.muf.data(), ws.rsf.data(), P + o_lnf_g, ws.dh.data(), ws.dx.data(), false,
                 G + o_lnf_g, G + o_lnf_b, N, d);

  const S scale = S(1) / std::sqrt(static_cast<S>(dh));
  for (size_t li = nl; li-- > 0;) {
    auto& L = ws.layers[li];
    const LayerOffsets& o = lo[li];
    // ws.dx holds d(layer output). MLP branch: out = x1 + gelu(h2 W1 + b1) W2 + b2.
    linear_back(L.a.data(), P + o.w2, ws.dx.data(), ws.du.data(), false, G + o.w2, G + o.b2, N, F, d, ws.wt.data());
    for (size_t i = 0; i < N * F; ++i) ws.du[i] *= L.gd[i];
    linear_back(L.h2.data(), P + o.w1, ws.du.data(), ws.dh.data(), false, G + o.w1, G + o.b1, N, d, F, ws.wt.data());
    layernorm_back(L.x1.data(), L.mu2.data(), L.rs2.data(), P + o.ln2_g, ws.dh.data(), ws.dx.data(), true,
                   G + o.ln2_g, G + o.ln2_b, N, d);
    // ws.dx = d x1. Attention branch: x1 = xin + att Wo + bo.
    linear_back(L.att.data(), P + o.wo, ws.dx.data(), ws.datt.data(), false, G + o.wo, G + o.bo, N, d, d,
                ws.wt.data());
    for (size_t i = 0; i < N * d; ++i) ws.dq[i] = ws.dk[i] = ws.dv[i] = S(0);
    S* dP = ws.drow.data();
    for (size_t s = 0; s < seqs; ++s)
      for (size_t h = 0; h < H; ++h) {
        const S* Pm = L.P.data() + (s * H + h) * len * len;
        for (size_t t = 0; t < len; ++t) {
          const S* row = Pm + t * len;
          const S* dout = ws.datt.data() + (s * len + t) * d + h * dh;
          S dotsum = S(0);
          for (size_t u = 0; u <= t; ++u) {
            const S* v = L.v.data() + (s * len + u) * d + h * dh;
            S* dv = ws.dv.data() + (s * len + u) * d + h * dh;
            S acc = S(0);
            for (size_t j = 0; j < dh; ++j) acc += dout[j] * v[j];
            dP[u] = acc;
            for (size_t j = 0; j < dh; ++j) dv[j] += row[u] * dout[j];
            dotsum += row[u] * acc;
          }
          const S* q = L.q.data() + (s * len + t) * d + h * dh;
          S* dq = ws.dq.data() + (s * len + t) * d + h * dh;
          for (size_t u = 0; u <= t; ++u) {
            const S ds = row[u] * (dP[u] - dotsum) * scale;
            const S* k = L.k.data() + (s * len + u) * d + h * dh;
            S* dk = ws.dk.data() + (s * len + u) * d + h * dh;
            for (size_t j = 0; j < dh; ++j) {
              dq[j] += ds * k[j];
              dk[j] += ds * q[j];
            }
          }
        }
      }
    if (cfg.encoding == Encoding::rope) {
      rope_apply(ws.dq.data(), seqs, len, d, dh, rope_cos.data(), rope_sin.data(), true);
      rope_apply(ws.dk.data(), seqs, len, d, dh, rope_cos.data(), rope_sin.data(), true);
    }
    linear_back(L.h1.data(), P + o.wq, ws.dq.data(), ws.dh.data(), false, G + o.wq, static_cast<S*>(nullptr), N, d,
                d, ws.wt.data());
    linear_back(L.h1.data(), P + o.wk, ws.dk.data(), ws.dh.data(), true, G + o.wk, static_cast<S*>(nullptr), N, d,
                d, ws.wt.data());
    linear_back(L.h1.data(), P + o.wv, ws.dv.data(), ws.dh.data(), true, G + o.wv, static_cast<S*>(nullptr), N, d,
                d, ws.wt.data());
    layernorm_back(L.xin.data(), L.mu1.data(), L.rs1.data(), P + o.ln1_g, ws.dh.data(), ws.dx.data(), true,
                   G + o.ln1_g, G + o.ln1_b, N, d);
  }
  // ws.dx = d x0.
  const bool kin = k_in_input(cfg);
  for (size_t i = 0; i < N; ++i) {
    const size_t t = static_cast<size_t>(b.start[i / len]) + i % len;
    const S* dx = ws.dx.data() + i * d;
    S* de = G + o_tok + static_cast<size_t>(b.tokens[i]) * d;
    for (size_t j = 0; j < d; ++j) de[j] += dx[j] * escale;
    if (cfg.encoding == Encoding::learned)
      for (size_t j = 0; j < d; ++j) G[o_pos + t * d + j] += dx[j];
    if (kin) {
      S* dk = G + o_kemb + static_cast<size_t>(b.kseq[i / len] - 1) * d;
      for (size_t j = 0; j < d; ++j) dk[j] += dx[j];
    }
  }
  return loss;
}

template class Model<float>;
template class Model<double>;

}  // namespace train
