// The text and the file name of an export kind for the app as it is now: the SVG from a frame drawn for
// it (figure_export.hpp), the experiment's results from the runs its view holds (experiment_export.hpp,
// named after the settings those runs were trained with), everything else from the State
// (export/tables.hpp). The downloads (src/platform/export_io.cpp) and PosEnc.exportText both ask here.
#pragma once
#include <string>

#include "shell/app.hpp"

namespace app {

// Out of line, and its calls marked POSENC_ENTRY_CALL: the split page leaves it, and every export it
// reaches, to the module that comes after the first frame (scripts/split_page.mjs SHARED); the shell
// calls it only when shared_code_here() (src/shell/lesson_code.hpp).
[[gnu::noinline]] std::string export_text_of(App& a, ExportKind kind);
std::string export_filename_of(const App& a, ExportKind kind);

}  // namespace app
