#include "view_waves.hpp"

#include "imgui.h"

namespace app {

void draw_waves(State&, WavesCache&, const ViewContext&) { ImGui::TextWrapped("This lesson is being built."); }

}  // namespace app
