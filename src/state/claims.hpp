// Where a claim of the module comes from, as the article labels its claims. Every lesson's text file
// names its key sentence (`claim:`) and that sentence's source (`source:`), and so does every step of
// the guided tour; the views draw the source as a small tag beside the sentence, and describe() reads
// it out. This table is the one place that lists the sources, their ids (as written in the .txt
// files) and the words shown on screen.
#pragma once
#include <span>
#include <string_view>

#include "lessons.hpp"

namespace app {

enum class ClaimSource : int { none, paper, measured, inference, untested, math, here };

struct ClaimSourceInfo {
  ClaimSource source;
  const char* id;       // as written after `source:` in src/lessons/*.txt
  const char* label;    // the tag's words on screen and in the text alternative
  const char* meaning;  // one line, for the tag's tooltip
};

// The sources in the order above, without `none`.
std::span<const ClaimSourceInfo> claim_sources();
// ClaimSource::none for an id that is not in the table (a missing or misspelt `source:`).
ClaimSource claim_source_from_id(std::string_view id);
// The row of a source; nullptr for none.
const ClaimSourceInfo* claim_source_info(ClaimSource s);

// A lesson's key sentence (`claim:` in src/lessons/<id>/<id>.txt; "" if it has none) and its source
// (`source:`; none if missing or not in the table).
std::string_view lesson_claim(View v);
ClaimSource lesson_claim_source(View v);

}  // namespace app
