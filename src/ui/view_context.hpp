// What every view's draw function receives besides the State and its own cache.
#pragma once
#include <string>
#include <vector>

#include "export/tables.hpp"
#include "state/state_io.hpp"
#include "ui/style.hpp"

namespace app {

struct ViewContext {
  const Fonts& fonts;
  float ui_scale;
  std::vector<Rejection>& notices;  // where a rejected UI edit reports its reason
  LessonText text;                  // the lesson text as shown now: full, summary or off (never automatic)
  bool& intro_expanded;             // summary mode: the reader asked for the whole text
  float& figure_top;                // set by lesson_intro(): where the figure starts (screen y), for exports
  ExportKind& export_request;       // a view's own export button: carried out after the frame (App::pending_export)
  const std::string& export_message;  // what the last export did
  bool tour_speaks = false;         // a tour step shows this lesson: its bar says what to look at, so the
                                    // lesson's own lead waits behind More with the rest (summary mode)
};

}  // namespace app
