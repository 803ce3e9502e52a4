// Number formatting for anything shown to a person (canvas text, the text alternative, notices).
#pragma once
#include <string>

namespace app {

// printf-style formatting of one double; a non-finite value becomes "-" so nothing ever shows NaN.
std::string fmt(const char* format, double v);

}  // namespace app
