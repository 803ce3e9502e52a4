#include "lessons/embedding/embedding.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "ui/figure_mark.hpp"
#include "ui/focus.hpp"
#include "imgui.h"
#include "ui/bars.hpp"
#include "ui/text_layout.hpp"
#include "text/format.hpp"
#include "text/number_style.hpp"
#include "state/state_io.hpp"
#include "ui/style.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

constexpr int kMaxShown = 64;  // dimensions per strip

// A text of the lesson's file (embedding.txt: its words in the reader's language), its placeholders filled.
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) {
  return fill(lesson_text(View::embedding, key), values);
}
// The same as a Dear ImGui label whose id stays the same in every language.
std::string widget_label(std::string_view key, const char* id) { return label(key).append("###").append(id); }

struct Start {
  pe::EmbeddingInit init;
  const char* who;  // where it is the starting point: a name, or a key of embedding.txt ("start_pytorch")
  bool who_is_key;
};
constexpr Start kStarts[pe::kEmbeddingInitCount] = {
    {pe::EmbeddingInit::scaled_normal, "tensor2tensor", false},
    {pe::EmbeddingInit::standard_normal, "start_pytorch", true},
    {pe::EmbeddingInit::keras_uniform, "start_keras", true},
};
static_assert(pe::kEmbeddingInitCount == 3, "describe_embedding() names the two other starts");

// The distribution of E's entries: N(0, 1/d), N(0, 1), U(-0.05, 0.05) (its numbers in the reader's style,
// U(-0,05; 0,05) in Spanish).
std::string law(int i) {
  switch (kStarts[i].init) {
    case pe::EmbeddingInit::scaled_normal: return "N(0, 1/d)";
    case pe::EmbeddingInit::standard_normal: return "N(0, 1)";
    case pe::EmbeddingInit::keras_uniform: break;
  }
  return std::string("U(\xE2\x88\x92").append(fmt("%.2f", 0.05)).append(number_list_separator()).append(fmt("%.2f", 0.05)).append(")");
}
std::string who(int i) { return kStarts[i].who_is_key ? label(kStarts[i].who) : std::string(kStarts[i].who); }

int chosen(const EmbeddingCache& c) { return std::clamp(c.init, 0, pe::kEmbeddingInitCount - 1); }

void refresh(EmbeddingCache& c, const State& s) {
  if (!c.key.changed(s.d, s.pos, s.base, c.seed)) return;
  for (int i = 0; i < pe::kEmbeddingInitCount; ++i) c.mix[i] = pe::embedding_mix(kStarts[i].init, s.d, s.pos, s.base, c.seed);
}

// 33.3%, 54.0%, 0.098%, 0.0061%: one decimal from 1% up, two significant digits below.
std::string percent(double share) { return label("percent", {{"n", fmt(100.0 * share >= 1.0 ? "%.1f" : "%.2g", 100.0 * share)}}); }

