// The current view's figure as SVG, for slides and handouts: what the main area shows below the tabs,
// the tour bar and the lesson's opening text (App::figure_min..figure_max), without the sidebar.
//
// It is built from a frame drawn for it, so it shows the state as it is now (a page that calls
// setState and then asks for the SVG gets the new state, with no drawn frame in between). That frame
// is an ordinary app frame in which nothing moves (dt = 0), drawn
//   - without anti-aliasing fringes (svg_export.hpp: the SVG renderer smooths the exact outlines),
//   - with the pointer away from the canvas, so that no tooltip or hover highlight lands in the
//     figure (unless a control is being dragged, which must not jump), and no keyboard focus ring;
// and what it draws is never shown: the next displayed frame is drawn as usual.
// Kept: the draw lists of the page's window and its children (tooltips, popups, the key help, the
// controls drawer and the lecturer's pen marks are windows or layers of their own). The heatmap's
// GPU shader left no triangles: its cells are computed on the CPU by the shader's float32 mirror
// (core/float32_encoding) and embedded as a PNG <image>, one image pixel per cell when cells are at
// least a pixel, otherwise one per device pixel (the cell under its centre, as the shader picks it).
#pragma once
#include <string>

#include "shell/app.hpp"

namespace app {

// embed_fonts: the DejaVu subsets go into the file (exports, so it looks the same anywhere); without
// them the text names DejaVu and falls back to the viewer's sans-serif (the posters, which must be small).
std::string figure_svg(App& a, bool embed_fonts = true);

}  // namespace app
