// Which lessons' code the running module holds (README "Lessons on demand"). The desktop app, the
// single-file build and a page started from the whole wasm hold every lesson. A split page starts with
// the shell and the one lesson its link opens (web/lessons/<id>.wasm); the others arrive after the
// first frame in a second module, which fills their slots of the function table. Until it has, the
// shell must not call into them (their slots hold placeholders that throw): the view shows that the
// lesson is on its way, or why it did not come, with a Retry.
#pragma once
#include <string>

#include "state/lessons.hpp"

namespace app {

enum class RestOfLessons { here, coming, failed };

struct LessonCode {
  int resident = -1;                        // the lesson the module came with (a View); -1: every lesson
  RestOfLessons rest = RestOfLessons::here; // the other lessons' module
  std::string reason;                       // why it did not arrive (failed)
  bool retry = false;                       // the reader asked again; the platform clears it and asks
};

// The module's one record: the code is the process's, not a figure's.
LessonCode& lesson_code();
// Whether the code of lesson v can be called now.
bool lesson_code_here(View v);
// What stands in for a lesson whose code is not here, in words (the view and describe() say it).
std::string lesson_code_missing_text();
// Whether the shell's own code that comes with the other lessons can be called now: the text exports
// (CSV, NumPy, PyTorch, SVG, the experiment's results; app::export_text_of), which every lesson shares
// and no first frame needs. Downloads of images do not wait for it.
bool shared_code_here();
// Why a text export is refused until then, in words.
std::string shared_code_missing_text();

}  // namespace app
