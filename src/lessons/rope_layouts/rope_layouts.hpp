// Lesson: two RoPE layouts, one silent bug (view id `rope_layouts`).
//
// Weights (stand-in q and k of width d, the State's d) made for one pairing layout of
// core/rope_attention.hpp are run by the other layout's code. Three scores per offset n - m (query at
// m = 0; every one depends on n - m only, both codes being rotations):
//   right = rope_score_as(q, k, 0, r, trained)        what the weights were made for
//   wrong = rope_score_as(q, k, 0, r, run)            run by the other code unconverted: no error raised
//   fixed = rope_score_as(P q, P k, 0, r, run)        converted by P (interleaved_to_half or its inverse)
// drawn against r in -R..R with the difference wrong - right (and fixed - right, rounding) below; the
// numbers at m = pos, n = pos + k; and a picture of the dimensions each code turns together and where P
// moves them (drawn for min(d, 16) dimensions). Curves are cached by (d, base, settings); at most
// kLayoutsCurveBudget pair turns per recompute.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/rope_attention.hpp"
#include "state/state.hpp"
#include "ui/keyed_cache.hpp"
#include "ui/view_context.hpp"

namespace app {

constexpr double kLayoutsCurveBudget = 524288.0;  // 2^19 pair turns per recompute of the curves
constexpr int kLayoutsPictureDims = 16;          // the picture's head width at most

struct RopeLayoutsCache {
  // The view's own settings are the State's layoutTrained (the weights' layout; they run in the other),
  // layoutVectors, layoutSeed (which random vectors) and layoutOffsets (the curves span n - m = -R .. R).
  // The curves, for the settings and the (d, base) they were computed at.
  KeyedCache<int, double, pe::RopeLayout, LayoutVectors, int, int> key;  // d, base, trained, vectors, seed, offsets
  std::vector<double> q, k, rs, right, wrong, fixed;
};

void draw_rope_layouts(State& s, RopeLayoutsCache& cache, const ViewContext& ctx);
// The view's key numbers in words, for describe().
std::string describe_rope_layouts(const State& s, const RopeLayoutsCache& cache);

// The stand-in q and k for the settings at width d (seeded: the same on every platform).
void rope_layouts_vectors(LayoutVectors v, int seed, int d, std::vector<double>& q, std::vector<double>& k);
// The permutation that converts weights made for `trained` to the other layout: out[j] = x[perm[j]].
std::vector<int> rope_layouts_permutation(pe::RopeLayout trained, int d);

}  // namespace app
