// Exports: pictures of the view for slides and handouts, and the current settings for notebooks and
// spreadsheets:
//   - PNG of the whole canvas (`png`) or of the view's figure alone, without the sidebar (`figure`), and
//     SVG of the figure with its text as text (`svg`, built by src/export/figure_export from a drawn frame);
//   - CSV of the encoding table, rows pos = 0..n-1 (n = the state's window), columns the d dimensions
//     in the module's interleaved layout (dim 2i = sin(w_i pos), dim 2i+1 = cos(w_i pos));
//   - NumPy and PyTorch snippets that rebuild exactly that table (same d, base, n, layout) and print
//     the row at the current position, so the numbers can be checked against the module;
//   - the experiment view's results (`results-json`, `results-csv`, built by src/export/experiment_export
//     from the runs the view holds).
#pragma once
#include <string>
#include <string_view>

#include "state/state.hpp"

namespace app {

enum class ExportKind { none, png, figure, svg, csv, numpy, pytorch, results_json, results_csv };

// Who asks for a kind by name: PosEnc.exportFile (a download: every kind), PosEnc.exportText (the
// text kinds: svg, csv, numpy, pytorch, results-json, results-csv) or PosEnc.exportImage (a PNG for the page: png, figure).
enum class ExportUse { file, text, image };
// Returns "" and sets `out`, or the reason (which names the kinds that `use` takes).
std::string export_kind_from_name(std::string_view name, ExportUse use, ExportKind& out);
bool export_is_text(ExportKind kind);
bool export_is_image(ExportKind kind);
// The text of csv, numpy or pytorch for the current state ("" for the pictures and for the kinds that
// need the app: the SVG its drawn figure, src/export/figure_export.hpp; the results its experiment runs).
std::string export_text(const State& s, ExportKind kind);
// The MIME type of a kind's file.
const char* export_mime(ExportKind kind);

// Largest table the CSV export writes (cells); a larger n*d is cut to fewer rows, said in a header line.
constexpr long kMaxCsvCells = 2'000'000;

std::string export_csv(const State& s);
std::string export_numpy(const State& s);
std::string export_pytorch(const State& s);
// File name for a kind, e.g. "posenc_clock_d512_n64.csv", "posenc_clock_d512_n64_figure.png",
// "posenc_experiment_lookback_L16_results.json".
std::string export_filename(const State& s, ExportKind kind);

}  // namespace app
