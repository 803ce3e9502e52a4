// The choices and limits of the lessons' own settings (the rows of the settings table whose scope is one
// view, settings.hpp): the enums the State stores, their names as the URL writes them (index = enum
// value), and the limits the table and the views' controls share. No UI here: the views include it
// through state.hpp.
#pragma once
#include "core/rope_attention.hpp"  // pe::RopeLayout

namespace app {

// rope_scores: the stand-in q and k.
enum class RopeVectors : int { ones, same, random };
inline constexpr const char* kRopeVectorNames[] = {"ones", "same", "random"};
constexpr int kScoresMinOffsets = 8, kScoresMaxOffsets = 4096;  // R: the curves span -R..R
constexpr int kScoresMinWindow = 8, kScoresMaxWindow = 128;     // map positions per side

// rope_layouts: the layout the weights were made for (they run in the other), and the stand-in vectors.
inline constexpr const char* kRopeLayoutNames[] = {"interleaved", "half"};  // pe::RopeLayout's order
enum class LayoutVectors : int { random, same, ones };
inline constexpr const char* kLayoutVectorNames[] = {"random", "same", "ones"};
constexpr int kLayoutsMinOffsets = 8, kLayoutsMaxOffsets = 4096, kLayoutsMaxSeed = 1000000;

// rope_base: the second base (above 1, like base; 1.0001 keeps its log readable).
constexpr double kMinCompareBase = 1.0001;

// long_context: the methods shown (all, or one of pe::RopeScalingType: index - 1).
enum class ContextMethod : int { all, none, linear, ntk, yarn };
inline constexpr const char* kContextMethodNames[] = {"all", "none", "linear", "ntk", "yarn"};
constexpr double kMinTrainedLength = 2, kMaxTrainedLength = 1e8, kMinContextFactor = 1, kMaxContextFactor = 1000;

// experiment: Run and Run all with the settings as set (shared), or each encoding under
// train::fair_setting (fair: src/train/fair.hpp).
enum class RunAll : int { shared, fair };
inline constexpr const char* kRunAllNames[] = {"shared", "fair"};

// schemes: the scheme shown and its options.
enum class Scheme : int { learned, alibi, t5, nope };
inline constexpr const char* kSchemeNames[] = {"learned", "alibi", "t5", "nope"};
constexpr int kSchemeCount = 4;
constexpr int kSchemesMaxHeads = 64;      // ALiBi heads the view offers
constexpr int kSchemesMaxBuckets = 256;   // T5 num_buckets (even, from 4)
constexpr int kSchemesMaxDistance = 100000;
// T5's exact buckets E per direction: max_distance must exceed it (core/t5_bucket.hpp).
constexpr int schemes_exact(int buckets, bool bidirectional) { return (bidirectional ? buckets / 2 : buckets) / 2; }

// similarity: the largest offset plotted.
constexpr int kSimilarityMinK = 10, kSimilarityMaxK = 10000;

}  // namespace app
