#include "ui/language_font.hpp"

#include <array>
#include <cstdint>
#include <string_view>

namespace app {

namespace {
std::array<std::vector<unsigned char>, kLanguageCount> g_fonts;
int g_generation = 0;

uint32_t be32(const std::vector<unsigned char>& b, size_t at) {
  return (uint32_t{b[at]} << 24) | (uint32_t{b[at + 1]} << 16) | (uint32_t{b[at + 2]} << 8) | uint32_t{b[at + 3]};
}

// The table directory of a TrueType file: its version, and every table within the file. The rasteriser
// reads tables by these offsets unchecked, so a file that lies about them must not reach it.
std::string check_ttf(const std::vector<unsigned char>& b) {
  if (b.size() < 12) return "the font file is empty or cut short";
  const uint32_t version = be32(b, 0);
  if (version != 0x00010000u && version != 0x74727565u /* 'true' */) return "the file is not a TrueType font";
  const size_t tables = (size_t{b[4]} << 8) | b[5];
  if (tables == 0 || 12 + 16 * tables > b.size()) return "the font's table directory runs past the file's end";
  int needed = 0;
  for (size_t t = 0; t < tables; ++t) {
    const size_t at = 12 + 16 * t;
    const std::string_view tag(reinterpret_cast<const char*>(&b[at]), 4);
    const uint64_t offset = be32(b, at + 8), length = be32(b, at + 12);
    if (offset + length > b.size()) return "the font's " + std::string(tag) + " table runs past the file's end";
    for (std::string_view need : {"cmap", "glyf", "loca", "head", "hhea", "hmtx"}) needed += tag == need ? 1 : 0;
  }
  if (needed != 6) return "the font lacks a table a rasteriser needs (cmap, glyf, loca, head, hhea, hmtx)";
  return "";
}
}  // namespace

std::string add_language_font(Lang l, std::vector<unsigned char> ttf) {
  if (!language_info(l).own_font) return std::string("the language ") + language_info(l).id + " has no font of its own";
  std::string why = check_ttf(ttf);
  if (!why.empty()) return why;
  g_fonts[static_cast<size_t>(l)] = std::move(ttf);
  set_language_font_here(l, true);
  ++g_generation;
  return "";
}

std::span<const unsigned char> language_font(Lang l) { return g_fonts[static_cast<size_t>(l)]; }

void drop_language_font(Lang l) {
  g_fonts[static_cast<size_t>(l)].clear();
  set_language_font_here(l, false);
  ++g_generation;
}

int language_fonts_generation() { return g_generation; }

}  // namespace app
