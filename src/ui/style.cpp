#include "ui/style.hpp"

#include <algorithm>
#include <cmath>

#include "font_mono.hpp"
#include "font_sans.hpp"
#include "ui/language_font.hpp"

namespace app {

// Must match FONT_UNICODES in CMakeLists.txt (the glyphs kept by the subset).
static const ImWchar kGlyphRanges[] = {
    0x0020, 0x007E, 0x00A1, 0x00FF, 0x0394, 0x0394, 0x03B8, 0x03B8,
    0x03C0, 0x03C0, 0x03C9, 0x03C9, 0x2026, 0x2026, 0x2080, 0x2089, 0x2190, 0x2193, 0x2211, 0x2211,
    0x2212, 0x2212, 0x221A, 0x221A, 0x2248, 0x2248, 0x2260, 0x2260, 0x2264, 0x2265, 0};

static ImFont* add_font(const unsigned char* data, size_t size, float px, int oversample) {
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // static data: the atlas must not free it
  cfg.OversampleH = oversample;
  cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(data), static_cast<int>(size), px, &cfg,
                                                    kGlyphRanges);
}

// A language's own font (ui/language_font.hpp) behind the DejaVu font just added: from U+2000 up (its
// subset holds nothing below), never replacing a glyph DejaVu has. Once, not oversampled: thousands of
// CJK glyphs at three sizes are most of the atlas, and at these sizes they need no subpixel placement.
static void merge_language_fonts(float px) {
  static const ImWchar kRanges[] = {0x2000, 0xFFEF, 0};
  for (const LanguageInfo& l : languages()) {
    const std::span<const unsigned char> ttf = language_font(l.lang);
    if (ttf.empty()) continue;
    ImFontConfig cfg;
    cfg.MergeMode = true;
    cfg.FontDataOwnedByAtlas = false;  // language_font keeps the bytes
    cfg.OversampleH = 1;
    cfg.OversampleV = 1;
    cfg.PixelSnapH = true;
    ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(ttf.data()), static_cast<int>(ttf.size()), px,
                                              &cfg, kRanges);
  }
}

static Fonts add_fonts(float ui_scale, float pixel_ratio) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const float px = ui_scale * pixel_ratio;
  Fonts f;
  // Rasterised twice as wide for subpixel placement on ordinary screens; with two or more device pixels
  // per pixel the glyphs are large enough without, and building the atlas takes half as long (the
  // start on a phone: README "Posters", PosEnc.timing.startup's fonts step).
  const int oversample = pixel_ratio >= 2.0f ? 1 : 2;
  f.body = add_font(kFont_sans, kFont_sans_size, 16.0f * px, oversample);
  merge_language_fonts(16.0f * px);
  f.mono = add_font(kFont_mono, kFont_mono_size, 15.0f * px, oversample);
  merge_language_fonts(15.0f * px);
  f.title = add_font(kFont_sans, kFont_sans_size, 21.0f * px, oversample);
  merge_language_fonts(21.0f * px);
  io.FontDefault = f.body;
  io.FontGlobalScale = 1.0f / pixel_ratio;
  return f;
}

Fonts load_fonts(float ui_scale, float pixel_ratio) {
  Fonts f = add_fonts(ui_scale, pixel_ratio);
  // The atlas is built now rather than when the texture is made, so that a language's font the
  // rasteriser refuses can be dropped (the language shows English) instead of leaving no atlas at all.
  if (!ImGui::GetIO().Fonts->Build()) {
    for (const LanguageInfo& l : languages())
      if (!language_font(l.lang).empty()) drop_language_font(l.lang);
    f = add_fonts(ui_scale, pixel_ratio);
    ImGui::GetIO().Fonts->Build();
  }
  return f;
}

