#include "lessons/clock/clock.hpp"

#include <algorithm>
#include <utility>
#include <cmath>

#include "core/encoding.hpp"
#include "core/frequency.hpp"
#include "core/rotation.hpp"
#include "core/similarity.hpp"
#include "text/format.hpp"
#include "ui/dial.hpp"
#include "ui/dial_row.hpp"
#include "imgui.h"
#include "ui/style.hpp"
#include "ui/text_layout.hpp"
#include "state/state_io.hpp"
#include "ui/widgets.hpp"

namespace app {

namespace {

constexpr double kRadToDeg = 180.0 / pe::kPi;

// Reduces an angle to (-pi, pi]: the shortest turn with the same end point.
double wrap_angle(double a) {
  a = std::remainder(a, pe::kTwoPi);
  return a <= -pe::kPi ? a + pe::kTwoPi : a;
}

// The full turn w*k in degrees and in turns, as "2120Â° = 5.89 turns": whole degrees and two decimals of
// a turn while they are short, three significant digits (never a cut number) once they are not.
// A label of the figure, from the lesson's file (clock.txt: its words in the reader's language).
std::string label(std::string_view key, std::initializer_list<std::pair<std::string_view, std::string>> values) {
  return fill(lesson_text(View::clock, key), values);
}

std::string full_angle_text(double a) {
  const double deg = a * kRadToDeg, turns = a / pe::kTwoPi;
  return label(std::fabs(turns) == 1.0 ? "angle_turn" : "angle_turns",
               {{"deg", fmt(std::fabs(deg) < 1e6 ? "%.0f" : "%.3g", deg)}, {"turns", fmt(std::fabs(turns) < 1e3 ? "%.2f" : "%.3g", turns)}});
}

// True where the shortest turn is not the full angle w*k itself (|w*k| beyond half a turn).
bool wraps(double a) { return wrap_angle(a) != a; }

// Worst disagreement over all pairs between PE(pos) rotated by w*k and PE(pos + k) computed directly.
double rotation_error(const State& s) {
  const std::vector<double> v = pe::encoding_vector(s.pos, s.d, s.base);
  std::vector<double> turned(v.size());
  pe::shift_by_rotation(v, s.k, s.d, s.base, turned);
  const std::vector<double> direct = pe::encoding_vector(s.pos + s.k, s.d, s.base);
  double worst = 0;
  for (size_t j = 0; j < v.size(); ++j) worst = std::max(worst, std::fabs(turned[j] - direct[j]));
  return worst;
}

void refresh(ClockCache& cache, const State& s) {
  if (!cache.key.changed(s.d, s.base)) return;
  cache.omega = pe::omegas(s.d, s.base);
  cache.period.resize(cache.omega.size());
  for (size_t i = 0; i < cache.omega.size(); ++i) cache.period[i] = pe::period(static_cast<int>(i), s.d, s.base);
}

// One dial: face, ticks, the arc of the shift, the ghost hand at pos + k and the hand at pos.
void draw_dial(ImDrawList* dl, ImVec2 c, float r, double theta, double shift, bool selected, float ui_scale) {
  dial_face(dl, c, r, selected, 1.5f, 3.0f, ui_scale);
  for (int q = 0; q < 4; ++q) {
    const double a = q * pe::kPi / 2;
    dl->AddLine(hand_tip(c, r * 0.86f, a), hand_tip(c, r, a), colors::tick, 1.5f * ui_scale);
  }
  // The arc runs from the hand to the ghost, along the shorter way round.
  const double from = std::fmod(theta, pe::kTwoPi);
  const double turn = wrap_angle(shift);
  if (std::fabs(turn) > 1e-4) dial_wedge(dl, c, r * 0.42f, from, turn, colors::arc, 32);
  dial_hand(dl, c, hand_tip(c, r * 0.9f, from + turn), colors::ghost, 2.5f, 3.5f, ui_scale);
  dial_hand(dl, c, hand_tip(c, r * 0.9f, from), colors::hand, 3.0f, 4.0f, ui_scale);
  dial_hub(dl, c, 3.0f, ui_scale);
}

void draw_grid(State& s, const ClockCache& cache, const ViewContext& ctx) {
  const int pairs = s.d / 2;
  const float sc = ctx.ui_scale;
  const float dial = cache.dial_size * sc;
  const float line = ImGui::GetTextLineHeight();
  // Below each dial: its period and shortest turn, then the full angle where the two differ.
  const ImVec2 cell(std::max(dial, 96.0f * sc) + 10 * sc, dial + 3.2f * line + 12 * sc);
  const DialRow dr = dial_row(pairs, ImGui::GetContentRegionAvail().x, cell, dial, line + 6 * sc, 2 * sc, 6 * sc);
  ImDrawList* dl = ImGui::GetWindowDrawList();

  ImGuiListClipper clipper;
  clipper.Begin(dr.rows(), cell.y);
  // Rows drawn even when scrolled away, so that the keyboard's arrows (one control for all the dials,
  // ui/focus.hpp) find the chosen dial, its neighbours and the two ends.
  const int chosen_row = dr.row(std::clamp(s.pair, 0, pairs - 1));
  for (const auto& [from, to] : {std::pair{std::max(0, chosen_row - 1), std::min(dr.rows(), chosen_row + 2)}, std::pair{0, 1},
                                 std::pair{dr.rows() - 1, dr.rows()}})
#if IMGUI_VERSION_NUM >= 18909  // renamed in 1.89.9 (Debian 13 has 1.90)
    clipper.IncludeItemsByIndex(from, to);
#else
    clipper.ForceDisplayRangeByIndices(from, to);
#endif
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      for (int col = 0; col < dr.cols; ++col) {
        const int i = row * dr.cols + col;
        if (i >= pairs) break;
        dial_row_next(dr, i);
        const std::string name = label("pair_label", {{"i", std::to_string(i)}});
        const PairCell pc = pair_cell(s, i, cell, name.c_str(), sc);
        const ImVec2 p = pc.pos;
        const bool hovered = pc.hovered, sel = pc.selected;
        const double w = cache.omega[static_cast<size_t>(i)];
        draw_dial(dl, dr.centre(p), dial / 2 - 2 * sc, w * s.pos, w * s.k, sel, sc);
        const double T = cache.period[static_cast<size_t>(i)];
        const std::string per = "T " + withheld_or(View::clock, "mark_period", fmt(T < 1e4 ? "%.4g" : T < 1e7 ? "%.0f" : "%.1e", T));
        const std::string ang = fmt("%+.1f\xC2\xB0", wrap_angle(w * s.k) * kRadToDeg);
        const float ty = dr.label_y(p);
        dial_label(dl, dr, p, ty, per.c_str(), colors::text_dim, LabelAlign::left);
        dial_label(dl, dr, p, ty, ang.c_str(), colors::ghost, LabelAlign::right);
        if (wraps(w * s.k)) {
          // The full angle, right-aligned under the shortest turn; just the turns where the cell is narrow.
          std::string full = label("of_angle", {{"angle", full_angle_text(w * s.k)}});
          if (ImGui::CalcTextSize(full.c_str()).x > cell.x - 12 * sc)
            full = label("of_turns", {{"turns", fmt(std::fabs(w * s.k / pe::kTwoPi) < 1e3 ? "%.2f" : "%.3g", w * s.k / pe::kTwoPi)}});
          dial_label(dl, dr, p, ty + line, full.c_str(), colors::text_dim, LabelAlign::right);
        }
        if (hovered) {
          const std::string tip =
              label("tip_dims", {{"i", std::to_string(i)}, {"a", std::to_string(2 * i)}, {"b", std::to_string(2 * i + 1)}}) + "\n" +
              label("tip_speed", {{"w", fmt("%.6g", w)},
                                  {"T", withheld_or(View::clock, "mark_period", fmt("%.6g", cache.period[static_cast<size_t>(i)]))}}) +
              "\n" + label("tip_turn", {{"wk", fmt("%.6g", w * s.k)}, {"angle", full_angle_text(w * s.k)}}) + "\n" +
              label("tip_shortest", {{"shortest", ang}});
          ImGui::SetTooltip("%s", tip.c_str());
        }
      }
    }
  }
  clipper.End();
}

