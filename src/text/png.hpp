// PNG files written by the module itself (no zlib, no libpng): the desktop's canvas exports and the
// pictures inside an SVG figure (the heatmap, data: URLs).
//
//   PNG  = signature, IHDR (width, height, 8-bit RGB), IDAT (zlib stream of the filtered rows), IEND;
//          every chunk is length, type, data, CRC-32 of type + data (ISO 3309 polynomial 0xEDB88320).
//   zlib = 0x78 0x01, one DEFLATE block with the fixed Huffman codes (RFC 1951 3.2.6), Adler-32.
// Each row is filtered with None, Sub or Up, whichever gives the smallest sum of |byte| (the usual
// heuristic of libpng), and DEFLATE finds repeats with a hash of three bytes (greedy, 32 KB window):
// slow columns of the heatmap and flat areas of the canvas shrink a lot, and nothing can grow by more
// than 1/8 (9-bit literals).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace app {

// An 8-bit RGB image, `rgb` holding w * h * 3 bytes row after row from the top.
std::vector<unsigned char> encode_png_rgb(const unsigned char* rgb, int w, int h);
// The same for RGBA rows from the bottom (what glReadPixels gives); alpha is dropped.
std::vector<unsigned char> encode_png_from_gl(const unsigned char* rgba_bottom_up, int w, int h);

// The zlib stream of `data` (RFC 1950 around RFC 1951), as the PNG's IDAT holds it.
std::vector<unsigned char> zlib_compress(const unsigned char* data, size_t n);
std::uint32_t crc32(const unsigned char* p, size_t n);
std::uint32_t adler32(const unsigned char* p, size_t n);

// Base64 (RFC 4648, with padding), and a data: URL of a PNG for <img> / SVG <image>.
std::string base64(const unsigned char* p, size_t n);
std::string png_data_url(const std::vector<unsigned char>& png);

}  // namespace app