// The three starts side by side at this d: each row drawn from the same seed, and its expected values;
// the chosen start's row is tinted. Where the eight columns do not fit (a phone, a projector at a large
// scale), the chosen start alone: its measures as rows, this draw beside the expected value.
void draw_starts_table(const EmbeddingCache& c, const State& s, const ViewContext& ctx) {
  constexpr int kCols = 8;
  // The heads as shown, and their ids, the same in every language (the two "expected" columns apart).
  const std::string expected = label("head_expected");
  const std::string heads[kCols] = {label("head_start"), label("head_sd"),  label("head_rms"),  expected,
                                    label("head_share"), expected,          "cos(x, PE)",       "\xE2\x89\x88 " + expected};
  const char* head_ids[kCols] = {"start", "sd", "rms", "expected_rms", "share", "expected_share", "cos", "approx"};
  std::string cells[pe::kEmbeddingInitCount][kCols];
  for (int i = 0; i < pe::kEmbeddingInitCount; ++i) {
    const pe::EmbeddingMix& m = c.mix[i];
    const pe::EmbeddingInit init = kStarts[i].init;
    const std::string row[kCols] = {law(i),
                                    fmt("%.4f", pe::init_sd(init, s.d)),
                                    withheld_or(View::embedding, "mark_rms", fmt("%.3f", m.word_rms)),
                                    withheld_or(View::embedding, "mark_rms", fmt("%.3f", pe::expected_word_rms(init, s.d))),
                                    percent(m.position_share),
                                    percent(pe::expected_position_share(init, s.d)),
                                    fmt("%.3f", m.cosine),
                                    fmt("%.3f", pe::expected_cosine(init, s.d))};
    for (int j = 0; j < kCols; ++j) cells[i][j] = row[j];
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  ImGui::PushFont(ctx.fonts.mono);
  // The wide table: lines between the columns and room beside them (in one monospace line its heads ran
  // together).
  const ImVec2 wide_padding(6 * ctx.ui_scale, ImGui::GetStyle().CellPadding.y);
  const float pad = 2 * wide_padding.x + 2.0f;
  float natural = 0;
  for (int j = 0; j < kCols; ++j) {
    float w = ImGui::CalcTextSize(heads[j].c_str()).x;
    for (int i = 0; i < pe::kEmbeddingInitCount; ++i) w = std::max(w, ImGui::CalcTextSize(cells[i][j].c_str()).x);
    natural += w + pad;
  }
  const int pick = chosen(c);
  if (ImGui::GetContentRegionAvail().x >= natural) {
    ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, wide_padding);
    if (ImGui::BeginTable("starts", kCols, flags | ImGuiTableFlags_BordersInnerV)) {
      for (int j = 0; j < kCols; ++j) ImGui::TableSetupColumn((heads[j] + "###" + head_ids[j]).c_str());
      ImGui::TableHeadersRow();
      for (int i = 0; i < pe::kEmbeddingInitCount; ++i) {
        ImGui::TableNextRow();
        if (i == pick) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, tint(colors::selected, 0.16f));
        for (const std::string& t : cells[i]) {
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(t.c_str());
        }
      }
      ImGui::EndTable();
      mark_figure_item();  // the starts' numbers are the figure's first part
    }
    ImGui::PopStyleVar();
  } else if (ImGui::BeginTable("chosen start", 3, flags)) {
    ImGui::TableSetupColumn((law(pick) + "###start").c_str());
    ImGui::TableSetupColumn(widget_label("head_draw", "draw").c_str());
    ImGui::TableSetupColumn((expected + "###expected").c_str());
    ImGui::TableHeadersRow();
    const std::string measures[] = {heads[1], heads[2], heads[4], heads[6]};
    const std::string* row = cells[pick];
    const std::string values[][2] = {{"", row[1]}, {row[2], row[3]}, {row[4], row[5]}, {row[6], "\xE2\x89\x88 " + row[7]}};
    for (int r = 0; r < 4; ++r) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(measures[r].c_str());
      for (const std::string& v : values[r]) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(v.c_str());
      }
    }
    ImGui::EndTable();
      mark_figure_item();  // the starts' numbers are the figure's first part
  }
  ImGui::PopFont();
}

// The chosen start's squared length split into word and position (the cross term 2 w·p left out; its
// mean is 0), as one bar.
void draw_share_bar(const pe::EmbeddingMix& m, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const float w = ImGui::GetContentRegionAvail().x;
  const float h = 16 * sc;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(w, h));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float split = p.x + w * static_cast<float>(1.0 - m.position_share);
  dl->AddRectFilled(p, ImVec2(split, p.y + h), colors::word);
  // The position's part keeps at least a pixel, so a share of 0.006% still shows where it is.
  dl->AddRectFilled(ImVec2(std::min(split, p.x + w - 1.0f * sc), p.y), ImVec2(p.x + w, p.y + h), colors::hand);
  dl->AddRect(p, ImVec2(p.x + w, p.y + h), colors::frame);
}

struct Strip {
  const char* id;  // the same in every language
  std::string name;
  std::string note;
  const std::vector<double>* values;
  ImU32 color;
};

// One bar strip over dimensions [first, first + count) on the shared scale ±ymax, with guides at ±1
// (PE's range). Clicking a bar selects its pair.
void draw_strip(State& s, const Strip& st, int first, int count, double ymax, float height, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float axis_w = ImGui::CalcTextSize("+00.0").x + 8 * sc;
  const float plot_w = width - axis_w;
  const float head = bar_strip_heading_height(st.name.c_str(), st.note.c_str(), width, sc);
  const ImVec2 o(p.x + axis_w, p.y + head + 2 * sc);
  const float ph = height;
  ImGui::PushID(st.id);
  ImGui::InvisibleButton("strip", ImVec2(width, head + 2 * sc + ph + 2 * sc));
  focus_pointer_only();  // the map is read by pointing; the keyboard has the figure keys and the controls
  focus_name(st.name);  // read by screen readers: in the reader's language
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked();
  ImGui::PopID();

  bar_strip_heading(dl, p, st.name.c_str(), st.note.c_str(), st.color, width, sc);
  const BarStrip strip{o, plot_w, ph, ymax, first, count};
  draw_bar_strip(dl, strip, *st.values, st.color, s.pair, colors::zero_line, sc);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (hovered && mouse.x >= o.x && mouse.x < o.x + plot_w) {
    const int j = strip.dim_at(mouse.x);
    ImGui::SetTooltip("%s\n%s: %s", label("tip_dim", {{"dim", std::to_string(j)}, {"pair", std::to_string(j / 2)}, {"fn", j % 2 ? "cos" : "sin"}}).c_str(),
                      st.name.c_str(), fmt("%+.6f", (*st.values)[static_cast<size_t>(j)]).c_str());
    if (clicked) set_number(s, Field::pair, j / 2);
  }
}