void row2(const char* name, double a, double b, const char* f = "%+.6f") {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(fmt(f, a).c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(fmt(f, b).c_str());
}

void draw_detail(const State& s, const ClockCache& cache, const ViewContext& ctx) {
  const int i = s.pair;
  const double w = cache.omega[static_cast<size_t>(i)];
  const double theta = w * s.k;
  const pe::Rotation r = pe::shift_rotation(i, s.k, s.d, s.base);
  const pe::Pair now{pe::encoding_value(s.pos, 2 * i, s.d, s.base), pe::encoding_value(s.pos, 2 * i + 1, s.d, s.base)};
  const pe::Pair turned = pe::rotate(r, now);
  const pe::Pair direct{pe::encoding_value(s.pos + s.k, 2 * i, s.d, s.base),
                        pe::encoding_value(s.pos + s.k, 2 * i + 1, s.d, s.base)};
  const float sc = ctx.ui_scale;

  ImGui::PushFont(ctx.fonts.title);
  text_wrapped_at_spaces(label("detail_title", {{"i", std::to_string(i)}, {"a", std::to_string(2 * i)}, {"b", std::to_string(2 * i + 1)}}));
  ImGui::PopFont();
  // The big dial leaves the numbers beside it their width (a narrow panel: a smaller dial).
  const std::string w_text = "w = " + fmt("%.6g", w), period_text = label("period_line", {{"T", withheld_or(View::clock, "mark_period", fmt("%.6g", cache.period[static_cast<size_t>(i)]))}});
  const float numbers_w = std::max(ImGui::CalcTextSize(w_text.c_str()).x, ImGui::CalcTextSize(period_text.c_str()).x);
  const float avail_x = ImGui::GetContentRegionAvail().x;
  const float big = std::max(std::min({avail_x * 0.55f, 170.0f * sc, avail_x - numbers_w - 22 * sc}), 80.0f * sc);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(ImGui::GetContentRegionAvail().x, big + 6 * sc));
  draw_dial(ImGui::GetWindowDrawList(), ImVec2(p.x + big / 2 + 4 * sc, p.y + big / 2 + 3 * sc), big / 2, w * s.pos, theta, true, sc);
  ImGui::SetCursorScreenPos(ImVec2(p.x + big + 18 * sc, p.y + 8 * sc));
  ImGui::BeginGroup();
  // Wrapped at spaces only, so a long position never breaks inside its digits ("1,000," and "004.00").
  const float numbers_right = ImGui::GetContentRegionAvail().x;
  for (const auto& [col, line] : {std::pair{colors::hand, label("hand_line", {{"pos", grouped(s.pos, 2)}})},
                                  std::pair{colors::ghost, label("ghost_line", {{"pk", grouped(s.pos + s.k, 2)}})}}) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(col));
    text_wrapped_at_spaces(line, numbers_right);
    ImGui::PopStyleColor();
  }
  ImGui::TextUnformatted(w_text.c_str());
  ImGui::TextUnformatted(period_text.c_str());
  ImGui::EndGroup();
  ImGui::SetCursorScreenPos(ImVec2(p.x, p.y + big + 10 * sc));

  ImGui::PushFont(ctx.fonts.mono);
  ImGui::Text("\xCE\xB8 = w\xC2\xB7k = %s rad", fmt("%.6f", theta).c_str());
  ImGui::Text("  = %s", full_angle_text(theta).c_str());
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors::ghost), "%s",
                     label("shortest_line", {{"deg", fmt("%+.2f", wrap_angle(theta) * kRadToDeg)}}).c_str());
  ImGui::Spacing();
  ImGui::TextUnformatted("R(\xCE\xB8) =  [  cos \xCE\xB8   sin \xCE\xB8 ]");
  ImGui::TextUnformatted("          [ -sin \xCE\xB8   cos \xCE\xB8 ]");
  ImGui::Text("       =  [ %s  %s ]", fmt("%+.6f", r.m00()).c_str(), fmt("%+.6f", r.m01()).c_str());
  ImGui::Text("          [ %s  %s ]", fmt("%+.6f", r.m10()).c_str(), fmt("%+.6f", r.m11()).c_str());
  ImGui::Spacing();
  if (ImGui::BeginTable("pairs", 3, ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch, 1.5f);
    ImGui::TableSetupColumn("sin (2i)", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("cos (2i+1)", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableHeadersRow();
    row2("PE(pos)", now.s, now.c);
    row2("R(\xCE\xB8)\xC2\xB7PE(pos)", turned.s, turned.c);
    row2("PE(pos+k)", direct.s, direct.c);
    row2(label("difference", {}).c_str(), turned.s - direct.s, turned.c - direct.c, "%+.1e");
    ImGui::EndTable();
  }
  ImGui::PopFont();
}

}  // namespace

