// The themes (light / dark, each with and without contrast, each palette) read well, measured with the
// WCAG 2.x contrast ratio computed here from its definition (independent of src/ui/style.cpp):
//   relative luminance L = 0.2126 R + 0.7152 G + 0.0722 B of the linearised sRGB channels
//   (c / 12.92 for c <= 0.04045, else ((c + 0.055) / 1.055)^2.4), ratio = (L1 + 0.05) / (L2 + 0.05).
// Text needs 4.5:1 against what it is drawn on (7:1, WCAG's AAA, in the high-contrast theme);
// graphics the reader must see (hands, the selection, plot lines) need 3:1 (WCAG 1.4.11).
// Translucent colours are first composited over the background they are drawn on.
#include "catch2_any.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "shell/app.hpp"
#include "ui/style.hpp"
#include "imgui.h"
#include "state/state_io.hpp"

using namespace app;

namespace {

struct Rgb {
  double r, g, b, a;  // 0..1
};

Rgb of(ImU32 c) {
  return {((c >> IM_COL32_R_SHIFT) & 0xFF) / 255.0, ((c >> IM_COL32_G_SHIFT) & 0xFF) / 255.0,
          ((c >> IM_COL32_B_SHIFT) & 0xFF) / 255.0, ((c >> IM_COL32_A_SHIFT) & 0xFF) / 255.0};
}
Rgb of(const ImVec4& c) { return {c.x, c.y, c.z, c.w}; }

// `top` composited over an opaque `under` (source-over).
Rgb over(Rgb top, Rgb under) {
  const auto m = [&](double t, double u) { return t * top.a + u * (1 - top.a); };
  return {m(top.r, under.r), m(top.g, under.g), m(top.b, under.b), 1};
}

double linear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }
double luminance(Rgb c) { return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b); }
double ratio(Rgb fg, Rgb bg) {
  bg = over(bg, {0, 0, 0, 1});  // every background here is opaque or drawn over an opaque one first
  fg = over(fg, bg);
  const double a = luminance(fg), b = luminance(bg);
  return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
}

struct Combo {
  bool dark, contrast;
  Palette palette;
};

std::vector<Combo> combos() {
  std::vector<Combo> out;
  for (bool dark : {false, true})
    for (bool contrast : {false, true})
      for (Palette p : {Palette::standard, Palette::colorblind}) out.push_back({dark, contrast, p});
  return out;
}

std::string name(const Combo& c) {
  std::string s = c.dark ? "dark" : "light";
  if (c.contrast) s += "+contrast";
  s += c.palette == Palette::colorblind ? " colorblind" : " standard";
  return s;
}

struct Context {
  Context() {
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
  }
  ~Context() { ImGui::DestroyContext(); }
};

void apply(const Combo& c) {
  apply_theme(1.0f, c.contrast, c.dark);
  apply_palette(c.palette, c.contrast, c.dark);
}

// Every colour in colors:: by name (listed here, not taken from style.cpp, so a colour added there and
// forgotten in the dark theme shows up as unchanged below).
struct Named {
  const char* name;
  const ImU32* color;
};
const Named kNeutrals[] = {
    {"ink", &colors::ink},       {"axis", &colors::axis},
    {"label", &colors::label},   {"frame", &colors::frame},
    {"zero_line", &colors::zero_line}, {"guide", &colors::guide},
    {"grid", &colors::grid},     {"grid_minor", &colors::grid_minor},
    {"paper", &colors::paper},   {"panel", &colors::panel},
    {"halo", &colors::halo},     {"hover_fill", &colors::hover_fill},
    {"hover_ring", &colors::hover_ring}, {"marker", &colors::marker},
    {"muted", &colors::muted},   {"threshold", &colors::threshold},
    {"tour_bg", &colors::tour_bg}, {"dial_face", &colors::dial_face},
    {"dial_rim", &colors::dial_rim}, {"tick", &colors::tick},
    {"text_dim", &colors::text_dim}, {"warning", &colors::warning},
    {"scale_weak", &colors::scale_weak}, {"scale_strong", &colors::scale_strong},
};

}  // namespace

TEST_CASE("the contrast-ratio formula gives WCAG's reference values") {
  CHECK(ratio({0, 0, 0, 1}, {1, 1, 1, 1}) == Approx(21.0).epsilon(1e-12));
  CHECK(ratio({1, 1, 1, 1}, {1, 1, 1, 1}) == Approx(1.0).epsilon(1e-12));
  // #767676 on white is the classic lightest grey that passes 4.5:1 (4.54:1).
  const double g = 0x76 / 255.0;
  CHECK(ratio({g, g, g, 1}, {1, 1, 1, 1}) == Approx(4.54).margin(0.01));
  // Half-transparent black over white is the grey 127.5.
  const Rgb half = over({0, 0, 0, 0.5}, {1, 1, 1, 1});
  CHECK(half.r == Approx(0.5).epsilon(1e-12));
}

