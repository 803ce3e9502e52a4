#include "export/tables.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "core/encoding.hpp"
#include "train/config.hpp"

namespace app {

namespace {

std::string exact(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.17g", v);
  return b;
}

// Python source for a number: repr-exact, so the snippet uses the very same double.
std::string py(double v) {
  std::string t = exact(v);
  if (t.find_first_of(".eEn") == std::string::npos) t += ".0";
  return t;
}

// The opening both Python snippets share: a comment naming the settings, the imports, then d, base, n.
std::string python_head(const State& s, const char* imports) {
  return "# PosEnc Lab settings: d=" + std::to_string(s.d) + ", base=" + py(s.base) + ", n=" + std::to_string(s.n) +
         ", interleaved layout\n" + imports + "\n" +
         "d, base, n = " + std::to_string(s.d) + ", " + py(s.base) + ", " + std::to_string(s.n) + "\n";
}

struct KindName {
  ExportKind kind;
  const char* name;
  const char* mime;
};
constexpr KindName kKinds[] = {{ExportKind::png, "png", "image/png"},           {ExportKind::figure, "figure", "image/png"},
                               {ExportKind::svg, "svg", "image/svg+xml"},       {ExportKind::csv, "csv", "text/csv"},
                               {ExportKind::numpy, "numpy", "text/x-python"},   {ExportKind::pytorch, "pytorch", "text/x-python"},
                               {ExportKind::results_json, "results-json", "application/json"},
                               {ExportKind::results_csv, "results-csv", "text/csv"}};

bool used_for(ExportKind k, ExportUse use) {
  switch (use) {
    case ExportUse::file: return true;
    case ExportUse::text: return export_is_text(k);
    case ExportUse::image: return export_is_image(k);
  }
  return false;
}

}  // namespace

bool export_is_text(ExportKind kind) {
  return kind == ExportKind::svg || kind == ExportKind::csv || kind == ExportKind::numpy || kind == ExportKind::pytorch ||
         kind == ExportKind::results_json || kind == ExportKind::results_csv;
}
bool export_is_image(ExportKind kind) { return kind == ExportKind::png || kind == ExportKind::figure; }

std::string export_kind_from_name(std::string_view name, ExportUse use, ExportKind& out) {
  std::string names;
  for (const KindName& k : kKinds) {
    if (!used_for(k.kind, use)) continue;
    if (name == k.name) {
      out = k.kind;
      return {};
    }
    names += names.empty() ? "'" : ", '";
    names += k.name;
    names += "'";
  }
  const char* fn = use == ExportUse::file ? "exportFile" : use == ExportUse::text ? "exportText" : "exportImage";
  return std::string(fn) + " takes " + names;
}

const char* export_mime(ExportKind kind) {
  for (const KindName& k : kKinds)
    if (k.kind == kind) return k.mime;
  return "application/octet-stream";
}

std::string export_text(const State& s, ExportKind kind) {
  switch (kind) {
    case ExportKind::csv: return export_csv(s);
    case ExportKind::numpy: return export_numpy(s);
    case ExportKind::pytorch: return export_pytorch(s);
    case ExportKind::png:
    case ExportKind::figure:
    case ExportKind::svg:
    case ExportKind::results_json:
    case ExportKind::results_csv:
    case ExportKind::none: break;
  }
  return {};
}

std::string export_csv(const State& s) {
  const long rows = std::min<long>(s.n, std::max<long>(1, kMaxCsvCells / s.d));
  std::string out = "# PosEnc Lab: sinusoidal positional encoding, d=" + std::to_string(s.d) + ", base=" + py(s.base) +
                    ", positions 0.." + std::to_string(rows - 1) + ", interleaved layout (dim 2i = sin, dim 2i+1 = cos)";
  if (rows < s.n) out += "; cut from n=" + std::to_string(s.n) + " to stay under " + std::to_string(kMaxCsvCells) + " cells";
  out += "\npos";
  for (int j = 0; j < s.d; ++j) {
    out += ",dim";
    out += std::to_string(j);
  }
  out += "\n";
  std::vector<double> row(static_cast<size_t>(s.d));
  for (long r = 0; r < rows; ++r) {
    pe::encoding_vector(static_cast<double>(r), s.d, s.base, row);
    out += std::to_string(r);
    for (double v : row) {
      out += ',';
      out += exact(v);
    }
    out += "\n";
  }
  return out;
}

std::string export_numpy(const State& s) {
  return python_head(s, "import numpy as np\n") +
         "pos = np.arange(n, dtype=np.float64)[:, None]\n"
         "w = base ** (-np.arange(0, d, 2, dtype=np.float64) / d)   # w_i = 1 / base^(2i/d)\n"
         "pe = np.empty((n, d))\n"
         "pe[:, 0::2] = np.sin(pos * w)   # dim 2i\n"
         "pe[:, 1::2] = np.cos(pos * w)   # dim 2i+1\n\n"
         "# PE at the module's current position, to compare with the screen:\n"
         "p = " + py(s.pos) + "\n"
         "row = np.empty(d); row[0::2] = np.sin(p * w); row[1::2] = np.cos(p * w)\n"
         "print(repr(row[:8].tolist()))\n";
}

std::string export_pytorch(const State& s) {
  return python_head(s, "import math\nimport torch\n") +
         "pos = torch.arange(n, dtype=torch.float64).unsqueeze(1)\n"
         "w = torch.exp(torch.arange(0, d, 2, dtype=torch.float64) * (-math.log(base) / d))  # 1 / base^(2i/d)\n"
         "pe = torch.zeros(n, d, dtype=torch.float64)\n"
         "pe[:, 0::2] = torch.sin(pos * w)   # dim 2i\n"
         "pe[:, 1::2] = torch.cos(pos * w)   # dim 2i+1\n"
         "# Models usually keep float32: pe.float(). The module computes in float64.\n\n"
         "p = " + py(s.pos) + "\n"
         "row = torch.zeros(d, dtype=torch.float64)\n"
         "row[0::2] = torch.sin(p * w); row[1::2] = torch.cos(p * w)\n"
         "print(row[:8].tolist())\n";
}

std::string export_filename(const State& s, ExportKind kind) {
  if (kind == ExportKind::results_json || kind == ExportKind::results_csv) {
    const std::string stem = std::string("posenc_experiment_") + train::task_names()[static_cast<size_t>(s.task)] + "_L" +
                             std::to_string(s.trainLength) + "_results";
    return stem + (kind == ExportKind::results_json ? ".json" : ".csv");
  }
  const std::string stem = std::string("posenc_") + view_id(s.view) + "_d" + std::to_string(s.d) + "_n" + std::to_string(s.n);
  switch (kind) {
    case ExportKind::png: return stem + ".png";
    case ExportKind::figure: return stem + "_figure.png";
    case ExportKind::svg: return stem + "_figure.svg";
    case ExportKind::csv: return stem + ".csv";
    case ExportKind::numpy: return stem + "_numpy.py";
    case ExportKind::pytorch: return stem + "_pytorch.py";
    case ExportKind::results_json:
    case ExportKind::results_csv:
    case ExportKind::none: break;
  }
  return stem;
}

}  // namespace app
