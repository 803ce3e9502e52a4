#include "view_heatmap.hpp"

#include "imgui.h"

namespace app {

void draw_heatmap(State&, HeatmapCache&, const ViewContext&) { ImGui::TextWrapped("This lesson is being built."); }

}  // namespace app
