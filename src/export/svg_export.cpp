#include "export/svg_export.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <unordered_map>

#include "text/png.hpp"

namespace app {

namespace {

// ---- [SECTION] fonts: glyphs by their atlas rectangle, and the font's own metrics ----------------

struct FontInfo {
  const SvgFont* src = nullptr;
  float em_per_px = 1.0f;  // CSS font-size per ImGui pixel height (unitsPerEm / (ascender - descender))
  float ascent = 0.0f;     // round(Ascent): the baseline below the line's top, in atlas pixels
  float space = 0.0f;      // a space's advance, in atlas pixels
};

int be16(const unsigned char* p) { return (p[0] << 8) | p[1]; }
std::uint32_t be32(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

// unitsPerEm / (hhea ascender - descender) from the TrueType tables, or 1 if they cannot be read.
float em_per_pixel_height(const ImFont* f) {
  if (!f->ConfigData || !f->ConfigData->FontData || f->ConfigData->FontDataSize < 12) return 1.0f;
  const auto* data = static_cast<const unsigned char*>(f->ConfigData->FontData);
  const size_t size = static_cast<size_t>(f->ConfigData->FontDataSize);
  const int tables = be16(data + 4);
  int units = 0, ascender = 0, descender = 0;
  for (int t = 0; t < tables && 12 + 16 * static_cast<size_t>(t + 1) <= size; ++t) {
    const unsigned char* rec = data + 12 + 16 * t;
    const size_t off = be32(rec + 8);
    if (!std::memcmp(rec, "head", 4) && off + 20 <= size) units = be16(data + off + 18);
    if (!std::memcmp(rec, "hhea", 4) && off + 8 <= size) {
      ascender = static_cast<std::int16_t>(be16(data + off + 4));
      descender = static_cast<std::int16_t>(be16(data + off + 6));
    }
  }
  return units > 0 && ascender > descender ? static_cast<float>(units) / static_cast<float>(ascender - descender) : 1.0f;
}

struct GlyphRef {
  int font = -1;
  const ImFontGlyph* glyph = nullptr;
};

std::uint64_t uv_key(ImVec2 uv) {
  std::uint32_t a = 0, b = 0;
  std::memcpy(&a, &uv.x, 4);
  std::memcpy(&b, &uv.y, 4);
  return (std::uint64_t{a} << 32) | b;
}

void append_utf8(std::string& out, unsigned cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// The XML entity for a character that must not appear as itself, or nullptr.
const char* xml_entity(unsigned cp) {
  switch (cp) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&apos;";
    default: return nullptr;
  }
}

void append_escaped_char(std::string& out, unsigned cp) {
  if (const char* e = xml_entity(cp)) out += e;
  // XML 1.0 has no place for control characters; ImGui draws none (they have no visible glyph).
  else if (cp >= 0x20 && !(cp >= 0xD800 && cp <= 0xDFFF) && cp != 0xFFFE && cp != 0xFFFF) append_utf8(out, cp);
}

// Sutherland-Hodgman: the part of a polygon inside an axis-aligned rectangle (x0, y0, x1, y1).
void clip_polygon(std::vector<ImVec2>& pts, const ImVec4& r) {
  auto cut = [&pts](auto inside, auto cross) {
    std::vector<ImVec2> out;
    for (size_t i = 0; i < pts.size(); ++i) {
      const ImVec2 p = pts[i], q = pts[(i + 1) % pts.size()];
      const bool pin = inside(p), qin = inside(q);
      if (pin) out.push_back(p);
      if (pin != qin) out.push_back(cross(p, q));
    }
    pts.swap(out);
  };
  auto at_x = [](ImVec2 p, ImVec2 q, float x) { return ImVec2(x, p.y + (q.y - p.y) * (x - p.x) / (q.x - p.x)); };
  auto at_y = [](ImVec2 p, ImVec2 q, float y) { return ImVec2(p.x + (q.x - p.x) * (y - p.y) / (q.y - p.y), y); };
  cut([&](ImVec2 p) { return p.x >= r.x; }, [&](ImVec2 p, ImVec2 q) { return at_x(p, q, r.x); });
  cut([&](ImVec2 p) { return p.x <= r.z; }, [&](ImVec2 p, ImVec2 q) { return at_x(p, q, r.z); });
  cut([&](ImVec2 p) { return p.y >= r.y; }, [&](ImVec2 p, ImVec2 q) { return at_y(p, q, r.y); });
  cut([&](ImVec2 p) { return p.y <= r.w; }, [&](ImVec2 p, ImVec2 q) { return at_y(p, q, r.w); });
}

// ---- [SECTION] the writer: clip groups, paths of one colour, text runs ---------------------------

struct Glyph {
  int font;
  unsigned codepoint;
  float pen_x, baseline, size_px, advance;  // display pixels
  ImU32 col;
};

struct TextRun {
  int font = -1;
  float baseline = 0, size_px = 0, end_x = 0, space = 0;
  ImU32 col = 0;
  std::string text, xs;
};

bool same(float a, float b) { return std::fabs(a - b) < 0.01f; }

// An attribute value in double quotes: only &, < and " need escaping (font lists keep their ' quotes).
std::string attr_escape(std::string_view v) {
  std::string out;
  for (char ch : v) {
    if (ch == '&') out += "&amp;";
    else if (ch == '<') out += "&lt;";
    else if (ch == '"') out += "&quot;";
    else out += ch;
  }
  return out;
}

class Writer {
 public:
  Writer(const SvgRequest& r, const std::vector<FontInfo>& fonts) : r_(r), fonts_(fonts) {}

  std::string body;
  std::string defs;
  std::vector<bool> font_used;

  // Starts the clip group of a draw command; false when nothing of it is inside the picture.
  bool clip(const ImVec4& c) {
    const ImVec4 k(std::max(c.x, r_.min.x), std::max(c.y, r_.min.y), std::min(c.z, r_.max.x), std::min(c.w, r_.max.y));
    if (k.z <= k.x || k.w <= k.y) return false;
    visible_ = k;
    const bool whole = c.x <= r_.min.x && c.y <= r_.min.y && c.z >= r_.max.x && c.w >= r_.max.y;
    const std::string key = whole ? "" : rect_attrs(ImVec2(k.x, k.y), ImVec2(k.z, k.w));
    if (key == group_) return true;
    flush();
    if (!group_.empty()) body += "</g>\n";
    group_ = key;
    if (!key.empty()) body += "<g clip-path=\"url(#" + clip_id(key) + ")\">\n";
    return true;
  }

  void polygon(std::vector<ImVec2>& pts, ImU32 col) {
    if (pts.size() < 3 || ((col >> IM_COL32_A_SHIFT) & 0xFF) == 0) return;
    // Cut to what is seen (the command's clip rectangle within the picture): a window's background
    // that reaches under the sidebar ends at the figure's edge, and every coordinate is in the viewBox.
    clip_polygon(pts, visible_);
    if (pts.size() < 3) return;
    double area = 0;
    for (size_t i = 0; i < pts.size(); ++i) {
      const ImVec2 p = pts[i], q = pts[(i + 1) % pts.size()];
      area += static_cast<double>(p.x) * q.y - static_cast<double>(q.x) * p.y;
    }
    if (!(std::fabs(area) >= 1e-6)) return;  // nothing to fill (or not a number)
    // One orientation for all, so overlapping polygons of one <path> add up (nonzero) instead of cancelling.
    if (area < 0) std::reverse(pts.begin(), pts.end());
    end_text();
    if (!path_.empty() && col != path_col_) end_path();
    path_col_ = col;
    path_ += 'M';
    for (size_t i = 0; i < pts.size(); ++i) {
      if (i) path_ += ' ';
      path_ += svg_number(pts[i].x - r_.min.x);
      path_ += ' ';
      path_ += svg_number(pts[i].y - r_.min.y);
    }
    path_ += 'Z';
  }

  // A quad filled with a gradient along x (horizontal) or y; the gradient runs over the whole quad
  // (user space), the rectangle is what is seen of it.
  void gradient_rect(ImVec2 a, ImVec2 b, ImU32 from, ImU32 to, bool horizontal) {
    const ImVec2 lo(std::max(a.x, visible_.x), std::max(a.y, visible_.y)), hi(std::min(b.x, visible_.z), std::min(b.y, visible_.w));
    if (hi.x <= lo.x || hi.y <= lo.y) return;
    flush();
    std::string id = "g";
    id += std::to_string(gradients_++);
    defs += "<linearGradient id=\"" + id + "\" gradientUnits=\"userSpaceOnUse\" x1=\"" + svg_number(a.x - r_.min.x) + "\" y1=\"" +
            svg_number(a.y - r_.min.y) + "\" x2=\"" + svg_number((horizontal ? b.x : a.x) - r_.min.x) + "\" y2=\"" +
            svg_number((horizontal ? a.y : b.y) - r_.min.y) + "\"><stop offset=\"0\" stop-color=\"" + svg_color(from) + "\"" +
            opacity("stop-opacity", from) + "/><stop offset=\"1\" stop-color=\"" + svg_color(to) + "\"" + opacity("stop-opacity", to) +
            "/></linearGradient>\n";
    body += "<rect " + rect_attrs(lo, hi) + " fill=\"url(#" + id + ")\"/>\n";
  }

  void glyph(const Glyph& g, const ImVec4* cut) {
    const ImVec4 box = cut ? *cut : ImVec4(g.pen_x, g.baseline - g.size_px, g.pen_x + g.advance, g.baseline + g.size_px / 2);
    if (box.z < visible_.x || box.x > visible_.z || box.w < visible_.y || box.y > visible_.w) return;
    end_path();
    font_used[static_cast<size_t>(g.font)] = true;
    if (cut) {
      // Cut by ImGui's fine clipping: a text of its own, clipped to what ImGui kept of it.
      end_text();
      const std::string key = rect_attrs(ImVec2(cut->x, cut->y), ImVec2(cut->z, cut->w));
      TextRun one = start(g);
      add(one, g);
      write(one, " clip-path=\"url(#" + clip_id(key) + ")\"");
      return;
    }
    const float space = run_.space;
    const float gap = g.pen_x - run_.end_x;
    const bool joins = open_ && run_.font == g.font && same(run_.baseline, g.baseline) && same(run_.size_px, g.size_px) &&
                       run_.col == g.col && gap > -0.5f && gap < 3.5f * space;
    if (!joins) {
      end_text();
      run_ = start(g);
      open_ = true;
    } else if (space > 0 && gap > 0.5f * space) {
      // The space characters ImGui advanced over without drawing anything.
      const int n = std::max(1, static_cast<int>(std::lround(gap / space)));
      for (int i = 0; i < n; ++i) {
        run_.text += ' ';
        run_.xs += ' ';
        run_.xs += svg_number(run_.end_x + static_cast<float>(i) * gap / static_cast<float>(n) - r_.min.x);
      }
    }
    add(run_, g);
  }

  void flush() {
    end_path();
    end_text();
  }

  std::string finish() {
    flush();
    if (!group_.empty()) body += "</g>\n";
    group_.clear();
    return body;
  }

 private:
  TextRun start(const Glyph& g) const {
    TextRun t;
    t.font = g.font;
    t.baseline = g.baseline;
    t.size_px = g.size_px;
    t.col = g.col;
    const FontInfo& f = fonts_[static_cast<size_t>(g.font)];
    t.space = f.space * g.size_px / f.src->font->FontSize;
    return t;
  }

  void add(TextRun& t, const Glyph& g) const {
    if (!t.xs.empty()) t.xs += ' ';
    t.xs += svg_number(g.pen_x - r_.min.x);
    append_escaped_char(t.text, g.codepoint);
    t.end_x = g.pen_x + g.advance;
  }

  void write(const TextRun& t, const std::string& extra) {
    const FontInfo& f = fonts_[static_cast<size_t>(t.font)];
    // Runs of spaces are kept where the text has them (Chromium honours xml:space on <text> only).
    const char* keep_spaces = t.text.find("  ") != std::string::npos ? " xml:space=\"preserve\"" : "";
    body += "<text x=\"" + t.xs + "\" y=\"" + svg_number(t.baseline - r_.min.y) + "\" font-family=\"" + attr_escape(f.src->family) +
            "\" font-size=\"" + svg_number(t.size_px * f.em_per_px) + "\" fill=\"" + svg_color(t.col) + "\"" +
            opacity("fill-opacity", t.col) + extra + keep_spaces + ">" + t.text + "</text>\n";
  }

  void end_text() {
    if (open_) write(run_, "");
    open_ = false;
  }

  void end_path() {
    if (path_.empty()) return;
    body += "<path d=\"" + path_ + "\" fill=\"" + svg_color(path_col_) + "\"" + opacity("fill-opacity", path_col_) + "/>\n";
    path_.clear();
  }

  std::string rect_attrs(ImVec2 a, ImVec2 b) const {
    return "x=\"" + svg_number(a.x - r_.min.x) + "\" y=\"" + svg_number(a.y - r_.min.y) + "\" width=\"" + svg_number(b.x - a.x) +
           "\" height=\"" + svg_number(b.y - a.y) + "\"";
  }

  std::string clip_id(const std::string& rect) {
    auto it = clips_.find(rect);
    if (it != clips_.end()) return it->second;
    std::string id = "c";  // (+= rather than "c" + ...: GCC 12's false -Wrestrict)
    id += std::to_string(clips_.size());
    clips_.emplace(rect, id);
    defs += "<clipPath id=\"" + id + "\"><rect " + rect + "/></clipPath>\n";
    return id;
  }

  static std::string opacity(const char* attr, ImU32 c) {
    const unsigned a = (c >> IM_COL32_A_SHIFT) & 0xFF;
    if (a == 255) return "";
    return std::string(" ") + attr + "=\"" + svg_number(std::round(a / 255.0 * 1000) / 1000) + "\"";
  }

  const SvgRequest& r_;
  const std::vector<FontInfo>& fonts_;
  ImVec4 visible_{0, 0, 0, 0};
  std::string group_;
  std::map<std::string, std::string> clips_;
  std::string path_;
  ImU32 path_col_ = 0;
  TextRun run_;
  bool open_ = false;
  int gradients_ = 0;
};

ImU32 average(ImU32 a, ImU32 b, ImU32 c) {
  ImU32 out = 0;
  for (int s = 0; s < 32; s += 8) out |= (((a >> s) & 0xFF) + ((b >> s) & 0xFF) + ((c >> s) & 0xFF)) / 3 << s;
  return out;
}

bool same_uv(ImVec2 a, ImVec2 b) { return a.x == b.x && a.y == b.y; }

}  // namespace

std::string svg_number(double v) {
  if (!std::isfinite(v)) return "0";
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", v);
  std::string s = b;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

std::string svg_color(ImU32 c) {
  char b[8];
  std::snprintf(b, sizeof b, "#%02x%02x%02x", (c >> IM_COL32_R_SHIFT) & 0xFF, (c >> IM_COL32_G_SHIFT) & 0xFF, (c >> IM_COL32_B_SHIFT) & 0xFF);
  return b;
}

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    if (const char* e = xml_entity(static_cast<unsigned char>(ch))) out += e;
    else if (static_cast<unsigned char>(ch) >= 0x20 || ch == '\n' || ch == '\t') out += ch;
  }
  return out;
}

std::string draw_data_svg(const ImDrawData& dd, const SvgRequest& r) {
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  std::vector<FontInfo> fonts;
  std::unordered_map<std::uint64_t, GlyphRef> by_uv;
  std::vector<GlyphRef> all;
  for (const SvgFont& sf : r.fonts) {
    if (!sf.font) continue;
    FontInfo fi;
    fi.src = &sf;
    fi.em_per_px = em_per_pixel_height(sf.font);
    fi.ascent = std::round(sf.font->Ascent);  // IM_ROUND in imgui_draw.cpp
    const ImFontGlyph* space = sf.font->FindGlyphNoFallback(' ');
    fi.space = space ? space->AdvanceX : 0.0f;
    const int index = static_cast<int>(fonts.size());
    fonts.push_back(fi);
    for (const ImFontGlyph& g : sf.font->Glyphs) {
      if (!g.Visible) continue;
      by_uv.emplace(uv_key(ImVec2(g.U0, g.V0)), GlyphRef{index, &g});
      all.push_back(GlyphRef{index, &g});
    }
  }

  // The glyph a textured quad shows, with its pen position; `cut` is set when ImGui clipped the quad.
  auto find_glyph = [&](const ImDrawVert& tl, const ImDrawVert& br, Glyph& out, bool& cut) {
    GlyphRef ref;
    cut = false;
    auto it = by_uv.find(uv_key(tl.uv));
    if (it != by_uv.end() && it->second.glyph->U1 == br.uv.x && it->second.glyph->V1 == br.uv.y) {
      ref = it->second;
    } else {
      for (const GlyphRef& g : all) {
        const ImFontGlyph& q = *g.glyph;
        const float eu = 1e-6f + std::fabs(q.U1 - q.U0) * 1e-3f, ev = 1e-6f + std::fabs(q.V1 - q.V0) * 1e-3f;
        if (tl.uv.x >= q.U0 - eu && br.uv.x <= q.U1 + eu && tl.uv.y >= q.V0 - ev && br.uv.y <= q.V1 + ev && br.uv.x > tl.uv.x &&
            br.uv.y > tl.uv.y) {
          ref = g;
          cut = true;
          break;
        }
      }
    }
    if (!ref.glyph) return false;
    const ImFontGlyph& g = *ref.glyph;
    const ImFont* font = fonts[static_cast<size_t>(ref.font)].src->font;
    // Display pixels per atlas pixel, from the share of the glyph the quad shows.
    const float shown_u = (br.uv.x - tl.uv.x) / (g.U1 - g.U0), shown_v = (br.uv.y - tl.uv.y) / (g.V1 - g.V0);
    const float scale = std::fabs(g.X1 - g.X0) > 0 && shown_u > 0 ? (br.pos.x - tl.pos.x) / (shown_u * (g.X1 - g.X0))
                                                                   : (br.pos.y - tl.pos.y) / (shown_v * (g.Y1 - g.Y0));
    if (!(scale > 0) || !std::isfinite(scale)) return false;
    // Where the whole glyph's corner would be, then the pen and the baseline.
    const float left = tl.pos.x - (tl.uv.x - g.U0) / (g.U1 - g.U0) * (g.X1 - g.X0) * scale;
    const float top = tl.pos.y - (tl.uv.y - g.V0) / (g.V1 - g.V0) * (g.Y1 - g.Y0) * scale;
    out.font = ref.font;
    out.codepoint = g.Codepoint;
    out.pen_x = left - g.X0 * scale;
    out.baseline = top + (fonts[static_cast<size_t>(ref.font)].ascent - g.Y0) * scale;
    out.size_px = font->FontSize * scale;
    out.advance = g.AdvanceX * scale;
    out.col = tl.col;
    return true;
  };

  Writer w(r, fonts);
  w.font_used.assign(fonts.size(), false);
  for (int li = 0; li < dd.CmdListsCount; ++li) {
    const ImDrawList* l = dd.CmdLists[li];
    if (r.keep_list && !r.keep_list(*l)) continue;
    for (const ImDrawCmd& cmd : l->CmdBuffer) {
      if (cmd.UserCallback) {
        if (cmd.UserCallback == ImDrawCallback_ResetRenderState || !r.paint) continue;
        if (!w.clip(cmd.ClipRect)) continue;
        const std::string painted = r.paint(cmd, r.min);
        if (!painted.empty()) {
          w.flush();
          w.body += painted;
        }
        continue;
      }
      if (cmd.ElemCount < 3 || !w.clip(cmd.ClipRect)) continue;
      const ImDrawIdx* idx = l->IdxBuffer.Data + cmd.IdxOffset;
      const ImDrawVert* vtx = l->VtxBuffer.Data + cmd.VtxOffset;
      // The polygon being rebuilt from a quad or a fan: (first, i, i+1) after (first, i-1, i).
      std::vector<ImVec2> poly;
      unsigned first = 0, last = 0;
      ImU32 poly_col = 0;
      auto close = [&]() {
        if (!poly.empty()) w.polygon(poly, poly_col);
        poly.clear();
      };
      const unsigned n = cmd.ElemCount;
      for (unsigned t = 0; t + 2 < n; t += 3) {
        const unsigned a = idx[t], b = idx[t + 1], c = idx[t + 2];
        const ImDrawVert &va = vtx[a], &vb = vtx[b], &vc = vtx[c];
        // ImGui's quads: (a, a+1, a+2), (a, a+2, a+3), corners top-left, top-right, bottom-right, bottom-left.
        const bool quad = t + 5 < n && b == a + 1 && c == a + 2 && idx[t + 3] == a && idx[t + 4] == a + 2 && idx[t + 5] == a + 3;
        const bool solid = same_uv(va.uv, white) && same_uv(vb.uv, white) && same_uv(vc.uv, white);
        if (!solid && quad) {
          Glyph g;
          bool cut = false;
          if (find_glyph(va, vtx[a + 2], g, cut)) {
            close();
            const ImVec4 kept(va.pos.x, va.pos.y, vtx[a + 2].pos.x, vtx[a + 2].pos.y);
            w.glyph(g, cut ? &kept : nullptr);
            t += 3;
            continue;
          }
        }
        ImU32 col = va.col;
        if (va.col != vb.col || va.col != vc.col) {
          const ImDrawVert& vd = quad ? vtx[a + 3] : va;
          const bool rect = quad && va.pos.y == vb.pos.y && vc.pos.y == vd.pos.y && va.pos.x == vd.pos.x && vb.pos.x == vc.pos.x;
          if (rect && va.col == vd.col && vb.col == vc.col) {  // AddRectFilledMultiColor, left to right
            close();
            w.gradient_rect(va.pos, vc.pos, va.col, vb.col, true);
            t += 3;
            continue;
          }
          if (rect && va.col == vb.col && vc.col == vd.col) {  // top to bottom
            close();
            w.gradient_rect(va.pos, vc.pos, va.col, vc.col, false);
            t += 3;
            continue;
          }
          col = average(va.col, vb.col, vc.col);
        }
        if (!poly.empty() && col == poly_col && a == first && b == last) {
          poly.push_back(vc.pos);
          last = c;
        } else {
          close();
          poly = {va.pos, vb.pos, vc.pos};
          first = a;
          last = c;
          poly_col = col;
        }
      }
      close();
    }
  }
  const std::string body = w.finish();

  const float width = r.max.x - r.min.x, height = r.max.y - r.min.y;
  std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\"" +
         svg_number(width) + "\" height=\"" + svg_number(height) + "\" viewBox=\"0 0 " + svg_number(width) + " " + svg_number(height) +
         "\" xml:space=\"preserve\">\n";
  if (!r.title.empty()) svg += "<title>" + xml_escape(r.title) + "</title>\n";
  if (!r.desc.empty()) svg += "<desc>" + xml_escape(r.desc) + "</desc>\n";
  svg += "<defs>\n";
  // The fonts the text uses, embedded, so that the figure looks the same where DejaVu is not installed.
  std::vector<std::string> embedded;
  for (size_t i = 0; i < fonts.size(); ++i) {
    const SvgFont& sf = *fonts[i].src;
    if (!w.font_used[i] || sf.embed.empty() || std::find(embedded.begin(), embedded.end(), sf.embed) != embedded.end()) continue;
    if (!sf.font->ConfigData || !sf.font->ConfigData->FontData) continue;
    embedded.push_back(sf.embed);
    svg += "<style>@font-face{font-family:'" + sf.embed + "';src:url(data:font/ttf;base64," +
           base64(static_cast<const unsigned char*>(sf.font->ConfigData->FontData), static_cast<size_t>(sf.font->ConfigData->FontDataSize)) +
           ") format('truetype')}</style>\n";
  }
  svg += w.defs;
  svg += "</defs>\n";
  svg += body;
  svg += "</svg>\n";
  return svg;
}

}  // namespace app
