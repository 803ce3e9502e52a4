#include "view_gotcha.hpp"

#include "imgui.h"

namespace app {

void draw_gotcha(State&, GotchaCache&, const ViewContext&) { ImGui::TextWrapped("This lesson is being built."); }

}  // namespace app
