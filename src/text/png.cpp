#include "text/png.hpp"

#include <algorithm>
#include <cstdlib>

namespace app {

namespace {

// DEFLATE's bit order: values go in from the least significant bit; Huffman codes are defined from
// their most significant bit, so they are reversed first.
struct BitWriter {
  std::vector<unsigned char>& out;
  std::uint32_t buf = 0;
  int count = 0;
  void put(std::uint32_t value, int bits) {
    buf |= value << count;
    count += bits;
    while (count >= 8) {
      out.push_back(static_cast<unsigned char>(buf & 0xffu));
      buf >>= 8;
      count -= 8;
    }
  }
  void code(std::uint32_t code, int bits) {
    std::uint32_t r = 0;
    for (int i = 0; i < bits; ++i) r |= ((code >> i) & 1u) << (bits - 1 - i);
    put(r, bits);
  }
  void flush() {
    if (count > 0) out.push_back(static_cast<unsigned char>(buf & 0xffu));
    buf = 0;
    count = 0;
  }
};

// The fixed literal/length code (RFC 1951 3.2.6).
void put_symbol(BitWriter& w, int sym) {
  if (sym < 144) w.code(static_cast<std::uint32_t>(0x30 + sym), 8);
  else if (sym < 256) w.code(static_cast<std::uint32_t>(0x190 + sym - 144), 9);
  else if (sym < 280) w.code(static_cast<std::uint32_t>(sym - 256), 7);
  else w.code(static_cast<std::uint32_t>(0xC0 + sym - 280), 8);
}

constexpr int kLengthBase[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr int kLengthExtra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr int kDistBase[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                               193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr int kDistExtra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

void put_match(BitWriter& w, int length, int distance) {
  int i = 28;
  while (kLengthBase[i] > length) --i;
  put_symbol(w, 257 + i);
  w.put(static_cast<std::uint32_t>(length - kLengthBase[i]), kLengthExtra[i]);
  int j = 29;
  while (kDistBase[j] > distance) --j;
  w.code(static_cast<std::uint32_t>(j), 5);
  w.put(static_cast<std::uint32_t>(distance - kDistBase[j]), kDistExtra[j]);
}

void put32(std::vector<unsigned char>& v, std::uint32_t x) {
  for (int s = 24; s >= 0; s -= 8) v.push_back(static_cast<unsigned char>(x >> s));
}

void chunk(std::vector<unsigned char>& png, const char* type, const std::vector<unsigned char>& data) {
  put32(png, static_cast<std::uint32_t>(data.size()));
  const size_t start = png.size();
  png.insert(png.end(), type, type + 4);
  png.insert(png.end(), data.begin(), data.end());
  put32(png, crc32(png.data() + start, png.size() - start));
}

}  // namespace

std::uint32_t crc32(const unsigned char* p, size_t n) {
  std::uint32_t c = 0xffffffffu;
  for (size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
  }
  return c ^ 0xffffffffu;
}

std::uint32_t adler32(const unsigned char* p, size_t n) {
  std::uint32_t a = 1, b = 0;
  for (size_t i = 0; i < n; ++i) {
    a = (a + p[i]) % 65521u;
    b = (b + a) % 65521u;
  }
  return (b << 16) | a;
}

std::vector<unsigned char> zlib_compress(const unsigned char* data, size_t n) {
  std::vector<unsigned char> out = {0x78, 0x01};
  BitWriter w{out};
  w.put(1, 1);  // BFINAL: the only block
  w.put(1, 2);  // BTYPE 01: fixed Huffman codes
  constexpr int kWindow = 32768, kMaxLength = 258, kMaxChain = 48;
  constexpr std::uint32_t kHashSize = 1u << 15;
  std::vector<int> head(kHashSize, -1), prev(kWindow, -1);
  auto hash = [&](size_t i) {
    return ((static_cast<std::uint32_t>(data[i]) << 10) ^ (static_cast<std::uint32_t>(data[i + 1]) << 5) ^ data[i + 2]) & (kHashSize - 1);
  };
  auto insert = [&](size_t i) {
    if (i + 2 >= n) return;
    const std::uint32_t h = hash(i);
    prev[i % kWindow] = head[h];
    head[h] = static_cast<int>(i);
  };
  size_t i = 0;
  while (i < n) {
    int best_len = 0, best_dist = 0;
    if (i + 2 < n) {
      const size_t limit = std::min<size_t>(kMaxLength, n - i);
      int cand = head[hash(i)];
      for (int chain = 0; cand >= 0 && chain < kMaxChain; ++chain) {
        const size_t c = static_cast<size_t>(cand);
        if (i - c > kWindow) break;
        size_t len = 0;
        while (len < limit && data[c + len] == data[i + len]) ++len;
        if (static_cast<int>(len) > best_len) {
          best_len = static_cast<int>(len);
          best_dist = static_cast<int>(i - c);
          if (len == limit) break;
        }
        const int next = prev[c % kWindow];
        if (next >= cand) break;  // the slot was reused by a newer position: the chain ends here
        cand = next;
      }
    }
    if (best_len >= 3) {
      put_match(w, best_len, best_dist);
      for (int k = 0; k < best_len; ++k) insert(i + static_cast<size_t>(k));
      i += static_cast<size_t>(best_len);
    } else {
      put_symbol(w, data[i]);
      insert(i);
      ++i;
    }
  }
  put_symbol(w, 256);  // end of block
  w.flush();
  put32(out, adler32(data, n));
  return out;
}

std::vector<unsigned char> encode_png_rgb(const unsigned char* rgb, int w, int h) {
  const size_t stride = static_cast<size_t>(w) * 3;
  std::vector<unsigned char> raw;
  raw.reserve((stride + 1) * static_cast<size_t>(h));
  std::vector<unsigned char> line(stride), best(stride);
  for (int y = 0; y < h; ++y) {
    const unsigned char* row = rgb + static_cast<size_t>(y) * stride;
    const unsigned char* up = y > 0 ? row - stride : nullptr;
    long best_cost = -1;
    unsigned char best_filter = 0;
    for (unsigned char f = 0; f <= 2; ++f) {  // None, Sub, Up
      if (f == 2 && !up) continue;
      long cost = 0;
      for (size_t x = 0; x < stride; ++x) {
        const unsigned char pred = f == 1 ? (x >= 3 ? row[x - 3] : 0) : f == 2 ? up[x] : 0;
        line[x] = static_cast<unsigned char>(row[x] - pred);
        cost += std::abs(static_cast<signed char>(line[x]));
      }
      if (best_cost < 0 || cost < best_cost) {
        best_cost = cost;
        best_filter = f;
        best.swap(line);
      }
    }
    raw.push_back(best_filter);
    raw.insert(raw.end(), best.begin(), best.end());
  }
  std::vector<unsigned char> png = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a};
  std::vector<unsigned char> ihdr;
  put32(ihdr, static_cast<std::uint32_t>(w));
  put32(ihdr, static_cast<std::uint32_t>(h));
  ihdr.insert(ihdr.end(), {8, 2, 0, 0, 0});  // 8-bit RGB, deflate, adaptive filters, not interlaced
  chunk(png, "IHDR", ihdr);
  chunk(png, "IDAT", zlib_compress(raw.data(), raw.size()));
  chunk(png, "IEND", {});
  return png;
}

std::vector<unsigned char> encode_png_from_gl(const unsigned char* rgba_bottom_up, int w, int h) {
  std::vector<unsigned char> rgb(static_cast<size_t>(w) * static_cast<size_t>(h) * 3);
  for (int y = 0; y < h; ++y) {
    const unsigned char* src = rgba_bottom_up + static_cast<size_t>(h - 1 - y) * static_cast<size_t>(w) * 4;
    unsigned char* dst = rgb.data() + static_cast<size_t>(y) * static_cast<size_t>(w) * 3;
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < 3; ++c) dst[x * 3 + c] = src[x * 4 + c];
  }
  return encode_png_rgb(rgb.data(), w, h);
}

std::string base64(const unsigned char* p, size_t n) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((n + 2) / 3 * 4);
  for (size_t i = 0; i < n; i += 3) {
    const std::uint32_t v = (std::uint32_t{p[i]} << 16) | (i + 1 < n ? std::uint32_t{p[i + 1]} << 8 : 0u) | (i + 2 < n ? p[i + 2] : 0u);
    out += kDigits[(v >> 18) & 63];
    out += kDigits[(v >> 12) & 63];
    out += i + 1 < n ? kDigits[(v >> 6) & 63] : '=';
    out += i + 2 < n ? kDigits[v & 63] : '=';
  }
  return out;
}

std::string png_data_url(const std::vector<unsigned char>& png) {
  std::string url = "data:image/png;base64,";
  url += base64(png.data(), png.size());
  return url;
}

}  // namespace app
