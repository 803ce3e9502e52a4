#include "view_precision.hpp"
#include "view_clock.hpp"  // TODO(describe): temporary

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "core/encoding.hpp"
#include "core/float32_encoding.hpp"
#include "core/frequency.hpp"
#include "imgui.h"
#include "lesson_plot.hpp"
#include "state/state_io.hpp"
#include "widgets.hpp"

namespace app {

namespace {

constexpr double kMaxPos = 1e7;           // right end of the position axis
constexpr double kFloorErr = 1e-9;        // errors below this sit on the bottom edge
constexpr double kVisible = 2.0 / 255.0;  // one colour step of the heatmap's red/blue ramps
constexpr int kSamplesPerColumn = 16;

constexpr ImU32 kBound = IM_COL32(130, 135, 145, 255);
constexpr ImU32 kThreshold = IM_COL32(200, 40, 50, 255);
constexpr ImU32 kAxis = IM_COL32(90, 95, 105, 255);
constexpr ImU32 kGrid = IM_COL32(228, 230, 236, 255);
constexpr ImU32 kInk = IM_COL32(30, 30, 40, 255);

double naive_error(double pos, int dim, int d, double base) {
  return std::fabs(static_cast<double>(pe::float32_value_naive(pos, dim, d, base)) - pe::encoding_value(pos, dim, d, base));
}
double shader_error(double pos, int dim, int d, double base) {
  return std::fabs(static_cast<double>(pe::float32_value_shader(static_cast<std::uint32_t>(pos), dim, d, base)) -
                   pe::encoding_value(pos, dim, d, base));
}

// Position at fraction t of the log axis 1 .. 1e7.
double pos_at(double t) { return std::pow(10.0, t * std::log10(kMaxPos)); }

void refresh_curves(PrecisionCache& c, const State& s, int columns) {
  if (c.curve_d == s.d && c.curve_base == s.base && c.curve_pair == s.pair && c.curve_component == c.component &&
      c.curve_columns == columns)
    return;
  c.curve_d = s.d;
  c.curve_base = s.base;
  c.curve_pair = s.pair;
  c.curve_component = c.component;
  c.curve_columns = columns;
  const int dim = 2 * s.pair + c.component;
  c.naive_err.assign(static_cast<size_t>(columns), -1.0);
  c.shader_err.assign(static_cast<size_t>(columns), -1.0);
  for (int j = 0; j < columns; ++j) {
    // Whole positions (token positions) inside this pixel column, up to kSamplesPerColumn of them.
    const double lo = std::ceil(pos_at(static_cast<double>(j) / columns));
    const double hi = std::ceil(pos_at(static_cast<double>(j + 1) / columns)) - 1;
    if (hi < lo) continue;
    const double count = std::min<double>(kSamplesPerColumn, hi - lo + 1);
    double wn = 0, ws = 0;
    for (int k = 0; k < static_cast<int>(count); ++k) {
      const double p = count <= 1 ? lo : std::round(lo + (hi - lo) * k / (count - 1));
      wn = std::max(wn, naive_error(p, dim, s.d, s.base));
      ws = std::max(ws, shader_error(p, dim, s.d, s.base));
    }
    c.naive_err[static_cast<size_t>(j)] = wn;
    c.shader_err[static_cast<size_t>(j)] = ws;
  }
}

void refresh_pairs(PrecisionCache& c, const State& s) {
  if (c.pairs_d == s.d && c.pairs_base == s.base && c.pairs_probe == c.probe) return;
  c.pairs_d = s.d;
  c.pairs_base = s.base;
  c.pairs_probe = c.probe;
  c.pair_naive_err = pe::float32_naive_pair_errors(c.probe, s.d, s.base);
  c.pair_shader_err = pe::float32_shader_pair_errors(static_cast<std::uint32_t>(c.probe), s.d, s.base);
}

// A plot rectangle with a log10 error axis (1e-9 .. 1) and either a log or a linear x axis.
struct Frame {
  ImVec2 lo, hi;
  double x0 = 0, x1 = 1;  // data range (log10 of positions when log_x)
  bool log_x = false;
  float sx(double x) const {
    const double v = log_x ? std::log10(std::max(x, 1e-300)) : x;
    return lo.x + static_cast<float>((v - x0) / (x1 - x0)) * (hi.x - lo.x);
  }
  double x_at(float px) const {
    const double v = x0 + (px - lo.x) / (hi.x - lo.x) * (x1 - x0);
    return log_x ? std::pow(10.0, v) : v;
  }
  float sy(double err) const {
    const double l = std::clamp(std::log10(std::max(err, kFloorErr)), -9.0, 0.0);
    return hi.y - static_cast<float>((l + 9.0) / 9.0) * (hi.y - lo.y);
  }
};

void dashed(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thick, float dash) {
  const float len = std::sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
  if (len <= 0) return;
  const ImVec2 u((b.x - a.x) / len, (b.y - a.y) / len);
  for (float t = 0; t < len; t += 2 * dash) {
    const float e = std::min(len, t + dash);
    dl->AddLine(ImVec2(a.x + u.x * t, a.y + u.y * t), ImVec2(a.x + u.x * e, a.y + u.y * e), col, thick);
  }
}

// Background, error grid (decades), the 2/255 line and the y labels.
void draw_error_axis(ImDrawList* dl, const Frame& f, float sc) {
  dl->AddRectFilled(f.lo, f.hi, IM_COL32(255, 255, 255, 255));
  const float line = ImGui::GetTextLineHeight();
  for (int e = -9; e <= 0; ++e) {
    const float y = f.sy(std::pow(10.0, e));
    dl->AddLine(ImVec2(f.lo.x, y), ImVec2(f.hi.x, y), kGrid);
    if (e % 3 != 0 && e != -1) continue;
    char buf[16];
    std::snprintf(buf, sizeof buf, e == 0 ? "1" : "1e%d", e);
    dl->AddText(ImVec2(f.lo.x - ImGui::CalcTextSize(buf).x - 6 * sc, y - line / 2), kInk, buf);
  }
  const float yv = f.sy(kVisible);
  dashed(dl, ImVec2(f.lo.x, yv), ImVec2(f.hi.x, yv), kThreshold, 1.5f * sc, 5 * sc);
}

void polyline(ImDrawList* dl, const Frame& f, const std::vector<double>& err, ImU32 col, float thick) {
  ImVec2 prev;
  bool have = false;
  for (size_t j = 0; j < err.size(); ++j) {
    if (err[j] < 0) continue;
    const ImVec2 p(f.lo.x + static_cast<float>(j) + 0.5f, f.sy(err[j]));
    if (have) dl->AddLine(prev, p, col, thick);
    prev = p;
    have = true;
  }
}

struct LegendEntry {
  ImU32 col;
  const char* text;
  bool dash;
};

// The legend in an opaque white box with a border, so the curves never run through its text.
void legend(ImDrawList* dl, ImVec2 at, const LegendEntry* entries, int count, float sc) {
  const float line = ImGui::GetTextLineHeight(), pad = 5 * sc, swatch = 22 * sc, gap = 6 * sc;
  float text_w = 0;
  for (int e = 0; e < count; ++e) text_w = std::max(text_w, ImGui::CalcTextSize(entries[e].text).x);
  const ImVec2 hi(at.x + 2 * pad + swatch + gap + text_w, at.y + 2 * pad + static_cast<float>(count) * line + static_cast<float>(count - 1) * 2 * sc);
  dl->AddRectFilled(at, hi, IM_COL32(255, 255, 255, 255), 3 * sc);
  dl->AddRect(at, hi, kAxis, 3 * sc, 0, 1.0f * sc);
  float y = at.y + pad;
  for (int e = 0; e < count; ++e) {
    const ImVec2 a(at.x + pad, y + line / 2), b(at.x + pad + swatch, y + line / 2);
    if (entries[e].dash)
      dashed(dl, a, b, entries[e].col, 2 * sc, 4 * sc);
    else
      dl->AddLine(a, b, entries[e].col, 2.5f * sc);
    dl->AddText(ImVec2(b.x + gap, y), kInk, entries[e].text);
    y += line + 2 * sc;
  }
}

void draw_position_plot(State& s, PrecisionCache& c, ImVec2 size, float sc) {
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float left = ImGui::CalcTextSize("1e-9").x + 12 * sc;
  Frame f;
  f.lo = ImVec2(origin.x + left, origin.y + line + 6 * sc);
  f.hi = ImVec2(origin.x + size.x - 8 * sc, origin.y + size.y - 2 * line - 8 * sc);
  f.x0 = 0;
  f.x1 = std::log10(kMaxPos);
  f.log_x = true;
  const int columns = std::max(2, static_cast<int>(f.hi.x - f.lo.x));
  refresh_curves(c, s, columns);

  ImGui::InvisibleButton("by_position", size);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const int dim = 2 * s.pair + c.component;
  char title[96];
  std::snprintf(title, sizeof title, "|float32 \xE2\x88\x92 double| of dimension %d (%s of pair %d) against position", dim,
                c.component ? "cos" : "sin", s.pair);
  dl->AddText(ImVec2(f.lo.x, origin.y), kInk, title);
  draw_error_axis(dl, f, sc);
  for (int e = 0; e <= 7; ++e) {
    const float x = f.sx(std::pow(10.0, e));
    dl->AddLine(ImVec2(x, f.lo.y), ImVec2(x, f.hi.y), kGrid);
    dl->AddLine(ImVec2(x, f.hi.y), ImVec2(x, f.hi.y + 4 * sc), kAxis);
    const char* labels[] = {"1", "10", "100", "1e3", "1e4", "1e5", "1e6", "1e7"};
    const float tw = ImGui::CalcTextSize(labels[e]).x;
    dl->AddText(ImVec2(std::min(x - tw / 2, f.hi.x - tw), f.hi.y + 5 * sc), kInk, labels[e]);
  }
  const char* xl = "position (log scale)";
  dl->AddText(ImVec2((f.lo.x + f.hi.x - ImGui::CalcTextSize(xl).x) / 2, f.hi.y + 6 * sc + line), colors::text_dim, xl);

  dl->PushClipRect(f.lo, f.hi, true);
  // The estimate |w pos| 2^-23 (the angle error bound, capped where values can no longer be further off).
  const double w = pe::omega(s.pair, s.d, s.base);
  ImVec2 prev;
  for (int j = 0; j <= columns; j += 4) {
    const double p = pos_at(static_cast<double>(j) / columns);
    const ImVec2 q(f.lo.x + static_cast<float>(j), f.sy(std::min(2.0, w * p * std::ldexp(1.0, -23))));
    if (j > 0) dashed(dl, prev, q, kBound, 1.2f * sc, 3 * sc);
    prev = q;
  }
  polyline(dl, f, c.shader_err, colors::hand, 2.0f * sc);
  polyline(dl, f, c.naive_err, colors::warning, 2.0f * sc);
  const float xp = f.sx(c.probe);
  dl->AddLine(ImVec2(xp, f.lo.y), ImVec2(xp, f.hi.y), IM_COL32(60, 60, 70, 140), 1.0f * sc);
  dl->PopClipRect();
  dl->AddRect(f.lo, f.hi, kAxis);
  const LegendEntry entries[] = {
      {colors::warning, "naive float32: sin(fl(pos)\xC2\xB7" "fl(\xCF\x89))", false},
      {colors::hand, "heatmap shader (integer phase)", false},
      {kBound, "estimate |\xCF\x89\xC2\xB7pos|\xC2\xB7" "2^-23", true},
      {kThreshold, "2/255: a visible colour step", true},
  };
  legend(dl, ImVec2(f.lo.x + 6 * sc, f.lo.y + 6 * sc), entries, 4, sc);

  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int j = static_cast<int>(m.x - f.lo.x);
    if (j >= 0 && j < columns && m.y >= f.lo.y && m.y <= f.hi.y) {
      const double p = std::round(pos_at((j + 0.5) / columns));
      dl->AddLine(ImVec2(m.x, f.lo.y), ImVec2(m.x, f.hi.y), IM_COL32(60, 60, 70, 90));
      ImGui::SetTooltip("positions near %s (largest error among up to %d whole positions in this pixel column)\n"
                        "naive float32: %s\nshader:        %s\nclick: show every pair at position %s on the right",
                        fmt("%.4g", p).c_str(), kSamplesPerColumn, fmt("%.2e", c.naive_err[static_cast<size_t>(j)]).c_str(),
                        fmt("%.2e", c.shader_err[static_cast<size_t>(j)]).c_str(), fmt("%.0f", p).c_str());
      if (ImGui::IsItemClicked()) c.probe = std::clamp(p, 1.0, kMaxPos);
    }
  }
}

void draw_pair_plot(State& s, PrecisionCache& c, ImVec2 size, float sc) {
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float left = ImGui::CalcTextSize("1e-9").x + 12 * sc;
  refresh_pairs(c, s);
  const int pairs = s.d / 2;
  Frame f;
  f.lo = ImVec2(origin.x + left, origin.y + line + 6 * sc);
  f.hi = ImVec2(origin.x + size.x - 8 * sc, origin.y + size.y - 2 * line - 8 * sc);
  f.x0 = -0.5;
  f.x1 = pairs - 0.5;
  ImGui::InvisibleButton("by_pair", size);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const std::string title = "every pair at position " + fmt("%.0f", c.probe);
  dl->AddText(ImVec2(f.lo.x, origin.y), kInk, title.c_str());
  draw_error_axis(dl, f, sc);
  const double step = std::max(1.0, std::pow(10.0, std::floor(std::log10(std::max(1.0, pairs / 4.0)))));
  const double tick = pairs / step > 8 ? step * 2 : step;
  for (double t = 0; t < pairs; t += tick) {
    const float x = f.sx(t);
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.0f", t);
    dl->AddLine(ImVec2(x, f.hi.y), ImVec2(x, f.hi.y + 4 * sc), kAxis);
    dl->AddText(ImVec2(x - ImGui::CalcTextSize(buf).x / 2, f.hi.y + 5 * sc), kInk, buf);
  }
  const char* xl = "pair i (fast \xE2\x86\x92 slow)";
  dl->AddText(ImVec2((f.lo.x + f.hi.x - ImGui::CalcTextSize(xl).x) / 2, f.hi.y + 6 * sc + line), colors::text_dim, xl);

  dl->PushClipRect(f.lo, f.hi, true);
  const float xs = f.sx(s.pair);
  dl->AddLine(ImVec2(xs, f.lo.y), ImVec2(xs, f.hi.y), colors::selected, 2.0f * sc);
  // One mark per pair, or per pixel column (the largest) when pairs outnumber pixels.
  const float px_per_pair = (f.hi.x - f.lo.x) / static_cast<float>(pairs);
  const int per = std::max(1, static_cast<int>(std::ceil(1.0f / std::max(px_per_pair, 1e-6f))));
  const float r = std::clamp(px_per_pair * 0.35f, 1.2f * sc, 3.0f * sc);
  for (int i = 0; i < pairs; i += per) {
    double en = 0, es = 0;
    for (int k = i; k < std::min(pairs, i + per); ++k) {
      en = std::max(en, c.pair_naive_err[static_cast<size_t>(k)]);
      es = std::max(es, c.pair_shader_err[static_cast<size_t>(k)]);
    }
    const float x = f.sx(i + (per - 1) / 2.0);
    dl->AddCircleFilled(ImVec2(x, f.sy(es)), r, colors::hand, 8);
    dl->AddCircleFilled(ImVec2(x, f.sy(en)), r, en > kVisible ? kThreshold : colors::warning, 8);
  }
  dl->PopClipRect();
  dl->AddRect(f.lo, f.hi, kAxis);

  if (hovered) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int i = static_cast<int>(std::lround(f.x_at(m.x)));
    if (i >= 0 && i < pairs && m.y >= f.lo.y && m.y <= f.hi.y) {
      ImGui::SetTooltip("pair %d (\xCF\x89 = %s) at position %s, larger error of its sin and cos\nnaive float32 error: %s\nshader error:        %s\nclick to select this pair",
                        i, fmt("%.4g", pe::omega(i, s.d, s.base)).c_str(), fmt("%.0f", c.probe).c_str(),
                        fmt("%.2e", c.pair_naive_err[static_cast<size_t>(i)]).c_str(),
                        fmt("%.2e", c.pair_shader_err[static_cast<size_t>(i)]).c_str());
      if (ImGui::IsItemClicked()) set_number(s, Field::pair, i);
    }
  }
}

