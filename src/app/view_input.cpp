#include "view_input.hpp"

#include "imgui.h"

namespace app {

void draw_input(State&, InputCache&, const ViewContext&) { ImGui::TextWrapped("This lesson is being built."); }

}  // namespace app
