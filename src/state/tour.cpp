#include "tour.hpp"

#include <cmath>
#include <initializer_list>
#include <limits>

#include "core/frequency.hpp"
#include "core/ranges.hpp"
#include "core/similarity.hpp"
#include "text/format.hpp"
#include "text/number.hpp"
#include "text/text_file.hpp"
#include "text/translation.hpp"
#include "interface_text.hpp"
#include "translations.hpp"

namespace app {

namespace {

constexpr double kNoAnswer = std::numeric_limits<double>::quiet_NaN();

// Joins texts by appending (GCC 12 warns falsely on chains of std::string +).
std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out.append(p);
  return out;
}

// ---- the checks of value questions: each computes its answer from the core ----

// The first pair whose period is longer than the window of n positions.
double first_long_period(const State& s, double) {
  const int i = pe::first_pair_with_period_above(s.n, s.d, s.base);
  return i < s.d / 2 ? i : kNoAnswer;
}

// The first pair from which on every dimension moves by less than `limit` over positions 0..n-1
// (max - min, as the ranges lesson plots it). Both members of every later pair count: near the
// window's quarter turn a cos dimension can move more than its sin partner.
double first_still_pair(const State& s, double limit) {
  const std::vector<double> r = pe::dimension_ranges(s.n, s.d, s.base);
  int first = s.d / 2;
  for (int i = s.d / 2 - 1; i >= 0; --i) {
    if (!(r[static_cast<size_t>(2 * i)] < limit && r[static_cast<size_t>(2 * i + 1)] < limit)) break;
    first = i;
  }
  return first < s.d / 2 ? first : kNoAnswer;
}

// The smallest k > 0 at which the selected pair has turned a whole circle: its period.
double full_turn(const State& s, double) { return pe::period(s.pair, s.d, s.base); }

// The first k > 0 where PE(pos)·PE(pos + k) stops falling and rises again (its first local minimum).
// Scanned in steps of a thousandth of pair 0's half turn, for at most 40,000 steps (k up to about
// 125), so a check stays quick at any d; NaN if the curve only falls that far.
double first_dot_minimum(const State& s, double) {
  const double h = pe::kPi / 1000.0 / pe::omega(0, s.d, s.base);
  double prev = pe::dot_closed_form(0, s.d, s.base), cur = pe::dot_closed_form(h, s.d, s.base);
  for (int i = 1; i < 40000; ++i) {
    const double next = pe::dot_closed_form((i + 1) * h, s.d, s.base);
    if (cur < prev && cur <= next) return i * h;
    prev = cur;
    cur = next;
  }
  return kNoAnswer;
}

constexpr TourCheck kChecks[] = {
    {"first_long_period", Field::pair, "%.0f", 0, first_long_period},
    {"first_still_pair", Field::pair, "%.0f", 0, first_still_pair},
    {"full_turn", Field::k, "%.2f", 100, full_turn},
    {"first_dot_minimum", Field::k, "%.2f", 20, first_dot_minimum},
};

// ---- parsing ----

std::vector<std::pair<std::string, std::string>> parse_pairs(std::string_view q) {
  std::vector<std::pair<std::string, std::string>> out;
  while (!q.empty()) {
    const size_t amp = q.find('&');
    const std::string_view part = q.substr(0, amp);
    q = amp == std::string_view::npos ? std::string_view{} : q.substr(amp + 1);
    const size_t eq = part.find('=');
    if (eq != std::string_view::npos) out.emplace_back(part.substr(0, eq), part.substr(eq + 1));
  }
  return out;
}

// The items of a list separated by `sep`, each without blanks at its ends (choices: "a | b | c").
std::vector<std::string> split_list(std::string_view text, char sep) {
  std::vector<std::string> out;
  while (true) {
    const size_t bar = text.find(sep);
    std::string_view c = text.substr(0, bar);
    while (!c.empty() && c.front() == ' ') c.remove_prefix(1);
    while (!c.empty() && c.back() == ' ') c.remove_suffix(1);
    out.emplace_back(c);
    if (bar == std::string_view::npos) break;
    text = text.substr(bar + 1);
  }
  return out;
}

// What is wrong with a step as written, each problem once; broken parts are dropped.
void validate(TourStep& t, bool has_view, std::vector<std::string>& problems) {
  const std::string where = cat({"step \"", t.title, "\": "});
  if (!has_view) problems.push_back(cat({where, "its preset names no view"}));
  if (t.caption.empty()) problems.push_back(cat({where, "no text"}));
  if (t.source == ClaimSource::none) problems.push_back(cat({where, "no source (or one not in claims.cpp)"}));
  TourPrompt& p = t.prompt;
  const bool any = !p.ask.empty() || !p.choices.empty() || !p.check.empty() || !p.why.empty() || p.answer != 0;
  if (!any) return;
  std::string bad;
  if (p.ask.empty()) bad = "choices, check, answer or why without ask";
  else if (p.choices.empty() == p.check.empty()) bad = "a question needs either choices or a check";
  else if (p.is_choice() && p.choices.size() < 2) bad = "fewer than two choices";
  else if (p.is_choice() && (p.answer < 1 || p.answer > static_cast<int>(p.choices.size()))) bad = "answer is not one of the choices";
  else if (!p.is_choice() && !tour_check(p.check)) bad = cat({"unknown check \"", p.check, "\""});
  else if (!p.is_choice() && p.answer != 0) bad = "a value question takes no answer: its check computes it";
  else if (p.why.empty()) bad = "a question without why";
  else
    for (const std::string& c : p.choices)
      if (c.empty()) bad = "an empty choice";
  for (const std::string& key : p.hides)
    if (bad.empty() && !lesson_has_text(t.view, key)) bad = cat({"hides \"", key, "\", which is not a text of its lesson"});
  if (bad.empty()) return;
  problems.push_back(cat({where, bad}));
  p = TourPrompt{};
}

struct Tour {
  std::vector<TourStep> steps;
  std::vector<std::string> problems;
};

// Parsed again when more text files have arrived: a question that hides a text of a lesson checks that
// the lesson has it, and the page fetches the lessons' texts (text_file.hpp).
const Tour& tour() {
  static Tour t;
  static unsigned generation = 0;
  if (t.steps.empty() || generation != text_files_generation()) {
    generation = text_files_generation();
    t.problems.clear();
    t.steps = parse_tour(embedded_text("tour"), &t.problems);
  }
  return t;
}

// The steps in the language the texts are shown in (translations.hpp): the English file with each
// translatable value put through translate(), parsed as the English is. Made again when the language
// changes or more of its translations arrive; English is the parse above.
const std::vector<TourStep>& steps_shown() {
  struct Cache {
    Lang lang = Lang::en;
    size_t count = 0;
    std::vector<TourStep> steps;
    unsigned generation = 0;
  };
  static Cache cache;
  const Lang l = text_language();
  if (l == Lang::en) return tour().steps;
  if (cache.steps.empty() || cache.lang != l || cache.count != translation_count(l) || cache.generation != text_files_generation()) {
    std::string text;
    for (const TextEntry& e : parse_text_file(embedded_text("tour")))
      text.append(e.key).append(": ").append(translatable_key("tour", e.key) ? translate("tour", e.key, e.value) : e.value).append("\n");
    cache = {l, translation_count(l), parse_tour(text, nullptr), text_files_generation()};
  }
  return cache.steps;
}

}  // namespace

