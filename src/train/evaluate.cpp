#include "evaluate.hpp"

#include <algorithm>
#include <cmath>

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
  return s;
}

// Sequences per forward pass, so that the attention weights stay below ~4M floats.
int chunk_for(const Model<float>& m, int T) {
  const size_t per = std::max<size_t>(1, m.nl * m.H * static_cast<size_t>(T) * static_cast<size_t>(T));
  return static_cast<int>(std::max<size_t>(1, std::min<size_t>(64, (size_t{4} << 20) / per)));
}

// The key holding the answer for query t in a sequence of length T, or -1.
int answer_key(const Config& c, int t, int T) {
  switch (c.task) {
    case Task::lookback: return t >= c.k ? t - c.k : -1;
    case Task::first: return t >= 1 ? 0 : -1;
    case Task::copy: return (t >= T / 2 - 1 && t + 1 < T) ? t + 1 - T / 2 : -1;
  }
  return -1;
}

void mean_spread(const std::vector<double>& v, int from, int to, double& mean, double& spread) {
  double s = 0, n = 0;
  for (int t = from; t < to; ++t)
    if (v[static_cast<size_t>(t)] >= 0) {
      s += v[static_cast<size_t>(t)];
      n += 1;
    }
  mean = n > 0 ? s / n : 0.0;
  double q = 0;
  for (int t = from; t < to; ++t)
    if (v[static_cast<size_t>(t)] >= 0) q += (v[static_cast<size_t>(t)] - mean) * (v[static_cast<size_t>(t)] - mean);
  spread = n > 0 ? std::sqrt(q / n) : 0.0;
}

}  // namespace

LengthAccuracy accuracy_on(const Model<float>& m, const Batch& b, Workspace<float>& ws) {
  const int chunk = chunk_for(m, b.T);
  long long right = 0, total = 0;
  double loss_sum = 0.0;
  for (int first = 0; first < b.n; first += chunk) {
    const Batch s = slice(b, first, std::min(chunk, b.n - first));
    const double loss = m.forward(s, ws);
    loss_sum += loss * s.masked;
    for (size_t i = 0; i < s.mask.size(); ++i) {
      if (!s.mask[i]) continue;
      const float* z = ws.logits.data() + i * m.V;
      size_t best = 0;
      for (size_t j = 1; j < m.V; ++j)
        if (z[j] > z[best]) best = j;
      right += best == static_cast<size_t>(s.targets[i]) ? 1 : 0;
      ++total;
    }
  }
  const double acc = total > 0 ? static_cast<double>(right) / static_cast<double>(total) : 0.0;
  return {b.T, acc, total > 0 ? loss_sum / static_cast<double>(total) : 0.0};
}

Evaluation evaluate(const Model<float>& m, const EvalOptions& opt) {
  const Config& c = m.cfg;
  const int L = c.trainLength;
  Evaluation ev;
  Workspace<float> ws;
  std::vector<Batch> sets;
  for (int mult : {1, 2, 4}) {
    sets.push_back(eval_set(c, opt.sequences, L * mult));
    ev.accuracy.push_back(accuracy_on(m, sets.back(), ws));
  }

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

  // Attention on the answer's key, averaged over the sequences: at L for the trained queries, at 2L for
  // the queries beyond L.
  {
    Relative& r = ev.relative;
    r.answerAt = c.task == Task::lookback ? "t-k" : c.task == Task::first ? "0" : "t+1-T/2";
    r.length = 2 * L;
    const size_t nh = m.nl * m.H;
    std::vector<std::vector<double>> shares[2];  // [set][layer*H + head][query]
    for (int si = 0; si < 2; ++si) {
      const Batch& b = sets[static_cast<size_t>(si)];
      const int T = b.T;
      std::vector<std::vector<double>>& sh = shares[si];
      sh.assign(nh, std::vector<double>(static_cast<size_t>(T), 0.0));
      const int chunk = chunk_for(m, T);
      for (int first = 0; first < b.n; first += chunk) {
        const int count = std::min(chunk, b.n - first);
        const Batch s = slice(b, first, count);
        m.forward(s, ws);
        for (size_t l = 0; l < m.nl; ++l)
          for (size_t h = 0; h < m.H; ++h)
            for (int q = 0; q < count; ++q) {
              const float* P = ws.attention(l, static_cast<size_t>(q), h, m.H);
              for (int t = 0; t < T; ++t) {
                const int key = answer_key(c, t, T);
                if (key >= 0)
                  sh[l * m.H + h][static_cast<size_t>(t)] +=
                      P[static_cast<size_t>(t) * static_cast<size_t>(T) + static_cast<size_t>(key)];
              }
            }
      }
      for (std::vector<double>& v : sh)
        for (int t = 0; t < T; ++t)
          v[static_cast<size_t>(t)] = answer_key(c, t, T) >= 0 ? v[static_cast<size_t>(t)] / b.n : -1.0;
    }
    double best = -1;
    for (size_t l = 0; l < m.nl; ++l)
      for (size_t h = 0; h < m.H; ++h) {
        HeadShare hs{static_cast<int>(l), static_cast<int>(h), 0, 0, 0, 0, shares[0][l * m.H + h],
                     shares[1][l * m.H + h]};
        mean_spread(hs.shareL, 0, L, hs.meanTrained, hs.spreadTrained);
        mean_spread(hs.share2L, L, 2 * L, hs.meanBeyond, hs.spreadBeyond);
        if (hs.meanTrained > best) {
          best = hs.meanTrained;
          r.bestLayer = hs.layer;
          r.bestHead = hs.head;
        }
        r.heads.push_back(std::move(hs));
      }
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

}  // namespace train
