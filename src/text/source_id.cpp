#include "text/source_id.hpp"

#include <cstdint>

namespace app {

std::string source_id(std::string_view english) {
  std::uint32_t h = 0x811c9dc5u;  // FNV-1a, 32 bits: offset basis and prime
  for (const char c : english) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x01000193u;
  }
  static const char kHex[] = "0123456789abcdef";
  std::string out(9, '#');
  for (int i = 8; i >= 1; --i, h >>= 4) out[static_cast<size_t>(i)] = kHex[h & 15];
  return out;
}

bool is_source_id(std::string_view text) {
  if (text.size() != 9 || text[0] != '#') return false;
  for (size_t i = 1; i < text.size(); ++i)
    if (!((text[i] >= '0' && text[i] <= '9') || (text[i] >= 'a' && text[i] <= 'f'))) return false;
  return true;
}

}  // namespace app
