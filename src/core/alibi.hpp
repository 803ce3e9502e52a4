// ALiBi (Press, Smith and Lewis, "Train Short, Test Long", 2022): no position vector at all; each head h
// adds a fixed linear penalty to its attention logits, proportional to how far back the key is:
//
//   logit_mn = q_m · k_n / sqrt(d_h) + m_h · (n - m)      for n <= m (causal), m_h > 0 the head's slope
//
// The slopes are a geometric sequence. For a power of two H heads: m_h = r^(h+1), h = 0 .. H-1, with
// r = 2^(-8/H) (8 heads: 1/2, 1/4, ..., 1/256). For other H, the paper's code takes the slopes of the
// largest power of two P below H, then every other slope of the 2P sequence (the 1st, 3rd, 5th, ...),
// as many as are missing (H - P of them).
//
// Each power-of-two slope is computed as exp2(-8 (h+1) / P) directly (the exponent is exact in binary, so
// 1/2 ... 1/256 come out exact), not as the reference code's start · ratio^h.
#pragma once
#include <string>
#include <vector>

namespace pe {

constexpr int kMaxAlibiHeads = 1024;

// "" or a message naming `heads`: it must be an integer from 1 to kMaxAlibiHeads.
std::string check_heads(double heads);
// The H slopes in head order (H >= 1; the API limits H to 1..1024).
std::vector<double> alibi_slopes(int heads);
// The bias m_h · (n - m) a head adds to query m's logit for key n (n <= m: zero or negative).
inline double alibi_bias(double slope, double m, double n) { return slope * (n - m); }

}  // namespace pe
