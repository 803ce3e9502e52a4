// A language's own font, added at run time: zh-CN's glyphs are a subset of a CJK font (CMakeLists.txt
// POSENC_LANGUAGE_FONTS) that the page fetches only when that language is in use, so the English first
// download does not grow. Once added, load_fonts (style.hpp) merges it behind the embedded DejaVu fonts
// (DejaVu keeps its Latin, Greek and math signs) and the language is shown (state/language.hpp).
#pragma once
#include <span>
#include <string>
#include <vector>

#include "state/language.hpp"

namespace app {

// Takes the font file's bytes. A file that is not a TrueType font with the tables a rasteriser needs is
// refused with the reason (nothing is kept, the language stays English); "" when it was taken.
std::string add_language_font(Lang l, std::vector<unsigned char> ttf);
// The bytes of a language's font, empty until it is added.
std::span<const unsigned char> language_font(Lang l);
// The font the atlas could not use after all (the rasteriser refused it): dropped, the language English.
void drop_language_font(Lang l);
// Changes whenever a font is added or dropped: the atlas is rebuilt when it moves (shell/app.cpp).
int language_fonts_generation();

}  // namespace app
