// A short id of an English text: "#" and the 8 hex digits of its 32-bit FNV-1a hash. The page's
// translation catalogues (dist/text/<lang>.txt) carry it in place of the English each translation pairs
// with (src/text/translation.hpp), so a Spanish or Chinese reader does not download the English a second
// time; a changed English has another id, and its translation is stale as before (a pair is looked up by
// file, key and id, so a changed English would keep its old translation only where the two hash alike:
// one change in 4.3 billion).
#pragma once
#include <string>
#include <string_view>

namespace app {

std::string source_id(std::string_view english);
// Whether a text is such an id ("#" and 8 lowercase hex digits), not an English text.
bool is_source_id(std::string_view text);

}  // namespace app
