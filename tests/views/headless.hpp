// One Dear ImGui context with the app's fonts, built without a renderer or a window: the view tests
// draw whole app frames with it (no GPU, so draw callbacks such as the heatmap shader do not run).
#pragma once
#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shell/app.hpp"
#include "state/state_io.hpp"
#include "state/tour.hpp"
#include "ui/focus.hpp"
#include "imgui.h"

struct Headless {
  app::App app;
  Headless() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280, 800);
    io.DeltaTime = 1.0f / 60.0f;
    app::focus_init();
  }
  ~Headless() { ImGui::DestroyContext(); }
  Headless(const Headless&) = delete;
  Headless& operator=(const Headless&) = delete;

  // Draws `frames` frames of the whole app at the given window size; returns the draw data's vertex
  // count of the last one, and whether every vertex position was finite.
  std::pair<int, bool> frames(int frames, ImVec2 size = ImVec2(1280, 800)) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = size;
    std::pair<int, bool> out{0, true};
    for (int f = 0; f < frames; ++f) {
      if (app::app_update_style(app, 1.0f)) {
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
      }
      ImGui::NewFrame();
      app::app_frame(app, 1.0 / 60.0);
      ImGui::Render();
      app::focus_end_frame();
      const ImDrawData* dd = ImGui::GetDrawData();
      out = {dd->TotalVtxCount, true};
      for (int l = 0; l < dd->CmdListsCount; ++l)
        for (const ImDrawVert& v : dd->CmdLists[l]->VtxBuffer)
          if (!std::isfinite(v.pos.x) || !std::isfinite(v.pos.y)) out.second = false;
    }
    return out;
  }

  // A click at the middle of a control of the focus list, as a reader's pointer would (frames drawn at
  // `size`: the size the control was laid out at).
  void click(const app::FocusControl& c, ImVec2 size = ImVec2(1280, 800)) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2((c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2);
    frames(1, size);
    io.MouseDown[0] = true;
    frames(1, size);
    io.MouseDown[0] = false;
    frames(2, size);
  }

  // Opens every fold whose focus name starts with `prefix`, one click each (the layout below a fold moves
  // when it opens, so the list is read again after each); returns how many were clicked. A click toggles:
  // call it on closed folds.
  int open_folds(std::string_view prefix, ImVec2 size = ImVec2(1280, 800)) {
    int clicked = 0;
    for (std::vector<std::string> done;;) {
      const std::vector<app::FocusControl> controls = app::focus_controls();
      const auto next = std::find_if(controls.begin(), controls.end(), [&](const app::FocusControl& c) {
        return c.label.rfind(prefix, 0) == 0 && std::find(done.begin(), done.end(), c.label) == done.end();
      });
      if (next == controls.end()) return clicked;
      done.push_back(next->label);
      click(*next, size);
      ++clicked;
    }
  }

  // Every tour step whose question is a choice, opened as a reader meets it (the step set, its frames
  // drawn, no focus ring), then fn(n, step). Returns how many there were; false from set_step stops.
  template <class F>
  int each_choice_step(F fn) {
    int questions = 0;
    for (int n = 1; n <= app::tour_step_count(); ++n) {
      const app::TourStep* t = app::tour_step(n);
      if (!t->prompt.is_choice()) continue;
      ++questions;
      if (!app::set_step(app.state, n).empty()) return -n;
      frames(3);
      app::focus_clear();
      frames(1);
      fn(n, *t);
    }
    return questions;
  }
};

// The text the last frame drew, read back from its draw lists: each glyph quad's texture coordinates
// name one glyph of one font in the atlas, so the words on screen (labels drawn into the canvas
// included, which no text alternative sees) come back in the order they were drawn. A gap wider than a
// third of the glyph's height, a step back or a new line starts a new word; words are separated by
// one space, and runs drawn apart by " | ".
#include <algorithm>
#include <map>
#include <string>
#include <tuple>

inline std::string screen_text(const ImDrawList* skip = nullptr) {
  std::map<std::tuple<float, float, float, float>, unsigned> glyphs;
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  for (ImFont* f : atlas->Fonts)
    for (const ImFontGlyph& g : f->Glyphs) glyphs[{g.U0, g.V0, g.U1, g.V1}] = g.Codepoint;
  const auto utf8 = [](std::string& out, unsigned c) {
    if (c < 0x80) out += static_cast<char>(c);
    else if (c < 0x800) out += static_cast<char>(0xC0 | (c >> 6)), out += static_cast<char>(0x80 | (c & 0x3F));
    else out += static_cast<char>(0xE0 | (c >> 12)), out += static_cast<char>(0x80 | ((c >> 6) & 0x3F)), out += static_cast<char>(0x80 | (c & 0x3F));
  };
  std::string out;
  const ImDrawData* dd = ImGui::GetDrawData();
  if (!dd) return out;
  for (int l = 0; l < dd->CmdListsCount; ++l) {
    const ImDrawList* list = dd->CmdLists[l];
    if (list == skip) continue;
    const auto& v = list->VtxBuffer;
    bool in_run = false;
    ImVec2 last_a{0, 0}, last_b{0, 0};
    for (int i = 0; i + 3 < v.Size;) {
      const auto it = glyphs.find({v[i].uv.x, v[i].uv.y, v[i + 2].uv.x, v[i + 2].uv.y});
      if (it == glyphs.end()) {
        if (in_run) out += " | ";
        in_run = false;
        ++i;
        continue;
      }
      const ImVec2 a = v[i].pos, b = v[i + 2].pos;
      if (in_run) {
        // Glyph boxes share their baseline, not their top (a '.' is short): the same line is a bottom
        // within half the taller glyph's height (descenders stay within that).
        const float h = std::max(b.y - a.y, last_b.y - last_a.y);
        const bool same_line = std::fabs(b.y - last_b.y) < 0.5f * h;
        if (!same_line || a.x < last_a.x) out += " | ";
        else if (a.x - last_b.x > 0.33f * h) out += ' ';
      }
      utf8(out, it->second);
      in_run = true;
      last_a = a;
      last_b = b;
      i += 4;
    }
    if (in_run) out += " | ";
  }
  return out;
}