void draw_dim_axis(int first, int count, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  const float width = ImGui::GetContentRegionAvail().x;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float axis_w = ImGui::CalcTextSize("+00.0").x + 8 * sc;
  const float plot_w = width - axis_w;
  ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
  bar_strip_dims(ImGui::GetWindowDrawList(), p, axis_w, plot_w, first, count, sc);
}

}  // namespace

void draw_embedding(State& s, EmbeddingCache& cache, const ViewContext& ctx) {
  refresh(cache, s);
  const float sc = ctx.ui_scale;
  lesson_intro(View::embedding, ctx);
  text_wrapped_at_spaces(fill(lesson_text(View::embedding, "word"), {{"pos", fmt("%.2f", s.pos)},
                                                                     {"d", std::to_string(s.d)},
                                                                     {"seed", std::to_string(cache.seed)},
                                                                     {"sqrt_d", withheld_or(View::embedding, "mark_rms", fmt("%.2f", std::sqrt(static_cast<double>(s.d))))}}));
  const std::string new_draw = widget_label("new_draw", "new_draw");
  same_line_if_fits(button_width(new_draw.c_str()));
  if (ImGui::Button(new_draw.c_str())) {
    ++cache.seed;
    refresh(cache, s);
  }
  // How E starts: one radio button per start on a line that holds them all, else (a phone) a menu, so
  // the choice takes one line above the figure instead of three.
  // Each choice keeps its id in every language (###start_<i>).
  const auto start_label = [](int i) { return label("start_choice", {{"law", law(i)}, {"who", who(i)}}); };
  const auto start_id = [](int i) { return "###start_" + std::to_string(i); };
  const std::string starts_as = label("starts_as_colon");
  float radios_w = ImGui::CalcTextSize(starts_as.c_str()).x;
  for (int i = 0; i < pe::kEmbeddingInitCount; ++i) radios_w += ImGui::GetStyle().ItemSpacing.x + checkbox_width(start_label(i).c_str());
  ImGui::TextUnformatted(starts_as.c_str());
  if (radios_w <= ImGui::GetContentRegionAvail().x) {
    for (int i = 0; i < pe::kEmbeddingInitCount; ++i) {
      ImGui::SameLine();
      if (ImGui::RadioButton((start_label(i) + start_id(i)).c_str(), chosen(cache) == i)) cache.init = i;
    }
  } else {
    // The menu beside its name where the longest choice fits in it, else on the next line (a phone, a
    // longer language).
    float widest = 0;
    for (int i = 0; i < pe::kEmbeddingInitCount; ++i) widest = std::max(widest, ImGui::CalcTextSize(start_label(i).c_str()).x);
    same_line_if_fits(combo_width(widest));
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    if (ImGui::BeginCombo("##start", start_label(chosen(cache)).c_str())) {
      for (int i = 0; i < pe::kEmbeddingInitCount; ++i)
        if (ImGui::Selectable((start_label(i) + start_id(i)).c_str(), chosen(cache) == i)) cache.init = i;
      ImGui::EndCombo();
    }
    focus_name(label("starts_as"));
  }
  caption(lesson_text(View::embedding, "pick"));
  draw_starts_table(cache, s, ctx);
  const int pick = chosen(cache);
  const pe::EmbeddingMix& m = cache.mix[pick];

  ImGui::Spacing();
  text_wrapped_at_spaces(fill(lesson_text(View::embedding, "share"), {{"start", law(pick)},
                                                                      {"word", percent(1.0 - m.position_share)},
                                                                      {"position", percent(m.position_share)}}));
  draw_share_bar(m, ctx);
  ImGui::Spacing();

  // Strips: up to 64 dimensions, from a chosen first one in a wider model.
  const int count = std::min(s.d, kMaxShown);
  if (s.d > kMaxShown) {
    ImGui::SetNextItemWidth(std::max(120 * sc, ImGui::GetContentRegionAvail().x * 0.4f));
    int first = std::clamp(cache.first_dim, 0, s.d - count);
    if (slider_int(widget_label("first_dim", "first_dim").c_str(), &first, 0, s.d - count)) cache.first_dim = first - first % 2;
    const std::string to_pair = widget_label("to_pair", "to_pair");
    same_line_if_fits(button_width(to_pair.c_str()));
    if (ImGui::Button(to_pair.c_str())) cache.first_dim = std::clamp(2 * s.pair - count / 2, 0, s.d - count);
  }
  cache.first_dim = std::clamp(cache.first_dim - cache.first_dim % 2, 0, s.d - count);
  const int first = cache.first_dim;

  double ymax = 1.5;
  for (const std::vector<double>* v : {&m.word, &m.pos, &m.x})
    for (int j = first; j < first + count; ++j) ymax = std::max(ymax, std::fabs((*v)[static_cast<size_t>(j)]));
  ymax = std::ceil(ymax * 2.0) / 2.0;

  const Strip strips[] = {
      {"word", label("strip_word", {{"law", law(pick)}}), label("note_word"), &m.word, colors::word},
      {"pos", "PE(pos)", label("note_pos"), &m.pos, colors::hand},
      {"x", "x = w + PE(pos)", label("note_x"), &m.x, colors::ink},
  };
  // The height left, less the axis numbers and the two-line note below, shared by the three strips
  // (each with its name line above it); never so flat that the bars cannot be told apart.
  const float lh = ImGui::GetTextLineHeightWithSpacing();
  const float rest = ImGui::GetContentRegionAvail().y - 3 * lh;
  const float height = std::clamp(rest / 3.0f - lh - 4 * sc, 56 * sc, 140 * sc);
  for (const Strip& st : strips) draw_strip(s, st, first, count, ymax, height, ctx);
  draw_dim_axis(first, count, ctx);
  std::string scale_note = fill(lesson_text(View::embedding, "scale"), {{"ymax", fmt("%.3g", ymax)}});
  if (s.d > count) {
    scale_note += ' ';
    scale_note += fill(lesson_text(View::embedding, "showing"),
                       {{"first", std::to_string(first)}, {"last", std::to_string(first + count - 1)}, {"d", std::to_string(s.d)}});
  }
  caption(scale_note);
}