void draw_clock(State& s, ClockCache& cache, const ViewContext& ctx) {
  refresh(cache, s);
  const float sc = ctx.ui_scale;
  lesson_intro(View::clock, ctx);

  const std::string check = fill(lesson_text(View::clock, "rotation_check"),
                                 {{"d", std::to_string(s.d)}, {"pairs", std::to_string(s.d / 2)}, {"plural_s", s.d == 2 ? "" : "s"},
                                  {"error", fmt("%.1e", rotation_error(s))}});
  text_wrapped_at_spaces(check);  // never "0." at a line's end and "0e+00" on the next
  ImGui::SetNextItemWidth(std::min(260.0f * sc, ImGui::GetContentRegionAvail().x * 0.5f));
  double size = cache.dial_size;
  const std::string size_label = label("dial_size", {}) + "###dial_size";  // the same widget in every language
  if (slider_double(size_label.c_str(), &size, 70.0, 220.0, "%.0f px")) cache.dial_size = static_cast<float>(size);

  // Wide: dials left, worked pair right. Narrow (small window or large UI scale): the worked pair goes
  // below, and each part keeps at least one row of dials / a readable panel, scrolling inside.
  const float panel = 400.0f * sc;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const bool side = avail.x > panel + 300 * sc;
  const float row_h = cache.dial_size * sc + 3.2f * ImGui::GetTextLineHeight() + 30 * sc;
  // A short frame (a figure 300 px high) keeps a row of dials and a readable panel whole: the view
  // scrolls instead of squeezing them.
  const float min_h = std::max(row_h, 240 * sc);
  const float grid_h = side ? std::max(avail.y, min_h) : std::max(row_h, avail.y * 0.5f);
  ImGui::BeginChild("dials", ImVec2(side ? -panel : 0, grid_h), true);
  draw_grid(s, cache, ctx);
  ImGui::EndChild();
  if (side) ImGui::SameLine();
  ImGui::BeginChild("detail", ImVec2(0, side ? grid_h : std::max(ImGui::GetContentRegionAvail().y, min_h)), true);
  draw_detail(s, cache, ctx);
  ImGui::EndChild();
}

}  // namespace app