void draw_table(const State& s, const PrecisionCache& c, const ViewContext& ctx) {
  const int dim = 2 * s.pair + c.component;
  ImGui::PushFont(ctx.fonts.mono);
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("values", 6, flags)) {
    ImGui::TableSetupColumn("position");
    ImGui::TableSetupColumn("double (exact)");
    ImGui::TableSetupColumn("naive float32");
    ImGui::TableSetupColumn("difference");
    ImGui::TableSetupColumn("shader float32");
    ImGui::TableSetupColumn("difference ");
    ImGui::TableHeadersRow();
    const ImVec4 warn = ImGui::ColorConvertU32ToFloat4(colors::warning);
    for (double p : {10.0, 1e3, 1e5, 1e6, 1e7}) {
      const double exact = pe::encoding_value(p, dim, s.d, s.base);
      const double naive = pe::float32_value_naive(p, dim, s.d, s.base);
      const double shader = pe::float32_value_shader(static_cast<std::uint32_t>(p), dim, s.d, s.base);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(fmt("%.0f", p).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(fmt("%+.9f", exact).c_str());
      for (double v : {naive, shader}) {
        const double diff = v - exact;
        const bool visible = std::fabs(diff) > kVisible;
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(fmt("%+.9f", v).c_str());
        ImGui::TableNextColumn();
        if (visible) ImGui::PushStyleColor(ImGuiCol_Text, warn);
        ImGui::Text("%s%s", fmt("%+.1e", diff).c_str(), visible ? "  visible" : "");
        if (visible) ImGui::PopStyleColor();
      }
    }
    ImGui::EndTable();
  }
  ImGui::PopFont();
}

