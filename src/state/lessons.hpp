// The lesson registry: every lesson of PosEnc Lab, one line each, in the order of the path.
//
//   X(id, label, chapter, cores, reads, tour)
//     id       the view id: a public interface (URL `view=`, PosEnc.getState().view), keep it stable
//     label    the tab's label
//     chapter  its chapter (POSENC_CHAPTERS above the list)
//     cores  every src/core/ concept the lesson draws, space-separated, the lesson's own first
//            (src/core/<c>.hpp, tests/test_<c>.cpp); for the experiment the engine's (train/<name>:
//            src/train/<name>.hpp). tests/views/test_lessons.cpp checks that the lesson's folder includes
//            each one, and that every core concept is named by some row or is a shared helper.
//     reads  the shared settings of the sidebar's motion and encoding groups the view reads, keys joined
//            by | (pos also brings Play, the step buttons and speed), or none: the sidebar shows those
//            only (settings.cpp; tests/views/test_lessons.cpp checks each view's sidebar)
//     tour   in_tour, or outside_tour for a lesson the guided tour does not visit
//
// Everything else about a lesson is in its folder, src/lessons/<id>/:
//   <id>.hpp/.cpp   draw_<id>(State&, <Cache>&, const ViewContext&) and describe_<id>(const State&)
//   <id>.txt        its words (title, summary, lead, captions, claim): plain text, edited without C++
// The tabs, the tour, describe(), PosEnc.views(), the views' includes (generated at build time by
// cmake/lesson_views.cmake), the tests and the benchmark all read this list.
// Adding a lesson: its folder and a line here (README "Adding a lesson").
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <vector>

// The chapters of the path, in order: X(id, title). Every lesson names its chapter in the registry
// below; a chapter's lessons are consecutive rows (tests/views/test_lessons.cpp checks it), so the
// path through the module is the registry's order: the contents, the chapter tabs and the cold page
// (which opens at the first row) all follow it.
#define POSENC_CHAPTERS(X)                                   \
  X(formula, "The 2017 encoding: the formula")               \
  X(attention, "The 2017 encoding: inside attention")        \
  X(rope, "RoPE: rotating queries and keys")                 \
  X(beyond, "Long context and other schemes")                \
  X(experiment, "The experiment: test the claims yourself")

#define POSENC_LESSONS(X) \
  X(order, "Order", formula, "attention encoding", base, in_tour)                                                 \
  X(input, "Input", formula, "input", pos | d | base | pair, in_tour)                                             \
  X(formula, "Formula", formula, "formula_steps encoding frequency", pos | d | base | pair, in_tour)              \
  X(clock, "Clock", formula, "rotation frequency encoding similarity", pos | k | d | base | pair, in_tour)        \
  X(heatmap, "Heatmap", formula, "encoding float32_encoding frequency ranges", d | base | pair, in_tour)          \
  X(waves, "Waves", formula, "encoding frequency ranges", pos | d | base | pair, in_tour)                         \
  X(periods, "Periods", formula, "frequency", d | base | pair, in_tour)                                           \
  X(counter, "Counter", formula, "binary_counter frequency", pos | d | base, in_tour)                             \
  X(ranges, "Ranges", formula,   "ranges", d | base | pair, in_tour)                                              \
  X(similarity, "Similarity", attention, "similarity_curve similarity", pos | k | d | base, in_tour)              \
  X(symmetry, "Symmetry", attention, "symmetry similarity similarity_curve", pos | k | d | base, in_tour)         \
  X(learned, "Learned", attention, "learned encoding", pos | d | base | pair, in_tour)                            \
  X(adding, "Adding", attention, "mixing encoding", pos | k | d | base, in_tour)                                  \
  X(embedding, "Embedding", attention, "embedding_scale input", pos | d | base | pair, in_tour)                   \
  X(projections, "Projections", attention, "projection_scores input encoding", pos | k | d | base, in_tour)       \
  X(rope, "RoPE", rope, "rope encoding frequency mixing", pos | k | d | base | pair, in_tour)                     \
  X(rope_practice, "RoPE in use", rope, "rope_attention attention mixing", pos | k | base, in_tour)               \
  X(gotcha, "Gotcha", rope, "layout frequency rotation", pos | k | d | base | pair, in_tour)                      \
  X(precision, "Precision", rope, "float32_encoding half_precision encoding frequency", d | base | pair, in_tour) \
  X(rope_scores, "RoPE scores", rope, "rope_decay rope projection_scores mixing", pos | k | d | base, in_tour)    \
  X(rope_layouts, "RoPE layouts", rope, "rope_attention projection_scores mixing", pos | k | d | base, in_tour)   \
  X(rope_base, "RoPE base", rope, "rope_turns frequency", d | base | pair, in_tour)                               \
  X(long_context, "Long context", beyond, "rope_scaling rope_turns frequency", d | base | pair, in_tour)          \
  X(schemes, "Other schemes", beyond, "alibi t5_bucket learned", pos | k | d, in_tour)                            \
  X(experiment, "Experiment", experiment, "train/config train/fair", none, in_tour)                                         

