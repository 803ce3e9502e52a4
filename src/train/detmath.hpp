// exp and log written out, so that float training gives the same bits with glibc (native) and musl
// (emscripten), whose libm results may differ in the last place. Only +, -, *, / and comparisons, each
// correctly rounded by IEEE 754 (the train library builds with -ffp-contract=off: no fused multiply-add).
//
//   exp(x) = 2^n * e^r,  n = round(x / ln 2),  r = x - n ln 2 (ln 2 split in a high part exact in float
//            and a low part), e^r by its Taylor polynomial to r^7 (|r| <= ln2/2: error < 1 ulp of float)
//   log(x) = e ln 2 + 2 atanh(s),  x = 2^e m with m in [sqrt(1/2), sqrt 2), s = (m - 1) / (m + 1),
//            atanh(s) = s + s^3/3 + s^5/5 + ... to s^21 (|s| <= 0.172: error < 1e-16), in double.
//
// det_exp is for float softmax; det_log (double) only turns a probability into the reported loss.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

namespace train {

// Inline: softmax and GELU call it in their inner loops.
inline float det_exp(float x) {
  if (x < -87.0f) return 0.0f;  // below 2^-126: softmax treats it as 0
  if (x > 88.0f) x = 88.0f;     // callers subtract the max first, so x <= 0 in practice
  const float n = std::nearbyint(x * 1.44269504088896341f);  // -126 <= n <= 127
  const float r = (x - n * 0.693145751953125f) - n * 1.42860682030941723212e-6f;
  float p = 1.0f / 5040.0f;
  p = p * r + 1.0f / 720.0f;
  p = p * r + 1.0f / 120.0f;
  p = p * r + 1.0f / 24.0f;
  p = p * r + 1.0f / 6.0f;
  p = p * r + 0.5f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  // 2^n built from its bits (n is a normal exponent here): exact, and faster than ldexp; p * 2^n then
  // rounds once, as ldexp would.
  const std::uint32_t bits = static_cast<std::uint32_t>(static_cast<int>(n) + 127) << 23;
  float scale;
  std::memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}

double det_log(double x);  // x > 0

}  // namespace train
