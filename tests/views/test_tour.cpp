// The guided tour (src/state/tour.hpp, src/state/tour.txt) and the claim tags (src/state/claims.hpp):
// - the format: a sample tour parsed, and every mistake a teacher can make reported, not crashed on;
// - the embedded tour: well formed, motivation first, at least five questions, every step tagged;
// - every number written in tour.txt and every right answer, against the core or a direct computation
//   (a brute-force sum, a fine scan, the float32 arithmetic), with the tolerance stated at each check;
// - answering: wrong, right, shown, reset on a new step; the text alternative says where the student is;
// - the app: a step's view settings apply, its buttons are drawn and reachable at 1280x800, 360x640 and
//   scale 2; the tags' words reach text contrast in every theme (WCAG ratio computed here).
#include "catch2_any.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "shell/app.hpp"
#include "ui/focus.hpp"
#include "text/format.hpp"
#include "ui/widgets.hpp"
#include "core/attention.hpp"
#include "core/encoding.hpp"
#include "core/float32_encoding.hpp"
#include "core/frequency.hpp"
#include "core/learned.hpp"
#include "core/similarity.hpp"
#include "headless.hpp"
#include "imgui_internal.h"
#include "state/claims.hpp"
#include "text/format.hpp"
#include "state/tour.hpp"

using namespace app;

namespace {

constexpr double kPi = 3.14159265358979323846;

std::string two(double v) { return fmt("%.2f", v); }

// The state a step's preset gives, from the defaults.
State state_of(const TourStep& t) {
  State s;
  for (const auto& [key, value] : t.preset) REQUIRE(set_field(s, key, value) == "");
  return s;
}

// The steps of view v that ask something (in order).
std::vector<const TourStep*> asking(View v) {
  std::vector<const TourStep*> out;
  for (int i : tour_steps_of(v))
    if (!tour_step(i)->prompt.empty()) out.push_back(tour_step(i));
  return out;
}

// The first choice question of view v (precision has a second, on half precision, later in the tour).
const TourStep& the_question(View v) {
  std::vector<const TourStep*> q;
  for (const TourStep* t : asking(v))
    if (t->prompt.is_choice()) q.push_back(t);
  REQUIRE(!q.empty());
  return *q.front();
}

// The one value question answered by check `id`.
const TourStep& with_check(std::string_view id) {
  std::vector<const TourStep*> q;
  for (int i = 1; i <= tour_step_count(); ++i)
    if (tour_step(i)->prompt.check == id) q.push_back(tour_step(i));
  REQUIRE(q.size() == 1);
  return *q.front();
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// The index (1-based) of the choice containing `part`.
int choice_with(const TourPrompt& p, std::string_view part) {
  for (size_t i = 0; i < p.choices.size(); ++i)
    if (contains(p.choices[i], part)) return static_cast<int>(i) + 1;
  return 0;
}

}  // namespace

TEST_CASE("the tour format: a choice question, a value question, view settings and tags") {
  // A step's preset sets the view's own settings like any other key; the old view_setting: line is unknown.
  std::vector<std::string> old;
  parse_tour("step: Old\npreset: view=order\nview_setting: add_pe=1\nsource: math\ntext: x\n", &old);
  REQUIRE(old.size() == 1);
  CHECK(old[0].find("unknown key \"view_setting\"") != std::string::npos);

  std::vector<std::string> problems;
  const auto steps = parse_tour(R"(# a comment
step: One
preset: view=order&playing=0&addPE=1
source: paper
text: First line
  and its continuation.
ask: Which one?
choices: a | b b |c
answer: 2
why: Because {d}.

step: Two
preset: view=periods&d=512&n=64
source: untested
text: Look.
ask: Set the pair, N = {n}.
check: first_long_period
tolerance: 1
why: Pair {answer}.
)",
                                &problems);
  CHECK(problems.empty());
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].title == "One");
  CHECK(steps[0].view == View::order);
  CHECK(steps[0].caption == "First line and its continuation.");
  CHECK(steps[0].source == ClaimSource::paper);
  CHECK(steps[0].preset.back() == std::pair<std::string, std::string>{"addPE", "1"});  // a view's own setting
  const TourPrompt& c = steps[0].prompt;
  CHECK(c.is_choice());
  CHECK(c.choices == std::vector<std::string>{"a", "b b", "c"});
  CHECK(c.answer == 2);
  CHECK_FALSE(choice_is_right(c, 1));
  CHECK(choice_is_right(c, 2));
  CHECK_FALSE(choice_is_right(c, 4));
  State s = state_of(steps[1]);
  CHECK(prompt_text(c.why, c, s) == "Because 512.");
  const TourPrompt& v = steps[1].prompt;
  CHECK_FALSE(v.is_choice());
  CHECK(v.check == "first_long_period");
  CHECK(v.tolerance == 1);
  CHECK(steps[1].source == ClaimSource::untested);
  // Pair 65 is the first whose period 2π·10000^(2i/512) exceeds 64 (worked below); tolerance 1.
  CHECK(prompt_text(v.why, v, s) == "Pair 65.");
  CHECK(prompt_text(v.ask, v, s) == "Set the pair, N = 64.");
  for (const auto& [pair, correct, dir] : {std::tuple{63, false, -1}, {64, true, 0}, {65, true, 0}, {66, true, 0}, {67, false, 1}}) {
    INFO("pair " << pair);
    s.pair = pair;
    const CheckResult r = check_answer(v, s);
    CHECK(r.valid);
    CHECK(r.truth == 65);
    CHECK(r.value == pair);
    CHECK(r.correct == correct);
    CHECK(r.direction == dir);
  }
}