namespace {

constexpr ImU32 rgb(int r, int g, int b, int a = 255) {
  return IM_COL32(static_cast<ImU32>(r), static_cast<ImU32>(g), static_cast<ImU32>(b), static_cast<ImU32>(a));
}

// One colour in the four themes. The light column is the original look; the others keep each
// colour's role: contrast moves neutrals towards the text colour, dark mirrors lightness around the
// middle grey (paper stays the farthest from ink) and lightens data colours until they read on it.
struct Themed {
  ImU32* color;
  ImU32 light, light_contrast, dark, dark_contrast;
};

const Themed kNeutrals[] = {
    //                     light                light, contrast       dark                 dark, contrast
    {&colors::dial_face,   rgb(250, 250, 252),  rgb(255, 255, 255),  rgb(38, 41, 49),     rgb(0, 0, 0)},
    {&colors::dial_rim,    rgb(135, 140, 150),  rgb(0, 0, 0),        rgb(110, 116, 130),  rgb(255, 255, 255)},
    {&colors::tick,        rgb(190, 195, 205),  rgb(60, 60, 60),     rgb(75, 80, 92),     rgb(200, 200, 200)},
    {&colors::text_dim,    rgb(95, 100, 110),   rgb(0, 0, 0),        rgb(165, 170, 182),  rgb(235, 235, 235)},
    {&colors::warning,     rgb(178, 89, 0),     rgb(140, 50, 0),     rgb(255, 170, 70),   rgb(255, 195, 120)},
    {&colors::ink,         rgb(30, 30, 40),     rgb(0, 0, 0),        rgb(230, 232, 238),  rgb(255, 255, 255)},
    {&colors::axis,        rgb(90, 95, 105),    rgb(40, 40, 48),     rgb(150, 156, 168),  rgb(225, 228, 235)},
    {&colors::label,       rgb(70, 74, 84),     rgb(20, 20, 25),     rgb(185, 190, 200),  rgb(240, 240, 245)},
    {&colors::frame,       rgb(170, 175, 185),  rgb(60, 60, 70),     rgb(80, 86, 98),     rgb(200, 204, 214)},
    {&colors::zero_line,   rgb(150, 155, 165),  rgb(90, 90, 100),    rgb(105, 111, 124),  rgb(170, 175, 185)},
    {&colors::guide,       rgb(205, 209, 218),  rgb(150, 155, 165),  rgb(64, 69, 80),     rgb(120, 125, 135)},
    {&colors::grid,        rgb(228, 230, 236),  rgb(200, 202, 210),  rgb(44, 48, 56),     rgb(70, 74, 84)},
    {&colors::grid_minor,  rgb(242, 244, 247),  rgb(228, 230, 235),  rgb(32, 35, 42),     rgb(40, 43, 50)},
    {&colors::paper,       rgb(255, 255, 255),  rgb(255, 255, 255),  rgb(20, 22, 27),     rgb(0, 0, 0)},
    {&colors::panel,       rgb(246, 247, 250),  rgb(240, 241, 245),  rgb(30, 33, 40),     rgb(16, 17, 20)},
    {&colors::halo,        rgb(255, 255, 255, 225), rgb(255, 255, 255, 240), rgb(20, 22, 27, 225), rgb(0, 0, 0, 240)},
    {&colors::hover_fill,  rgb(238, 240, 245),  rgb(225, 228, 236),  rgb(44, 48, 58),     rgb(45, 48, 58)},
    {&colors::hover_ring,  rgb(40, 40, 50, 200), rgb(0, 0, 0, 230),  rgb(230, 232, 240, 200), rgb(255, 255, 255, 230)},
    {&colors::marker,      rgb(60, 60, 70, 140), rgb(0, 0, 0, 170),  rgb(200, 204, 214, 140), rgb(255, 255, 255, 170)},
    {&colors::muted,       rgb(150, 150, 160),  rgb(110, 110, 120),  rgb(118, 121, 132),  rgb(150, 152, 160)},
    {&colors::threshold,   rgb(200, 40, 50),    rgb(180, 20, 30),    rgb(245, 95, 100),   rgb(255, 110, 110)},
    {&colors::tour_bg,     rgb(235, 245, 255),  rgb(225, 238, 255),  rgb(24, 42, 66),     rgb(0, 28, 64)},
    {&colors::scale_weak,  rgb(250, 251, 253),  rgb(255, 255, 255),  rgb(30, 33, 40),     rgb(12, 12, 14)},
    {&colors::scale_strong, rgb(30, 90, 200),   rgb(20, 70, 180),    rgb(110, 170, 255),  rgb(130, 185, 255)},
    {&colors::scale_pos,   rgb(255, 40, 40),    rgb(230, 20, 20),    rgb(255, 95, 85),    rgb(255, 110, 100)},
    {&colors::scale_neg,   rgb(40, 90, 255),    rgb(20, 60, 230),    rgb(90, 150, 255),   rgb(110, 165, 255)},
    {&colors::word,        rgb(125, 80, 175),   rgb(125, 80, 175),   rgb(175, 135, 230),  rgb(190, 155, 240)},
    {&colors::sin_series,  rgb(31, 119, 180),   rgb(31, 119, 180),   rgb(85, 165, 230),   rgb(100, 180, 245)},
    {&colors::cos_series,  rgb(214, 39, 40),    rgb(214, 39, 40),    rgb(240, 95, 90),    rgb(255, 115, 110)},
    {&colors::accent,      rgb(120, 60, 170),   rgb(120, 60, 170),   rgb(180, 130, 235),  rgb(195, 150, 245)},
};

// The palette's colours, light and dark (the same in both contrasts: they already reach 3:1 on the
// dial face). The standard orange is a little deeper than the article's (235, 120, 20) so that it
// reaches 3:1 on the white dial face too.
struct PaletteColors {
  ImU32 hand, ghost, arc, selected;
};
constexpr PaletteColors kStandardLight{rgb(40, 110, 220), rgb(228, 108, 8), rgb(228, 108, 8, 110), rgb(30, 160, 90)};
constexpr PaletteColors kStandardDark{rgb(90, 160, 255), rgb(255, 150, 50), rgb(255, 150, 50, 110), rgb(60, 200, 120)};
// Okabe-Ito: blue, vermillion, bluish green; on dark the set's sky blue replaces the blue.
constexpr PaletteColors kColorblindLight{rgb(0, 114, 178), rgb(213, 94, 0), rgb(213, 94, 0, 100), rgb(0, 158, 115)};
constexpr PaletteColors kColorblindDark{rgb(86, 180, 233), rgb(213, 94, 0), rgb(213, 94, 0, 120), rgb(0, 158, 115)};

// The plot series: the tab10 colours (orange, pink, olive and cyan a little deeper, for 3:1 on white), and
// lighter ones on dark paper.
constexpr ImU32 kSeriesLight[colors::kSeriesCount] = {
    rgb(31, 119, 180), rgb(228, 108, 8),  rgb(148, 103, 189), rgb(214, 39, 40), rgb(140, 86, 75),
    rgb(215, 100, 180), rgb(110, 110, 110), rgb(145, 145, 0),  rgb(10, 150, 170)};
constexpr ImU32 kSeriesDark[colors::kSeriesCount] = {
    rgb(80, 160, 230), rgb(255, 150, 60),  rgb(180, 140, 230), rgb(240, 90, 90),  rgb(190, 130, 115),
    rgb(240, 150, 210), rgb(160, 160, 160), rgb(200, 200, 60),  rgb(50, 200, 220)};

int channel(ImU32 c, int shift) { return static_cast<int>((c >> shift) & 0xFF); }

// WCAG 2.x relative luminance of an sRGB colour (alpha ignored).
double luminance(ImU32 c) {
  const auto lin = [](int v) {
    const double s = v / 255.0;
    return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin(channel(c, IM_COL32_R_SHIFT)) + 0.7152 * lin(channel(c, IM_COL32_G_SHIFT)) +
         0.0722 * lin(channel(c, IM_COL32_B_SHIFT));
}

double contrast(ImU32 a, ImU32 b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace

ImU32 blend(ImU32 a, ImU32 b, float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  const auto mix = [&](int shift) {
    const float x = static_cast<float>(channel(a, shift)), y = static_cast<float>(channel(b, shift));
    return static_cast<ImU32>(std::lround(x + (y - x) * t));
  };
  return IM_COL32(mix(IM_COL32_R_SHIFT), mix(IM_COL32_G_SHIFT), mix(IM_COL32_B_SHIFT), 255);
}

ImU32 series_color(int i) {
  constexpr int n = colors::kSeriesCount;
  return colors::series[((i % n) + n) % n];
}

ImU32 with_alpha(ImU32 c, int a) {
  return (c & ~IM_COL32_A_MASK) | (static_cast<ImU32>(std::clamp(a, 0, 255)) << IM_COL32_A_SHIFT);
}

ImU32 tint(ImU32 c, float t) { return blend(colors::paper, c, t); }

ImU32 ink_on(ImU32 bg) {
  const ImU32 black = IM_COL32(0, 0, 0, 255), white = IM_COL32(255, 255, 255, 255);
  return contrast(black, bg) >= contrast(white, bg) ? black : white;
}

void apply_palette(Palette p, bool contrast, bool dark) {
  const PaletteColors& pc = p == Palette::colorblind ? (dark ? kColorblindDark : kColorblindLight)
                                                     : (dark ? kStandardDark : kStandardLight);
  colors::hand = pc.hand;
  colors::ghost = pc.ghost;
  colors::arc = pc.arc;
  colors::selected = pc.selected;
  for (const Themed& t : kNeutrals)
    *t.color = dark ? (contrast ? t.dark_contrast : t.dark) : (contrast ? t.light_contrast : t.light);
  for (int i = 0; i < colors::kSeriesCount; ++i) colors::series[i] = dark ? kSeriesDark[i] : kSeriesLight[i];

}

namespace {

ImVec4 rgbf(int r, int g, int b, float a = 1.0f) {
  return ImVec4(static_cast<float>(r) / 255.0f, static_cast<float>(g) / 255.0f, static_cast<float>(b) / 255.0f, a);
}

void light_colors(ImGuiStyle& st, bool contrast) {
  ImGui::StyleColorsLight(&st);
  ImVec4* c = st.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.97f, 0.97f, 0.98f, 1);
  c[ImGuiCol_ChildBg] = ImVec4(1, 1, 1, 1);
  c[ImGuiCol_Text] = ImVec4(0.10f, 0.11f, 0.13f, 1);
  // ImGui's 0.60 grey reads at 2.7:1 on the window; captions need 4.5:1.
  c[ImGuiCol_TextDisabled] = ImVec4(0.40f, 0.41f, 0.44f, 1);
  c[ImGuiCol_FrameBg] = ImVec4(0.87f, 0.89f, 0.93f, 1);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.80f, 0.85f, 0.95f, 1);
  c[ImGuiCol_Border] = ImVec4(0.75f, 0.77f, 0.82f, 1);
  // ImGui's light blue marks read at about 2:1 on the frame; 3:1 is what a control's state needs. Navy,
  // so that they are not taken for the hand's blue (40, 110, 220) in a plot or by a pixel test.
  c[ImGuiCol_CheckMark] = rgbf(25, 70, 160);
  c[ImGuiCol_SliderGrab] = rgbf(25, 70, 160);
  c[ImGuiCol_SliderGrabActive] = rgbf(15, 50, 125);

  if (contrast) {

    c[ImGuiCol_Text] = ImVec4(0, 0, 0, 1);
    c[ImGuiCol_TextDisabled] = ImVec4(0.15f, 0.15f, 0.15f, 1);
    c[ImGuiCol_WindowBg] = ImVec4(1, 1, 1, 1);
    c[ImGuiCol_Border] = ImVec4(0, 0, 0, 1);
    c[ImGuiCol_FrameBg] = ImVec4(0.82f, 0.84f, 0.88f, 1);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.74f, 0.82f, 0.98f, 1);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.66f, 0.78f, 1.0f, 1);
    c[ImGuiCol_Button] = ImVec4(0.70f, 0.80f, 1.0f, 1);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.60f, 0.74f, 1.0f, 1);
    c[ImGuiCol_ButtonActive] = ImVec4(0.52f, 0.68f, 1.0f, 1);
    c[ImGuiCol_Header] = ImVec4(0.74f, 0.82f, 0.98f, 1);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.60f, 0.74f, 1.0f, 1);
    c[ImGuiCol_HeaderActive] = ImVec4(0.52f, 0.68f, 1.0f, 1);
    c[ImGuiCol_Tab] = ImVec4(0.75f, 0.78f, 0.85f, 1);
    c[ImGuiCol_TabHovered] = ImVec4(0.60f, 0.74f, 1.0f, 1);
    c[ImGuiCol_TabActive] = ImVec4(0.45f, 0.62f, 0.95f, 1);
    c[ImGuiCol_CheckMark] = ImVec4(0, 0.20f, 0.60f, 1);
    c[ImGuiCol_SliderGrab] = ImVec4(0.10f, 0.30f, 0.75f, 1);
    c[ImGuiCol_SliderGrabActive] = ImVec4(0, 0.20f, 0.60f, 1);
  }
}

