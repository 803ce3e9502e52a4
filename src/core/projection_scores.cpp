#include "projection_scores.hpp"

#include <algorithm>
#include <cmath>

#include "frequency.hpp"
#include "input.hpp"

namespace pe {

namespace {

Projection block_identity(int d) {
  Projection p{d, d, true, std::vector<double>(static_cast<size_t>(2 * d), 0.0)};
  for (size_t i = 0; i < static_cast<size_t>(d / 2); ++i) {
    p.values[4 * i] = 1.0;
    p.values[4 * i + 3] = 1.0;
  }
  return p;
}

double dot(std::span<const double> a, std::span<const double> b) {
  double s = 0;
  for (size_t j = 0; j < a.size(); ++j) s += a[j] * b[j];
  return s;
}

}  // namespace

Head make_head(HeadChoice choice, int d, double base, std::uint64_t seed, double k0) {
  Head head;
  switch (choice) {
    case HeadChoice::random: {
      const int h = std::min(d, kRandomHeadWidth);
      const size_t n = static_cast<size_t>(d) * static_cast<size_t>(h);
      head.q = Projection{d, h, false, std::vector<double>(n)};
      head.k = Projection{d, h, false, std::vector<double>(n)};
      // Two streams from one seed: W_K's is the seed mixed once, so W_Q and W_K never share draws.
      standard_normals(seed, head.q.values);
      SplitMix64 mix{seed ^ 0x9E6C63D0676A9A99ULL};
      standard_normals(mix.next(), head.k.values);
      const double sd = 1.0 / std::sqrt(static_cast<double>(d));
      for (double& v : head.q.values) v *= sd;
      for (double& v : head.k.values) v *= sd;
      break;
    }
    case HeadChoice::identity:
      head.q = block_identity(d);
      head.k = block_identity(d);
      break;
    case HeadChoice::rotation: {
      head.q = block_identity(d);
      head.k = block_identity(d);
      const std::vector<double> w = omegas(d, base);
      for (size_t i = 0; i < w.size(); ++i) {
        // R(θ)ᵀ = [[cos θ, −sin θ], [sin θ, cos θ]], θ = ω_i k0: a row (sin, cos) of PE(m) times it is PE(m + k0)'s.
        const double c = std::cos(w[i] * k0), s = std::sin(w[i] * k0);
        head.q.values[4 * i] = c;
        head.q.values[4 * i + 1] = -s;
        head.q.values[4 * i + 2] = s;
        head.q.values[4 * i + 3] = c;
      }
      break;
    }
  }
  return head;
}

void project(const Projection& w, std::span<const double> v, std::span<double> out) {
  if (w.block_diagonal) {
    for (size_t i = 0; i < static_cast<size_t>(w.d / 2); ++i) {
      const double* b = w.values.data() + 4 * i;
      out[2 * i] = v[2 * i] * b[0] + v[2 * i + 1] * b[2];
      out[2 * i + 1] = v[2 * i] * b[1] + v[2 * i + 1] * b[3];
    }
    return;
  }
  const size_t h = static_cast<size_t>(w.h);
  std::fill(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(h), 0.0);
  for (size_t r = 0; r < static_cast<size_t>(w.d); ++r) {
    const double vr = v[r];
    const double* row = w.values.data() + r * h;
    for (size_t c = 0; c < h; ++c) out[c] += vr * row[c];
  }
}

void project_transposed(const Projection& w, std::span<const double> u, std::span<double> out) {
  if (w.block_diagonal) {
    for (size_t i = 0; i < static_cast<size_t>(w.d / 2); ++i) {
      const double* b = w.values.data() + 4 * i;
      out[2 * i] = b[0] * u[2 * i] + b[1] * u[2 * i + 1];
      out[2 * i + 1] = b[2] * u[2 * i] + b[3] * u[2 * i + 1];
    }
    return;
  }
  const size_t h = static_cast<size_t>(w.h);
  for (size_t r = 0; r < static_cast<size_t>(w.d); ++r) out[r] = dot(std::span<const double>(w.values.data() + r * h, h), u.first(h));
}

std::vector<double> dense(const Projection& w) {
  const size_t d = static_cast<size_t>(w.d), h = static_cast<size_t>(w.h);
  if (!w.block_diagonal) return w.values;
  std::vector<double> m(d * h, 0.0);
  for (size_t i = 0; i < d / 2; ++i) {
    const double* b = w.values.data() + 4 * i;
    m[(2 * i) * h + 2 * i] = b[0];
    m[(2 * i) * h + 2 * i + 1] = b[1];
    m[(2 * i + 1) * h + 2 * i] = b[2];
    m[(2 * i + 1) * h + 2 * i + 1] = b[3];
  }
  return m;
}

ScoreTerms score_terms_projected(std::span<const double> xq, std::span<const double> pq, std::span<const double> xk,
                                 std::span<const double> pk, std::span<const double> sum_q, std::span<const double> sum_k) {
  ScoreTerms t;
  t.word_word = dot(xq, xk);
  t.word_pos = dot(xq, pk);
  t.pos_word = dot(pq, xk);
  t.pos_pos = dot(pq, pk);
  t.total = dot(sum_q, sum_k);
  return t;
}

ScoreTerms score_terms(const Head& head, std::span<const double> x_m, std::span<const double> p_m, std::span<const double> x_n,
                       std::span<const double> p_n) {
  const size_t d = static_cast<size_t>(head.q.d), h = static_cast<size_t>(head.q.h);
  std::vector<double> xq(h), pq(h), xk(h), pk(h), sq(h), sk(h), in_m(d), in_n(d);
  for (size_t j = 0; j < d; ++j) {
    in_m[j] = x_m[j] + p_m[j];
    in_n[j] = x_n[j] + p_n[j];
  }
  project(head.q, x_m, xq);
  project(head.q, p_m, pq);
  project(head.k, x_n, xk);
  project(head.k, p_n, pk);
  project(head.q, in_m, sq);
  project(head.k, in_n, sk);
  return score_terms_projected(xq, pq, xk, pk, sq, sk);
}

void commuting_parts(const Head& head, std::span<double> a, std::span<double> b) {
  const size_t pairs = static_cast<size_t>(head.q.d / 2);
  if (head.q.block_diagonal && head.k.block_diagonal) {
    for (size_t i = 0; i < pairs; ++i) {
      // Block of M = Q_i K_iᵀ.
      const double* q = head.q.values.data() + 4 * i;
      const double* k = head.k.values.data() + 4 * i;
      const double m00 = q[0] * k[0] + q[1] * k[1], m01 = q[0] * k[2] + q[1] * k[3];
      const double m10 = q[2] * k[0] + q[3] * k[1], m11 = q[2] * k[2] + q[3] * k[3];
      a[i] = 0.5 * (m00 + m11);
      b[i] = 0.5 * (m01 - m10);
    }
    return;
  }
  // Dense (a random head): M's diagonal block from rows 2i, 2i+1 of W_Q and of W_K.
  const std::vector<double> wq = dense(head.q), wk = dense(head.k);
  const size_t h = static_cast<size_t>(head.q.h);
  const auto row = [h](const std::vector<double>& w, size_t r) { return std::span<const double>(w.data() + r * h, h); };
  for (size_t i = 0; i < pairs; ++i) {
    const double m00 = dot(row(wq, 2 * i), row(wk, 2 * i)), m01 = dot(row(wq, 2 * i), row(wk, 2 * i + 1));
    const double m10 = dot(row(wq, 2 * i + 1), row(wk, 2 * i)), m11 = dot(row(wq, 2 * i + 1), row(wk, 2 * i + 1));
    a[i] = 0.5 * (m00 + m11);
    b[i] = 0.5 * (m01 - m10);
  }
}

PositionCurves position_curves(const Head& head, std::span<const double> starts, std::span<const double> ks, double base) {
  const int d = head.q.d;
  const size_t pairs = static_cast<size_t>(d / 2), n = static_cast<size_t>(d), h = static_cast<size_t>(head.q.h);
  const std::vector<double> w = omegas(d, base);
  PositionCurves c;
  c.by_start.assign(starts.size(), std::vector<double>(ks.size(), 0.0));
  c.shift.assign(ks.size(), 0.0);
  // Per start: z = p_m W_Q W_Kᵀ, so that the term at n is z · PE(n); and PE(m)'s sines and cosines.
  std::vector<std::vector<double>> z(starts.size(), std::vector<double>(n)), sm(starts.size()), cm(starts.size());
  std::vector<double> pm(n), u(h);
  for (size_t s = 0; s < starts.size(); ++s) {
    sm[s].resize(pairs);
    cm[s].resize(pairs);
    for (size_t i = 0; i < pairs; ++i) {
      sm[s][i] = std::sin(w[i] * starts[s]);
      cm[s][i] = std::cos(w[i] * starts[s]);
      pm[2 * i] = sm[s][i];
      pm[2 * i + 1] = cm[s][i];
    }
    project(head.q, pm, u);
    project_transposed(head.k, u, z[s]);
  }
  std::vector<double> a(pairs), b(pairs);
  commuting_parts(head, a, b);
  for (size_t j = 0; j < ks.size(); ++j) {
    double shift = 0;
    for (size_t i = 0; i < pairs; ++i) {
      const double st = std::sin(w[i] * ks[j]), ct = std::cos(w[i] * ks[j]);
      shift += a[i] * ct - b[i] * st;
      for (size_t s = 0; s < starts.size(); ++s) {
        // sin(φ + θ), cos(φ + θ) with φ = ω_i m, θ = ω_i k.
        const double sn = sm[s][i] * ct + cm[s][i] * st, cn = cm[s][i] * ct - sm[s][i] * st;
        c.by_start[s][j] += z[s][2 * i] * sn + z[s][2 * i + 1] * cn;
      }
    }
    c.shift[j] = shift;
  }
  return c;
}

std::vector<double> spread_across_starts(const PositionCurves& c) {
  std::vector<double> out(c.shift.size(), 0.0);
  if (c.by_start.size() < 2) return out;
  for (size_t j = 0; j < out.size(); ++j) {
    double lo = c.by_start[0][j], hi = lo;
    for (const std::vector<double>& curve : c.by_start) lo = std::min(lo, curve[j]), hi = std::max(hi, curve[j]);
    out[j] = hi - lo;
  }
  return out;
}

std::vector<double> symmetric_offsets(int kmax, int max_samples) {
  kmax = std::max(kmax, 1);
  int samples = std::max(max_samples, 3);
  std::vector<double> ks;
  if (2 * kmax + 1 <= samples) {
    for (int k = -kmax; k <= kmax; ++k) ks.push_back(k);
    return ks;
  }
  if (samples % 2 == 0) --samples;  // odd: the middle sample is k = 0
  const int half = (samples - 1) / 2;
  for (int j = -half; j <= half; ++j) ks.push_back(std::round(static_cast<double>(kmax) * j / half));
  return ks;
}

}  // namespace pe