void draw_numbers(const State& s, const PrecisionCache& c) {
  const double w = pe::omega(s.pair, s.d, s.base);
  const double wf = static_cast<double>(static_cast<float>(w));
  const double angle = w * kMaxPos;
  const double ulp = pe::float32_spacing(angle);
  // Wrapped at spaces only: ImGui's own wrapping may break after a decimal point and split a number.
  text_wrapped_at_spaces("Pair " + std::to_string(s.pair) + ": \xCF\x89 = " + fmt("%.12f", w) + "; in float32 " +
                         fmt("%.12f", wf) + " (relative error " + fmt("%.1e", std::fabs(wf - w) / w) + ").");
  text_wrapped_at_spaces("At position 10000000 its angle is " + fmt("%.0f", angle) + " rad; float32 numbers there are " +
                         fmt(ulp >= 1 ? "%.0f" : "%.2g", ulp) + " rad apart.");
  if (s.pair == 0) {
    ImGui::TextWrapped("Pair 0 is the exception: \xCF\x89\xE2\x82\x80 = 1 and whole positions below 2^24 (16777216) "
                       "are exact in float32, so its naive angle is exact. Select pair 1 to see the problem.");
  } else {
    // Where the estimate |w pos| 2^-23 reaches one visible colour step.
    const double reach = pe::float32_naive_reach(s.pair, s.d, s.base, kVisible);
    text_wrapped_at_spaces("The estimate reaches 2/255 (one colour step in the heatmap) near position " +
                           fmt("%.0f", std::min(reach, 1e12)) + (reach > kMaxPos ? ", beyond this chart." : "."));
  }
  int off = 0, slowest = -1;
  for (size_t i = 0; i < c.pair_naive_err.size(); ++i)
    if (c.pair_naive_err[i] > kVisible) {
      ++off;
      slowest = static_cast<int>(i);
    }
  const double shader_worst =
      c.pair_shader_err.empty() ? 0.0 : *std::max_element(c.pair_shader_err.begin(), c.pair_shader_err.end());
  if (off > 0)
    text_wrapped_at_spaces("At position " + fmt("%.0f", c.probe) + ": naive float32 is off by > 2/255 in " +
                           std::to_string(off) + " of " + std::to_string(s.d / 2) + " pairs (slowest: pair " +
                           std::to_string(slowest) + "); shader at most " + fmt("%.0e", shader_worst) + ".");
  else
    text_wrapped_at_spaces("At position " + fmt("%.0f", c.probe) + ": no pair is off by more than 2/255 in naive "
                           "float32; shader at most " + fmt("%.0e", shader_worst) + ".");
}

}  // namespace