namespace app {

enum class View : int {
#define POSENC_X(id, label, chapter, cores, reads, tour) id,
  POSENC_LESSONS(POSENC_X)
#undef POSENC_X
  count
};

enum class Chapter : int {
#define POSENC_X(id, title) id,
  POSENC_CHAPTERS(POSENC_X)
#undef POSENC_X
  count
};

struct Lesson {
  View view;
  const char* id;
  const char* label;     // tab label
  Chapter chapter;
  const char* cores;     // the core concepts it draws, space-separated (src/core/<c>.hpp)
  bool in_tour;          // false: listed as outside the guided tour
  std::string_view title;    // from src/lessons/<id>/<id>.txt
  std::string_view summary;  // one line, from src/lessons/<id>/<id>.txt
};

// The chapters' titles, in order; the lessons of a chapter in path order.
const char* chapter_id(Chapter c);  // its id in POSENC_CHAPTERS ("formula"), "" for none
const char* chapter_title(Chapter c);
std::vector<View> chapter_lessons(Chapter c);
// Where the path starts: the first lesson of the first chapter (what a cold page opens).
inline constexpr View kPathStart = static_cast<View>(0);

// All lessons in tab order.
std::span<const Lesson> lessons();
const Lesson& lesson(View v);
const char* view_id(View v);
// Returns false (and leaves `out` alone) for an unknown id.
bool view_from_id(std::string_view id, View& out);
// The ids in tab order (the choices of the `view` setting).
std::span<const char* const> view_ids();

// A named text of a lesson's file (src/lessons/<id>/<id>.txt), e.g. lesson_text(View::periods, "caption");
// "" if the file has no such key. Texts are read once, at first use.
std::string_view lesson_text(View v, std::string_view key);

// ---- texts withheld while a question is open ----
// A tour question names the texts of its lesson that would give its answer away (`hides:` in
// src/state/tour.txt: keys of the lesson's file, "claim" and "caption" among them). While it is open the
// app withholds them: lesson_text() returns withheld_words() for those keys instead, on screen and in
// describe() alike, and the answer comes back with them once the student answers or asks to be shown.
// The words are interface.txt's `withheld`, in the reader's language: "(hidden until you answer the
// question above)"; kWithheld is their English, for the tests.
inline constexpr std::string_view kWithheld = "(hidden until you answer the question above)";
std::string_view withheld_words();
// Withholds `keys` of lesson v's texts from now on (and nothing else); none for an empty list.
void withhold_texts(View v, const std::vector<std::string>& keys);
bool text_withheld(View v, std::string_view key);
// Whether lesson v's file has the text `key` (withheld or not): what a `hides:` entry may name.
bool lesson_has_text(View v, std::string_view key);
// A number a view draws itself (not a text of its file) that an open question may withhold: `mark` is a
// key of the lesson's file whose text says what the mark covers. `value` as it is, or "?" while withheld.
std::string withheld_or(View v, std::string_view mark, std::string value);

// The registry as JSON, [{id, label, title, summary, tourSteps: [..]}] in tab order (PosEnc.views()).
std::string lessons_json();

}  // namespace app
