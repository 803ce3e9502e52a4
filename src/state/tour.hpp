// The guided tour: a fixed sequence of steps through the lessons, read from src/state/tour.txt.
// Each step sets a preset (view and parameters, applied through the validated path by set_step in
// state_io.hpp), shows one caption tagged with its source (claims.hpp), and may ask the student to
// predict something before the answer is shown:
//   a choice question: buttons, one of them right;
//   a value question: the student moves a setting (k, pair, ...) to where they think the answer is and
//     asks for a check; the true value is computed from the core (tour_checks()), never written in
//     the text, and a value within the step's tolerance of it counts as right.
// The answer and its explanation stay hidden until the student answers right or asks to see it.
#pragma once
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "claims.hpp"
#include "lessons.hpp"
#include "settings.hpp"
#include "state.hpp"

namespace app {

struct TourPrompt {
  std::string ask;                   // the question; empty: the step asks nothing
  std::vector<std::string> choices;  // a choice question: the buttons' words, in order
  int answer = 0;                    // a choice question: the right choice, 1-based
  std::string check;                 // a value question: the id of its check (tour_checks())
  double tolerance = 0;              // a value question: |value - truth| <= tolerance is right
  double limit = 0;                  // a value question: the check's threshold, where it has one
  std::string why;                   // shown with the answer; {placeholders} as prompt_text()
  std::vector<std::string> hides;    // the lesson's texts withheld while the question is open (lessons.hpp)
  std::vector<std::string> giveaway; // words that, seen before answering, would give the answer away
                                     // ({placeholders} as prompt_text()); tests/views/test_tour_answers.cpp
                                     // checks they are nowhere on screen or in describe() while it is open
  bool empty() const { return ask.empty(); }
  bool is_choice() const { return !choices.empty(); }
};

struct TourStep {
  std::string title;
  View view = View::clock;                                   // the preset's view
  std::vector<std::pair<std::string, std::string>> preset;  // key = value pairs, as in a URL (any
                                                             // settings key, the view's own too: addPE=1)
  std::string caption;                                       // what to look at, in one or two sentences
  ClaimSource source = ClaimSource::none;                    // where the caption's claim comes from
  TourPrompt prompt;
};

// Parses the tour format (see src/state/tour.txt). Whatever a teacher got wrong (an unknown key,
// source or check, an answer that is not one of the choices, a question without an answer) is
// described in `problems` when given; the step is still kept, without the broken part.
std::vector<TourStep> parse_tour(std::string_view text, std::vector<std::string>* problems = nullptr);
// The problems of the embedded tour.txt (empty when it is well formed).
const std::vector<std::string>& tour_problems();

int tour_step_count();
// Step 1..tour_step_count(); nullptr for 0 or out of range.
const TourStep* tour_step(int step);
// The steps that show lesson v, in order.
std::vector<int> tour_steps_of(View v);

// ---- value questions ----
// A check: which setting the student moves, and the true answer computed from the core for a state.
// truth() returns NaN when the state has no answer (e.g. no pair's period exceeds the window).
struct TourCheck {
  const char* id;      // as written after `check:` in tour.txt
  Field field;         // the setting the student moves to answer
  const char* format;  // printf format of that setting's values in the text ("%.0f" for a pair)
  double slider_max;   // the answer slider's right end; 0: the setting's own largest value
  double (*truth)(const State& s, double limit);
};
std::span<const TourCheck> tour_checks();
const TourCheck* tour_check(std::string_view id);

struct CheckResult {
  bool valid = false;    // a known check, and the state has an answer
  double value = 0;      // the student's value: the check's field in the state
  double truth = 0;      // the answer, from the core
  bool correct = false;  // |value - truth| <= tolerance
  int direction = 0;     // -1: value too low, +1: too high, 0: right (or not valid)
};
CheckResult check_answer(const TourPrompt& p, const State& s);
// `choice` is 1-based; false for a value question or a choice out of range.
bool choice_is_right(const TourPrompt& p, int choice);

// A prompt's text with its placeholders filled from the state: {d}, {n}, {k}, {pos}, {base}, {pair},
// {limit}, {tolerance}, and for a value question {answer} (the true value, "-" if there is none).
std::string prompt_text(std::string_view text, const TourPrompt& p, const State& s);

// ---- the student's progress on the current step's question (kept by the app) ----
struct PromptProgress {
  int step = 0;           // the step these answers belong to; another step starts afresh
  int wrong = 0;          // wrong answers so far
  int last_choice = 0;    // the last choice pressed, 1-based (0: none)
  int last_direction = 0; // the last wrong value: -1 too low, +1 too high
  double last_value = 0;  // the last value checked
  bool answered = false;  // answered right
  bool shown = false;     // the student asked to see the answer without answering right
  std::string reveal;     // "Answer: ... Why ...", filled as it was revealed (in that state)
  bool revealed() const { return answered || shown; }
};
// Starts afresh when `step` is not the progress's step; returns whether it did.
bool progress_for_step(PromptProgress& g, int step);
void answer_choice(PromptProgress& g, const TourPrompt& p, int choice, const State& s);
void answer_value(PromptProgress& g, const TourPrompt& p, const State& s);
void show_answer(PromptProgress& g, const TourPrompt& p, const State& s);
// One line on what happened last ("Not this one: ...", "Right."), "" before any answer.
std::string progress_feedback(const PromptProgress& g, const TourPrompt& p);
// The question and where the student is, in words, for the text alternative:
// "Question: ... Choices: 1) ...; 2) .... Not answered yet." / "... Answered: right. Answer: ...".
std::string prompt_description(const PromptProgress& g, const TourPrompt& p, const State& s);

// The tour's end in one paragraph, from the last answers to each step's question (by step number):
// how many questions there were, how many were right at the first try, right after wrong tries, shown
// without a right answer, and not tried.
std::string tour_summary_text(const std::map<int, PromptProgress>& record);

}  // namespace app
