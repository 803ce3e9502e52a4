// How fast each RoPE hand turns when a model trained to L positions is run at s·L: the context-extension
// rules, each a rule for the angle per position of pair i (d: head width, pairs i = 0 .. d/2 - 1).
//
//   none       w_i = base^(-2i/d)                                 (the trained frequencies)
//   linear     w_i / s                                            position interpolation: every hand slowed by s
//   ntk        base' = base · s^(d/(d-2)),  w_i = base'^(-2i/d)   "NTK-aware": the last pair slowed by s,
//                                                                 pair 0 not at all, the rest in between
//   yarn       w_i = (1 - γ_i) · w_i / s + γ_i · w_i              ("NTK-by-parts", the YaRN paper)
//
// YaRN, as the paper and its reference code (LlamaYaRNScaledRotaryEmbedding) compute it. The index at
// which a pair makes r full turns within the original length L (pair i turns L·w_i / 2π times, so
// solving base^(2i/d) = L / (2π r) for i; the reference calls it a "correction dimension", but it
// counts pairs, which is why the ramp below runs over the pair index):
//
//   dim(r) = d · ln(L / (2π r)) / (2 ln base)
//
// low = floor(dim(β_fast)), high = ceil(dim(β_slow)), each clamped to [0, d - 1]   (β_fast = 32, β_slow = 1)
// The reference clamps only low from below (max(low, 0)) and high from above (min(high, d - 1)), "just in
// case". The two agree whenever floor(dim(β_fast)) <= d - 1 and ceil(dim(β_slow)) >= 0, which holds for
// the settings models use (head width >= 64, base >= 10,000, 2π β_slow <= L <= 1e9). Outside that (every pair turns more than
// β_fast times within L, e.g. base 1.5; or even pair 0 turns fewer than β_slow times, L < 2π), the
// reference's range comes out inverted (low > high) and its ramp flips: it then interpolates every pair
// where the paper keeps them all, or keeps every pair where the paper interpolates them. Clamping both
// ends, as issue 12 specifies, keeps every pair in the first case and, in the second, keeps pair 0 and
// interpolates the rest (low = high = 0: the step below).
// ramp_i = clamp((i - low) / (high - low), 0, 1) over the pair index i (high == low: high + 0.001),
// γ_i = 1 - ramp_i: pairs that turn more than β_fast times in L keep their frequency (γ = 1), pairs that
// turn less than β_slow times are interpolated (γ = 0), the ones between are blended.
// Attention temperature (the "mscale" on the cos and sin, so the logits scale by its square):
//   t(s) = 0.1 ln s + 1 for s > 1, else 1.
//
// Arguments are assumed valid (see params.hpp and rope_scaling_error): d even >= 4 for ntk (d/(d-2)),
// d even >= 2 otherwise, base > 1, factor >= 1, original_length >= 1, beta_fast > beta_slow > 0.
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pe {

enum class RopeScalingType : int { none, linear, ntk, yarn };

struct RopeScaling {
  RopeScalingType type = RopeScalingType::none;
  double factor = 1;             // s
  double original_length = 0;    // L (yarn only)
  double beta_fast = 32;         // yarn only
  double beta_slow = 1;          // yarn only
};

// "" if the settings are valid for head width d, else a message naming the parameter and the value
// received, as params.hpp does (factor a number from 1 to 1e6; for yarn originalLength from 1 to 1e9,
// betaFast > betaSlow > 0; d >= 4 for ntk). `prefix` goes before each parameter name (PosEnc.ropeAngles
// passes "scaling." so that the message names scaling.factor).
std::string rope_scaling_error(const RopeScaling& sc, int d, const char* prefix = "");
// A scaling factor s alone (PosEnc.ropeAttentionFactor): finite, from 1 to 1e6.
std::string check_scaling_factor(double factor, const char* name);
constexpr double kMaxScalingFactor = 1e6;
constexpr double kMaxOriginalLength = 1e9;
// The names PosEnc uses for the types: "none", "linear", "ntk", "yarn". from_name returns false for
// any other text (and leaves `out` as it was).
const char* rope_scaling_name(RopeScalingType t);
bool rope_scaling_from_name(std::string_view name, RopeScalingType& out);

// dim(r) above (a real number; may be negative or beyond d).
double yarn_correction_dim(double rotations, int d, double base, double original_length);
// low and high above, clamped to [0, d - 1].
struct YarnRange {
  int low = 0, high = 0;
};
YarnRange yarn_correction_range(int d, double base, const RopeScaling& sc);
// ramp_i of pair i (0: keep the trained frequency, 1: fully interpolated); the same γ_i = 1 - ramp_i.
double yarn_ramp(int pair, int d, double base, const RopeScaling& sc);

// w_i under the scaling; out has d/2 entries.
void scaled_frequencies(int d, double base, const RopeScaling& sc, std::span<double> out);
std::vector<double> scaled_frequencies(int d, double base, const RopeScaling& sc);
// The angle pos · w_i of every pair (d/2 entries): PosEnc.ropeAngles.
std::vector<double> rope_angles(double pos, int d, double base, const RopeScaling& sc);
// t(s) above: PosEnc.ropeAttentionFactor.
double yarn_attention_factor(double factor);
// The base NTK scaling uses: base · s^(d/(d-2)).
double ntk_base(double base, double factor, int d);

}  // namespace pe
