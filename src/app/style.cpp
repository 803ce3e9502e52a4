#include "style.hpp"

#include "font_mono.hpp"
#include "font_sans.hpp"

namespace app {

// Must match FONT_UNICODES in CMakeLists.txt (the glyphs kept by the subset).
static const ImWchar kGlyphRanges[] = {
    0x0020, 0x007E, 0x00B0, 0x00B1, 0x00B7, 0x00B7, 0x00D7, 0x00D7, 0x0394, 0x0394, 0x03B8, 0x03B8,
    0x03C0, 0x03C0, 0x03C9, 0x03C9, 0x2026, 0x2026, 0x2080, 0x2089, 0x2190, 0x2193, 0x2211, 0x2211,
    0x2212, 0x2212, 0x221A, 0x221A, 0x2248, 0x2248, 0x2260, 0x2260, 0x2264, 0x2265, 0};

static ImFont* add_font(const unsigned char* data, size_t size, float px) {
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // static data: the atlas must not free it
  cfg.OversampleH = 2;
  cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(data), static_cast<int>(size), px, &cfg,
                                                    kGlyphRanges);
}

Fonts load_fonts(float ui_scale, float pixel_ratio) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const float px = ui_scale * pixel_ratio;
  Fonts f;
  f.body = add_font(kFont_sans, kFont_sans_size, 16.0f * px);
  f.mono = add_font(kFont_mono, kFont_mono_size, 15.0f * px);
  f.title = add_font(kFont_sans, kFont_sans_size, 21.0f * px);
  io.FontDefault = f.body;
  io.FontGlobalScale = 1.0f / pixel_ratio;
  return f;
}

void apply_palette(Palette p, bool contrast, bool dark) {
  (void)dark;  // TODO(theme): dark neutrals
  if (p == Palette::colorblind) {
    colors::hand = IM_COL32(0, 114, 178, 255);     // Okabe-Ito blue
    colors::ghost = IM_COL32(213, 94, 0, 255);     // vermillion
    colors::arc = IM_COL32(213, 94, 0, 100);
    colors::selected = IM_COL32(0, 158, 115, 255);  // bluish green
  } else {
    colors::hand = IM_COL32(40, 110, 220, 255);
    colors::ghost = IM_COL32(235, 120, 20, 255);
    colors::arc = IM_COL32(235, 120, 20, 110);
    colors::selected = IM_COL32(30, 160, 90, 255);
  }
  colors::dial_face = contrast ? IM_COL32(255, 255, 255, 255) : IM_COL32(250, 250, 252, 255);
  colors::dial_rim = contrast ? IM_COL32(0, 0, 0, 255) : IM_COL32(150, 155, 165, 255);
  colors::tick = contrast ? IM_COL32(60, 60, 60, 255) : IM_COL32(190, 195, 205, 255);
  colors::text_dim = contrast ? IM_COL32(0, 0, 0, 255) : IM_COL32(95, 100, 110, 255);
  colors::warning = contrast ? IM_COL32(140, 50, 0, 255) : IM_COL32(178, 89, 0, 255);
}

void apply_theme(float ui_scale, bool contrast, bool dark) {
  (void)dark;
  ImGuiStyle& st = ImGui::GetStyle();
  st = ImGuiStyle();
  ImGui::StyleColorsLight(&st);
  st.WindowRounding = 0;
  st.FrameRounding = 4;
  st.GrabRounding = 4;
  st.FramePadding = ImVec2(8, 5);
  st.ItemSpacing = ImVec2(8, 7);
  st.WindowPadding = ImVec2(12, 10);
  st.ScrollbarSize = 16;
  st.Colors[ImGuiCol_WindowBg] = ImVec4(0.97f, 0.97f, 0.98f, 1);
  st.Colors[ImGuiCol_ChildBg] = ImVec4(1, 1, 1, 1);
  st.Colors[ImGuiCol_Text] = ImVec4(0.10f, 0.11f, 0.13f, 1);
  st.Colors[ImGuiCol_FrameBg] = ImVec4(0.87f, 0.89f, 0.93f, 1);
  st.Colors[ImGuiCol_FrameBgHovered] = ImVec4(0.80f, 0.85f, 0.95f, 1);
  st.Colors[ImGuiCol_Border] = ImVec4(0.75f, 0.77f, 0.82f, 1);
  if (contrast) {
    st.Colors[ImGuiCol_Text] = ImVec4(0, 0, 0, 1);
    st.Colors[ImGuiCol_TextDisabled] = ImVec4(0.15f, 0.15f, 0.15f, 1);
    st.Colors[ImGuiCol_WindowBg] = ImVec4(1, 1, 1, 1);
    st.Colors[ImGuiCol_Border] = ImVec4(0, 0, 0, 1);
    st.Colors[ImGuiCol_FrameBg] = ImVec4(0.82f, 0.84f, 0.88f, 1);
    st.Colors[ImGuiCol_Button] = ImVec4(0.70f, 0.80f, 1.0f, 1);
    st.Colors[ImGuiCol_Tab] = ImVec4(0.75f, 0.78f, 0.85f, 1);
    st.Colors[ImGuiCol_TabActive] = ImVec4(0.45f, 0.62f, 0.95f, 1);
    st.ChildBorderSize = 2;
    st.FrameBorderSize = 1;
  }
  st.ScaleAllSizes(ui_scale);
}

}  // namespace app
