// PNG writing checked against published values (CRC-32 of "IEND", Adler-32 of "Wikipedia", RFC 4648's
// base64 vectors) and by decoding: a small inflater written from RFC 1951 for this test (stored and
// fixed-Huffman blocks) and PNG's filter rules undo what the encoder did, byte for byte.
// (tests/views/svg_check.py decodes the SVG figures' PNGs once more with Python's zlib.)
#include "catch2_any.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "text/png.hpp"

using namespace app;

namespace {

struct BitReader {
  const std::vector<unsigned char>& in;
  size_t pos = 0;  // in bits
  std::uint32_t bits(int n) {
    std::uint32_t v = 0;
    for (int i = 0; i < n; ++i, ++pos) v |= ((in.at(pos / 8) >> (pos % 8)) & 1u) << i;
    return v;
  }
  // A Huffman code: read MSB first, one bit at a time.
  std::uint32_t code_bits(int n) {
    std::uint32_t v = 0;
    for (int i = 0; i < n; ++i) v = (v << 1) | bits(1);
    return v;
  }
};

// Fixed literal/length symbol: 7, 8 or 9 bits by the ranges of RFC 1951 3.2.6.
int fixed_symbol(BitReader& r) {
  std::uint32_t c = r.code_bits(7);
  if (c <= 0x17) return static_cast<int>(c) + 256;
  c = (c << 1) | r.bits(1);
  if (c >= 0x30 && c <= 0xBF) return static_cast<int>(c) - 0x30;
  if (c >= 0xC0 && c <= 0xC7) return static_cast<int>(c) - 0xC0 + 280;
  c = (c << 1) | r.bits(1);
  return static_cast<int>(c) - 0x190 + 144;
}

std::vector<unsigned char> inflate_zlib(const std::vector<unsigned char>& z) {
  REQUIRE(z.size() >= 6);
  REQUIRE(((z[0] << 8) | z[1]) % 31 == 0);  // the zlib header check
  REQUIRE((z[0] & 0x0f) == 8);              // deflate
  static const int lbase[] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
  static const int lext[] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
  static const int dbase[] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
  static const int dext[] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
  std::vector<unsigned char> body(z.begin() + 2, z.end() - 4), out;
  BitReader r{body};
  for (bool last = false; !last;) {
    last = r.bits(1) == 1;
    const std::uint32_t type = r.bits(2);
    REQUIRE(type != 2);  // dynamic blocks: the encoder never writes them
    REQUIRE(type != 3);
    if (type == 0) {
      r.pos = (r.pos + 7) / 8 * 8;
      const std::uint32_t len = r.bits(16), nlen = r.bits(16);
      REQUIRE((len ^ 0xffffu) == nlen);
      for (std::uint32_t i = 0; i < len; ++i) out.push_back(static_cast<unsigned char>(r.bits(8)));
      continue;
    }
    for (;;) {
      const int sym = fixed_symbol(r);
      if (sym < 256) {
        out.push_back(static_cast<unsigned char>(sym));
      } else if (sym == 256) {
        break;
      } else {
        REQUIRE(sym <= 285);
        const int len = lbase[sym - 257] + static_cast<int>(r.bits(lext[sym - 257]));
        const std::uint32_t dc = r.code_bits(5);
        REQUIRE(dc < 30);
        const size_t dist = static_cast<size_t>(dbase[dc] + static_cast<int>(r.bits(dext[dc])));
        REQUIRE(dist <= out.size());
        REQUIRE(dist <= 32768);
        for (int k = 0; k < len; ++k) out.push_back(out[out.size() - dist]);
      }
    }
  }
  const size_t n = z.size();
  const std::uint32_t stored = (std::uint32_t{z[n - 4]} << 24) | (std::uint32_t{z[n - 3]} << 16) | (std::uint32_t{z[n - 2]} << 8) | z[n - 1];
  CHECK(stored == adler32(out.data(), out.size()));
  return out;
}

std::uint32_t be32(const std::vector<unsigned char>& v, size_t at) {
  return (std::uint32_t{v.at(at)} << 24) | (std::uint32_t{v.at(at + 1)} << 16) | (std::uint32_t{v.at(at + 2)} << 8) | v.at(at + 3);
}

// Decodes an 8-bit RGB PNG as encode_png_rgb writes it: every chunk's CRC, IHDR, the filters.
std::vector<unsigned char> decode_png_rgb(const std::vector<unsigned char>& png, int& w, int& h) {
  static const unsigned char sig[] = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a};
  REQUIRE(png.size() > 8);
  REQUIRE(std::equal(sig, sig + 8, png.begin()));
  std::vector<unsigned char> idat;
  bool ended = false;
  for (size_t at = 8; at < png.size();) {
    const std::uint32_t len = be32(png, at);
    const std::string type(png.begin() + static_cast<std::ptrdiff_t>(at + 4), png.begin() + static_cast<std::ptrdiff_t>(at + 8));
    CHECK(be32(png, at + 8 + len) == crc32(png.data() + at + 4, len + 4));
    const unsigned char* data = png.data() + at + 8;
    if (type == "IHDR") {
      w = static_cast<int>(be32(png, at + 8));
      h = static_cast<int>(be32(png, at + 12));
      CHECK(data[8] == 8);  // bit depth
      CHECK(data[9] == 2);  // RGB
      CHECK(data[12] == 0);  // not interlaced
    } else if (type == "IDAT") {
      idat.insert(idat.end(), data, data + len);
    } else if (type == "IEND") {
      ended = true;
    }
    at += 12 + len;
  }
  CHECK(ended);
  const std::vector<unsigned char> raw = inflate_zlib(idat);
  const size_t stride = static_cast<size_t>(w) * 3;
  REQUIRE(raw.size() == (stride + 1) * static_cast<size_t>(h));
  std::vector<unsigned char> out(stride * static_cast<size_t>(h));
  for (int y = 0; y < h; ++y) {
    const unsigned char f = raw[static_cast<size_t>(y) * (stride + 1)];
    REQUIRE(f <= 4);
    for (size_t x = 0; x < stride; ++x) {
      const int a = x >= 3 ? out[static_cast<size_t>(y) * stride + x - 3] : 0;
      const int b = y > 0 ? out[static_cast<size_t>(y - 1) * stride + x] : 0;
      const int c = x >= 3 && y > 0 ? out[static_cast<size_t>(y - 1) * stride + x - 3] : 0;
      int pred = 0;
      if (f == 1) pred = a;
      if (f == 2) pred = b;
      if (f == 3) pred = (a + b) / 2;
      if (f == 4) {
        const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
        pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[static_cast<size_t>(y) * stride + x] = static_cast<unsigned char>(raw[static_cast<size_t>(y) * (stride + 1) + 1 + x] + pred);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("checksums and base64 match their published values") {
  const std::string iend = "IEND", wiki = "Wikipedia";
  CHECK(crc32(reinterpret_cast<const unsigned char*>(iend.data()), 4) == 0xAE426082u);  // every PNG ends with it
  CHECK(adler32(reinterpret_cast<const unsigned char*>(wiki.data()), wiki.size()) == 0x11E60398u);
  const char* vectors[][2] = {{"", ""}, {"f", "Zg=="}, {"fo", "Zm8="}, {"foo", "Zm9v"}, {"foob", "Zm9vYg=="},
                              {"fooba", "Zm9vYmE="}, {"foobar", "Zm9vYmFy"}};  // RFC 4648 section 10
  for (const auto& v : vectors) {
    const std::string in = v[0];
    CHECK(base64(reinterpret_cast<const unsigned char*>(in.data()), in.size()) == v[1]);
  }
}

TEST_CASE("zlib_compress round-trips through an independent inflater, and repeats shrink") {
  std::mt19937 rng(12345);
  std::vector<std::vector<unsigned char>> inputs = {{}, {7}, {1, 2}, std::vector<unsigned char>(100000, 42)};
  std::vector<unsigned char> noise(70000), mixed;
  for (auto& b : noise) b = static_cast<unsigned char>(rng());
  inputs.push_back(noise);
  for (int i = 0; i < 3000; ++i) {  // repeats at every distance up to the window, and literals between them
    const size_t n = mixed.size();
    if (n > 10 && rng() % 3 != 0) {
      const size_t dist = 1 + rng() % std::min<size_t>(n, 40000), len = 3 + rng() % 300;
      for (size_t k = 0; k < len; ++k) mixed.push_back(mixed[mixed.size() - dist]);
    } else {
      for (int k = 0; k < 20; ++k) mixed.push_back(static_cast<unsigned char>(rng() % 7));
    }
  }
  inputs.push_back(mixed);
  for (const auto& in : inputs) {
    INFO("input of " << in.size() << " bytes");
    const std::vector<unsigned char> z = zlib_compress(in.data(), in.size());
    CHECK(inflate_zlib(z) == in);
    CHECK(z.size() <= in.size() * 9 / 8 + 16);  // 9-bit literals at worst
  }
  CHECK(zlib_compress(inputs[3].data(), inputs[3].size()).size() < 1000);
}

TEST_CASE("encode_png_rgb: the pixels decode back exactly, whatever filter each row took") {
  const int w = 37, h = 23;
  std::vector<unsigned char> rgb(static_cast<size_t>(w * h * 3));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < 3; ++c)  // gradients (Sub wins), stripes (Up wins) and noise (None)
        rgb[static_cast<size_t>((y * w + x) * 3 + c)] =
            static_cast<unsigned char>(y < 8 ? x * 7 + c : y < 16 ? (x % 5) * 40 + c : (x * 131 + y * 71 + c * 29) % 251);
  int dw = 0, dh = 0;
  CHECK(decode_png_rgb(encode_png_rgb(rgb.data(), w, h), dw, dh) == rgb);
  CHECK(dw == w);
  CHECK(dh == h);

  // From GL's bottom-up RGBA: the first row read is the bottom of the picture.
  const unsigned char gl[] = {1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255, 10, 11, 12, 255};  // 2x2
  const std::vector<unsigned char> top_down = {7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6};
  CHECK(decode_png_rgb(encode_png_from_gl(gl, 2, 2), dw, dh) == top_down);
  CHECK(png_data_url({1, 2, 3}).rfind("data:image/png;base64,AQID", 0) == 0);
}
