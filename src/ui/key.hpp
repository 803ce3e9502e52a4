// A key (legend) in a plot's corner: which colour is which line, one row per entry, on a halo box.
// Sizes are UI pixels times the scale `sc`, as everywhere in the views.
#pragma once
#include <initializer_list>
#include <span>
#include <string>
#include <utility>

#include "imgui.h"
#include "ui/plot.hpp"

namespace app {

// A small key in a plot's top right corner: a line of `col` and its label, one per row.
void plot_key(const Plot& p, std::initializer_list<std::pair<ImU32, std::string>> rows, float sc);
// The same for rows known only at run time (a key of the series actually drawn).
void plot_key(const Plot& p, std::span<const std::pair<ImU32, std::string>> rows, float sc);

}  // namespace app
