#include "shell/lesson_code.hpp"

#include "state/interface_text.hpp"
#include "text/format.hpp"

namespace app {

LessonCode& lesson_code() {
  static LessonCode code;
  return code;
}

bool lesson_code_here(View v) {
  const LessonCode& c = lesson_code();
  return c.resident < 0 || c.rest == RestOfLessons::here || static_cast<int>(v) == c.resident;
}

std::string lesson_code_missing_text() {
  const LessonCode& c = lesson_code();
  if (c.rest == RestOfLessons::failed) return fill(ui("lesson_failed"), {{"reason", c.reason}});
  return std::string(ui("lesson_loading"));
}

bool shared_code_here() {
  const LessonCode& c = lesson_code();
  return c.resident < 0 || c.rest == RestOfLessons::here;
}

std::string shared_code_missing_text() {
  const LessonCode& c = lesson_code();
  if (c.rest == RestOfLessons::failed) return fill(ui("exports_failed"), {{"reason", c.reason}});
  return std::string(ui("exports_loading"));
}

}  // namespace app
