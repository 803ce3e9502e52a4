// Exports carry exactly the module's numbers and settings.
#include "catch2_any.hpp"

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "export/tables.hpp"
#include "core/encoding.hpp"

using namespace app;

static std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  for (std::string cell; std::getline(ss, cell, sep);) out.push_back(cell);
  return out;
}

TEST_CASE("CSV: header, n rows of d values, each reading back to the core's double exactly") {
  State s;
  s.d = 6;
  s.n = 5;
  s.base = 100;
  std::stringstream csv(export_csv(s));
  std::string line;
  std::getline(csv, line);
  CHECK(line.rfind("# PosEnc Lab", 0) == 0);
  CHECK(line.find("d=6, base=100") != std::string::npos);
  std::getline(csv, line);
  CHECK(line == "pos,dim0,dim1,dim2,dim3,dim4,dim5");
  int rows = 0;
  while (std::getline(csv, line)) {
    const auto cells = split(line, ',');
    REQUIRE(cells.size() == 7);
    CHECK(std::atoi(cells[0].c_str()) == rows);
    for (int j = 0; j < 6; ++j)  // %.17g round-trips a double exactly
      CHECK(std::strtod(cells[size_t(j + 1)].c_str(), nullptr) == pe::encoding_value(rows, j, 6, 100));
    ++rows;
  }
  CHECK(rows == 5);
}

TEST_CASE("CSV: primer row d = 4, pos = 1 is sin 1, cos 1, sin 0.01, cos 0.01") {
  State s;
  s.d = 4;
  s.n = 2;
  const std::string csv = export_csv(s);
  const auto row1 = split(csv.substr(csv.rfind("\n1,") + 1), ',');
  REQUIRE(row1.size() == 5);
  CHECK(std::strtod(row1[1].c_str(), nullptr) == Approx(0.8414709848).margin(1e-10));
  CHECK(std::strtod(row1[4].c_str(), nullptr) == Approx(0.9999500004).margin(1e-10));
}

TEST_CASE("CSV: a huge table is cut to the cell limit and says so") {
  State s;
  s.d = 8192;
  s.n = 100000;
  const std::string head = export_csv(s).substr(0, 300);
  CHECK(head.find("cut from n=100000") != std::string::npos);
  CHECK(head.find("positions 0..243") != std::string::npos);  // 2,000,000 / 8192 = 244 rows
}

TEST_CASE("snippets name the exact settings and the interleaved layout") {
  State s;
  s.d = 512;
  s.base = 10000;
  s.n = 64;
  s.pos = 37.5;
  for (const std::string& code : {export_numpy(s), export_pytorch(s)}) {
    CHECK(code.find("d, base, n = 512, 10000.0, 64") != std::string::npos);
    CHECK(code.find("0::2] = ") != std::string::npos);
    CHECK(code.find("1::2] = ") != std::string::npos);
    CHECK(code.find("p = 37.5") != std::string::npos);
  }
  CHECK(export_numpy(s).find("import numpy as np") != std::string::npos);
  CHECK(export_pytorch(s).find("import torch") != std::string::npos);
  CHECK(export_filename(s, ExportKind::csv) == "posenc_clock_d512_n64.csv");
}

TEST_CASE("export kinds by name: each call takes its own kinds, and a refusal lists them") {
  ExportKind k = ExportKind::none;
  CHECK(export_kind_from_name("figure", ExportUse::file, k).empty());
  CHECK(k == ExportKind::figure);
  CHECK(export_kind_from_name("svg", ExportUse::text, k).empty());
  CHECK(k == ExportKind::svg);
  CHECK(export_kind_from_name("png", ExportUse::image, k).empty());
  CHECK(k == ExportKind::png);
  CHECK(export_kind_from_name("svg", ExportUse::image, k) == "exportImage takes 'png', 'figure'");
  CHECK(export_kind_from_name("png", ExportUse::text, k) == "exportText takes 'svg', 'csv', 'numpy', 'pytorch', 'results-json', 'results-csv'");
  CHECK(export_kind_from_name("gif", ExportUse::file, k) == "exportFile takes 'png', 'figure', 'svg', 'csv', 'numpy', 'pytorch', 'results-json', 'results-csv'");
  CHECK(k == ExportKind::png);  // a refusal leaves it alone
  State s;
  CHECK(export_filename(s, ExportKind::figure) == "posenc_clock_d32_n64_figure.png");
  CHECK(export_filename(s, ExportKind::svg) == "posenc_clock_d32_n64_figure.svg");
  CHECK(std::string(export_mime(ExportKind::svg)) == "image/svg+xml");
  CHECK(export_text(s, ExportKind::svg).empty());  // built from the drawn app, not from the state alone
}
