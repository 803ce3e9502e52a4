#include "rope_scaling.hpp"

#include <algorithm>
#include <cmath>

#include "frequency.hpp"
#include "params.hpp"

namespace pe {

namespace {
bool finite(double x) { return std::isfinite(x); }

// "<prefix><name> must be <rule> (got <value>)", built with append (GCC 12's -Werror=restrict dislikes
// chains of std::string +).
std::string must(const char* prefix, const char* name, const char* rule, double got) {
  std::string m(prefix);
  m.append(name).append(" must be ").append(rule).append(" (got ").append(format_number(got)).append(")");
  return m;
}
}  // namespace

std::string check_scaling_factor(double factor, const char* name) {
  if (!finite(factor) || factor < 1 || factor > kMaxScalingFactor) return must("", name, "a number from 1 to 1e6", factor);
  return "";
}

std::string rope_scaling_error(const RopeScaling& sc, int d, const char* prefix) {
  if (sc.type == RopeScalingType::none) return "";
  if (!finite(sc.factor) || sc.factor < 1 || sc.factor > kMaxScalingFactor)
    return must(prefix, "factor", "a number from 1 to 1e6", sc.factor);
  if (sc.type == RopeScalingType::ntk && d < 4)
    return must("", "d", "at least 4 for ntk scaling, whose base' = base * factor^(d/(d-2))", d);
  if (sc.type == RopeScalingType::yarn) {
    if (!finite(sc.original_length) || sc.original_length < 1 || sc.original_length > kMaxOriginalLength)
      return must(prefix, "originalLength", "a number from 1 to 1e9", sc.original_length);
    if (!finite(sc.beta_fast) || sc.beta_fast <= 0 || sc.beta_fast > 1e6)
      return must(prefix, "betaFast", "a number > 0 and <= 1e6", sc.beta_fast);
    if (!finite(sc.beta_slow) || sc.beta_slow <= 0 || sc.beta_slow > 1e6)
      return must(prefix, "betaSlow", "a number > 0 and <= 1e6", sc.beta_slow);
    if (!(sc.beta_fast > sc.beta_slow)) {
      std::string m(prefix);
      m.append("betaFast must be larger than ").append(prefix).append("betaSlow (got ");
      m.append(format_number(sc.beta_fast)).append(" and ").append(format_number(sc.beta_slow)).append(")");
      return m;
    }
  }
  return "";
}

const char* rope_scaling_name(RopeScalingType t) {
  switch (t) {
    case RopeScalingType::none: return "none";
    case RopeScalingType::linear: return "linear";
    case RopeScalingType::ntk: return "ntk";
    case RopeScalingType::yarn: return "yarn";
  }
  return "none";
}

bool rope_scaling_from_name(std::string_view name, RopeScalingType& out) {
  for (RopeScalingType t : {RopeScalingType::none, RopeScalingType::linear, RopeScalingType::ntk, RopeScalingType::yarn})
    if (name == rope_scaling_name(t)) {
      out = t;
      return true;
    }
  return false;
}

double yarn_correction_dim(double rotations, int d, double base, double original_length) {
  return d * std::log(original_length / (rotations * 2 * kPi)) / (2 * std::log(base));
}

YarnRange yarn_correction_range(int d, double base, const RopeScaling& sc) {
  const double lo = std::floor(yarn_correction_dim(sc.beta_fast, d, base, sc.original_length));
  const double hi = std::ceil(yarn_correction_dim(sc.beta_slow, d, base, sc.original_length));
  // Clamped to [0, d - 1] as doubles first, so that a huge or negative dim cannot overflow the int.
  const double top = d - 1;
  YarnRange r;
  r.low = static_cast<int>(std::clamp(lo, 0.0, top));
  r.high = static_cast<int>(std::clamp(hi, 0.0, top));
  return r;
}

double yarn_ramp(int pair, int d, double base, const RopeScaling& sc) {
  const YarnRange r = yarn_correction_range(d, base, sc);
  double lo = r.low, hi = r.high;
  if (hi == lo) hi += 0.001;  // as the reference code: a step instead of a division by zero
  return std::clamp((pair - lo) / (hi - lo), 0.0, 1.0);
}

double ntk_base(double base, double factor, int d) {
  return base * std::pow(factor, static_cast<double>(d) / (d - 2));
}

void scaled_frequencies(int d, double base, const RopeScaling& sc, std::span<double> out) {
  const int pairs = d / 2;
  for (int i = 0; i < pairs; ++i) {
    const double w = omega(i, d, base);
    double v = w;
    switch (sc.type) {
      case RopeScalingType::none: break;
      case RopeScalingType::linear: v = w / sc.factor; break;
      case RopeScalingType::ntk: v = omega(i, d, ntk_base(base, sc.factor, d)); break;
      case RopeScalingType::yarn: {
        const double keep = 1 - yarn_ramp(i, d, base, sc);  // γ_i
        v = (w / sc.factor) * (1 - keep) + w * keep;
        break;
      }
    }
    out[static_cast<size_t>(i)] = v;
  }
}

std::vector<double> scaled_frequencies(int d, double base, const RopeScaling& sc) {
  std::vector<double> out(static_cast<size_t>(d / 2));
  scaled_frequencies(d, base, sc, out);
  return out;
}

std::vector<double> rope_angles(double pos, int d, double base, const RopeScaling& sc) {
  std::vector<double> out = scaled_frequencies(d, base, sc);
  for (double& a : out) a *= pos;
  return out;
}

double yarn_attention_factor(double factor) { return factor <= 1 ? 1.0 : 0.1 * std::log(factor) + 1.0; }

}  // namespace pe
