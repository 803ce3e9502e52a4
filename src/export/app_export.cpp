#include "export/app_export.hpp"

#include "export/experiment_export.hpp"
#include "export/figure_export.hpp"

namespace app {

std::string export_text_of(App& a, ExportKind kind) {
  switch (kind) {
    case ExportKind::svg: return figure_svg(a);
    case ExportKind::results_json: return experiment_results_json(a.views.experiment);
    case ExportKind::results_csv: return experiment_results_csv(a.views.experiment);
    default: return export_text(a.state, kind);
  }
}

std::string export_filename_of(const App& a, ExportKind kind) {
  const bool results = kind == ExportKind::results_json || kind == ExportKind::results_csv;
  const ExperimentCache& c = a.views.experiment;
  return export_filename(results && !c.runs.empty() ? c.set : a.state, kind);
}

}  // namespace app