namespace app {

std::string describe_clock(const State& s, const ClockCache& /*cache*/) {
  const int i = s.pair;
  const double w = pe::omega(i, s.d, s.base);
  const double theta = w * s.k;
  return std::to_string(s.d / 2) + (s.d == 2 ? " dial" : " dials") + ", one per sin/cos pair: turning every pair of PE(pos) by " +
         "its own angle w times k gives PE(pos + k) to within " + fmt("%.1e", rotation_error(s)) + ". Selected pair " +
         std::to_string(i) + " (dimensions " + std::to_string(2 * i) + " and " + std::to_string(2 * i + 1) + "): frequency " +
         fmt("%.6g", w) + " radians per position, period " + withheld_or(View::clock, "mark_period", fmt("%.6g", pe::period(i, s.d, s.base))) +
         " positions; at this position sin = " + fmt("%.4f", pe::encoding_value(s.pos, 2 * i, s.d, s.base)) +
         ", cos = " + fmt("%.4f", pe::encoding_value(s.pos, 2 * i + 1, s.d, s.base)) + "; a shift by k turns it by " +
         fmt("%.4f", theta) + " radians (" + fmt("%.4f", theta * kRadToDeg) + " degrees, " +
         fmt("%.4f", theta / pe::kTwoPi) + " turns; the shortest turn to the same place, shown on its dial, is " +
         fmt("%+.2f", wrap_angle(theta) * kRadToDeg) + " degrees). PE(pos) dot PE(pos + k) = " +
         fmt("%.4f", pe::dot_closed_form(s.k, s.d, s.base)) + ", the same for every pos.";
}

}  // namespace app
