#include "export/figure_export.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/float32_encoding.hpp"
#include "ui/focus.hpp"
#include "gfx/heatmap_renderer.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // ImGuiContext::NavDisableHighlight
#include "text/png.hpp"
#include "export/svg_export.hpp"

namespace app {

namespace {

// The draw lists of the page's window ("PosEnc Lab") and of its children ("PosEnc Lab/main_1A2B3C4D", ...).
bool in_main_window(const ImDrawList& l) {
  const char* name = l._OwnerName;
  const size_t n = std::strlen(kMainWindowName);
  return name && std::strncmp(name, kMainWindowName, n) == 0 && (name[n] == '\0' || name[n] == '/');
}

// One axis of the heatmap image: which cell each image pixel shows, and where the image lies along
// the plot (display pixels from the plot's edge).
struct Axis {
  int count = 1;        // image pixels
  bool per_cell = true; // one image pixel per cell (else per device pixel)
  double first = 0;     // the window's first cell (real)
  double span = 1;      // cells across the plot
  double start = 0, length = 0;
  double cell(int k) const {
    return per_cell ? std::floor(first) + k : std::floor(first + (k + 0.5) / count * span);
  }
};

Axis heatmap_axis(double first, double span, double plot_px, float pixel_ratio) {
  Axis a;
  a.first = first;
  a.span = span;
  if (span <= plot_px) {
    // Whole cells: the image starts at the first (partly shown) cell's edge, clipped to the plot.
    const double i0 = std::floor(first);
    a.count = std::max(1, static_cast<int>(std::ceil(first + span - 1e-9) - i0));
    a.start = -(first - i0) / span * plot_px;
    a.length = a.count * plot_px / span;
  } else {
    a.per_cell = false;
    a.count = std::clamp(static_cast<int>(std::lround(plot_px * pixel_ratio)), 1, 2048);
    a.start = 0;
    a.length = plot_px;
  }
  return a;
}

// The heatmap's draw callback as an <image> of the cells the shader colours.
std::string heatmap_image(const App& a, const ImDrawCmd& cmd, ImVec2 origin) {
  const HeatmapCache& c = a.views.heatmap;
  const State& s = a.state;
  if (cmd.UserCallbackData != &c.renderer) return {};
  const ImVec2 lo = c.plot_min, hi = c.plot_max;
  const double w = hi.x - lo.x, h = hi.y - lo.y;
  if (!(w > 0 && h > 0)) return {};
  const Axis cols = heatmap_axis(c.dim0, c.dims, w, a.pixel_ratio), rows = heatmap_axis(c.pos0, c.positions, h, a.pixel_ratio);
  std::vector<unsigned char> rgb(static_cast<size_t>(cols.count) * static_cast<size_t>(rows.count) * 3);
  for (int y = 0; y < rows.count; ++y) {
    const double pos = rows.cell(y);
    for (int x = 0; x < cols.count; ++x) {
      const double dim = cols.cell(x);
      ImU32 col;
      if (dim < 0 || dim >= s.d || pos < 0) {
        col = ImGui::ColorConvertFloat4ToU32(ImVec4(gfx::kHeatOutside[0], gfx::kHeatOutside[1], gfx::kHeatOutside[2], 1));
      } else {
        const int di = static_cast<int>(dim);
        const float v = c.naive ? pe::float32_value_naive(pos, di, s.d, s.base)
                                : pe::float32_value_shader(static_cast<std::uint32_t>(pos), di, s.d, s.base);
        col = gfx::heat_color(v);
      }
      unsigned char* p = &rgb[(static_cast<size_t>(y) * static_cast<size_t>(cols.count) + static_cast<size_t>(x)) * 3];
      p[0] = static_cast<unsigned char>((col >> IM_COL32_R_SHIFT) & 0xFF);
      p[1] = static_cast<unsigned char>((col >> IM_COL32_G_SHIFT) & 0xFF);
      p[2] = static_cast<unsigned char>((col >> IM_COL32_B_SHIFT) & 0xFF);
    }
  }
  // The shader draws inside the plot and the command's clip rectangle (its scissor box).
  const float cx0 = std::max(lo.x, cmd.ClipRect.x), cy0 = std::max(lo.y, cmd.ClipRect.y);
  const float cx1 = std::min(hi.x, cmd.ClipRect.z), cy1 = std::min(hi.y, cmd.ClipRect.w);
  if (cx1 <= cx0 || cy1 <= cy0) return {};
  std::string out = "<clipPath id=\"heatmap-clip\"><rect x=\"" + svg_number(cx0 - origin.x) + "\" y=\"" + svg_number(cy0 - origin.y) +
                    "\" width=\"" + svg_number(cx1 - cx0) + "\" height=\"" + svg_number(cy1 - cy0) + "\"/></clipPath>\n";
  // Cells stay sharp squares when scaled (pixelated; optimizeSpeed for SVG 1.1 renderers such as Inkscape).
  out += "<image x=\"" + svg_number(lo.x + cols.start - origin.x) + "\" y=\"" + svg_number(lo.y + rows.start - origin.y) + "\" width=\"" +
         svg_number(cols.length) + "\" height=\"" + svg_number(rows.length) +
         "\" preserveAspectRatio=\"none\" image-rendering=\"optimizeSpeed\" style=\"image-rendering:pixelated\" "
         "clip-path=\"url(#heatmap-clip)\" xlink:href=\"";
  out += png_data_url(encode_png_rgb(rgb.data(), cols.count, rows.count));
  out += "\"/>\n";
  return out;
}

}  // namespace

std::string figure_svg(App& a, bool embed_fonts) {
  ImGuiIO& io = ImGui::GetIO();
  const bool rebuilt = app_update_style(a, a.pixel_ratio);
  if (!io.Fonts->IsBuilt()) io.Fonts->Build();
  ImGuiStyle& st = ImGui::GetStyle();
  const bool aa_lines = st.AntiAliasedLines, aa_fill = st.AntiAliasedFill;
  st.AntiAliasedLines = false;
  st.AntiAliasedFill = false;
  const ImVec2 pointer = io.MousePos;
  if (!ImGui::IsAnyItemActive()) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  // Nor the keyboard focus ring: it marks where the reader is, not what the figure says.
  ImGuiContext& g = *ImGui::GetCurrentContext();
  const bool ring_hidden = g.NavDisableHighlight;
  g.NavDisableHighlight = true;
  ImGui::NewFrame();
  app_frame(a, 0.0);
  ImGui::Render();
  focus_end_frame();
  g.NavDisableHighlight = ring_hidden;
  io.MousePos = pointer;
  st.AntiAliasedLines = aa_lines;
  st.AntiAliasedFill = aa_fill;

  SvgRequest r;
  r.min = a.figure_min;
  r.max = a.figure_max;
  const std::string sans = "PosEnc DejaVu Sans", mono = "PosEnc DejaVu Sans Mono";
  // An installed DejaVu first (Inkscape, most Linux desktops), else the subset embedded in the file.
  r.fonts = {{a.fonts.body, "'DejaVu Sans', '" + sans + "', sans-serif", embed_fonts ? sans : ""},
             {a.fonts.title, "'DejaVu Sans', '" + sans + "', sans-serif", embed_fonts ? sans : ""},
             {a.fonts.mono, "'DejaVu Sans Mono', '" + mono + "', monospace", embed_fonts ? mono : ""}};
  r.keep_list = in_main_window;
  r.paint = [&a](const ImDrawCmd& cmd, ImVec2 origin) { return heatmap_image(a, cmd, origin); };
  r.title = "PosEnc Lab: ";
  r.title += lesson(a.state.view).title;
  r.desc = describe(a);
  std::string svg = draw_data_svg(*ImGui::GetDrawData(), r);
  // This frame's atlas was never uploaded to the GPU: the next drawn frame builds and uploads it again.
  if (rebuilt) a.fonts_built = false;
  return svg;
}

}  // namespace app
