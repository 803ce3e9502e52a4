#include "export.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "core/encoding.hpp"

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
};
constexpr KindName kKinds[] = {{ExportKind::png, "png"}, {ExportKind::csv, "csv"}, {ExportKind::numpy, "numpy"},
                               {ExportKind::pytorch, "pytorch"}};

}  // namespace

std::string export_kind_from_name(std::string_view name, bool text_only, ExportKind& out) {
  std::string names;
  for (const KindName& k : kKinds) {
    if (text_only && k.kind == ExportKind::png) continue;
    if (name == k.name) {
      out = k.kind;
      return {};
    }
    names += std::string(names.empty() ? "'" : ", '") + k.name + "'";
  }
  return std::string(text_only ? "exportText" : "exportFile") + " takes " + names;
}

std::string export_text(const State& s, ExportKind kind) {
  switch (kind) {
    case ExportKind::csv: return export_csv(s);
    case ExportKind::numpy: return export_numpy(s);
    case ExportKind::pytorch: return export_pytorch(s);
    case ExportKind::png:
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
  const std::string stem = std::string("posenc_") + view_id(s.view) + "_d" + std::to_string(s.d) + "_n" + std::to_string(s.n);
  switch (kind) {
    case ExportKind::png: return stem + ".png";
    case ExportKind::csv: return stem + ".csv";
    case ExportKind::numpy: return stem + "_numpy.py";
    case ExportKind::pytorch: return stem + "_pytorch.py";
    case ExportKind::none: break;
  }
  return stem;
}

}  // namespace app
