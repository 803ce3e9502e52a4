#include "lessons/input/input.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "imgui.h"
#include "text/format.hpp"
#include "ui/bars.hpp"
#include "ui/text_layout.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"
#include "ui/focus.hpp"

namespace app {

namespace {

// A toy vocabulary: the index is the token id, i.e. the row of E.
constexpr const char* kVocab[] = {"the", "cat", "sat", "on", "mat", "dog", "bites", "man"};
constexpr int kVocabSize = static_cast<int>(sizeof(kVocab) / sizeof(kVocab[0]));
// The example sentence of the table, as token ids: "the cat sat on the mat".
constexpr int kSentence[] = {0, 1, 2, 3, 0, 4};
constexpr int kSentenceLen = static_cast<int>(sizeof(kSentence) / sizeof(kSentence[0]));
constexpr int kMaxShown = 64;  // dimensions per strip

// The scaled embedding and PE take the palette's two hand colours (they change with the palette).
constexpr ImU32 kColEmbed = IM_COL32(190, 160, 120, 255);
const ImU32& kColSum = colors::accent;
// The strips' zero line (their guide lines at +-1, the PE range, are colors::guide).
constexpr ImU32 kZero = IM_COL32(120, 125, 135, 255);

// A text of the lesson's file (input.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::input, key), values);
}

// The sentence table for (d, base): per row, RMS of E*sqrt(d), RMS of PE, RMS of x and max |x|.
std::vector<double> sentence_rows(int d, double base) {
  std::vector<double> table(static_cast<size_t>(kSentenceLen) * 4, 0.0);
  for (int r = 0; r < kSentenceLen; ++r) {
    const pe::InputTerms t = pe::input_terms(kSentence[r], static_cast<double>(r), d, base);
    double* row = table.data() + static_cast<size_t>(r) * 4;
    row[0] = pe::rms(t.scaled);
    row[1] = pe::rms(t.pos);
    row[2] = pe::rms(t.sum);
    row[3] = pe::max_abs(t.sum);
  }
  return table;
}

void refresh(InputCache& c, const State& s) {
  if (c.terms_key.changed(c.token, s.d, s.pos, s.base)) {
    c.terms = pe::input_terms(c.token, s.pos, s.d, s.base);
    const std::vector<double>* v[4] = {&c.terms.embed, &c.terms.scaled, &c.terms.pos, &c.terms.sum};
    for (int k = 0; k < 4; ++k) {
      c.rms[k] = pe::rms(*v[k]);
      c.peak[k] = pe::max_abs(*v[k]);
    }
  }
  if (c.table_key.changed(s.d, s.base)) c.table = sentence_rows(s.d, s.base);
}

struct Strip {
  const char* name;
  std::string note;
  const std::vector<double>* values;
  ImU32 color;
  int stat;  // index into rms/peak
};

// One bar strip over dimensions [first, first + count) on the shared scale +-ymax. Clicking a bar
// selects its pair; the selected pair's two bars sit on a green band.
void draw_strip(State& s, const Strip& st, const InputCache& c, int first, int count, double ymax, float width, float height,
                float stats_w, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float axis_w = 40 * sc;
  const float plot_w = width - axis_w - stats_w;
  const float line = ImGui::GetTextLineHeight();
  // The note follows the name on its line, or goes to a line of its own in a narrow window.
  const float head = bar_strip_heading_height(st.name, st.note.c_str(), width, sc);
  const ImVec2 o(p.x + axis_w, p.y + head + 2 * sc);  // plot top-left
  const float ph = height - line - 6 * sc;
  ImGui::PushID(st.name);
  ImGui::InvisibleButton("strip", ImVec2(width, height + head - line));
  focus_pointer_only();  // the map is read by pointing; the keyboard has the figure keys and the controls
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked();
  ImGui::PopID();

  bar_strip_heading(dl, p, st.name, st.note.c_str(), st.color, width, sc);
  const BarStrip strip{o, plot_w, ph, ymax, first, count};
  draw_bar_strip(dl, strip, *st.values, st.color, s.pair, kZero, sc);
  // Stats column.
  const float sx = o.x + plot_w + 12 * sc;
  ImGui::PushFont(ctx.fonts.mono);
  const std::string r1 = "RMS    " + fmt("%.4f", c.rms[st.stat]);
  const std::string r2 = "max|.| " + fmt("%.4f", c.peak[st.stat]);
  dl->AddText(ImVec2(sx, o.y + ph * 0.5f - line - 2 * sc), colors::ink, r1.c_str());
  dl->AddText(ImVec2(sx, o.y + ph * 0.5f + 2 * sc), colors::ink, r2.c_str());
  ImGui::PopFont();

  const ImVec2 m = ImGui::GetIO().MousePos;
  if (hovered && m.x >= o.x && m.x < o.x + plot_w) {
    const int j = strip.dim_at(m.x);
    ImGui::SetTooltip("%s\n%s: %s", label("tip_dim", {{"dim", std::to_string(j)}, {"pair", std::to_string(j / 2)}, {"fn", j % 2 ? "cos" : "sin"}}).c_str(),
                      st.name, fmt("%+.6f", (*st.values)[static_cast<size_t>(j)]).c_str());
    if (clicked) set_number(s, Field::pair, j / 2);
  }
}

void draw_dim_axis(int first, int count, float width, float stats_w, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float axis_w = 40 * sc;
  const float plot_w = width - axis_w - stats_w;
  ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  bar_strip_dims(dl, p, axis_w, plot_w, first, count, sc);
  dl->AddText(ImVec2(p.x + axis_w + plot_w + 12 * sc, p.y), colors::text_dim, label("axis_dimension").c_str());
}

void draw_table(State& s, InputCache& c, const ViewContext& ctx) {
  ImGui::PushFont(ctx.fonts.mono);
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg;
  if (ImGui::BeginTable("sentence", 6, flags)) {
    ImGui::TableSetupColumn("pos");
    ImGui::TableSetupColumn(label("column_token").append("###token").c_str());
    ImGui::TableSetupColumn("RMS E\xC2\xB7\xE2\x88\x9A" "d");
    ImGui::TableSetupColumn("RMS PE");
    ImGui::TableSetupColumn("RMS x");
    ImGui::TableSetupColumn("max |x|");
    ImGui::TableHeadersRow();
    for (int r = 0; r < kSentenceLen; ++r) {
      const double* row = c.table.data() + static_cast<size_t>(r) * 4;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const std::string row_label = std::to_string(r);
      const bool current = c.token == kSentence[r] && s.pos == static_cast<double>(r);
      if (ImGui::Selectable(row_label.c_str(), current, ImGuiSelectableFlags_SpanAllColumns)) {
        c.token = kSentence[r];
        set_number(s, Field::playing, 0);
        set_number(s, Field::pos, r);
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(kVocab[kSentence[r]]);
      for (int k = 0; k < 4; ++k) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(fmt("%.4f", row[k]).c_str());
      }
    }
    ImGui::EndTable();
  }
  ImGui::PopFont();
}

}  // namespace