std::vector<TourStep> parse_tour(std::string_view text, std::vector<std::string>* problems) {
  std::vector<std::string> found;
  std::vector<TourStep> steps;
  std::vector<bool> has_view;
  for (const TextEntry& e : parse_text_file(text)) {
    if (e.key == "step") {
      steps.push_back({});
      steps.back().title = e.value;
      has_view.push_back(false);
      continue;
    }
    if (steps.empty()) continue;  // text before the first step
    TourStep& t = steps.back();
    const std::string where = cat({"step \"", t.title, "\": "});
    if (e.key == "preset") {
      t.preset = parse_pairs(e.value);
      for (const auto& [key, value] : t.preset)
        if (key == "view") has_view.back() = view_from_id(value, t.view);
    } else if (e.key == "text") {
      t.caption = e.value;
    } else if (e.key == "source") {
      t.source = claim_source_from_id(e.value);
    } else if (e.key == "ask") {
      t.prompt.ask = e.value;
    } else if (e.key == "choices") {
      t.prompt.choices = split_list(e.value, '|');
    } else if (e.key == "answer") {
      double v = 0;
      if (parse_number(e.value, v) && v == std::floor(v) && v >= 1 && v <= 100) t.prompt.answer = static_cast<int>(v);
      else found.push_back(cat({where, "answer \"", e.value, "\" is not a choice number"}));
    } else if (e.key == "check") {
      t.prompt.check = e.value;
    } else if (e.key == "tolerance" || e.key == "limit") {
      double v = 0;
      if (parse_number(e.value, v) && v >= 0) (e.key == "tolerance" ? t.prompt.tolerance : t.prompt.limit) = v;
      else found.push_back(cat({where, e.key, " \"", e.value, "\" is not a number >= 0"}));
    } else if (e.key == "why") {
      t.prompt.why = e.value;
    } else if (e.key == "hides") {
      t.prompt.hides = split_list(e.value, ',');
    } else if (e.key == "giveaway") {
      t.prompt.giveaway = split_list(e.value, '|');
    } else {
      found.push_back(cat({where, "unknown key \"", e.key, "\""}));
    }
  }
  for (size_t i = 0; i < steps.size(); ++i) validate(steps[i], has_view[i], found);
  if (problems) *problems = std::move(found);
  return steps;
}

