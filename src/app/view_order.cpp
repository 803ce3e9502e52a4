#include "view_order.hpp"

#include "imgui.h"

namespace app {

void draw_order(State&, OrderCache&, const ViewContext&) { ImGui::TextWrapped("This lesson is being built."); }

}  // namespace app
