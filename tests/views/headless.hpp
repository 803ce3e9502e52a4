// One Dear ImGui context with the app's fonts, built without a renderer or a window: the view tests
// draw whole app frames with it (no GPU, so draw callbacks such as the heatmap shader do not run).
#pragma once
#include <cmath>
#include <utility>

#include "shell/app.hpp"
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
};