TEST_CASE("the tour format: mistakes are reported and the broken part dropped") {
  std::vector<std::string> problems;
  const auto steps = parse_tour(R"(step: No view
preset: d=4
text: x
source: paper
step: Bad source and key
preset: view=clock
source: rumour
text: x
colour: red
step: Answer out of range
preset: view=clock
source: math
text: x
ask: ?
choices: a | b
answer: 3
why: w
step: Unknown check
preset: view=clock
source: math
text: x
ask: ?
check: no_such_check
why: w
step: Both kinds
preset: view=clock
source: math
text: x
ask: ?
choices: a | b
answer: 1
check: full_turn
why: w
step: No why
preset: view=clock
source: math
text: x
ask: ?
choices: a | b
answer: 1
step: Choices without ask
preset: view=clock
source: math
text: x
choices: a | b
answer: one
tolerance: -1
)",
                                &problems);
  REQUIRE(steps.size() == 7);
  for (const TourStep& t : steps) CHECK(t.prompt.empty());  // every broken question dropped
  const auto said = [&](std::string_view part) {
    return std::any_of(problems.begin(), problems.end(), [&](const std::string& p) { return contains(p, part); });
  };
  CHECK(said("\"No view\": its preset names no view"));
  CHECK(said("\"Bad source and key\": no source"));
  CHECK(said("\"Bad source and key\": unknown key \"colour\""));
  CHECK(said("\"Answer out of range\": answer is not one of the choices"));
  CHECK(said("\"Unknown check\": unknown check \"no_such_check\""));
  CHECK(said("\"Both kinds\": a question needs either choices or a check"));
  CHECK(said("\"No why\": a question without why"));
  CHECK(said("\"Choices without ask\": answer \"one\" is not a choice number"));
  CHECK(said("\"Choices without ask\": tolerance \"-1\""));
  CHECK(said("\"Choices without ask\": choices, check, answer or why without ask"));
  // Text before the first step and an empty file.
  CHECK(parse_tour("text: orphan\n").empty());
  CHECK(parse_tour("").empty());
}

TEST_CASE("the embedded tour: well formed, motivation first, questions, tags, every lesson") {
  for (const std::string& p : tour_problems()) FAIL_CHECK(p);
  REQUIRE(tour_step_count() >= static_cast<int>(View::count));
  // Motivation first: order, then the input, the formula, the clock (the rest in any order after).
  std::vector<View> first;
  for (int i = 1; i <= tour_step_count() && first.size() < 4; ++i)
    if (first.empty() || first.back() != tour_step(i)->view) first.push_back(tour_step(i)->view);
  CHECK(first == std::vector<View>{View::order, View::input, View::formula, View::clock});
  int questions = 0, values = 0;
  for (int i = 1; i <= tour_step_count(); ++i) {
    const TourStep* t = tour_step(i);
    INFO("step " << i << ": " << t->title);
    CHECK(claim_source_info(t->source) != nullptr);
    // Every key of the preset is a setting and its value is accepted (the view's own settings too).
    State st;
    for (const auto& [key, value] : t->preset) {
      INFO(key << "=" << value);
      CHECK(set_field(st, key, value).empty());
    }
    if (t->prompt.empty()) continue;
    ++questions;
    if (!t->prompt.is_choice()) {
      ++values;
      const CheckResult r = check_answer(t->prompt, state_of(*t));
      CHECK(r.valid);  // the preset's state has an answer
      CHECK_FALSE(r.correct);  // and the preset does not already answer it
    }
  }
  CHECK(questions >= 5);
  CHECK(values >= 2);
  // Which lessons the tour visits is the registry's `tour` column (checked in test_lessons.cpp).
  for (const Lesson& l : lessons()) {
    INFO(l.id);
    CHECK(tour_steps_of(l.view).empty() == !l.in_tour);
  }
}

