#include "view_formula.hpp"

#include "imgui.h"

namespace app {

void draw_formula(State&, FormulaCache&, const ViewContext&) { ImGui::TextWrapped("This lesson is being built."); }

}  // namespace app
