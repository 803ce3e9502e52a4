#include "ui/bars.hpp"
#include "ui/figure_mark.hpp"

#include <algorithm>
#include <cmath>

#include "text/format.hpp"
#include "ui/style.hpp"
#include "ui/text_layout.hpp"

namespace app {

int BarStrip::dim_at(float x) const { return std::clamp(first + static_cast<int>((x - o.x) / bar_w()), first, first + count - 1); }

void draw_bar_strip(ImDrawList* dl, const BarStrip& b, std::span<const double> values, ImU32 col, int selected_pair, ImU32 zero_col,
                    float sc) {
  const ImVec2 o = b.o;
  const float plot_w = b.w, ph = b.h, bw = b.bar_w();
  const double ymax = b.ymax;
  const float line = ImGui::GetTextLineHeight();
  mark_figure(o, ImVec2(o.x + plot_w, o.y + ph));
  dl->AddRectFilled(o, ImVec2(o.x + plot_w, o.y + ph), colors::panel);
  for (int j = b.first; j < b.first + b.count; ++j)
    if (j / 2 == selected_pair)
      dl->AddRectFilled(ImVec2(o.x + bw * static_cast<float>(j - b.first), o.y), ImVec2(o.x + bw * static_cast<float>(j - b.first + 1), o.y + ph),
                        tint(colors::selected, 0.18f));
  for (double g : {-1.0, 1.0})
    if (g <= ymax) dl->AddLine(ImVec2(o.x, b.y(g)), ImVec2(o.x + plot_w, b.y(g)), colors::guide, 1.0f);
  const float zero = b.y(0);
  const float gap = bw > 4 * sc ? 1.0f * sc : 0.0f;
  for (int j = b.first; j < b.first + b.count; ++j) {
    const float x0 = o.x + bw * static_cast<float>(j - b.first) + gap, x1 = o.x + bw * static_cast<float>(j - b.first + 1) - gap;
    const float y = b.y(std::clamp(values[static_cast<size_t>(j)], -ymax, ymax));
    dl->AddRectFilled(ImVec2(x0, std::min(y, zero)), ImVec2(std::max(x1, x0 + 1), std::max(y, zero)), col);
  }
  dl->AddLine(ImVec2(o.x, zero), ImVec2(o.x + plot_w, zero), zero_col, 1.0f);
  for (double g : {ymax, 1.0, 0.0, -1.0, -ymax}) {
    if (std::fabs(g) > ymax) continue;
    if (std::fabs(g) == 1.0 && (zero - b.y(1.0) < line * 1.1f || b.y(1.0) - b.y(ymax) < line * 1.1f)) continue;
    const std::string t = g == 0 ? std::string("0") : fmt("%+.3g", g);
    const ImVec2 ts = ImGui::CalcTextSize(t.c_str());
    dl->AddText(ImVec2(o.x - ts.x - 4 * sc, std::clamp(b.y(g) - ts.y / 2, o.y - 2 * sc, o.y + ph - ts.y + 2 * sc)), colors::text_dim,
                t.c_str());
  }
}

namespace {
bool note_below(const char* name, const char* note, float width, float sc) {
  return ImGui::CalcTextSize(name).x + 10 * sc + ImGui::CalcTextSize(note).x > width;
}
}  // namespace

float bar_strip_heading_height(const char* name, const char* note, float width, float sc) {
  const float line = ImGui::GetTextLineHeight();
  return note_below(name, note, width, sc) ? 2 * line + 2 * sc : line;
}

void bar_strip_heading(ImDrawList* dl, ImVec2 p, const char* name, const char* note, ImU32 col, float width, float sc) {
  const float line = ImGui::GetTextLineHeight();
  const float name_w = ImGui::CalcTextSize(name).x;
  dl->AddText(p, col, name);
  dl->AddText(note_below(name, note, width, sc) ? ImVec2(p.x, p.y + line + 2 * sc) : ImVec2(p.x + name_w + 10 * sc, p.y), colors::text_dim, note);
}

void bar_strip_dims(ImDrawList* dl, ImVec2 p, float axis_w, float plot_w, int first, int count, float sc) {
  const float bw = plot_w / static_cast<float>(count);
  int step = count <= 16 ? 2 : count <= 32 ? 4 : 8;
  const float label_w = ImGui::CalcTextSize(std::to_string(first + count - 1).c_str()).x + 8 * sc;
  while (step < count && static_cast<float>(step) * bw < label_w) step *= 2;
  for (int j = first; j < first + count; j += step) {
    const std::string t = std::to_string(j);
    const float x = p.x + axis_w + bw * (static_cast<float>(j - first) + 0.5f) - ImGui::CalcTextSize(t.c_str()).x / 2;
    dl->AddText(ImVec2(x, p.y), colors::text_dim, t.c_str());
  }
}

void signed_bar_row(const char* label, double fraction, const std::string& value, ImU32 bar_col, ImU32 text_col, float label_w,
                    float value_w, bool stacked, ImFont* value_font, float sc) {
  const float line = ImGui::GetTextLineHeight();
  const float w = ImGui::GetContentRegionAvail().x;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  // Stacked, the label has the row's width above its bar and wraps there (a longer language).
  const float label_h = stacked ? wrapped_text_size(label, w).y : line;
  ImGui::Dummy(ImVec2(w, (stacked ? label_h + line + 2 * sc : line) + 6 * sc));
  mark_figure_item();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (stacked)
    add_text_wrapped(dl, ImVec2(at.x, at.y + 3 * sc), text_col, label, w);
  else
    dl->AddText(ImVec2(at.x, at.y + 3 * sc), text_col, label);
  const ImVec2 p(at.x, stacked ? at.y + label_h + 2 * sc : at.y);  // the bar's row
  const float bx0 = p.x + label_w, bx1 = p.x + w - value_w;
  const float zero = (bx0 + bx1) / 2, half = (bx1 - bx0) / 2;
  const float len = static_cast<float>(std::clamp(fraction, -1.0, 1.0)) * half;
  dl->AddRectFilled(ImVec2(std::min(zero, zero + len), p.y + 3 * sc), ImVec2(std::max(zero, zero + len), p.y + line + 3 * sc), bar_col,
                    2 * sc);
  dl->AddLine(ImVec2(zero, p.y), ImVec2(zero, p.y + line + 6 * sc), colors::dial_rim, 1.0f * sc);
  ImGui::PushFont(value_font);
  dl->AddText(ImVec2(p.x + w - ImGui::CalcTextSize(value.c_str()).x, p.y + 3 * sc), text_col, value.c_str());
  ImGui::PopFont();
}

}  // namespace app
