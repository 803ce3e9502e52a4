// Exports of the current settings, for notebooks and spreadsheets:
//   - CSV of the encoding table, rows pos = 0..n-1 (n = the state's window), columns the d dimensions
//     in the module's interleaved layout (dim 2i = sin(w_i pos), dim 2i+1 = cos(w_i pos));
//   - NumPy and PyTorch snippets that rebuild exactly that table (same d, base, n, layout) and print
//     the row at the current position, so the numbers can be checked against the module.
#pragma once
#include <string>

#include "state.hpp"

namespace app {

enum class ExportKind { none, png, csv, numpy, pytorch };

// Largest table the CSV export writes (cells); a larger n*d is cut to fewer rows, said in a header line.
constexpr long kMaxCsvCells = 2'000'000;

std::string export_csv(const State& s);
std::string export_numpy(const State& s);
std::string export_pytorch(const State& s);
// File name for a kind, e.g. "posenc_d512_n64.csv".
std::string export_filename(const State& s, ExportKind kind);

}  // namespace app
