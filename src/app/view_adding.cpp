#include "view_adding.hpp"

#include "imgui.h"

namespace app {

void draw_adding(State&, AddingCache&, const ViewContext&) { ImGui::TextWrapped("This lesson is being built."); }

}  // namespace app
