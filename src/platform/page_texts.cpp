// The text files the page is built with: each lesson's title and summary (the sidebar lists every
// lesson before their texts have come) and the whole tour. The lessons' texts are fetched beside their
// code by web/posenc.js: the text of the lesson the link opens with its module, every lesson's with the
// rest (README "Lessons on demand"). Linked instead of src/text/embedded_texts.cpp, which the page's
// link then leaves in its archive.
#include "text/text_file.hpp"

#include "lesson_heads.hpp"  // generated at build time (cmake/embed_texts.cmake -DHEADS=1)

namespace app {
std::span<const EmbeddedText> embedded_texts() { return kLessonHeads; }
}  // namespace app
