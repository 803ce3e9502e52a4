#include "rope_attention.hpp"

#include <algorithm>
#include <cmath>

#include "attention.hpp"
#include "frequency.hpp"
#include "mixing.hpp"
#include "rope.hpp"

namespace pe {

namespace {

size_t at(int i) { return static_cast<size_t>(i); }

// rows x cols standard normal entries times `scale`, from word_vector's seeded stream.
std::vector<double> random_matrix(std::uint64_t seed, int rows, int cols, double scale) {
  std::vector<double> m = word_vector(seed, rows * cols);
  for (double& v : m) v *= scale;
  return m;
}

// The half layout the way GPT-NeoX and the Hugging Face LLaMA code write it, kept apart from the
// interleaved path so that the tests compare two independent computations:
//   out = x * cat(cos, cos) + rotate_half(x) * cat(sin, sin),  rotate_half(x) = cat(-x[h:], x[:h]).
void rotate_half_way(std::span<const double> x, double p, double base, std::span<double> out) {
  const int d = static_cast<int>(x.size()), h = d / 2;
  std::vector<double> c(at(d)), s(at(d)), rot(at(d));
  for (int i = 0; i < h; ++i) {
    const double t = omega(i, d, base) * p;
    c[at(i)] = c[at(i + h)] = std::cos(t);
    s[at(i)] = s[at(i + h)] = std::sin(t);
    rot[at(i)] = -x[at(i + h)];
    rot[at(i + h)] = x[at(i)];
  }
  for (int j = 0; j < d; ++j) out[at(j)] = x[at(j)] * c[at(j)] + rot[at(j)] * s[at(j)];
}

}  // namespace

PairDims rope_pair_dims(int pair, int d, RopeLayout layout) {
  return layout == RopeLayout::interleaved ? PairDims{2 * pair, 2 * pair + 1} : PairDims{pair, pair + d / 2};
}

void rope_rotate_as(std::span<const double> x, double p, double base, RopeLayout layout, std::span<double> out) {
  if (layout == RopeLayout::interleaved)
    rope_rotate(x, p, base, out);
  else
    rotate_half_way(x, p, base, out);
}

double rope_score_as(std::span<const double> q, std::span<const double> k, double m, double n, double base,
                     RopeLayout layout) {
  std::vector<double> qr(q.size()), kr(k.size());
  rope_rotate_as(q, m, base, layout, qr);
  rope_rotate_as(k, n, base, layout, kr);
  return dot(qr, kr);
}

std::vector<int> interleaved_to_half(int d) {
  std::vector<int> perm(at(d));
  for (int i = 0; i < d / 2; ++i) {
    perm[at(i)] = 2 * i;
    perm[at(i + d / 2)] = 2 * i + 1;
  }
  return perm;
}

std::vector<int> half_to_interleaved(int d) {
  std::vector<int> perm(at(d));
  for (int i = 0; i < d / 2; ++i) {
    perm[at(2 * i)] = i;
    perm[at(2 * i + 1)] = i + d / 2;
  }
  return perm;
}

std::vector<double> permute_dims(std::span<const double> x, std::span<const int> perm) {
  std::vector<double> out(perm.size());
  for (size_t j = 0; j < perm.size(); ++j) out[j] = x[at(perm[j])];
  return out;
}

RopeModel rope_model(std::uint64_t seed, RopeModelShape shape) {
  RopeModel m;
  m.shape = shape;
  const int t = shape.tokens, w = shape.width;
  m.embed = random_matrix(seed, t, w, 1.0);
  const double scale = 1.0 / std::sqrt(static_cast<double>(w));
  for (int l = 0; l < shape.layers; ++l) {
    // Four seeds per layer, apart from the embedding's.
    const std::uint64_t s = seed + 1 + 4 * static_cast<std::uint64_t>(l);
    m.layers.push_back({random_matrix(s, w, w, scale), random_matrix(s + 1, w, w, scale), random_matrix(s + 2, w, w, scale),
                        random_matrix(s + 3, w, w, scale)});
  }
  return m;
}

std::vector<RopeLayerTrace> run_rope_model(const RopeModel& model, std::span<const double> positions, const RopeRun& run) {
  const RopeModelShape& sh = model.shape;
  const int t = sh.tokens, w = sh.width, dh = sh.head_width();
  const double inv_sqrt = 1.0 / std::sqrt(static_cast<double>(dh));
  std::vector<double> x = model.embed;
  std::vector<RopeLayerTrace> traces;
  std::vector<double> piece(at(dh)), turned(at(dh)), row(at(t));
  for (const RopeModel::Layer& layer : model.layers) {
    std::vector<double> q = matmul(x, t, w, layer.w_q, w), k = matmul(x, t, w, layer.w_k, w), v = matmul(x, t, w, layer.w_v, w);
    // Turn each head's slice of q and k (and of v, if asked) by its token's position.
    for (int j = 0; j < t; ++j)
      for (int h = 0; h < sh.heads; ++h) {
        std::vector<double>* turn[] = {&q, &k, run.turn_values ? &v : nullptr};
        for (std::vector<double>* a : turn) {
          if (!a) continue;
          double* p = a->data() + at(j * w + h * dh);
          std::copy(p, p + dh, piece.begin());
          rope_rotate_as(piece, positions[at(j)], run.base, run.layout, turned);
          std::copy(turned.begin(), turned.end(), p);
        }
      }
    RopeLayerTrace tr;
    tr.weights.assign(at(sh.heads * t * t), 0.0);
    tr.mixed.assign(at(t * w), 0.0);
    for (int h = 0; h < sh.heads; ++h)
      for (int m = 0; m < t; ++m) {
        const int seen = run.causal ? m + 1 : t;  // keys a query may attend to
        for (int n = 0; n < seen; ++n) {
          double s = 0;
          for (int c = 0; c < dh; ++c) s += q[at(m * w + h * dh + c)] * k[at(n * w + h * dh + c)];
          row[at(n)] = s * inv_sqrt;
        }
        std::span<double> r(row.data(), at(seen));
        softmax(r, r);
        for (int n = 0; n < seen; ++n) {
          const double a = row[at(n)];
          tr.weights[at((h * t + m) * t + n)] = a;
          for (int c = 0; c < dh; ++c) tr.mixed[at(m * w + h * dh + c)] += a * v[at(n * w + h * dh + c)];
        }
      }
    const std::vector<double> out = matmul(tr.mixed, t, w, layer.w_o, w);
    for (size_t j = 0; j < x.size(); ++j) x[j] += out[j];
    tr.stream = x;
    traces.push_back(std::move(tr));
  }
  return traces;
}

ShiftEffect rope_shift_effect(const RopeModel& model, double shift, const RopeRun& run) {
  const int t = model.shape.tokens;
  std::vector<double> at0(at(t)), moved(at(t));
  for (int j = 0; j < t; ++j) {
    at0[at(j)] = j;
    moved[at(j)] = shift + j;
  }
  const std::vector<RopeLayerTrace> a = run_rope_model(model, at0, run), b = run_rope_model(model, moved, run);
  ShiftEffect e;
  for (size_t l = 0; l < a.size(); ++l) {
    e.weights.push_back(max_abs_diff(a[l].weights, b[l].weights));
    e.mixed.push_back(max_abs_diff(a[l].mixed, b[l].mixed));
    e.stream.push_back(max_abs_diff(a[l].stream, b[l].stream));
  }
  return e;
}

double angle_rounding(double max_position) { return std::max(std::fabs(max_position), 1.0) * 0x1p-52; }

}  // namespace pe
