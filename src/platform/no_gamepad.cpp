// The web page's answer to Dear ImGui's gamepad calls: no game controller. Dear ImGui's SDL backend
// asks SDL for one every frame that gamepad navigation is on (it never is here), and those calls alone
// link SDL's game controller code and its controller tables (about 8 KB of the gzipped wasm) into the
// first download. The page is linked with --wrap=<each call> (CMakeLists.txt), so they land here and
// answer what SDL answers with its joystick subsystem off: no controller, nothing pressed.
// README "Download size and first frame".
#ifdef __EMSCRIPTEN__

#include <SDL.h>

extern "C" {
// Dear ImGui 1.86 calls the first three; 1.90 also lists and closes controllers.
SDL_GameController* __wrap_SDL_GameControllerOpen(int) { return nullptr; }
Uint8 __wrap_SDL_GameControllerGetButton(SDL_GameController*, SDL_GameControllerButton) { return 0; }
Sint16 __wrap_SDL_GameControllerGetAxis(SDL_GameController*, SDL_GameControllerAxis) { return 0; }
void __wrap_SDL_GameControllerClose(SDL_GameController*) {}
int __wrap_SDL_NumJoysticks(void) { return 0; }
SDL_bool __wrap_SDL_IsGameController(int) { return SDL_FALSE; }
}

#endif
