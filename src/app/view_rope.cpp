#include "view_rope.hpp"

#include "imgui.h"

namespace app {

void draw_rope(State&, RopeCache&, const ViewContext&) { ImGui::TextWrapped("This lesson is being built."); }

}  // namespace app
