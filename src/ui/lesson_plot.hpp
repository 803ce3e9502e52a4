// The drawing toolkit of the lesson views in one include (for code that uses most of it, such as the
// shell); a view includes the pieces it uses:
//   ui/plot.hpp         plot frame, data <-> screen mapping, linear ticks, clipping
//   ui/log_axis.hpp     log10 axes by decades
//   ui/marks.hpp        dashed lines, text on a halo
//   ui/key.hpp          keys (legends) and colour ramps
//   ui/label.hpp        a label placer that keeps labels off the data
//   ui/bars.hpp         bar strips and signed bar rows
//   ui/text_layout.hpp  text wrapped at spaces (never inside a number), flow layout
//   ui/table.hpp        tables that scroll sideways when narrow
//   ui/style.hpp        colours (series_color, with_alpha, tint) and the theme
//   text/format.hpp     number formatting (tick_label, grouped, fmt)
#pragma once
#include "text/format.hpp"
#include "ui/bars.hpp"
#include "ui/key.hpp"
#include "ui/label.hpp"
#include "ui/log_axis.hpp"
#include "ui/marks.hpp"
#include "ui/plot.hpp"
#include "ui/style.hpp"
#include "ui/table.hpp"
#include "ui/text_layout.hpp"
