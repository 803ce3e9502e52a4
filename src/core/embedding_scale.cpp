#include "embedding_scale.hpp"

#include <algorithm>
#include <cmath>

#include "encoding.hpp"
#include "input.hpp"

namespace pe {

double init_sd(EmbeddingInit init, int d) {
  switch (init) {
    case EmbeddingInit::scaled_normal: return 1.0 / std::sqrt(static_cast<double>(d));
    case EmbeddingInit::standard_normal: return 1.0;
    case EmbeddingInit::keras_uniform: return kKerasUniformLimit / std::sqrt(3.0);  // U(-a, a): variance a²/3
  }
  return 0.0;
}

double expected_word_rms(EmbeddingInit init, int d) { return init_sd(init, d) * std::sqrt(static_cast<double>(d)); }

double pe_rms() { return std::sqrt(0.5); }

double expected_position_share(EmbeddingInit init, int d) {
  const double w = expected_word_rms(init, d);
  return 0.5 / (w * w + 0.5);
}

double expected_cosine(EmbeddingInit init, int d) { return std::sqrt(expected_position_share(init, d)); }

void initial_row(EmbeddingInit init, int d, std::uint64_t seed, std::span<double> out) {
  const std::span<double> row = out.first(static_cast<size_t>(d));
  if (init == EmbeddingInit::keras_uniform) {
    // Its own stream (the seed mixed once), so it is not the normal draws' uniforms reused.
    SplitMix64 g{seed ^ 0x5851F42D4C957F2DULL};
    for (double& v : row) v = kKerasUniformLimit * (2.0 * g.uniform() - 1.0);
    return;
  }
  standard_normals(seed, row);
  const double sd = init_sd(init, d);
  for (double& v : row) v *= sd;
}

EmbeddingMix embedding_mix(EmbeddingInit init, int d, double pos, double base, std::uint64_t seed) {
  const size_t n = static_cast<size_t>(d);
  EmbeddingMix m;
  m.word.assign(n, 0.0);
  m.pos.assign(n, 0.0);
  m.x.assign(n, 0.0);
  initial_row(init, d, seed, m.word);
  encoding_vector(pos, d, base, m.pos);
  const double scale = std::sqrt(static_cast<double>(d));
  double ww = 0, pp = 0, xx = 0, xp = 0;
  for (size_t j = 0; j < n; ++j) {
    m.word[j] *= scale;
    m.x[j] = m.word[j] + m.pos[j];
    ww += m.word[j] * m.word[j];
    pp += m.pos[j] * m.pos[j];
    xx += m.x[j] * m.x[j];
    xp += m.x[j] * m.pos[j];
    m.word_max = std::max(m.word_max, std::fabs(m.word[j]));
  }
  const double nd = static_cast<double>(n);
  m.word_rms = std::sqrt(ww / nd);
  m.pos_rms = std::sqrt(pp / nd);
  m.x_rms = std::sqrt(xx / nd);
  m.position_share = ww + pp > 0 ? pp / (ww + pp) : 0.0;
  m.cosine = xx > 0 && pp > 0 ? xp / std::sqrt(xx * pp) : 0.0;
  return m;
}

}  // namespace pe
