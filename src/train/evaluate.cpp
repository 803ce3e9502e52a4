#include "evaluate.hpp"

#include <algorithm>
#include <cmath>

#include "chance_reference.hpp"
#include "order_blind.hpp"
#include "rng.hpp"
#include "rotation_commutant.hpp"
#include "tasks.hpp"

namespace train {

namespace {

Batch slice(const Batch& b, int first, int count) {
  Batch s;
  s.resize(count, b.T);
  const size_t T = static_cast<size_t>(b.T), o = static_cast<size_t>(first) * T;
  s.masked = 0;
  for (size_t i = 0; i < static_cast<size_t>(count) * T; ++i) {
    s.tokens[i] = b.tokens[o + i];
    s.targets[i] = b.targets[o + i];
    s.mask[i] = b.mask[o + i];
    s.masked += s.mask[i];
  }
  for (int i = 0; i < count; ++i) {
    s.start[static_cast<size_t>(i)] = b.start[static_cast<size_t>(first + i)];
    s.kseq[static_cast<size_t>(i)] = b.kseq[static_cast<size_t>(first + i)];
  }
  return s;
}

// Sequences per forward pass, so that the attention weights stay below ~4M floats.
int chunk_for(const Model<float>& m, int T) {
  const size_t per = std::max<size_t>(1, m.nl * m.H * static_cast<size_t>(T) * static_cast<size_t>(T));
  return static_cast<int>(std::max<size_t>(1, std::min<size_t>(64, (size_t{4} << 20) / per)));
}

// The key holding the answer for query t in a sequence of length T whose lookback offset is ks (c.k
// unless lookbackK input), or -1.
int answer_key(const Config& c, int t, int T, int ks) {
  switch (c.task) {
    case Task::lookback: return t >= c.k ? t - ks : -1;
    case Task::first: return t >= 1 ? 0 : -1;
    case Task::copy: return (t >= T / 2 - 1 && t + 1 < T) ? t + 1 - T / 2 : -1;
  }
  return -1;
}

// Mean and spread (standard deviation) of v over the entries t in [from, to) that are defined (>= 0);
// both -1 when none is.
void mean_spread(const std::vector<double>& v, int from, int to, double& mean, double& spread) {
  double s = 0, n = 0;
  for (int t = from; t < to; ++t)
    if (v[static_cast<size_t>(t)] >= 0) {
      s += v[static_cast<size_t>(t)];
      n += 1;
    }
  if (n == 0) {
    mean = spread = -1;
    return;
  }
  mean = s / n;
  double q = 0;
  for (int t = from; t < to; ++t)
    if (v[static_cast<size_t>(t)] >= 0) q += (v[static_cast<size_t>(t)] - mean) * (v[static_cast<size_t>(t)] - mean);
  spread = std::sqrt(q / n);
}

// Does query t see key `key` under the window (0: every key s <= t)?
bool in_window(int key, int t, size_t window) {
  return key >= 0 && (window == 0 || static_cast<size_t>(t - key) < window);
}

struct Counts {
  long long right = 0, total = 0, rightNew = 0, totalNew = 0;
  double lossSum = 0;
};

// One pass over set b in chunks: argmax accuracy on every target and on those at t >= new_from; after
// each chunk's forward, `also(chunk, count)` reads the workspace (attention, q, k) if given.
template <class F>
Counts pass(const Model<float>& m, const Batch& b, Workspace<float>& ws, int new_from, size_t window, F&& also) {
  const int chunk = chunk_for(m, b.T);
  Counts n;
  for (int first = 0; first < b.n; first += chunk) {
    const Batch s = slice(b, first, std::min(chunk, b.n - first));
    const double loss = m.forward(s, ws, window);
    n.lossSum += loss * s.masked;
    for (size_t i = 0; i < s.mask.size(); ++i) {
      if (!s.mask[i]) continue;
      const float* z = ws.logits.data() + i * m.V;
      size_t best = 0;
      for (size_t j = 1; j < m.V; ++j)
        if (z[j] > z[best]) best = j;
      const int ok = best == static_cast<size_t>(s.targets[i]) ? 1 : 0;
      n.right += ok;
      ++n.total;
      if (static_cast<int>(i % static_cast<size_t>(s.T)) >= new_from) {
        n.rightNew += ok;
        ++n.totalNew;
      }
    }
    also(s, s.n);
  }
  return n;
}

double ratio(long long a, long long b) { return b > 0 ? static_cast<double>(a) / static_cast<double>(b) : -1.0; }

// Adds, for every head and query t, the attention on the answer's key (when the window shows it) to sh.
void add_shares(const Model<float>& m, const Workspace<float>& ws, const Batch& s, int count, int T, size_t window,
                std::vector<std::vector<double>>& sh) {
  for (size_t l = 0; l < m.nl; ++l)
    for (size_t h = 0; h < m.H; ++h)
      for (int q = 0; q < count; ++q) {
        const float* P = ws.attention(l, static_cast<size_t>(q), h, m.H);
        for (int t = 0; t < T; ++t) {
          const int key = answer_key(m.cfg, t, T, s.kseq[static_cast<size_t>(q)]);
          if (in_window(key, t, window))
            sh[l * m.H + h][static_cast<size_t>(t)] +=
                P[static_cast<size_t>(t) * static_cast<size_t>(T) + static_cast<size_t>(key)];
        }
      }
}

// Adds every head's pre-softmax scores (q_t.k_s / sqrt(dh) + slope (s - t), s <= t; q and k after
// RoPE, as the workspace keeps them) of the chunk's sequences to sc[layer*H + head][t*T + s].
void add_scores(const Model<float>& m, const Workspace<float>& ws, int count, int T,
                std::vector<std::vector<double>>& sc) {
  const size_t len = static_cast<size_t>(T), d = m.d, dh = m.dh;
  const double scale = 1.0 / std::sqrt(static_cast<double>(dh));
  for (size_t l = 0; l < m.nl; ++l)
    for (size_t h = 0; h < m.H; ++h) {
      std::vector<double>& out = sc[l * m.H + h];
      const double slope = m.slopes[h];
      for (size_t q = 0; q < static_cast<size_t>(count); ++q)
        for (size_t t = 0; t < len; ++t) {
          const float* qv = ws.layers[l].q.data() + (q * len + t) * d + h * dh;
          for (size_t u = 0; u <= t; ++u) {
            const float* kv = ws.layers[l].k.data() + (q * len + u) * d + h * dh;
            double dot = 0;
            for (size_t j = 0; j < dh; ++j) dot += static_cast<double>(qv[j]) * static_cast<double>(kv[j]);
            out[t * len + u] += dot * scale + slope * (static_cast<double>(u) - static_cast<double>(t));
          }
        }
    }
}

// Sums into means over the n sequences; -1 where the query has no answer or the window hides it.
void finish_shares(const Config& c, int n, int T, size_t window, std::vector<std::vector<double>>& sh) {
  for (std::vector<double>& v : sh)
    for (int t = 0; t < T; ++t)
      v[static_cast<size_t>(t)] = in_window(answer_key(c, t, T, c.k), t, window) ? v[static_cast<size_t>(t)] / n : -1.0;
}

// The full (unwindowed) figures of a pass at length T.
LengthAccuracy from_counts(int T, const Counts& n) {
  LengthAccuracy a{T, n.total > 0 ? ratio(n.right, n.total) : 0.0,
                   n.total > 0 ? n.lossSum / static_cast<double>(n.total) : 0.0};
  a.targetsNew = static_cast<int>(n.totalNew);
  a.accuracyNew = ratio(n.rightNew, n.totalNew);
  a.accuracyWindowed = a.accuracy;
  a.accuracyWindowedNew = a.accuracyNew;
  return a;
}

}  // namespace

LengthAccuracy accuracy_on(const Model<float>& m, const Batch& b, Workspace<float>& ws, int new_from,
                           size_t window) {
  LengthAccuracy a = from_counts(b.T, pass(m, b, ws, new_from > 0 ? new_from : b.T, window, [](const Batch&, int) {}));
  a.window = static_cast<int>(window);
  return a;
}

Evaluation evaluate(const Model<float>& m, const EvalOptions& opt) {
  const Config& c = m.cfg;
  const int L = c.trainLength;
  const size_t W = static_cast<size_t>(L);
  const size_t nh = m.nl * m.H;
  Evaluation ev;
  Workspace<float> ws;
  std::vector<Batch> sets;
  // Attention on the answer's key, summed over the sequences: [set][layer*H + head][query], full and
  // (2L, 4L) windowed.
  std::vector<std::vector<double>> shares[3], windowed[3];
  std::vector<std::vector<double>> scores[2];  // [set L, 2L][layer*H + head][t*T + s], summed
  const std::vector<double> max_counts = expected_max_counts(4 * L, c.vocab);  // for the order-blind ceiling
  for (int si = 0; si < 3; ++si) {
    sets.push_back(eval_set(c, opt.sequences, L << si));
    const Batch& b = sets.back();
    const int T = b.T;
    shares[si].assign(nh, std::vector<double>(static_cast<size_t>(T), 0.0));
    if (si < 2) scores[si].assign(nh, std::vector<double>(static_cast<size_t>(T) * static_cast<size_t>(T), 0.0));
    const Counts n = pass(m, b, ws, L, 0, [&](const Batch& chunk, int count) {
      add_shares(m, ws, chunk, count, T, 0, shares[si]);
      if (si < 2) add_scores(m, ws, count, T, scores[si]);
    });
    finish_shares(c, b.n, T, 0, shares[si]);
    LengthAccuracy a = from_counts(T, n);
    if (si > 0) {
      windowed[si].assign(nh, std::vector<double>(static_cast<size_t>(T), 0.0));
      const Counts w =
          pass(m, b, ws, L, W, [&](const Batch& chunk, int count) { add_shares(m, ws, chunk, count, T, W, windowed[si]); });
      finish_shares(c, b.n, T, W, windowed[si]);
      a.window = L;
      a.accuracyWindowed = ratio(w.right, w.total);
      a.accuracyWindowedNew = ratio(w.rightNew, w.totalNew);
      int seen = 0, all = 0;
      for (int t = L; t < T; ++t) {
        const int key = answer_key(c, t, T, c.k);
        if (key < 0) continue;
        ++all;
        seen += in_window(key, t, W) ? 1 : 0;
      }
      a.answerInWindowNew = ratio(seen, all);
    }
    a.chance = 1.0 / c.vocab;
    a.rightThenChance = right_then_chance(c, T);
    a.orderBlind = order_blind(c, T, 0, max_counts);
    a.orderBlindNew = order_blind(c, T, L, max_counts);
    ev.accuracy.push_back(a);
  }
  ev.orderBlindExact = order_blind_exact(c);

  if (opt.attentionMaps) {
    const Batch one = slice(sets[0], 0, 1);
    m.forward(one, ws);
    for (size_t l = 0; l < m.nl; ++l)
      for (size_t h = 0; h < m.H; ++h) {
        const float* P = ws.attention(l, 0, h, m.H);
        ev.attention.push_back({static_cast<int>(l), static_cast<int>(h), L,
                                std::vector<float>(P, P + static_cast<size_t>(L) * static_cast<size_t>(L))});
      }
  }

  {
    Relative& r = ev.relative;
    r.answerAt = c.task == Task::lookback ? "t-k" : c.task == Task::first ? "0" : "t+1-T/2";
    r.length = 2 * L;
    double best = -1;
    for (size_t l = 0; l < m.nl; ++l)
      for (size_t h = 0; h < m.H; ++h) {
        const size_t i = l * m.H + h;
        HeadShare hs{static_cast<int>(l), static_cast<int>(h), 0, 0, 0, 0, shares[0][i], shares[1][i]};
        mean_spread(hs.shareL, 0, L, hs.meanTrained, hs.spreadTrained);
        mean_spread(hs.share2L, L, 2 * L, hs.meanBeyond, hs.spreadBeyond);
        mean_spread(shares[2][i], L, 4 * L, hs.meanNew4L, hs.spreadNew4L);
        double spread = 0;
        mean_spread(windowed[1][i], L, 2 * L, hs.meanBeyondWindowed, spread);
        mean_spread(windowed[2][i], L, 4 * L, hs.meanNew4LWindowed, spread);
        if (hs.meanTrained > best) {
          best = hs.meanTrained;
          r.bestLayer = hs.layer;
          r.bestHead = hs.head;
        }
        r.heads.push_back(std::move(hs));
      }
  }

  for (size_t l = 0; l < m.nl; ++l)
    for (size_t h = 0; h < m.H; ++h) {
      HeadMechanism hm;
      hm.layer = static_cast<int>(l);
      hm.head = static_cast<int>(h);
      // Means rather than sums: R^2 does not care, but the matrix then is the content-averaged score.
      for (int si = 0; si < 2; ++si)
        for (double& v : scores[si][l * m.H + h]) v /= sets[static_cast<size_t>(si)].n;
      hm.atL = offset_r2(scores[0][l * m.H + h], L);
      hm.at2L = offset_r2(scores[1][l * m.H + h], 2 * L);
      if (l == 0 && c.encoding == Encoding::sinusoidal) hm.commutingFraction = commuting_fraction(qk_form(m, 0, h), m.d);
      ev.mechanism.push_back(hm);
    }

  if (opt.ablation && c.encoding == Encoding::sinusoidal) {
    Ablation& a = ev.ablation;
    a.defined = true;
    const size_t d = m.d, q = d / 4;
    a.quarter = static_cast<int>(q);
    a.baseL = ev.accuracy[0].accuracy;
    a.base2L = ev.accuracy[1].accuracy;
    Model<float> cut = m;
    for (size_t j = 0; j < q; ++j) cut.pe_mask[j] = 0.0f;
    a.noFastL = accuracy_on(cut, sets[0], ws).accuracy;
    a.noFast2L = accuracy_on(cut, sets[1], ws).accuracy;
    for (size_t j = 0; j < d; ++j) cut.pe_mask[j] = j >= d - q ? 0.0f : 1.0f;
    a.noSlowL = accuracy_on(cut, sets[0], ws).accuracy;
    a.noSlow2L = accuracy_on(cut, sets[1], ws).accuracy;
    // Mean and shuffle: the table changed instead of the mask, on a fresh copy each time.
    a.meanOver = L;
    const std::vector<int> perm[2] = {ablation_permutation(c, L), ablation_permutation(c, 2 * L)};
    for (int slow = 0; slow < 2; ++slow) {
      const size_t from = slow ? d - q : 0, to = slow ? d : q;
      double* mean_at[2] = {slow ? &a.meanSlowL : &a.meanFastL, slow ? &a.meanSlow2L : &a.meanFast2L};
      double* shuffle_at[2] = {slow ? &a.shuffleSlowL : &a.shuffleFastL, slow ? &a.shuffleSlow2L : &a.shuffleFast2L};
      for (int si = 0; si < 2; ++si) {
        const int T = sets[static_cast<size_t>(si)].T;
        Model<float> mean = m;
        pe_replace_mean(mean, from, to, T, L);
        *mean_at[si] = accuracy_on(mean, sets[static_cast<size_t>(si)], ws).accuracy;
        Model<float> shuffled = m;
        pe_shuffle(shuffled, from, to, perm[si]);
        *shuffle_at[si] = accuracy_on(shuffled, sets[static_cast<size_t>(si)], ws).accuracy;
      }
    }
    const Model<float>::LayerOffsets& o = m.lo[0];
    for (size_t j = 0; j < d; ++j) {
      double ms = 0;
      for (int t = 0; t < L; ++t) {
        const double v = m.pe_table[static_cast<size_t>(t) * d + j];
        ms += v * v;
      }
      const double rms = std::sqrt(ms / L);
      double nq = 0, nk = 0;
      for (size_t i = 0; i < d; ++i) {
        const double wq = m.params[o.wq + j * d + i], wk = m.params[o.wk + j * d + i];
        nq += wq * wq;
        nk += wk * wk;
      }
      const double g = std::fabs(static_cast<double>(m.params[o.ln1_g + j]));
      a.peRms.push_back(rms);
      a.peWeightQ.push_back(g * std::sqrt(nq) * rms);
      a.peWeightK.push_back(g * std::sqrt(nk) * rms);
    }
  }
  return ev;
}

void pe_replace_mean(Model<float>& m, size_t from, size_t to, int rows, int mean_over) {
  const size_t d = m.d;
  for (size_t j = from; j < to; ++j) {
    double sum = 0;
    for (int t = 0; t < mean_over; ++t) sum += m.pe_table[static_cast<size_t>(t) * d + j];
    const float mean = static_cast<float>(sum / mean_over);
    for (int t = 0; t < rows; ++t) m.pe_table[static_cast<size_t>(t) * d + j] = mean;
  }
}

void pe_shuffle(Model<float>& m, size_t from, size_t to, const std::vector<int>& perm) {
  const size_t d = m.d;
  const std::vector<float> orig = m.pe_table;
  for (size_t t = 0; t < perm.size(); ++t)
    for (size_t j = from; j < to; ++j) m.pe_table[t * d + j] = orig[static_cast<size_t>(perm[t]) * d + j];
}

std::vector<int> ablation_permutation(const Config& c, int T) {
  std::vector<int> p(static_cast<size_t>(T));
  for (int t = 0; t < T; ++t) p[static_cast<size_t>(t)] = t;
  Rng r(c.seed, static_cast<std::uint64_t>(Stream::pe_shuffle));
  for (int i = T - 1; i > 0; --i)
    std::swap(p[static_cast<size_t>(i)], p[r.below(static_cast<std::uint32_t>(i + 1))]);
  return p;
}

}  // namespace train
