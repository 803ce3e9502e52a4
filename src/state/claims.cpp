#include "claims.hpp"

namespace app {

namespace {

// On screen: "Never tested" rather than "Untested", since the sources say plainly that no one tried
// these; "Reasoning" for the article's inferences, the plainer word for a student (and one that never
// reads like the "inf" of an infinity in the text alternative).
constexpr ClaimSourceInfo kSources[] = {
    {ClaimSource::paper, "paper", "Paper", "the Transformer paper (or the paper that introduced the method) states or reports it"},
    {ClaimSource::measured, "measured", "Measured", "a number computed here from the formula, as the article's figures are"},
    {ClaimSource::inference, "inference", "Reasoning", "the article's reasoning, not an experiment"},
    {ClaimSource::untested, "untested", "Never tested", "the sources say no one has tested this"},
    {ClaimSource::math, "math", "Math", "follows from the formula by an identity"},
    {ClaimSource::here, "here", "Measured here", "measured by the training runs on this page, with the settings and seeds shown"},
};

}  // namespace

std::span<const ClaimSourceInfo> claim_sources() { return kSources; }

ClaimSource claim_source_from_id(std::string_view id) {
  for (const ClaimSourceInfo& s : kSources)
    if (id == s.id) return s.source;
  return ClaimSource::none;
}

const ClaimSourceInfo* claim_source_info(ClaimSource s) {
  for (const ClaimSourceInfo& i : kSources)
    if (i.source == s) return &i;
  return nullptr;
}

std::string_view lesson_claim(View v) { return lesson_text(v, "claim"); }

ClaimSource lesson_claim_source(View v) { return claim_source_from_id(lesson_text(v, "source")); }

}  // namespace app
