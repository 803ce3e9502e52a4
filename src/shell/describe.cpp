// describe(): the view's title, the lesson's key sentence with its source, its own key numbers (the
// registry's describe_<id>), then the shared settings and the tour step (its tagged text and, for the
// app, where the student is on its question).
#include "shell/app.hpp"
#include "state/translations.hpp"
#include "shell/lesson_code.hpp"
#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/similarity.hpp"
#include "state/claims.hpp"
#include "state/interface_text.hpp"
#include "text/format.hpp"
#include "text/number_style.hpp"
#include "state/tour.hpp"
#include "shell/tour_bar.hpp"

namespace app {

namespace {

// Whether a text ends with a full stop, a question or an exclamation mark: Latin, or the ideographic
// full stop and the fullwidth marks Chinese uses (U+3002, U+FF1F, U+FF01, as three UTF-8 bytes).
bool ends_sentence(std::string_view t) {
  if (t.empty()) return false;
  if (t.back() == '.' || t.back() == '?' || t.back() == '!') return true;
  if (t.size() < 3) return false;
  const auto b = [&](size_t from_end) { return static_cast<unsigned>(static_cast<unsigned char>(t[t.size() - from_end])); };
  const unsigned cp = ((b(3) & 0x0Fu) << 12) | ((b(2) & 0x3Fu) << 6) | (b(1) & 0x3Fu);
  return (b(3) & 0xF0u) == 0xE0u && (cp == 0x3002 || cp == 0xFF1F || cp == 0xFF01);
}

// "Claim (Never tested): sentence." as the screen shows it beside its tag; "" without claim or source.
std::string claim_text(ClaimSource source, std::string_view sentence) {
  const ClaimSourceInfo* info = claim_source_info(source);
  if (!info || sentence.empty()) return {};
  std::string t = fill(ui("describe_claim"), {{"tag", std::string(claim_label(*info))}, {"sentence", std::string(sentence)}});
  if (!ends_sentence(t)) t += '.';
  return t;
}

}  // namespace

std::string describe(const State& s, const ViewCaches& views) {
  set_text_language(language_in_effect(s));  // a setState between frames is described in its language
  std::string t = fill(ui("describe_view"), {{"title", std::string(lesson_text(s.view, "title"))}}) + " ";
  const std::string claim = claim_text(lesson_claim_source(s.view), lesson_claim(s.view));
  if (!claim.empty()) t.append(claim).append(" ");
  if (!lesson_code_here(s.view)) t += lesson_code_missing_text();
  else switch (s.view) {
#define POSENC_X(id, label, chapter, cores, reads, tour) \
  case View::id: if constexpr (lesson_linked(View::id)) { POSENC_ENTRY_CALL t += describe_##id(s, views.id); } break;
    POSENC_LESSONS(POSENC_X)
#undef POSENC_X
    case View::count: break;
  }
  // The encoding's settings, which every lesson but the experiment (whose model has its own) is drawn with.
  if (s.view != View::experiment)
    t.append(" ").append(fill(ui("describe_settings"), {{"d", std::to_string(s.d)},
                                                         {"base", fmt("%g", s.base)},
                                                         {"pos", fmt("%.2f", s.pos)},
                                                         {"k", fmt("%.2f", s.k)},
                                                         {"pair", std::to_string(s.pair)},
                                                         {"motion", std::string(ui(s.playing ? "describe_playing" : "describe_paused"))}}));
  if (const TourStep* step = tour_step(s.step)) {
    t.append(" ").append(fill(ui("describe_step"), {{"step", std::to_string(s.step)},
                                                     {"of", std::to_string(tour_step_count())},
                                                     {"title", step->title}}));
    const std::string said = claim_text(step->source, step->caption);
    if (!said.empty()) t.append(" ").append(fill(ui("describe_step_text"), {{"claim", said}}));
  }
  return t;
}

std::string describe(const App& a) {
  withhold_open_answer(a);  // the words on screen and these agree on what the open question hides
  std::string t = describe(a.state, a.views);
  const TourStep* step = tour_step(a.state.step);
  // The progress belongs to the step once a frame has started it; before that nothing is answered.
  if (step && !step->prompt.empty()) {
    PromptProgress fresh;
    const PromptProgress& g = a.tour_progress.step == a.state.step ? a.tour_progress : fresh;
    t.append(" ").append(prompt_description(g, step->prompt, a.state));
  }
  // The finished tour's summary, while it is on screen, is read out as well.
  if (!step && !a.tour_summary.empty()) t.append(" ").append(a.tour_summary);
  return t;
}

std::string key_numbers_json(const State& s) {
  const int i = s.pair;
  const double w = pe::omega(i, s.d, s.base);
  // Built by appending (GCC 12 warns falsely on long chains of std::string +).
  std::string pair_text = std::to_string(i);
  pair_text.append(" (").append(std::to_string(2 * i)).append(", ").append(std::to_string(2 * i + 1)).append(")");
  std::string values = fmt("%.4f", pe::encoding_value(s.pos, 2 * i, s.d, s.base));
  values.append(number_list_separator()).append(fmt("%.4f", pe::encoding_value(s.pos, 2 * i + 1, s.d, s.base)));
  const std::string step = fill(ui("numbers_step_of"), {{"step", std::to_string(s.step)}, {"of", std::to_string(tour_step_count())}});
  const auto row = [](std::string_view label, std::string value) { return std::pair<std::string, std::string>(label, std::move(value)); };
  std::vector<std::pair<std::string, std::string>> rows = {
      row(ui("numbers_view"), std::string(lesson_text(s.view, "title"))),
      row(ui("numbers_d"), std::to_string(s.d)),
      row(ui("numbers_base"), fmt("%g", s.base)),
      row(ui("numbers_pos"), fmt("%.2f", s.pos)),
      row(ui("numbers_k"), fmt("%.2f", s.k)),
      row(ui("numbers_pair"), pair_text),
      row(ui("numbers_omega"), fmt("%.6g", w)),
      row(ui("numbers_period"), fmt("%.6g", pe::period(i, s.d, s.base))),
      row(ui("numbers_values"), values),
      row(ui("numbers_dot"), fmt("%.4f", pe::dot_closed_form(s.k, s.d, s.base))),
  };
  if (const ClaimSourceInfo* info = claim_source_info(lesson_claim_source(s.view)); info && !lesson_claim(s.view).empty())
    rows.insert(rows.begin() + 1, {fill(ui("numbers_claim"), {{"tag", std::string(claim_label(*info))}}), std::string(lesson_claim(s.view))});
  if (s.step > 0) rows.push_back(row(ui("numbers_step"), step));
  std::string out = "[";
  for (size_t r = 0; r < rows.size(); ++r) {
    if (r) out += ",";
    out.append("[").append(json_string(rows[r].first)).append(",").append(json_string(rows[r].second)).append("]");
  }
  return out + "]";
}

std::string describe(const State& s) {
  static const ViewCaches fresh;
  return describe(s, fresh);
}

}  // namespace app
