// The web build's stand-in for Dear ImGui's built-in font. ImGui 1.86 embeds ProggyClean (12 KB of data,
// 11 KB of the gzipped wasm) and offers no switch to leave it out; it is only reached through
// ImFontAtlas::AddFontDefault, which ImGui calls when the atlas is built without any font. The page is
// linked with --wrap=<that function> (CMakeLists.txt), so every call lands here instead and nothing
// refers to ProggyClean: the linker drops it. src/ui/style.cpp always adds the DejaVu fonts first, so
// this runs only if that ever changes, and then gives the embedded DejaVu Sans subset at the size asked.
#ifdef __EMSCRIPTEN__

#include "font_sans.hpp"
#include "imgui.h"

extern "C" ImFont* __wrap__ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig(ImFontAtlas* atlas,
                                                                            const ImFontConfig* config) {
  ImFontConfig cfg = config ? *config : ImFontConfig();
  cfg.FontDataOwnedByAtlas = false;  // static data: the atlas must not free it
  const float px = cfg.SizePixels > 0.0f ? cfg.SizePixels : 13.0f;  // ImGui's default size
  return atlas->AddFontFromMemoryTTF(const_cast<unsigned char*>(kFont_sans), static_cast<int>(kFont_sans_size), px,
                                     &cfg);
}

#endif