TEST_CASE("text reaches 4.5:1 (7:1 with contrast) on every background it is drawn on, in every theme") {
  Context ctx;
  for (const Combo& c : combos()) {
    INFO(name(c));
    apply(c);
    const ImVec4* col = ImGui::GetStyle().Colors;
    const double need = c.contrast ? 7.0 : 4.5;
    const Rgb window = of(col[ImGuiCol_WindowBg]), child = over(of(col[ImGuiCol_ChildBg]), window);
    const Rgb text = of(col[ImGuiCol_Text]);

    // ImGui's text on the windows and on every widget background (translucent ones over either window).
    for (ImGuiCol bg : {ImGuiCol_WindowBg, ImGuiCol_ChildBg, ImGuiCol_PopupBg, ImGuiCol_FrameBg, ImGuiCol_FrameBgHovered,
                        ImGuiCol_FrameBgActive, ImGuiCol_Button, ImGuiCol_ButtonHovered, ImGuiCol_ButtonActive,
                        ImGuiCol_Header, ImGuiCol_HeaderHovered, ImGuiCol_HeaderActive, ImGuiCol_Tab,
                        ImGuiCol_TabHovered, ImGuiCol_TabActive}) {
      INFO("ImGuiCol_Text on ImGuiCol " << bg);
      for (Rgb under : {window, child}) CHECK(ratio(text, over(of(col[bg]), under)) >= need);
    }
    for (Rgb under : {window, child}) CHECK(ratio(of(col[ImGuiCol_TextDisabled]), under) >= need);
    CHECK(ratio(text, of(colors::tour_bg)) >= need);

    // The canvas's own text colours on the canvas's backgrounds.
    const Rgb paper = of(colors::paper), panel = of(colors::panel), face = of(colors::dial_face);
    for (Rgb bg : {paper, panel, child, window, face}) {
      CHECK(ratio(of(colors::ink), bg) >= need);
      CHECK(ratio(of(colors::text_dim), bg) >= need);
      CHECK(ratio(of(colors::label), bg) >= need);
    }
    CHECK(ratio(of(colors::axis), paper) >= need);
    CHECK(ratio(of(colors::ink), over(of(colors::halo), paper)) >= need);
    CHECK(ratio(of(colors::ink), of(colors::hover_fill)) >= need);
    CHECK(ratio(of(colors::ink), of(colors::tour_bg)) >= need);
    // Warnings and the ranges view's small-class text are written in their own colour.
    for (Rgb bg : {paper, child, window}) {
      CHECK(ratio(of(colors::warning), bg) >= need);
      CHECK(ratio(of(colors::accent), bg) >= 4.5);
    }
  }
}

TEST_CASE("hands, the selection and the plot series reach 3:1 on the dial face and the paper") {
  Context ctx;
  for (const Combo& c : combos()) {
    INFO(name(c));
    apply(c);
    const Rgb face = of(colors::dial_face), paper = of(colors::paper);
    for (const Named& n : {Named{"hand", &colors::hand}, Named{"ghost", &colors::ghost}, Named{"selected", &colors::selected},
                           Named{"dial_rim", &colors::dial_rim}}) {
      INFO(n.name);
      CHECK(ratio(of(*n.color), face) >= 3.0);
      CHECK(ratio(of(*n.color), paper) >= 3.0);
    }
    for (const Named& n : {Named{"sin_series", &colors::sin_series}, Named{"cos_series", &colors::cos_series},
                           Named{"word", &colors::word}, Named{"accent", &colors::accent}, Named{"axis", &colors::axis},
                           Named{"threshold", &colors::threshold}, Named{"scale_strong", &colors::scale_strong}}) {
      INFO(n.name);
      CHECK(ratio(of(*n.color), paper) >= 3.0);
    }
    for (int i = 0; i < colors::kSeriesCount; ++i) {
      INFO("series " << i);
      CHECK(ratio(of(colors::series[i]), paper) >= 3.0);
    }

    // The slider grab and the check mark on their frame.
    const ImVec4* col = ImGui::GetStyle().Colors;
    const Rgb frame = over(of(col[ImGuiCol_FrameBg]), of(col[ImGuiCol_WindowBg]));
    CHECK(ratio(of(col[ImGuiCol_CheckMark]), frame) >= 3.0);
    CHECK(ratio(of(col[ImGuiCol_SliderGrab]), frame) >= 3.0);
  }
}

TEST_CASE("numbers on filled cells stay readable along the whole value scale") {
  // The cell text is black or white, whichever contrasts more (ink_on). Its worst case is a fill of
  // luminance sqrt(1.05 * 0.05) - 0.05 = 0.179, where both read at sqrt(21) = 4.58:1.
  Context ctx;
  for (const Combo& c : combos()) {
    INFO(name(c));
    apply(c);
    for (int i = 0; i <= 100; ++i) {
      const ImU32 fill = blend(colors::scale_weak, colors::scale_strong, static_cast<float>(i) / 100.0f);
      const ImU32 ink = ink_on(fill), other = ink == IM_COL32_WHITE ? IM_COL32_BLACK : IM_COL32_WHITE;
      REQUIRE((ink == IM_COL32_WHITE || ink == IM_COL32_BLACK));
      INFO("t = " << i / 100.0);
      CHECK(ratio(of(ink), of(fill)) >= ratio(of(other), of(fill)));
      CHECK(ratio(of(ink), of(fill)) >= 4.5);
    }
  }
}