const std::vector<std::string>& tour_problems() { return tour().problems; }

int tour_step_count() { return static_cast<int>(tour().steps.size()); }

const TourStep* tour_step(int step) {
  return (step >= 1 && step <= tour_step_count()) ? &steps_shown()[static_cast<size_t>(step - 1)] : nullptr;
}

std::vector<int> tour_steps_of(View v) {
  std::vector<int> out;
  for (int i = 1; i <= tour_step_count(); ++i)
    if (tour().steps[static_cast<size_t>(i - 1)].view == v) out.push_back(i);
  return out;
}

std::span<const TourCheck> tour_checks() { return kChecks; }

const TourCheck* tour_check(std::string_view id) {
  for (const TourCheck& c : kChecks)
    if (id == c.id) return &c;
  return nullptr;
}

CheckResult check_answer(const TourPrompt& p, const State& s) {
  CheckResult r;
  const TourCheck* c = p.is_choice() ? nullptr : tour_check(p.check);
  if (!c) return r;
  r.value = get_value(s, c->field);
  r.truth = c->truth(s, p.limit);
  if (!std::isfinite(r.truth)) return r;
  r.valid = true;
  r.correct = std::fabs(r.value - r.truth) <= p.tolerance;
  r.direction = r.correct ? 0 : (r.value < r.truth ? -1 : 1);
  return r;
}

bool choice_is_right(const TourPrompt& p, int choice) { return p.is_choice() && choice >= 1 && choice == p.answer; }

std::string prompt_text(std::string_view text, const TourPrompt& p, const State& s) {
  std::string answer = "-";
  if (const TourCheck* c = p.is_choice() ? nullptr : tour_check(p.check)) {
    const CheckResult r = check_answer(p, s);
    if (r.valid) answer = fmt(c->format, r.truth);
  }
  return fill(text, {{"d", std::to_string(s.d)},
                     {"n", std::to_string(s.n)},
                     {"k", shown_number(s.k)},
                     {"pos", shown_number(s.pos)},
                     {"base", fmt("%g", s.base)},
                     {"pair", std::to_string(s.pair)},
                     {"limit", shown_number(p.limit)},
                     {"tolerance", shown_number(p.tolerance)},
                     {"answer", answer}});
}

// ---- progress ----

namespace {

std::string reveal_text(const TourPrompt& p, const State& s) {
  std::string answer;
  if (p.is_choice()) {
    answer = p.choices[static_cast<size_t>(p.answer - 1)];
  } else {
    const TourCheck* c = tour_check(p.check);
    const CheckResult r = check_answer(p, s);
    answer.append(field_key(c->field)).append(" = ").append(r.valid ? fmt(c->format, r.truth) : std::string(ui("answer_none")));
  }
  return fill(ui("answer_is"), {{"answer", answer}}) + " " + prompt_text(p.why, p, s);
}

}  // namespace

bool progress_for_step(PromptProgress& g, int step) {
  if (g.step == step) return false;
  g = PromptProgress{};
  g.step = step;
  return true;
}

void answer_choice(PromptProgress& g, const TourPrompt& p, int choice, const State& s) {
  if (!p.is_choice() || g.answered || choice < 1 || choice > static_cast<int>(p.choices.size())) return;
  g.last_choice = choice;
  if (choice_is_right(p, choice)) {
    g.answered = true;
    g.reveal = reveal_text(p, s);
  } else {
    ++g.wrong;
  }
}

