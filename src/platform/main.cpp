// Entry point for the web (Emscripten) and desktop builds: SDL2 window, OpenGL ES 3 / WebGL2
// context, Dear ImGui, and the frame loop. Each frame (frame() below): input -> the app's frame (update,
// layout, draw) -> render -> the app's services (exports, training) -> present. The platform registers
// the services and knows no single view.
//
// Desktop arguments: posenc_desktop [QUERY] [--frames N] [--size WxH]
//   QUERY is the same query string the web page reads from its URL (e.g. "view=clock&d=64&k=37").
#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "gfx/opaque_clears.hpp"
#include "shell/app.hpp"
#include "ui/focus.hpp"
#include "state/frame_stats.hpp"
#include "text/number.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#if __has_include("imgui_impl_sdl2.h")  // Dear ImGui 1.89+ (Debian 13) renamed the SDL2 backend
#include "imgui_impl_sdl2.h"
#else
#include "imgui_impl_sdl.h"
#endif
#include "export_io.hpp"
#include "platform.hpp"
#include "train_service.hpp"
#ifndef __EMSCRIPTEN__
#include <fstream>
#include <iterator>

#include "train/fair.hpp"
#include "ui/language_font.hpp"
#include "train/result.hpp"
#endif

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#include <emscripten/html5.h>

#include "web_api.hpp"
#endif

#include <GLES3/gl3.h>

#ifdef __EMSCRIPTEN__
// The page learns why: with EXIT_RUNTIME=0, newer Emscripten (3.1.69 on Debian 13) does not call
// Module.quit when main returns non-zero, so posenc.js would show "Loading..." for ever.
EM_JS(void, js_start_failed, (const char* reason), {
  if (Module["onStartFailed"]) Module["onStartFailed"](UTF8ToString(reason));
});
// window.POSENC_PLAIN_FILLS = true before the page loads: backgrounds drawn as ImGui draws them, not as
// clears (gfx/opaque_clears.hpp). For the benchmark's before/after and the test that both draw the same
// pixels; nothing else sets it.
EM_JS(int, js_plain_fills, (), { return typeof window !== "undefined" && window["POSENC_PLAIN_FILLS"] ? 1 : 0; });
#endif