TEST_CASE("the dark theme replaces every neutral colour, and switching back restores the light one exactly") {
  Context ctx;
  apply({false, false, Palette::standard});
  std::vector<ImU32> light;
  for (const Named& n : kNeutrals) light.push_back(*n.color);
  const ImVec4 light_window = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];

  for (bool contrast : {false, true}) {
    apply({true, contrast, Palette::standard});
    INFO("contrast " << contrast);
    for (size_t i = 0; i < light.size(); ++i) {
      INFO(kNeutrals[i].name);
      CHECK(*kNeutrals[i].color != light[i]);
    }
    // The backgrounds are dark (the light theme's are all above 0.8).
    for (ImU32 bg : {colors::paper, colors::panel, colors::dial_face, colors::tour_bg, colors::hover_fill, colors::scale_weak})
      CHECK(luminance(of(bg)) < 0.05);
    const ImVec4* col = ImGui::GetStyle().Colors;
    for (ImGuiCol bg : {ImGuiCol_WindowBg, ImGuiCol_ChildBg, ImGuiCol_PopupBg, ImGuiCol_FrameBg})
      CHECK(luminance(of(col[bg])) < 0.05);
    CHECK(luminance(of(col[ImGuiCol_Text])) > 0.7);
  }

  apply({false, false, Palette::standard});
  for (size_t i = 0; i < light.size(); ++i) {
    INFO(kNeutrals[i].name);
    CHECK(*kNeutrals[i].color == light[i]);
  }
  CHECK(ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x == light_window.x);
}

TEST_CASE("theme=auto follows the reader's preference from one frame to the next") {
  Context ctx;
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(1280, 800);
  App a;
  const auto window_luminance = [&] {
    app_update_style(a, 1.0f);
    return luminance(of(ImGui::GetStyle().Colors[ImGuiCol_WindowBg]));
  };
  REQUIRE(apply_query(a.state, "theme=auto").empty());
  set_prefers_dark(a.state, false);
  CHECK(window_luminance() > 0.8);
  set_prefers_dark(a.state, true);
  CHECK(window_luminance() < 0.05);
  CHECK(luminance(of(colors::paper)) < 0.05);
  set_prefers_dark(a.state, false);
  CHECK(window_luminance() > 0.8);
  // An explicit theme wins over the preference.
  set_prefers_dark(a.state, true);
  REQUIRE(apply_query(a.state, "theme=light").empty());
  CHECK(window_luminance() > 0.8);
  set_prefers_dark(a.state, false);
  REQUIRE(apply_query(a.state, "theme=dark").empty());
  CHECK(window_luminance() < 0.05);
}

TEST_CASE("no view paints a white area in the dark theme") {
  // Solid triangles (sampling the font atlas's white pixel, so not glyphs: white text on a strong cell
  // is fine) whose three vertices are opaque near-white (every channel >= 245) are what a leftover
  // light-theme fill looks like. Allowed: 0.2% of the window (small marks); a white paper or panel
  // would be tens of percent.
  Context ctx;
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(1280, 800);
  io.DeltaTime = 1.0f / 60.0f;
  App a;
  const auto white = [&](const ImDrawVert& v) {
    const Rgb c = of(v.col);
    const ImVec2 uv = io.Fonts->TexUvWhitePixel;
    return v.uv.x == uv.x && v.uv.y == uv.y && c.a > 0.75 && std::min({c.r, c.g, c.b}) >= 245 / 255.0;
  };
  for (const Lesson& l : lessons()) {
    INFO(l.id);
    a.state = State{};
    REQUIRE(apply_query(a.state, "playing=0&theme=dark").empty());
    REQUIRE(set_view(a.state, l.view).empty());
    double area = 0;
    for (int f = 0; f < 3; ++f) {
      if (app_update_style(a, 1.0f)) {
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
      }
      ImGui::NewFrame();
      app_frame(a, 1.0 / 60.0);
      ImGui::Render();
      if (f < 2) continue;
      const ImDrawData* dd = ImGui::GetDrawData();
      for (int li = 0; li < dd->CmdListsCount; ++li) {
        const ImDrawList* dl = dd->CmdLists[li];
        for (int i = 0; i + 2 < dl->IdxBuffer.Size; i += 3) {
          const ImDrawVert& p = dl->VtxBuffer[dl->IdxBuffer[i]];
          const ImDrawVert& q = dl->VtxBuffer[dl->IdxBuffer[i + 1]];
          const ImDrawVert& r = dl->VtxBuffer[dl->IdxBuffer[i + 2]];
          if (!white(p) || !white(q) || !white(r)) continue;
          area += std::fabs((q.pos.x - p.pos.x) * (r.pos.y - p.pos.y) - (r.pos.x - p.pos.x) * (q.pos.y - p.pos.y)) / 2;
        }
      }
    }
    CHECK(area < 0.002 * 1280 * 800);
  }
}
