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
// without a right answer, and not tried. `steps`: the steps to count (empty: every step of the tour).
std::string tour_summary_text(const std::map<int, PromptProgress>& record, const std::vector<int>& steps = {});

// ---- the tour this figure offers (the `views` and `lock` settings) ----
// The steps on a lesson that `views` offers, in order; none in a locked figure.
std::vector<int> offered_steps(const State& s);
// The offered step after (dir > 0) or before (dir < 0) step `from` (from 0: the first or the last); 0 if none.
int next_offered_step(const State& s, int from, int dir);

// ---- the student's answers, for the course: the embed's `answer` event, PosEnc.progress(), SCORM ----
// A question's id: its step's title in lower case, its words joined by '-' ("hands-on-dials"): stable while
// the title stays, and a SCORM 1.2 interaction id (letters, digits, '-').
std::string question_id(int step);

struct AnswerEvent {
  int step = 0;
  std::string question;  // question_id(step)
  bool is_choice = true;
  int choice = 0;        // a choice question: the choice pressed, 1-based
  double value = 0;      // a value question: the value checked
  std::string response;  // the choice's words, or "k = 12.57"
  bool correct = false;
  int tries = 0;         // the student's answers to this question so far, this one included
};

// What the student did with one question, over the whole session (a tour started again keeps it).
struct QuestionRecord {
  int tries = 0;          // answers given (right or wrong)
  bool right = false;     // answered right (before the answer was shown)
  bool first_try = false; // right at the first answer
  bool shown = false;     // asked to see the answer
  std::string last_response;
};

struct AnswerBook {
  std::map<int, QuestionRecord> questions;  // by step
  std::vector<AnswerEvent> outbox;          // answers not reported to the page yet (the platform empties it)
  std::map<int, bool> visited;              // the tour steps shown
  bool finished = false;                    // the tour's last offered step was left forward
  PromptProgress seen;                      // the current step's progress when last noted
};

// Records what the student did since the last call, from the current step's progress `g`: each answer
// (right or wrong) goes to the record and the outbox, "show answer" to the record only.
void note_answers(AnswerBook& b, const PromptProgress& g, const State& s);
// One answer as JSON: {question, step, kind: "choice" | "value", choice, response, correct, tries}
// (choice: the 1-based choice, or the value checked).
std::string answer_json(const AnswerEvent& e);
// The student's score over the offered steps' questions as JSON (PosEnc.progress()):
// {questions, right, firstTry, shown, untried, score (0..100: right / questions), completed (the tour was
// finished), steps, stepsSeen, items: [{question, step, title, kind, tries, right, firstTry, shown}]}.
std::string progress_json(const AnswerBook& b, const State& s);

}  // namespace app