void answer_value(PromptProgress& g, const TourPrompt& p, const State& s) {
  if (p.is_choice() || p.empty() || g.answered) return;
  const CheckResult r = check_answer(p, s);
  g.last_value = r.value;
  if (!r.valid) return;
  if (r.correct) {
    g.answered = true;
    g.last_direction = 0;
    g.reveal = reveal_text(p, s);
  } else {
    ++g.wrong;
    g.last_direction = r.direction;
  }
}

void show_answer(PromptProgress& g, const TourPrompt& p, const State& s) {
  if (p.empty() || g.revealed()) return;
  g.shown = true;
  g.reveal = reveal_text(p, s);
}

std::string progress_feedback(const PromptProgress& g, const TourPrompt& p) {
  if (g.answered) return std::string(ui(g.wrong == 0 ? "right_first_try" : "right"));
  if (g.shown) return "";
  if (g.wrong == 0) return "";
  if (p.is_choice()) return fill(ui("not_choice"), {{"choice", p.choices[static_cast<size_t>(g.last_choice - 1)]}});
  const TourCheck* c = tour_check(p.check);
  const bool low = g.last_direction < 0, within = p.tolerance > 0;
  return fill(ui(within ? (low ? "not_yet_low_within" : "not_yet_high_within") : (low ? "not_yet_low" : "not_yet_high")), {{"key", std::string(field_key(c->field))},
                        {"value", fmt(c->format, g.last_value)},
                        {"tolerance", shown_number(p.tolerance)}});
}

std::string prompt_description(const PromptProgress& g, const TourPrompt& p, const State& s) {
  if (p.empty()) return "";
  std::string out = fill(ui("question_is"), {{"ask", prompt_text(p.ask, p, s)}});
  if (p.is_choice()) {
    std::string choices;
    for (size_t i = 0; i < p.choices.size(); ++i) {
      if (i) choices += "; ";
      choices.append(std::to_string(i + 1)).append(") ").append(p.choices[i]);
    }
    out.append(" ").append(fill(ui("choices_are"), {{"choices", choices}}));
  } else {
    out.append(" ").append(fill(ui("answer_by_setting"), {{"key", std::string(field_key(tour_check(p.check)->field))}}));
  }
  out.append(" ");
  if (g.answered) out += ui("answered_right");
  else if (g.shown) out += ui("answer_was_shown");
  else if (g.wrong > 0) out += progress_feedback(g, p);
  else out += ui("not_answered");
  if (g.revealed()) out.append(" ").append(g.reveal);
  return out;
}

std::string tour_summary_text(const std::map<int, PromptProgress>& record, const std::vector<int>& steps) {
  int questions = 0, first_try = 0, later = 0, shown = 0, untried = 0;
  std::vector<int> all;
  for (int n = 1; n <= tour_step_count(); ++n) all.push_back(n);
  for (int n : steps.empty() ? all : steps) {
    const TourStep* t = tour_step(n);
    if (!t || t->prompt.empty()) continue;
    ++questions;
    const auto it = record.find(n);
    const PromptProgress* g = it == record.end() ? nullptr : &it->second;
    if (g && g->answered && g->wrong == 0) ++first_try;
    else if (g && g->answered) ++later;
    else if (g && g->shown) ++shown;
    else ++untried;
  }
  return fill(ui("tour_finished"), {{"questions", std::to_string(questions)},
                                    {"first", std::to_string(first_try)},
                                    {"later", std::to_string(later)},
                                    {"shown", std::to_string(shown)},
                                    {"untried", std::to_string(untried)}});
}

// ---- the tour this figure offers ----

std::vector<int> offered_steps(const State& s) {
  std::vector<int> out;
  if (s.lock) return out;
  for (int n = 1; n <= tour_step_count(); ++n)
    if (view_offered(s, tour_step(n)->view)) out.push_back(n);
  return out;
}

int next_offered_step(const State& s, int from, int dir) {
  const std::vector<int> steps = offered_steps(s);
  if (dir > 0) {
    for (int n : steps)
      if (n > from) return n;
  } else {
    for (auto it = steps.rbegin(); it != steps.rend(); ++it)
      if (from == 0 || *it < from) return *it;
  }
  return 0;
}

// ---- the student's answers ----