namespace platform {

namespace {

struct Platform {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  app::App app;
  Uint64 last_ticks = 0;
  int redraw_frames = 3;  // frames still to draw after the last input or change
  int idle_frames = 0;    // loop callbacks in a row with nothing to draw
  long frames_left = -1;  // desktop --frames: stop after this many frames
  std::vector<SDL_Event> deferred;  // events held over to the next frame (see frame())
  app::FrameStats stats;            // CPU time from input to the end of draw-list building
  gfx::OpaqueClears clears;         // backgrounds as scissored clears while rendering
  bool font_texture_made = false;   // the backend has uploaded an atlas (begin_frame replaces it on a rebuild)
  bool plain_fills = false;         // draw them as ImGui does instead (web: window.POSENC_PLAIN_FILLS)
  bool quit = false;
};

Platform g;

#ifdef __EMSCRIPTEN__
// The canvas follows its CSS box (the page decides the size); the drawing buffer follows it.
bool follow_canvas_size() {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  int w = 0, h = 0;
  SDL_GetWindowSize(g.window, &w, &h);
  const int want_w = static_cast<int>(css_w), want_h = static_cast<int>(css_h);
  if (want_w < 1 || want_h < 1 || (want_w == w && want_h == h)) return false;
  SDL_SetWindowSize(g.window, want_w, want_h);
  return true;
}
#endif

// Device pixels per window pixel (2 on most HiDPI screens), so text is rasterised sharp.
float pixel_ratio() {
  int w = 0, h = 0, fw = 0, fh = 0;
  SDL_GetWindowSize(g.window, &w, &h);
  SDL_GL_GetDrawableSize(g.window, &fw, &fh);
  return w > 0 && fw > 0 ? static_cast<float>(fw) / static_cast<float>(w) : 1.0f;
}

// Input: this frame's events go to ImGui. ImGui 1.86 reads key and button state once per frame, so a
// press and release arriving in the same frame (a quick tap, a clicker, a scripted key) would be lost,
// and so would a second press of a key released earlier in the frame (tapping ↑ three times would count
// once). A release whose press came in this frame, or a press whose key or button was released in it,
// waits, with everything after it, for the next frame.
void take_events() {
  std::vector<SDL_Event> events;
  events.swap(g.deferred);
  SDL_Event e;
  while (SDL_PollEvent(&e)) events.push_back(e);
  std::vector<SDL_Keycode> keys_down, keys_up;
  Uint32 buttons_down = 0, buttons_up = 0;
  const auto has = [](const std::vector<SDL_Keycode>& v, SDL_Keycode k) { return std::find(v.begin(), v.end(), k) != v.end(); };
  for (size_t i = 0; i < events.size(); ++i) {
    const SDL_Event& ev = events[i];
    const bool key_release = ev.type == SDL_KEYUP && has(keys_down, ev.key.keysym.sym);
    const bool key_again = ev.type == SDL_KEYDOWN && !ev.key.repeat && has(keys_up, ev.key.keysym.sym);
    const bool button_release = ev.type == SDL_MOUSEBUTTONUP && (buttons_down & SDL_BUTTON(ev.button.button));
    const bool button_again = ev.type == SDL_MOUSEBUTTONDOWN && (buttons_up & SDL_BUTTON(ev.button.button));
    if (key_release || key_again || button_release || button_again) {
      g.deferred.assign(events.begin() + static_cast<std::ptrdiff_t>(i), events.end());
      break;
    }
    if (ev.type == SDL_KEYDOWN) keys_down.push_back(ev.key.keysym.sym);
    if (ev.type == SDL_KEYUP) keys_up.push_back(ev.key.keysym.sym);
    if (ev.type == SDL_MOUSEBUTTONDOWN) buttons_down |= SDL_BUTTON(ev.button.button);
    if (ev.type == SDL_MOUSEBUTTONUP) buttons_up |= SDL_BUTTON(ev.button.button);
    ImGui_ImplSDL2_ProcessEvent(&ev);
    if (ev.type == SDL_QUIT) g.quit = true;
    g.redraw_frames = 3;
  }
  if (!g.deferred.empty()) g.redraw_frames = 3;
#ifdef __EMSCRIPTEN__
  if (follow_canvas_size()) g.redraw_frames = 3;
#endif
}

// Seconds since the last call.
double take_dt() {
  const Uint64 now = SDL_GetPerformanceCounter();
  const double dt = g.last_ticks ? double(now - g.last_ticks) / double(SDL_GetPerformanceFrequency()) : 0.0;
  g.last_ticks = now;
  return dt;
}

// Nothing changes while paused and untouched: draw nothing and cost nothing.
bool frame_needed() {
  if (app::app_busy(g.app) || g.redraw_frames > 0 || g.frames_left >= 0) {
    g.idle_frames = 0;
    if (g.redraw_frames > 0) --g.redraw_frames;
    return true;
  }
#ifdef __EMSCRIPTEN__
  if (++g.idle_frames > 30) web_set_idle(true);  // half a second of nothing: stop the loop itself
#endif
  return false;
}

// Fonts and theme follow the state's scale and the screen's pixel ratio; then a new ImGui frame.
void begin_frame() {
  // Not io.Fonts->TexID: building the atlas (load_fonts builds it) sets that to 0.
  if (app::app_update_style(g.app, pixel_ratio()) && g.font_texture_made) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  ImGui_ImplOpenGL3_NewFrame();  // makes the font texture the first time
  g.font_texture_made = true;
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
}

// The draw lists to the back buffer, in the theme's background colour. Opaque backgrounds go as
// scissored clears (gfx/opaque_clears.hpp: on a software renderer the fills were most of the frame);
// the draw data is as ImGui made it again before the services (exports) read it.
void render(int fw, int fh) {
  glViewport(0, 0, fw, fh);
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImDrawData* dd = ImGui::GetDrawData();
  g.clears.begin(*dd, !g.plain_fills);
  ImGui_ImplOpenGL3_RenderDrawData(dd);
  g.clears.end(*dd);
}

void present() {
  SDL_GL_SwapWindow(g.window);
  if (g.app.toggle_fullscreen) {
    g.app.toggle_fullscreen = false;
    const bool full = SDL_GetWindowFlags(g.window) & SDL_WINDOW_FULLSCREEN_DESKTOP;
    SDL_SetWindowFullscreen(g.window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
  }
#ifdef __EMSCRIPTEN__
  web_after_frame();
#endif
  if (g.frames_left > 0 && --g.frames_left == 0) g.quit = true;
}

// One frame: input, then (if anything is to be drawn) the app's frame, render, the app's services on
// the drawn image, present.
void frame() {
  const Uint64 frame_start = SDL_GetPerformanceCounter();
  take_events();
  const double dt = take_dt();
  if (!frame_needed()) return;
  static bool first = true;  // the start's last steps, measured once (platform::startup_mark)
  begin_frame();
  if (first) platform::startup_mark("fonts");
  app::app_frame(g.app, dt);
  ImGui::Render();
  app::focus_end_frame();
  if (first) platform::startup_mark("frame");
  g.stats.add(1000.0 * double(SDL_GetPerformanceCounter() - frame_start) / double(SDL_GetPerformanceFrequency()));
  int fw = 0, fh = 0;
  SDL_GL_GetDrawableSize(g.window, &fw, &fh);
  render(fw, fh);
  app::app_after_frame(g.app, fw, fh);
  if (first) platform::startup_mark("drawn");
  first = false;
  present();
}

}  // namespace

app::App& the_app() { return g.app; }

int start_failed(const char* what, const char* detail) {
  const std::string reason = std::string(what) + ": " + detail;
  std::fprintf(stderr, "%s\n", reason.c_str());
#ifdef __EMSCRIPTEN__
  js_start_failed(reason.c_str());
#endif
  return 1;
}
app::FrameStats& frame_stats() { return g.stats; }
void request_redraw() {
  g.redraw_frames = 3;
  g.idle_frames = 0;
#ifdef __EMSCRIPTEN__
  web_set_idle(false);
#endif
}

void request_frame() {
  g.redraw_frames = std::max(g.redraw_frames, 1);
  g.idle_frames = 0;
#ifdef __EMSCRIPTEN__
  web_set_idle(false);
#endif
}

#ifndef __EMSCRIPTEN__
void startup_mark(const char*) {}  // the desktop has no page to tell
#endif

}  // namespace platform

#ifndef __EMSCRIPTEN__
// posenc_desktop --train key=value ...: the experiment view's training run from the command line, for settings
// larger than a browser tab should run. Options and defaults are PosEnc.train()'s (src/train/config.hpp);
// progress goes to stderr, the result JSON (PosEnc.train()'s result) to stdout.
// --fair (first): trains train::fair_setting(options) instead and adds its changes to the JSON as "fair".
static int train_command(int argc, char** argv) {
  std::vector<std::string> args(argv + 2, argv + argc);
  const bool fair = !args.empty() && args.front() == "--fair";
  if (fair) args.erase(args.begin());
  train::Config cfg;
  const std::string refused = train::parse_options(args, cfg);
  if (!refused.empty()) {
    std::fprintf(stderr, "posenc_desktop --train: %s\n", refused.c_str());
    return 2;
  }
  const train::FairSetting f = train::fair_setting(cfg);
  const train::Result r = train::run(fair ? f.config : cfg, [](const train::Progress& p) {
    std::fprintf(stderr, "step %d of %d, loss %.4f\n", p.step, p.steps, p.loss);
  });
  int bad = 0;
  std::string json = train::to_json(r, &bad);
  if (fair) json = train::with_fair(json, f);
  std::printf("%s\n", json.c_str());
  return bad ? 1 : 0;
}

// The languages' own fonts (ui/language_font.hpp): the page fetches them when needed; the desktop reads
// the build's subsets at start (POSENC_FONT_DIR/font_<lang>.ttf). One that is missing leaves its language English.
static void load_language_fonts() {
  for (const app::LanguageInfo& l : app::languages()) {
    if (!l.own_font) continue;
    const std::string path = std::string(POSENC_FONT_DIR) + "/font_" + l.id + ".ttf";
    std::ifstream f(path, std::ios::binary);
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    const std::string why = app::add_language_font(l.lang, std::move(bytes));
    if (!why.empty()) std::fprintf(stderr, "posenc_desktop: %s: %s; %s shows in English\n", path.c_str(), why.c_str(), l.id);
  }
}
#endif

int main(int argc, char** argv) {
  using platform::g;
#ifndef __EMSCRIPTEN__
  if (argc >= 2 && !std::strcmp(argv[1], "--train")) return train_command(argc, argv);
  load_language_fonts();
#endif
  int width = 1280, height = 800;
  std::string query;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--frames") && i + 1 < argc) {
      double n = 0;
      if (app::parse_number(argv[++i], n) && n >= 0 && n <= 1e9 && n == std::floor(n)) g.frames_left = static_cast<long>(n);
      else std::fprintf(stderr, "posenc_desktop: --frames wants a whole number of frames; drawing until closed\n");
    } else if (!std::strcmp(argv[i], "--size") && i + 1 < argc) {
      // WxH, e.g. 1280x800; anything else keeps the default size.
      const std::string_view wh = argv[++i];
      const size_t x = wh.find('x');
      double w = 0, h = 0;
      if (x != std::string_view::npos && app::parse_number(wh.substr(0, x), w) && app::parse_number(wh.substr(x + 1), h) &&
          w >= 200 && h >= 200 && w <= 16384 && h <= 16384) {
        width = static_cast<int>(w);
        height = static_cast<int>(h);
      } else {
        std::fprintf(stderr, "posenc_desktop: --size wants WxH (e.g. 1280x800, each 200 to 16384); using 1280x800\n");
      }
    } else {
      query = argv[i];
    }
  }

  platform::startup_mark("main");
