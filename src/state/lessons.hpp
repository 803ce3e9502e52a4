// The lesson registry: every lesson of PosEnc Lab, one line each, in tab order.
//
//   X(id, label, cores, reads, tour)
//     id     the view id: a public interface (URL `view=`, PosEnc.getState().view), keep it stable
//     label  the tab's label
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

#define POSENC_LESSONS(X) \
  X(clock, "Clock", "rotation frequency encoding similarity", pos | k | d | base | pair, in_tour) \
  X(order, "Order", "attention encoding", base, in_tour)                                         \
  X(input, "Input", "input", pos | d | base | pair, in_tour)                                     \
  X(formula, "Formula", "formula_steps encoding frequency", pos | d | base | pair, in_tour)      \
  X(heatmap, "Heatmap", "encoding float32_encoding frequency ranges", d | base | pair, in_tour)  \
  X(waves, "Waves", "encoding frequency ranges", pos | d | base | pair, in_tour)                 \
  X(periods, "Periods", "frequency", d | base | pair, in_tour)                                   \
  X(counter, "Counter", "binary_counter frequency", pos | d | base, in_tour)                     \
  X(ranges, "Ranges", "ranges", d | base | pair, in_tour)                                        \
  X(similarity, "Similarity", "similarity_curve similarity", pos | k | d | base, in_tour)        \
  X(symmetry, "Symmetry", "symmetry similarity similarity_curve", pos | k | d | base, in_tour)   \
  X(learned, "Learned", "learned encoding", pos | d | base | pair, in_tour)                      \
  X(adding, "Adding", "mixing encoding", pos | k | d | base, in_tour)                            \
  X(embedding, "Embedding", "embedding_scale input", pos | d | base | pair, in_tour)             \
  X(projections, "Projections", "projection_scores input encoding", pos | k | d | base, in_tour) \
  X(rope, "RoPE", "rope encoding frequency mixing", pos | k | d | base | pair, in_tour)          \
  X(rope_practice, "RoPE in use", "rope_attention attention mixing", pos | k | base, in_tour)    \
  X(gotcha, "Gotcha", "layout frequency rotation", pos | k | d | base | pair, in_tour)           \
  X(precision, "Precision", "float32_encoding half_precision encoding frequency", d | base | pair, in_tour) \
  X(rope_scores, "RoPE scores", "rope_decay rope projection_scores mixing", pos | k | d | base, in_tour) \
  X(rope_layouts, "RoPE layouts", "rope_attention projection_scores mixing", pos | k | d | base, in_tour) \
  X(rope_base, "RoPE base", "rope_turns frequency", d | base | pair, in_tour)                    \
  X(long_context, "Long context", "rope_scaling rope_turns frequency", d | base | pair, in_tour) \
  X(schemes, "Other schemes", "alibi t5_bucket learned", pos | k | d, in_tour)                   \
  X(experiment, "Experiment", "train/config", none, in_tour)

namespace app {

enum class View : int {
#define POSENC_X(id, label, cores, reads, tour) id,
  POSENC_LESSONS(POSENC_X)
#undef POSENC_X
  count
};

struct Lesson {
  View view;
  const char* id;
  const char* label;     // tab label
  const char* cores;     // the core concepts it draws, space-separated (src/core/<c>.hpp)
  bool in_tour;          // false: listed as outside the guided tour
  std::string_view title;    // from src/lessons/<id>/<id>.txt
  std::string_view summary;  // one line, from src/lessons/<id>/<id>.txt
};

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
// app withholds them: lesson_text() returns kWithheld for those keys instead, on screen and in describe()
// alike, and the answer comes back with them once the student answers or asks to be shown.
inline constexpr std::string_view kWithheld = "(hidden until you answer the question above)";
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
