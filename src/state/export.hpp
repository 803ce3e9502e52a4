// Exports of the current settings, for notebooks and spreadsheets:
//   - CSV of the encoding table, rows pos = 0..n-1 (n = the state's window), columns the d dimensions
//     in the module's interleaved layout (dim 2i = sin(w_i pos), dim 2i+1 = cos(w_i pos));
//   - NumPy and PyTorch snippets that rebuild exactly that table (same d, base, n, layout) and print
//     the row at the current position, so the numbers can be checked against the module.
#pragma once
#include <string>
#include <string_view>

#include "state.hpp"

namespace app {

enum class ExportKind { none, png, csv, numpy, pytorch };

// The kinds by name, as PosEnc.exportFile / exportText take them ('png', 'csv', 'numpy', 'pytorch').
// `text_only`: only kinds that are text (csv, numpy, pytorch). Returns "" and sets `out`, or the reason.
std::string export_kind_from_name(std::string_view name, bool text_only, ExportKind& out);
// The text of a text kind for the current state ("" for png and none).
std::string export_text(const State& s, ExportKind kind);

// Largest table the CSV export writes (cells); a larger n*d is cut to fewer rows, said in a header line.
constexpr long kMaxCsvCells = 2'000'000;

std::string export_csv(const State& s);
std::string export_numpy(const State& s);
std::string export_pytorch(const State& s);
// File name for a kind, e.g. "posenc_d512_n64.csv".
std::string export_filename(const State& s, ExportKind kind);

}  // namespace app