// StyleColorsDark, on the greys of colors:: (window a step above the paper of the lesson panel),
// with hovered and pressed blues dark enough for the light text on them.
void dark_colors(ImGuiStyle& st, bool contrast) {
  ImGui::StyleColorsDark(&st);
  ImVec4* c = st.Colors;
  c[ImGuiCol_Text] = rgbf(232, 234, 240);
  c[ImGuiCol_TextDisabled] = rgbf(155, 160, 172);
  c[ImGuiCol_WindowBg] = rgbf(30, 32, 38);
  c[ImGuiCol_ChildBg] = rgbf(20, 22, 27);
  c[ImGuiCol_PopupBg] = rgbf(26, 28, 34, 0.98f);
  c[ImGuiCol_Border] = rgbf(72, 77, 90);
  c[ImGuiCol_FrameBg] = rgbf(48, 53, 64);
  c[ImGuiCol_FrameBgHovered] = rgbf(56, 70, 96);
  c[ImGuiCol_FrameBgActive] = rgbf(60, 84, 124);
  c[ImGuiCol_Button] = rgbf(44, 72, 115);
  c[ImGuiCol_ButtonHovered] = rgbf(52, 92, 160);
  c[ImGuiCol_ButtonActive] = rgbf(40, 80, 150);
  c[ImGuiCol_Header] = rgbf(44, 64, 98);
  c[ImGuiCol_HeaderHovered] = rgbf(52, 92, 160);
  c[ImGuiCol_HeaderActive] = rgbf(40, 80, 150);
  c[ImGuiCol_Tab] = rgbf(40, 46, 58);
  c[ImGuiCol_TabHovered] = rgbf(52, 92, 160);
  c[ImGuiCol_TabActive] = rgbf(44, 80, 140);
  c[ImGuiCol_TabUnfocused] = c[ImGuiCol_Tab];
  c[ImGuiCol_TabUnfocusedActive] = c[ImGuiCol_TabActive];
  c[ImGuiCol_CheckMark] = rgbf(120, 175, 255);
  c[ImGuiCol_SliderGrab] = rgbf(100, 155, 240);
  c[ImGuiCol_SliderGrabActive] = rgbf(130, 180, 255);
  c[ImGuiCol_Separator] = c[ImGuiCol_Border];
  c[ImGuiCol_TableRowBgAlt] = rgbf(255, 255, 255, 0.04f);
  if (contrast) {
    c[ImGuiCol_Text] = rgbf(255, 255, 255);
    c[ImGuiCol_TextDisabled] = rgbf(225, 225, 225);
    c[ImGuiCol_WindowBg] = rgbf(0, 0, 0);
    c[ImGuiCol_ChildBg] = rgbf(0, 0, 0);
    c[ImGuiCol_PopupBg] = rgbf(0, 0, 0);
    c[ImGuiCol_Border] = rgbf(255, 255, 255);
    c[ImGuiCol_Separator] = rgbf(255, 255, 255);
    c[ImGuiCol_FrameBg] = rgbf(36, 38, 46);
    c[ImGuiCol_FrameBgHovered] = rgbf(30, 50, 90);
    c[ImGuiCol_FrameBgActive] = rgbf(30, 60, 115);
    c[ImGuiCol_Button] = rgbf(25, 55, 110);
    c[ImGuiCol_ButtonHovered] = rgbf(30, 70, 140);
    c[ImGuiCol_ButtonActive] = rgbf(20, 60, 130);
    c[ImGuiCol_Header] = rgbf(25, 55, 110);
    c[ImGuiCol_HeaderHovered] = rgbf(30, 70, 140);
    c[ImGuiCol_HeaderActive] = rgbf(20, 60, 130);
    c[ImGuiCol_Tab] = rgbf(36, 38, 46);
    c[ImGuiCol_TabHovered] = rgbf(30, 70, 140);
    c[ImGuiCol_TabActive] = rgbf(25, 65, 135);
    c[ImGuiCol_TabUnfocused] = c[ImGuiCol_Tab];
    c[ImGuiCol_TabUnfocusedActive] = c[ImGuiCol_TabActive];
    c[ImGuiCol_CheckMark] = rgbf(150, 200, 255);
    c[ImGuiCol_SliderGrab] = rgbf(130, 185, 255);
    c[ImGuiCol_SliderGrabActive] = rgbf(170, 210, 255);
  }
}

}  // namespace

void apply_theme(float ui_scale, bool contrast, bool dark) {
  ImGuiStyle& st = ImGui::GetStyle();
  st = ImGuiStyle();
  if (dark) dark_colors(st, contrast);
  else light_colors(st, contrast);
  st.WindowRounding = 0;
  st.FrameRounding = 4;
  st.GrabRounding = 4;
  st.FramePadding = ImVec2(8, 5);
  st.ItemSpacing = ImVec2(8, 7);
  st.WindowPadding = ImVec2(12, 10);
  st.ScrollbarSize = 16;
  if (contrast) {
    st.ChildBorderSize = 2;
    st.FrameBorderSize = 1;
  }
  st.ScaleAllSizes(ui_scale);
}

}  // namespace app