void draw_input(State& s, InputCache& c, const ViewContext& ctx) {
  c.token = std::clamp(c.token, 0, kVocabSize - 1);
  refresh(c, s);
  const float sc = ctx.ui_scale;
  lesson_intro(View::input, ctx);

  ImGui::SetNextItemWidth(150 * sc);
  const int token_mark = focus_mark();
  const std::string token_name = label("combo_token");
  const bool token_open = ImGui::BeginCombo((token_name + "###token").c_str(), kVocab[c.token]);
  focus_name_since(token_mark, token_name);  // BeginCombo reports no label
  if (token_open) {
    for (int t = 0; t < kVocabSize; ++t) {
      const std::string item = label("vocab_item", {{"word", kVocab[t]}, {"id", std::to_string(t)}}).append("###").append(std::to_string(t));
      if (ImGui::Selectable(item.c_str(), t == c.token)) c.token = t;
    }
    ImGui::EndCombo();
  }
  text_after(label("at_position", {{"pos", fmt("%.2f", s.pos)}, {"d", std::to_string(s.d)}}), 16 * sc);
  const int count = std::min(s.d, kMaxShown);
  if (s.d > kMaxShown) {
    const std::string first_name = label("first_dim");
    const float first_label = ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(first_name.c_str()).x;
    same_line_if_fits(80 * sc + first_label, 16 * sc);
    int first = std::clamp(c.first_dim, 0, s.d - count);
    ImGui::SetNextItemWidth(std::max(80 * sc, ImGui::GetContentRegionAvail().x - 260 * sc));
    if (slider_int((first_name + "###first_dim").c_str(), &first, 0, s.d - count)) c.first_dim = first - first % 2;
    const std::string to_pair = label("to_pair").append("###to_pair");
    same_line_if_fits(button_width(to_pair.c_str()));
    if (ImGui::Button(to_pair.c_str())) c.first_dim = std::clamp(2 * s.pair - count / 2, 0, s.d - count);
  }
  c.first_dim = std::clamp(c.first_dim - c.first_dim % 2, 0, s.d - count);
  refresh(c, s);
  const int first = c.first_dim;

  // One scale for all strips: the largest shown value, at least 1.5 so the +-1 guides show.
  double ymax = 1.5;
  for (const std::vector<double>* v : {&c.terms.embed, &c.terms.scaled, &c.terms.pos, &c.terms.sum})
    for (int j = first; j < first + count; ++j) ymax = std::max(ymax, std::fabs((*v)[static_cast<size_t>(j)]));
  ymax = std::ceil(ymax * 2.0) / 2.0;

  const Strip strips[] = {
      {"E[t]", label("note_embed"), &c.terms.embed, kColEmbed, 0},
      {"E[t]\xC2\xB7\xE2\x88\x9A" "d", label("note_scaled"), &c.terms.scaled, colors::ghost, 1},
      {"PE(pos)", label("note_pe"), &c.terms.pos, colors::hand, 2},
      {"x = E[t]\xC2\xB7\xE2\x88\x9A" "d + PE(pos)", label("note_sum"), &c.terms.sum, kColSum, 3},
  };
  const float width = ImGui::GetContentRegionAvail().x;
  const float table_h = ImGui::GetTextLineHeightWithSpacing() * 8.0f;
  const float rest = ImGui::GetContentRegionAvail().y - table_h - 4 * ImGui::GetTextLineHeightWithSpacing();
  const float height = std::clamp(rest / 4.0f, 70 * sc, 130 * sc);
  // The RMS column: 160 px, or just what its numbers need in a narrow window, leaving the bars room.
  ImGui::PushFont(ctx.fonts.mono);
  const float stats_fit = ImGui::CalcTextSize("max|.| 0.0000").x + 20 * sc;
  ImGui::PopFont();
  const float stats_w = width >= 600 * sc ? 160 * sc : std::min(160 * sc, stats_fit);
  for (const Strip& st : strips) draw_strip(s, st, c, first, count, ymax, width, height, stats_w, ctx);
  draw_dim_axis(first, count, width, stats_w, ctx);
  if (s.d > count)
  {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text_wrapped_at_spaces(fill(lesson_text(View::input, "showing"),
                                {{"first", std::to_string(first)}, {"last", std::to_string(first + count - 1)}, {"d", std::to_string(s.d)}}));
    ImGui::PopStyleColor();
  }
  const std::string note = fill(lesson_text(View::input, "rms_note"),
                                {{"pe_rms", fmt("%.4f", std::sqrt(0.5))}, {"x_rms", fmt("%.4f", std::sqrt(1.5))}});
  text_wrapped_at_spaces(note);
  ImGui::Spacing();
  text_wrapped_at_spaces(lesson_text(View::input, "table_intro"));
  draw_table(s, c, ctx);
}

}  // namespace app