std::string question_id(int step) {
  const TourStep* t = tour_step(step);
  if (!t) return {};
  std::string out;
  bool gap = false;
  for (const char ch : t->title) {
    const bool word = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'Z');
    if (!word) {
      gap = !out.empty();
      continue;
    }
    if (gap) out += '-';
    gap = false;
    out += (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
  }
  return out.empty() ? "step-" + std::to_string(step) : out;
}

void note_answers(AnswerBook& b, const PromptProgress& g, const State& s) {
  if (g.step != b.seen.step) {
    b.seen = PromptProgress{};
    b.seen.step = g.step;
  }
  const TourStep* t = tour_step(g.step);
  if (!t || t->prompt.empty()) {
    b.seen = g;
    return;
  }
  const TourPrompt& p = t->prompt;
  QuestionRecord& q = b.questions[g.step];
  const auto answer = [&](bool correct) {
    AnswerEvent e;
    e.step = g.step;
    e.question = question_id(g.step);
    e.is_choice = p.is_choice();
    e.correct = correct;
    e.tries = ++q.tries;
    if (p.is_choice()) {
      e.choice = g.last_choice;
      if (g.last_choice >= 1 && g.last_choice <= static_cast<int>(p.choices.size()))
        e.response = p.choices[static_cast<size_t>(g.last_choice - 1)];
    } else if (const TourCheck* c = tour_check(p.check)) {
      e.value = correct ? get_value(s, c->field) : g.last_value;
      e.response = std::string(field_key(c->field)).append(" = ").append(fmt_c(c->format, e.value));  // for the gradebook: C locale
    }
    q.last_response = e.response;
    if (correct && !q.shown && !q.right) {
      q.right = true;
      q.first_try = e.tries == 1;
    }
    b.outbox.push_back(std::move(e));
  };
  for (int i = b.seen.wrong; i < g.wrong; ++i) answer(false);
  if (g.answered && !b.seen.answered) answer(true);
  if (g.shown && !b.seen.shown) q.shown = true;
  b.seen = g;
}

std::string answer_json(const AnswerEvent& e) {
  return "{\"question\":" + json_string(e.question) + ",\"step\":" + std::to_string(e.step) + ",\"kind\":" +
         (e.is_choice ? "\"choice\"" : "\"value\"") + ",\"choice\":" +
         (e.is_choice ? std::to_string(e.choice) : shortest_number(e.value)) + ",\"response\":" + json_string(e.response) +
         ",\"correct\":" + (e.correct ? "true" : "false") + ",\"tries\":" + std::to_string(e.tries) + "}";
}

std::string progress_json(const AnswerBook& b, const State& s) {
  int questions = 0, right = 0, first = 0, shown = 0, untried = 0, seen = 0;
  const std::vector<int> steps = offered_steps(s);
  std::string items;
  for (int n : steps) {
    if (b.visited.count(n)) ++seen;
    const TourStep* t = tour_step(n);
    if (t->prompt.empty()) continue;
    ++questions;
    const auto it = b.questions.find(n);
    const QuestionRecord q = it == b.questions.end() ? QuestionRecord{} : it->second;
    right += q.right;
    first += q.first_try;
    shown += q.shown && !q.right;
    untried += q.tries == 0 && !q.shown;
    items += std::string(items.empty() ? "" : ",") + "{\"question\":" + json_string(question_id(n)) + ",\"step\":" +
             std::to_string(n) + ",\"title\":" + json_string(t->title) + ",\"kind\":" +
             (t->prompt.is_choice() ? "\"choice\"" : "\"value\"") + ",\"tries\":" + std::to_string(q.tries) +
             ",\"right\":" + (q.right ? "true" : "false") + ",\"firstTry\":" + (q.first_try ? "true" : "false") +
             ",\"shown\":" + (q.shown ? "true" : "false") + ",\"response\":" + json_string(q.last_response) + "}";
  }
  const int score = questions > 0 ? static_cast<int>(std::lround(100.0 * right / questions)) : 0;
  return "{\"questions\":" + std::to_string(questions) + ",\"right\":" + std::to_string(right) + ",\"firstTry\":" +
         std::to_string(first) + ",\"shown\":" + std::to_string(shown) + ",\"untried\":" + std::to_string(untried) +
         ",\"score\":" + std::to_string(score) + ",\"completed\":" + (b.finished ? "true" : "false") + ",\"steps\":" +
         std::to_string(steps.size()) + ",\"stepsSeen\":" + std::to_string(seen) + ",\"items\":[" + items + "]}";
}

}  // namespace app