#ifdef __EMSCRIPTEN__
  g.plain_fills = js_plain_fills() != 0;
#endif
  SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    return platform::start_failed("SDL_Init failed", SDL_GetError());
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  g.window = SDL_CreateWindow("PosEnc Lab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
                              SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!g.window) {
    return platform::start_failed("SDL_CreateWindow failed", SDL_GetError());
  }
  platform::startup_mark("sdl");
  g.gl = SDL_GL_CreateContext(g.window);
  if (!g.gl) {
    return platform::start_failed("Could not create an OpenGL ES 3.0 / WebGL2 context", SDL_GetError());
  }
  platform::startup_mark("webgl");
  SDL_GL_MakeCurrent(g.window, g.gl);
  SDL_GL_SetSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no settings file: the state lives in the URL
  app::focus_init();
  ImGui_ImplSDL2_InitForOpenGL(g.window, g.gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  g.app.services = {&platform::export_service(), &platform::training_service()};
  if (!query.empty()) app::app_apply(g.app, query);
  platform::startup_mark("imgui");

#ifdef __EMSCRIPTEN__
  emscripten_set_main_loop(platform::frame, 0, false);
  platform::web_loop_started();
#else
  while (!g.quit) {
    platform::frame();
    if (!g.app.state.playing) SDL_Delay(8);  // idle politely while paused
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(g.gl);
  SDL_DestroyWindow(g.window);
  SDL_Quit();
#endif
  return 0;
}