void draw_precision(State& s, PrecisionCache& cache, const ViewContext& ctx) {
  const float sc = ctx.ui_scale;
  caption("A GPU computes in float32, which keeps 24 significant bits: a number near A is stored to about A\xC2\xB7" "6e-8. "
          "Computed naively, the angle \xCF\x89\xC2\xB7pos therefore carries an error that grows with the position, and since "
          "sin and cos cannot repair the angle, the value inherits it. Fast pairs (large \xCF\x89, large angles) go wrong "
          "first; slow pairs stay accurate. The heatmap's shader avoids the big float32 angle altogether (blue).");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("dimension of the selected pair:");
  ImGui::SameLine();
  ImGui::RadioButton("sin (2i)", &cache.component, 0);
  ImGui::SameLine();
  ImGui::RadioButton("cos (2i+1)", &cache.component, 1);
  // The position field keeps a usable width: on a narrow window it moves to a line of its own.
  const char* probe_label = "right chart at position";
  const float probe_min = 220 * sc;
  ImGui::SameLine(0, 24 * sc);
  if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(probe_label).x + ImGui::GetStyle().ItemSpacing.x + probe_min)
    ImGui::NewLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(probe_label);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::max(probe_min, ImGui::GetContentRegionAvail().x));
  double probe = cache.probe;
  const double lo = 1, hi = kMaxPos;
  if (ImGui::SliderScalar("##probe", ImGuiDataType_Double, &probe, &lo, &hi, "%.0f", ImGuiSliderFlags_Logarithmic))
    cache.probe = std::clamp(std::round(probe), lo, hi);

  const float avail_w = ImGui::GetContentRegionAvail().x;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float plot_h = std::clamp(ImGui::GetContentRegionAvail().y - 16.0f * line, 200 * sc, 420 * sc);
  const float gap = 12 * sc;
  const bool side = avail_w > 760 * sc;
  const ImVec2 size(side ? (avail_w - gap) * 0.52f : avail_w, plot_h);
  draw_position_plot(s, cache, size, sc);
  if (side) ImGui::SameLine(0, gap);
  draw_pair_plot(s, cache, ImVec2(side ? avail_w - size.x - gap : avail_w, plot_h), sc);

  draw_numbers(s, cache);
  ImGui::Spacing();
  draw_table(s, cache, ctx);
  ImGui::Spacing();
  caption("Why it grows: naive float32 code rounds \xCF\x89 (relative 2^-24), rounds the position once it passes 2^24, and "
          "rounds the product, so the angle is off by up to about |\xCF\x89\xC2\xB7pos|\xC2\xB7" "2^-23 (dashed grey). Between "
          "2^23 and 2^24 (8.4e6 to 1.7e7), float32 holds whole numbers only: a fast pair's angle is rounded to a whole "
          "radian. The shader instead keeps \xCF\x89/2\xCF\x80 as a 64-bit fixed-point fraction and multiplies it by the "
          "whole position in 32-bit integers, whose wrap-around at 2^32 is exactly one turn; only the leftover angle in "
          "[\xE2\x88\x92\xCF\x80, \xCF\x80) becomes a float, so its error stays below 1e-6 at any position.");
}

}  // namespace app

namespace app {

// TODO(describe): this lesson's own key numbers.
std::string describe_precision(const State& s) { return describe_clock(s); }

}  // namespace app
