#include "alibi.hpp"

#include <cmath>

#include "params.hpp"

namespace pe {

namespace {
// H a power of two: r^(h+1) = 2^(-8 (h+1) / H), r = 2^(-8/H).
std::vector<double> power_of_two_slopes(int heads) {
  std::vector<double> out(static_cast<size_t>(heads));
  for (size_t h = 0; h < out.size(); ++h) out[h] = std::exp2(-8.0 * static_cast<double>(h + 1) / heads);
  return out;
}
}  // namespace

std::string check_heads(double heads) {
  if (!std::isfinite(heads) || std::floor(heads) != heads || heads < 1 || heads > kMaxAlibiHeads) {
    std::string m = "heads must be an integer from 1 to ";
    m.append(std::to_string(kMaxAlibiHeads)).append(" (got ").append(format_number(heads)).append(")");
    return m;
  }
  return "";
}

std::vector<double> alibi_slopes(int heads) {
  if (heads < 1) return {};
  int p = 1;
  while (p * 2 <= heads) p *= 2;
  std::vector<double> out = power_of_two_slopes(p);
  if (p == heads) return out;
  const std::vector<double> extra = alibi_slopes(2 * p);
  for (size_t j = 0; out.size() < static_cast<size_t>(heads); j += 2) out.push_back(extra[j]);
  return out;
}

}  // namespace pe
