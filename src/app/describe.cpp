#include "describe.hpp"

#include <cmath>

#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/similarity.hpp"
#include "format.hpp"

namespace app {

namespace {

const char* view_title(View v) {
  switch (v) {
    case View::clock: return "Clock hands: each sin/cos pair as a hand on a dial";
    case View::order: return "Order blindness of attention";
    case View::input: return "Building the input: word vector times square root of d, plus PE";
    case View::formula: return "The formula, worked step by step";
    case View::heatmap: return "Heatmap of the encoding, positions by dimensions";
    case View::waves: return "Each dimension is a wave over positions";
    case View::periods: return "Periods of the pairs grow geometrically";
    case View::ranges: return "How much each dimension changes in a window";
    case View::similarity: return "Dot product of two position vectors against their distance";
    case View::learned: return "Learned position vectors did as well";
    case View::adding: return "Adding word and position vectors mixes them";
    case View::rope: return "Rotary position embedding (RoPE)";
    case View::gotcha: return "The pairing gotcha";
    case View::precision: return "float32 against double at large positions";
    case View::count: break;
  }
  return "";
}

}  // namespace

std::string describe(const State& s) {
  const int i = s.pair;
  const double w = pe::omega(i, s.d, s.base);
  std::string t = std::string("View: ") + view_title(s.view) + ". ";
  t += "Model width d = " + std::to_string(s.d) + ", base " + fmt("%g", s.base) + ", position " + fmt("%.2f", s.pos) +
       ", offset k " + fmt("%.2f", s.k) + (s.playing ? ", playing" : ", paused") + ". ";
  t += "Selected pair " + std::to_string(i) + " (dimensions " + std::to_string(2 * i) + " and " + std::to_string(2 * i + 1) +
       "): frequency " + fmt("%.6g", w) + " radians per position, period " + fmt("%.6g", pe::period(i, s.d, s.base)) +
       " positions; at this position sin = " + fmt("%.4f", pe::encoding_value(s.pos, 2 * i, s.d, s.base)) +
       ", cos = " + fmt("%.4f", pe::encoding_value(s.pos, 2 * i + 1, s.d, s.base)) + "; a shift by k turns it by " +
       fmt("%.4f", w * s.k) + " radians. ";
  t += "PE(pos) dot PE(pos + k) = " + fmt("%.4f", pe::dot_closed_form(s.k, s.d, s.base)) + ", the same for every pos.";
  if (s.step > 0) t += " Guided tour step " + std::to_string(s.step) + " of " + std::to_string(kTourSteps) + ".";
  return t;
}

}  // namespace app
