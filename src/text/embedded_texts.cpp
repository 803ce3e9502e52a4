// Every text file built in (src/lessons/<id>/<id>.txt, src/state/tour.txt): the desktop app, the tools
// and the tests. The page links src/platform/page_texts.cpp instead (text_file.hpp).
#include "text/text_file.hpp"

#include "lesson_texts.hpp"  // generated at build time from src/lessons/*.txt (cmake/embed_texts.cmake)

namespace app {
std::span<const EmbeddedText> embedded_texts() { return kLessonTexts; }
}  // namespace app