TEST_CASE("order: a swap only moves the weights without positions, and changes them with positions") {
  const auto steps = tour_steps_of(View::order);
  REQUIRE(steps.size() >= 2);
  const TourStep& off = *tour_step(steps[0]);
  const TourStep& on = *tour_step(steps[1]);
  CHECK(off.preset.back() == std::pair<std::string, std::string>{"addPE", "0"});
  CHECK(on.preset.back() == std::pair<std::string, std::string>{"addPE", "1"});
  CHECK(contains(on.caption, "ticked"));  // the step says it switched the encoding on, and it did
  const int n = pe::ToyAttention::kTokens;
  const std::vector<int> swap = pe::swap_permutation(n, 1, 4), id = pe::swap_permutation(n, 0, 0);
  REQUIRE(OrderCache{}.perm == swap);  // the view starts with dog and man swapped, as the text says
  const auto diff = [&](bool pe_on) {
    return pe::max_abs_diff(pe::toy_weights(swap, pe_on, 10000), pe::permute_both(pe::toy_weights(id, pe_on, 10000), n, swap));
  };
  CHECK(diff(false) < 1e-12);  // rounding only
  CHECK(diff(true) > 0.005);   // visible at the grid's two decimals
  CHECK(choice_is_right(off.prompt, choice_with(off.prompt, "moved with the words")));
}

TEST_CASE("formula: the worked d = 4, pos = 1 values in the question") {
  const TourStep& t = the_question(View::formula);
  const TourPrompt& p = t.prompt;
  // Each choice is "<fn> <angle> ≈ <value>": recompute each from its words, to two decimals.
  for (const std::string& c : p.choices) {
    INFO(c);
    char fn[8] = {};
    double angle = 0;
    char value[16] = {};
    REQUIRE(std::sscanf(c.c_str(), "%3s %lf \xE2\x89\x88 %15s", fn, &angle, value) == 3);
    CHECK(two(std::string(fn) == "sin" ? std::sin(angle) : std::cos(angle)) == value);
  }
  // The right one is dimension 2 at position 1 (d = 4, base 10000): sin(1 / 10000^(2/4)) = sin 0.01.
  CHECK(choice_is_right(p, choice_with(p, "sin 0.01")));
  CHECK(std::fabs(pe::encoding_value(1, 2, 4, 10000) - std::sin(0.01)) < 1e-15);
  CHECK(pe::omega(1, 4, 10000) == Approx(0.01).epsilon(1e-12));  // "pair 1 by 0.01"
}

TEST_CASE("clock: the hand that moves least over 10 positions, and the numbers of its why") {
  const TourStep& t = the_question(View::clock);
  const State s = state_of(t);
  REQUIRE(s.d == 16);
  // The shown turn is the angle wrapped to (-π, π]; the least is the smallest |wrapped w_i·10|.
  const auto shown_turn = [&](int i) { return std::fabs(std::remainder(pe::omega(i, s.d, s.base) * 10, 2 * kPi)); };
  int best = -1;
  for (const std::string& c : t.prompt.choices) {
    int pair = -1;
    REQUIRE(std::sscanf(c.c_str(), "Pair %d", &pair) == 1);
    if (best < 0 || shown_turn(pair) < shown_turn(best)) best = pair;
  }
  CHECK(choice_is_right(t.prompt, choice_with(t.prompt, "Pair " + std::to_string(best))));
  CHECK(best == 7);
  const double w7 = pe::omega(7, 16, 10000) * 10;
  CHECK(contains(t.prompt.why, fmt("%.4f", w7) + " radians"));  // 0.0032
  CHECK(w7 * 180 / kPi < 0.2);                                    // "under 0.2°"
  CHECK(10 / (2 * kPi) > 1.5);                                    // pair 0: "more than one and a half circles"
  // pair 1, "almost exactly half a circle": 181.2°, within 1.5° of it.
  CHECK(std::fabs(pe::omega(1, 16, 10000) * 10 - kPi) < 1.5 * kPi / 180);
  CHECK(contains(t.prompt.why, two(pe::period_ratio(16, 10000)) + " times"));  // 3.16, in the answer: in the step's text it gave it away
  CHECK_FALSE(contains(t.caption, two(pe::period_ratio(16, 10000))));
}