// The view's own settings (the start, the seed) as draw_embedding() reads them; the numbers computed
// afresh, never read from the cache's results, which a view not yet drawn lacks.
std::string describe_embedding(const State& s, const EmbeddingCache& cache) {
  const int pick = chosen(cache);
  const pe::EmbeddingInit init = kStarts[pick].init;
  const pe::EmbeddingMix m = pe::embedding_mix(init, s.d, s.pos, s.base, cache.seed);
  const auto rms = [&](int i) { return withheld_or(View::embedding, "mark_rms", fmt("%.3f", pe::expected_word_rms(kStarts[i].init, s.d))); };
  std::string t = label("describe_word", {{"pos", fmt("%.2f", s.pos)},
                                          {"d", std::to_string(s.d)},
                                          {"seed", std::to_string(cache.seed)},
                                          {"law", law(pick)},
                                          {"who", who(pick)},
                                          {"sqrt_d", withheld_or(View::embedding, "mark_rms", fmt("%.2f", std::sqrt(static_cast<double>(s.d))))},
                                          {"rms", withheld_or(View::embedding, "mark_rms", fmt("%.3f", m.word_rms))},
                                          {"rms_expected", rms(pick)},
                                          {"max", fmt("%.3f", m.word_max)},
                                          {"pe_rms", fmt("%.4f", m.pos_rms)},
                                          {"share", percent(m.position_share)},
                                          {"share_expected", percent(pe::expected_position_share(init, s.d))},
                                          {"cos", fmt("%.3f", m.cosine)},
                                          {"cos_expected", fmt("%.3f", pe::expected_cosine(init, s.d))}});
  // The two other starts, in their order.
  std::string other[2];
  for (int i = 0, n = 0; i < pe::kEmbeddingInitCount; ++i) {
    if (i == pick) continue;
    other[n++] = label("describe_other", {{"law", law(i)},
                                          {"who", who(i)},
                                          {"rms", rms(i)},
                                          {"share", percent(pe::expected_position_share(kStarts[i].init, s.d))},
                                          {"cos", fmt("%.3f", pe::expected_cosine(kStarts[i].init, s.d))}});
  }
  t.append(" ").append(label("describe_others", {{"first", other[0]}, {"second", other[1]}}));
  return t;
}

}  // namespace app
