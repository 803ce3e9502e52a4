#include "lessons.hpp"
#include "interface_text.hpp"

#include <utility>

#include "text/json_write.hpp"
#include "text/text_file.hpp"
#include "tour.hpp"
#include "translations.hpp"

namespace app {

namespace {

[[maybe_unused]] constexpr bool in_tour = true, outside_tour = false;  // the registry's `tour` column

constexpr const char* kIds[] = {
#define POSENC_X(id, label, chapter, cores, reads, tour) #id,
    POSENC_LESSONS(POSENC_X)
#undef POSENC_X
};

struct Catalogue {
  std::vector<Lesson> lessons;
  std::vector<std::vector<TextEntry>> texts;  // each lesson's text file
};

// Each lesson's text, parsed again when more text files have arrived (the page fetches them,
// text_file.hpp): in place, so the lessons' records stay where they are. A view of a title or a text
// taken before then is not kept across it: the page adds texts between frames.
// The records' title and summary are views of these texts.
void read_texts(Catalogue& c) {
  c.texts.clear();
  for (Lesson& l : c.lessons) {
    c.texts.push_back(parse_text_file(embedded_text(l.id)));
    l.title = l.summary = {};
  }
  for (size_t i = 0; i < c.lessons.size(); ++i)
    for (const TextEntry& e : c.texts[i]) {
      if (e.key == "title") c.lessons[i].title = e.value;
      if (e.key == "summary") c.lessons[i].summary = e.value;
    }
}

const Catalogue& catalogue() {
  static Catalogue c = [] {
    Catalogue out;
    out.lessons = {
#define POSENC_X(id, label, chapter, cores, reads, tour) {View::id, #id, label, Chapter::chapter, cores, tour, {}, {}},
        POSENC_LESSONS(POSENC_X)
#undef POSENC_X
    };
    read_texts(out);
    return out;
  }();
  static unsigned generation = text_files_generation();
  if (generation != text_files_generation()) {
    generation = text_files_generation();
    read_texts(c);
  }
  return c;
}

}  // namespace

std::span<const Lesson> lessons() { return catalogue().lessons; }

const char* chapter_id(Chapter c) {
  static constexpr const char* kChapterIds[] = {
#define POSENC_X(id, title) #id,
      POSENC_CHAPTERS(POSENC_X)
#undef POSENC_X
  };
  const int i = static_cast<int>(c);
  return (i >= 0 && i < static_cast<int>(Chapter::count)) ? kChapterIds[i] : "";
}

const char* chapter_title(Chapter c) {
  static constexpr const char* kTitles[] = {
#define POSENC_X(id, title) title,
      POSENC_CHAPTERS(POSENC_X)
#undef POSENC_X
  };
  const int i = static_cast<int>(c);
  return (i >= 0 && i < static_cast<int>(Chapter::count)) ? kTitles[i] : "";
}

std::vector<View> chapter_lessons(Chapter c) {
  std::vector<View> out;
  for (const Lesson& l : lessons())
    if (l.chapter == c) out.push_back(l.view);
  return out;
}

const Lesson& lesson(View v) {
  const int i = static_cast<int>(v);
  return catalogue().lessons[(i >= 0 && i < static_cast<int>(View::count)) ? static_cast<size_t>(i) : 0];
}

const char* view_id(View v) { return lesson(v).id; }

bool view_from_id(std::string_view id, View& out) {
  for (size_t i = 0; i < std::size(kIds); ++i)
    if (id == kIds[i]) {
      out = static_cast<View>(i);
      return true;
    }
  return false;
}

std::span<const char* const> view_ids() { return kIds; }

namespace {
struct Withheld {
  View view = View::count;  // none
  std::vector<std::string> keys;
};
Withheld& withheld() {
  static Withheld w;
  return w;
}

const TextEntry* find_text(View v, std::string_view key) {
  const int i = static_cast<int>(v);
  if (i < 0 || i >= static_cast<int>(View::count)) return nullptr;
  for (const TextEntry& e : catalogue().texts[static_cast<size_t>(i)])
    if (e.key == key) return &e;
  return nullptr;
}
}  // namespace

std::string_view lesson_text(View v, std::string_view key) {
  const TextEntry* e = find_text(v, key);
  if (!e) return {};
  return text_withheld(v, key) ? withheld_words() : translate(view_id(v), key, e->value);
}

bool lesson_has_text(View v, std::string_view key) { return find_text(v, key) != nullptr; }

void withhold_texts(View v, const std::vector<std::string>& keys) {
  Withheld& w = withheld();
  if (keys.empty()) v = View::count;
  if (w.view == v && w.keys == keys) return;
  w.view = v;
  w.keys = keys;
}

std::string withheld_or(View v, std::string_view mark, std::string value) {
  return text_withheld(v, mark) ? std::string("?") : value;
}

bool text_withheld(View v, std::string_view key) {
  const Withheld& w = withheld();
  if (w.view != v) return false;
  for (const std::string& k : w.keys)
    if (k == key) return true;
  return false;
}

std::string lessons_json() {
  JsonWriter w;
  w.raw("[");
  for (const Lesson& l : lessons()) {
    if (w.out.size() > 1) w.raw(",");
    w.raw("{"); w.key("id"); w.str(l.id);
    w.raw(","); w.key("label"); w.str(l.label);
    w.raw(","); w.key("title"); w.str(l.title);
    w.raw(","); w.key("summary"); w.str(l.summary);
    w.raw(","); w.key("chapter"); w.str(chapter_title(l.chapter));
    w.raw(","); w.key("tourSteps"); w.raw("[");
    bool first = true;
    for (int s : tour_steps_of(l.view)) {
      if (!first) w.raw(",");
      first = false;
      w.integer(s);
    }
    w.raw("]}");
  }
  w.raw("]");
  return std::move(w.out);
}

std::string_view withheld_words() { return ui("withheld"); }

}  // namespace app