TEST_CASE("value questions: each check against a computation of its own") {
  SECTION("full_turn: the selected pair's orange hand is back on its blue hand after one period") {
    const TourStep& t = with_check("full_turn");
    CHECK(t.view == View::clock);
    State s = state_of(t);
    const CheckResult r = check_answer(t.prompt, s);
    // A whole turn: w·k = 2π, where w = 10000^(-2 pair / d) (written out, not through core/frequency).
    const double w = std::pow(10000.0, -2.0 * s.pair / s.d);
    CHECK(r.truth == Approx(2 * kPi / w).epsilon(1e-12));
    CHECK(std::fabs(std::remainder(w * r.truth, 2 * kPi)) < 1e-9);
  }
  SECTION("first_long_period: the first pair with period 2π·base^(2i/d) > N") {
    const TourStep& t = with_check("first_long_period");
    const State s = state_of(t);
    int first = 0;
    while (2 * kPi * std::pow(s.base, 2.0 * first / s.d) <= s.n) ++first;
    CHECK(check_answer(t.prompt, s).truth == first);
    CHECK(first == 65);  // d = 512, N = 64: the article's pair 65
  }
  SECTION("first_still_pair: from there on every dimension moves by less than the limit (brute force)") {
    const TourStep& t = with_check("first_still_pair");
    const State s = state_of(t);
    const double limit = t.prompt.limit;
    const auto moves = [&](int dim) {
      double lo = 2, hi = -2;
      for (int p = 0; p < s.n; ++p) {
        const double a = p * std::pow(s.base, -2.0 * (dim / 2) / s.d);
        const double v = dim % 2 ? std::cos(a) : std::sin(a);
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
      return hi - lo;
    };
    int first = s.d / 2;
    while (first > 0 && moves(2 * first - 2) < limit && moves(2 * first - 1) < limit) --first;
    const double truth = check_answer(t.prompt, s).truth;
    CHECK(truth == first);
    CHECK(first == 180);  // d = 512, N = 64, limit 0.1
    // "far beyond the first pair whose period exceeds the window"
    CHECK(truth > pe::first_pair_with_period_above(s.n, s.d, s.base) + 50);
    CHECK(contains(t.caption, "no one has checked"));
  }
  SECTION("first_dot_minimum: the first k where the direct sum of PE(pos)·PE(pos + k) turns up (fine scan)") {
    const TourStep& t = with_check("first_dot_minimum");
    const State s = state_of(t);
    // PE(pos)·PE(pos + k) summed directly at the step's pos, on a grid 10x finer than the check's.
    const auto dot = [&](double k) { return pe::dot_direct(s.pos, k, s.d, s.base); };
    const double h = 1e-4 * kPi;
    double k = h;
    while (!(dot(k) < dot(k - h) && dot(k) <= dot(k + h))) k += h;
    const double truth = check_answer(t.prompt, s).truth;
    CHECK(std::fabs(truth - k) < 0.01);  // the check's grid is π/1000 wide
    CHECK(std::fabs(truth - kPi) < 0.1);  // "the fastest pair has turned half a circle"
    // The symmetry the step states: the dot product is the same for k and -k.
    for (double kk : {1.0, 5.0, 37.0}) CHECK(dot(kk) == Approx(dot(-kk)).margin(1e-9));
  }
}

TEST_CASE("choice questions: the right answer and every number, against the core") {
  SECTION("counter: each period is 10000^(2/16) times the last, not twice") {
    const TourStep& t = the_question(View::counter);
    REQUIRE(state_of(t).d == 16);
    const double ratio = pe::period(1, 16, 10000) / pe::period(0, 16, 10000);
    CHECK(choice_is_right(t.prompt, choice_with(t.prompt, "About " + two(ratio) + " times")));
    CHECK(contains(t.prompt.why, two(ratio)));
  }
  SECTION("similarity: 139.05 at k = 37, d = 512, from pos 0, 100 and 300 alike") {
    const TourStep& t = the_question(View::similarity);
    for (double pos : {0.0, 100.0, 300.0}) CHECK(two(pe::dot_direct(pos, 37, 512, 10000)) == "139.05");
    CHECK(contains(t.prompt.ask, "139.05"));
    CHECK(choice_is_right(t.prompt, choice_with(t.prompt, "stays 139.05")));
  }
  SECTION("learned: a table of N rows has no row N") {
    const TourStep& t = the_question(View::learned);
    const State s = state_of(t);
    CHECK_FALSE(pe::learned_table_has_row(s.n, s.n));
    CHECK(pe::learned_table_has_row(s.n - 1, s.n));
    CHECK(choice_is_right(t.prompt, choice_with(t.prompt, "No row")));
    CHECK(t.source == ClaimSource::untested);
  }
  SECTION("embedding: N(0, 1) entries times √512 are about 22.6") {
    const TourStep& t = the_question(View::embedding);
    CHECK(choice_is_right(t.prompt, choice_with(t.prompt, "About " + fmt("%.1f", std::sqrt(512.0)))));
    std::mt19937 rng(7);
    std::normal_distribution<double> n01(0, 1);
    double sum2 = 0;
    for (int i = 0; i < 512 * 200; ++i) sum2 += std::pow(n01(rng) * std::sqrt(512.0), 2);
    CHECK(std::sqrt(sum2 / (512 * 200)) == Approx(22.6).epsilon(0.01));  // the typical size, sampled
  }
  SECTION("projections: with a random M, PE(pos)·M·PE(pos + k) depends on pos too; with M = I it does not") {
    const TourStep& t = the_question(View::projections);
    const int d = 64;
    std::mt19937 rng(11);
    std::normal_distribution<double> n01(0, 1);
    std::vector<double> m(static_cast<size_t>(d * d));
    for (double& x : m) x = n01(rng) / std::sqrt(double(d));
    const auto term = [&](double pos, double k, bool identity) {
      const auto a = pe::encoding_vector(pos, d, 10000), b = pe::encoding_vector(pos + k, d, 10000);
      double sum = 0;
      for (int r = 0; r < d; ++r)
        for (int c = 0; c < d; ++c) sum += a[static_cast<size_t>(r)] * (identity ? (r == c) : m[static_cast<size_t>(r * d + c)]) * b[static_cast<size_t>(c)];
      return sum;
    };
    CHECK(std::fabs(term(3, 5, false) - term(40, 5, false)) > 0.1);
    CHECK(term(3, 5, true) == Approx(term(40, 5, true)).margin(1e-12));
    CHECK(choice_is_right(t.prompt, choice_with(t.prompt, "depends on pos too")));
    CHECK(t.source == ClaimSource::untested);
  }
  SECTION("precision: at pos = 10^6 float32 spoils the fast pairs (not pair 0) and spares the slow ones") {
    const TourStep& t = the_question(View::precision);
    const State s = state_of(t);
    REQUIRE(s.pos == 1e6);
    const double visible = 2.0 / 255.0;  // one colour step of the heatmap
    // Each pair's worst error, float32 (naive fl(fl(pos)·fl(w))) against double, computed here.
    const auto err = [&](int i) {
      const float w = static_cast<float>(pe::omega(i, s.d, s.base));
      const float angle = static_cast<float>(s.pos) * w;
      const double exact = s.pos * pe::omega(i, s.d, s.base);
      return std::max(std::fabs(std::sin(angle) - std::sin(exact)), std::fabs(std::cos(angle) - std::cos(exact)));
    };
    double fast = 0, slow = 0;
    for (int i = 1; i <= 10; ++i) fast = std::max(fast, err(i));
    for (int i = 200; i < s.d / 2; ++i) slow = std::max(slow, err(i));
    CHECK(fast > visible);
    CHECK(slow < visible / 10);
    CHECK(err(0) < 1e-6);  // w = 1: whole positions stay exact
    const std::vector<double> core = pe::float32_naive_pair_errors(s.pos, s.d, s.base);
    for (int i : {0, 1, 5, 200}) CHECK(core[static_cast<size_t>(i)] == Approx(err(i)).margin(1e-6));
    CHECK(choice_is_right(t.prompt, choice_with(t.prompt, "Fast")));
    // "rounding it to float32 costs up to 0.03 radians": half the float32 spacing near 10^6 (2^-4).
    CHECK(two(std::ldexp(1.0, -4) / 2) == "0.03");
    CHECK(pe::float32_spacing(s.pos) == std::ldexp(1.0, -4));
    CHECK(contains(t.prompt.why, "0.03 radians"));
  }
}

TEST_CASE("answering: wrong, then right; or shown; a new step starts afresh; said in words") {
  const TourStep& t = the_question(View::similarity);
  const State s = state_of(t);
  PromptProgress g;
  CHECK(progress_for_step(g, 12));
  CHECK_FALSE(progress_for_step(g, 12));
  CHECK(progress_feedback(g, t.prompt).empty());
  std::string said = prompt_description(g, t.prompt, s);
  CHECK(said.rfind("Question: ", 0) == 0);
  CHECK(contains(said, "Choices: 1) "));
  CHECK(contains(said, "Not answered yet."));
  CHECK_FALSE(contains(said, "Answer:"));
  const int wrong = t.prompt.answer == 1 ? 2 : 1;
  answer_choice(g, t.prompt, wrong, s);
  CHECK(g.wrong == 1);
  CHECK_FALSE(g.revealed());
  CHECK(contains(progress_feedback(g, t.prompt), "Try again"));
  CHECK_FALSE(contains(prompt_description(g, t.prompt, s), "Answer:"));
  answer_choice(g, t.prompt, t.prompt.answer, s);
  CHECK(g.answered);
  said = prompt_description(g, t.prompt, s);
  CHECK(contains(said, "Answered: right."));
  CHECK(contains(said, "Answer: " + t.prompt.choices[static_cast<size_t>(t.prompt.answer - 1)]));
  answer_choice(g, t.prompt, wrong, s);  // after the answer, presses change nothing
  CHECK(g.answered);
  CHECK(g.wrong == 1);
  CHECK(progress_for_step(g, 13));
  CHECK_FALSE(g.revealed());
  show_answer(g, t.prompt, s);
  CHECK(g.shown);
  CHECK(contains(prompt_description(g, t.prompt, s), "Answer shown."));

  // A value question says which way a wrong value is off, and fills {answer} only in the reveal.
  const TourStep& v = with_check("first_long_period");
  State sv = state_of(v);
  PromptProgress gv;
  progress_for_step(gv, 9);
  sv.pair = 10;
  answer_value(gv, v.prompt, sv);
  CHECK(contains(progress_feedback(gv, v.prompt), "pair = 10 is too low"));
  sv.pair = 65;
  answer_value(gv, v.prompt, sv);
  CHECK(gv.answered);
  CHECK(gv.reveal.rfind("Answer: pair = 65. Pair 65.", 0) == 0);
}

TEST_CASE("claim tags: one table of sources, read from the text files") {
  const char* ids[] = {"paper", "measured", "inference", "untested", "math", "here"};
  REQUIRE(claim_sources().size() == std::size(ids));
  for (const char* id : ids) {
    INFO(id);
    const ClaimSource s = claim_source_from_id(id);
    REQUIRE(claim_source_info(s) != nullptr);
    CHECK(claim_source_info(s)->id == std::string(id));
    CHECK(std::string(claim_source_info(s)->label).size() > 0);
  }
  CHECK(std::string(claim_source_info(ClaimSource::untested)->label) == "Never tested");
  CHECK(claim_source_from_id("Paper") == ClaimSource::none);  // ids are exact
  CHECK(claim_source_from_id("") == ClaimSource::none);
  CHECK(claim_source_info(ClaimSource::none) == nullptr);
}

namespace {

// WCAG 2.x contrast ratio from its definition (independent of style.cpp).
double channel(ImU32 c, int shift) {
  const double v = ((c >> shift) & 0xFF) / 255.0;
  return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}
double luminance(ImU32 c) {
  return 0.2126 * channel(c, IM_COL32_R_SHIFT) + 0.7152 * channel(c, IM_COL32_G_SHIFT) + 0.0722 * channel(c, IM_COL32_B_SHIFT);
}
double contrast(ImU32 a, ImU32 b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace

TEST_CASE("claim tags: the words reach text contrast on the tag in every theme, contrast and palette") {
  Headless h;
  for (const bool dark : {false, true})
    for (const bool high : {false, true})
      for (const Palette pal : {Palette::standard, Palette::colorblind}) {
        apply_theme(1.0f, high, dark);
        apply_palette(pal, high, dark);
        for (const ClaimSourceInfo& s : claim_sources()) {
          INFO(s.label << (dark ? " dark" : " light") << (high ? " contrast" : "") << (pal == Palette::colorblind ? " colorblind" : ""));
          // The tag's fill is the source colour at 22% over paper (widgets.cpp); its words are ink.
          CHECK(contrast(colors::ink, tint(claim_source_color(s.source), 0.22f)) >= (high ? 7.0 : 4.5));
        }
      }
  apply_theme(1.0f, false, false);
  apply_palette(Palette::standard, false, false);
}

TEST_CASE("the app: a step's view settings apply as it starts; its question's buttons are drawn and reachable") {
  Headless h;
  const auto order = tour_steps_of(View::order);
  REQUIRE(apply_query(h.app.state, "playing=0&step=" + std::to_string(order[1])).empty());
  h.frames(2);
  CHECK(h.app.state.addPE);
  REQUIRE(set_step(h.app.state, order[0]).empty());
  h.frames(2);
  CHECK_FALSE(h.app.state.addPE);
  CHECK(contains(describe(h.app), "Question: "));
  CHECK(contains(describe(h.app), "Step text, Claim (Math): "));
  CHECK_FALSE(set_field(h.app.state, "addPE", "yes").empty());
  CHECK(h.app.state.addPE == false);

  struct Screen {
    ImVec2 size;
    const char* query;
  };
  for (const Screen& sc : {Screen{ImVec2(1280, 800), ""}, Screen{ImVec2(360, 640), ""}, Screen{ImVec2(1280, 800), "&scale=2"}}) {
    for (int i = 1; i <= tour_step_count(); ++i) {
      const TourPrompt& p = tour_step(i)->prompt;
      INFO("step " << i << " at " << sc.size.x << "x" << sc.size.y << sc.query);
      h.app.state = State{};
      h.app.tour_progress = PromptProgress{};
      REQUIRE(apply_query(h.app.state, "playing=0&step=" + std::to_string(i) + sc.query).empty());
      h.frames(3, sc.size);
      std::vector<std::string> want = sc.size.x < 700 ? std::vector<std::string>{"Previous step", i < tour_step_count() ? "Next step" : "Finish", "End tour"}
                                                      : std::vector<std::string>{"< Previous", i < tour_step_count() ? "Next >" : "Finish", "End tour"};
      if (!p.empty()) {
        want.push_back(p.is_choice() ? p.choices.back() : "Check");
        want.push_back("Show answer");
        if (p.is_choice()) want.insert(want.end(), p.choices.begin(), p.choices.end());
      }
      // A bar taller than its share of the screen scrolls (the keyboard's focus scrolls with it, a finger
      // drags it): the controls below its fold count as reachable once it is scrolled through, on a
      // projector at scale 2 and on a phone; at 1280x800 everything shows without scrolling.
      const bool may_scroll = sc.size.x < 700 || std::string(sc.query).find("scale") != std::string::npos;
      std::vector<FocusControl> seen = focus_controls();
      ImGuiWindow* bar = nullptr;
      for (ImGuiWindow* w : GImGui->Windows)
        if (std::string(w->Name).find("/tour_") != std::string::npos) bar = w;
      REQUIRE(bar != nullptr);
      // Scrolled half a bar at a time, so no control between its top and its end is missed.
      for (float y = 0; may_scroll && y < bar->ScrollMax.y;) {
        y = std::min(y + 0.5f * bar->Size.y, bar->ScrollMax.y);
        ImGui::SetScrollY(bar, y);
        h.frames(2, sc.size);
        const auto more = focus_controls();
        seen.insert(seen.end(), more.begin(), more.end());
      }
      if (!may_scroll) CHECK(bar->ScrollMax.y == 0);
      for (const std::string& label : want) {
        INFO(label);
        const auto c = std::find_if(seen.begin(), seen.end(), [&](const FocusControl& f) { return f.label == label; });
        REQUIRE(c != seen.end());
        CHECK(c->x0 >= 0);
        CHECK(c->x1 <= sc.size.x);
      }
    }
  }
}
