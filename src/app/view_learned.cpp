#include "view_learned.hpp"

#include "imgui.h"

namespace app {

void draw_learned(State&, LearnedCache&, const ViewContext&) { ImGui::TextWrapped("This lesson is being built."); }

}  // namespace app
