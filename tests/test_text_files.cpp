// Text files added at run time (src/text/text_file.hpp: the page fetches the lessons' texts) and the
// page's built-in heads (cmake/embed_texts.cmake -DHEADS=1, src/platform/page_texts.cpp), against
// catalogues written here by hand and against the full texts parsed by parse_text_file.
#include "catch2_any.hpp"

#include <string>

#include "lesson_heads.hpp"  // the page's: each lesson's title and summary, the whole tour
#include "state/lessons.hpp"
#include "text/text_file.hpp"

using namespace app;

namespace {
// The full text built into the tests (embedded_texts()), to put back what a test replaced.
std::string built_in(std::string_view name) {
  for (const EmbeddedText& t : embedded_texts())
    if (name == t.name) return t.text;
  return {};
}
void restore(std::string_view name) { add_text_files("file: " + std::string(name) + "\n" + built_in(name)); }
}  // namespace

TEST_CASE("a catalogue's file: lines name the text files after them, which then stand in for the built-in ones") {
  const unsigned before = text_files_generation();
  CHECK(add_text_files("stray: before any file\n"
                       "file: test_alpha\n"
                       "title: Alpha\n"
                       "caption: one line,\n"
                       "  and its continuation\n"
                       "file:  test_beta \n"
                       "title: Beta\n") == 2);
  CHECK(text_files_generation() == before + 1);
  CHECK(embedded_text("test_alpha") == "title: Alpha\ncaption: one line,\n  and its continuation\n");
  CHECK(embedded_text("test_beta") == "title: Beta\n");  // the name without its blanks
  // added again: replaced, not appended
  CHECK(add_text_files("file: test_alpha\ntitle: Alpha again\n") == 1);
  CHECK(embedded_text("test_alpha") == "title: Alpha again\n");
  CHECK(text_files_generation() == before + 2);
  // nothing in it: nothing changes, and the generation stays
  CHECK(add_text_files("title: no file line\n") == 0);
  CHECK(add_text_files("") == 0);
  CHECK(text_files_generation() == before + 2);
  CHECK(embedded_text("test_gamma").empty());
}

TEST_CASE("the lessons read a text file that arrives later: title, summary and every other key") {
  const View v = View::clock;
  const std::string title(lesson(v).title);
  REQUIRE(!title.empty());
  add_text_files("file: clock\ntitle: A later title\nsummary: A later summary\nclaim: A later claim\n");
  CHECK(lesson(v).title == "A later title");
  CHECK(lesson(v).summary == "A later summary");
  CHECK(lesson_text(v, "claim") == "A later claim");
  CHECK(!lesson_has_text(v, "caption"));
  restore("clock");
  CHECK(lesson(v).title == title);
  CHECK(lesson_has_text(v, "caption"));
}

TEST_CASE("the page's heads hold each lesson's title and summary as its whole text has them, and the other files whole") {
  int lessons_seen = 0;
  for (const EmbeddedText& head : kLessonHeads) {
    const std::string full = built_in(head.name);
    REQUIRE(!full.empty());
    View v{};
    if (!view_from_id(head.name, v)) {  // not a lesson's (the tour, the interface's words): whole
      CHECK(std::string_view(head.text) == full);
      continue;
    }
    ++lessons_seen;
    std::string want;
    for (const TextEntry& e : parse_text_file(full))
      if (e.key == "title" || e.key == "summary") want += e.key + "=" + e.value + "\n";
    std::string got;
    for (const TextEntry& e : parse_text_file(head.text)) got += e.key + "=" + e.value + "\n";
    INFO(head.name);
    CHECK(got == want);
    CHECK(want.find("title=") != std::string::npos);
  }
  CHECK(lessons_seen == static_cast<int>(lessons().size()));
}
