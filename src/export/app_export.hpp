// The text and the file name of an export kind for the app as it is now: the SVG from a frame drawn for
// it (figure_export.hpp), the experiment's results from the runs its view holds (experiment_export.hpp,
// named after the settings those runs were trained with), everything else from the State
// (export/tables.hpp). The downloads (src/platform/export_io.cpp) and PosEnc.exportText both ask here.
#pragma once
#include <string>

#include "shell/app.hpp"

namespace app {

std::string export_text_of(App& a, ExportKind kind);
std::string export_filename_of(const App& a, ExportKind kind);

}  // namespace app
