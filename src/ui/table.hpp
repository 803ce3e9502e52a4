// Tables for narrow windows: a table that keeps its columns' natural widths and scrolls sideways
// where the space is narrower than they need (a phone, a column, a large UI scale).
#pragma once
#include <span>
#include <vector>

#include "imgui.h"

namespace app {

// A table whose columns keep their natural widths and scroll sideways when the space is narrower than
// `min_width`; wider, it is ImGui::BeginTable(id, columns, flags) unchanged. `rows` body rows of one
// text line each (plus the header row) set its height when it scrolls. Ends with ImGui::EndTable().
bool begin_table_fit(const char* id, int columns, ImGuiTableFlags flags, float min_width, int rows);

// Column widths that share `total` in proportion to `weights`, except that none is narrower than its
// `least` (the widest word it holds: a narrower column would cut it, whatever the language); the other
// columns give up that room in proportion to their weights. Where the least widths alone exceed
// `total`, every column gets its least. Pass them as the weights of stretching columns.
std::vector<float> share_widths(float total, std::span<const float> weights, std::span<const float> least);


}  // namespace app