namespace app {

// The token and the first dimension drawn live in the view (InputCache), not in the State: the
// description works them as draw_input() does (token clamped to the vocabulary, first dimension made
// even and kept inside d), at the State's position, then the sentence table. The numbers are computed
// afresh from the settings, never read from the cache's results, which a view not yet drawn lacks.
std::string describe_input(const State& s, const InputCache& cache) {
  const int token = std::clamp(cache.token, 0, kVocabSize - 1);
  const int count = std::min(s.d, kMaxShown);
  const int first = std::clamp(cache.first_dim - cache.first_dim % 2, 0, s.d - count);
  const pe::InputTerms x = pe::input_terms(token, s.pos, s.d, s.base);
  const std::vector<double> table = sentence_rows(s.d, s.base);
  std::string sentence;
  for (int r = 0; r < kSentenceLen; ++r) sentence += std::string(r ? " " : "") + kVocab[kSentence[r]];
  double lo = table[2], hi = table[2];
  for (int r = 1; r < kSentenceLen; ++r) {
    lo = std::min(lo, table[static_cast<size_t>(r) * 4 + 2]);
    hi = std::max(hi, table[static_cast<size_t>(r) * 4 + 2]);
  }
  std::string t = label("describe_token", {{"word", kVocab[token]},
                                           {"id", std::to_string(token)},
                                           {"pos", fmt("%.2f", s.pos)},
                                           {"d", std::to_string(s.d)},
                                           {"e", fmt("%.4f", pe::rms(x.embed))},
                                           {"scaled", fmt("%.4f", pe::rms(x.scaled))},
                                           {"pe", fmt("%.4f", pe::rms(x.pos))},
                                           {"x", fmt("%.4f", pe::rms(x.sum))},
                                           {"max", fmt("%.4f", pe::max_abs(x.sum))}});
  if (s.d > count)
    t.append(" ").append(label("describe_showing",
                               {{"first", std::to_string(first)}, {"last", std::to_string(first + count - 1)}, {"d", std::to_string(s.d)}}));
  t.append(" ").append(label("describe_rms", {{"pe_rms", fmt("%.4f", std::sqrt(0.5))},
                                              {"x_rms", fmt("%.4f", std::sqrt(1.5))},
                                              {"sentence", sentence},
                                              {"last", std::to_string(kSentenceLen - 1)},
                                              {"lo", fmt("%.4f", lo)},
                                              {"hi", fmt("%.4f", hi)}}));
  // The table marks the row that is the token and position above (as draw_table() does).
  for (int r = 0; r < kSentenceLen; ++r)
    if (token == kSentence[r] && s.pos == static_cast<double>(r)) t.append(" ").append(label("describe_row", {{"row", std::to_string(r)}}));
  return t;
}

}  // namespace app
