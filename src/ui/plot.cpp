#include "ui/plot.hpp"
#include "ui/figure_mark.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "text/format.hpp"
#include "ui/log_axis.hpp"
#include "ui/style.hpp"
#include "ui/text_layout.hpp"
#include "ui/focus.hpp"

namespace app {

float Plot::sx(double x) const {
  const double v = log_x ? std::log10(std::max(x, 1e-300)) : x;
  return lo.x + static_cast<float>((v - x0) / (x1 - x0)) * (hi.x - lo.x);
}

float Plot::sy(double y) const {
  const double v = log_y ? std::log10(y) : y;
  return hi.y - static_cast<float>((v - y0) / (y1 - y0)) * (hi.y - lo.y);
}

double Plot::x_at(float px) const {
  const double v = x0 + (x1 - x0) * static_cast<double>((px - lo.x) / (hi.x - lo.x));
  return log_x ? std::pow(10.0, v) : v;
}

double Plot::y_at(float py) const {
  const double v = y0 + (y1 - y0) * static_cast<double>((hi.y - py) / (hi.y - lo.y));
  return log_y ? std::pow(10.0, v) : v;
}

namespace {

// Stores the data ranges of p (log10 for a log axis), widening an empty range so the mapping never
// divides by zero.
void set_ranges(Plot& p, double x0, double x1, double y0, double y1) {
  if (p.log_x) {
    x0 = std::log10(std::max(x0, 1e-300));
    x1 = std::log10(std::max(x1, 1e-300));
  }
  if (p.log_y) {
    y0 = std::log10(std::max(y0, 1e-300));
    y1 = std::log10(std::max(y1, 1e-300));
  }
  if (!(x1 > x0)) x1 = x0 + 1;
  if (!(y1 > y0)) y1 = y0 + 1;
  p.x0 = x0, p.x1 = x1, p.y0 = y0, p.y1 = y1;
}

}  // namespace

Plot plot_rect(ImVec2 lo, ImVec2 hi, double x0, double x1, double y0, double y1, bool log_x, bool log_y) {
  Plot p;
  p.lo = lo;
  p.hi = hi;
  mark_figure(lo, hi);
  p.log_x = log_x;
  p.log_y = log_y;
  set_ranges(p, x0, x1, y0, y1);
  return p;
}

void plot_button(const char* id, ImVec2 size, Plot& p) {
  ImGui::InvisibleButton(id, size);
  focus_pointer_only();  // a click reads the plot: the figure's keys and the controls do it for the keyboard
  p.hovered = ImGui::IsItemHovered();
  p.clicked = ImGui::IsItemClicked();
  p.held = ImGui::IsItemActive();
  p.mouse = ImGui::GetIO().MousePos;
}

std::vector<double> nice_ticks(double lo, double hi, int max_ticks) {
  std::vector<double> t;
  if (!(hi > lo) || max_ticks < 1) return t;
  const double raw = (hi - lo) / max_ticks;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * mag >= raw) {
      step = m * mag;
      break;
    }
  for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) t.push_back(std::fabs(v) < step * 1e-9 ? 0.0 : v);
  return t;
}

Plot plot_frame(const char* id, ImVec2 size, double x0, double x1, double y0, double y1, bool log_y, const char* x_label,
                const char* y_label, float ui_scale, bool integer_x) {
  Plot p;
  p.log_y = log_y;
  set_ranges(p, x0, x1, y0, y1);
  x0 = p.x0, x1 = p.x1, y0 = p.y0, y1 = p.y1;

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  size.x = std::max(size.x, 120 * ui_scale);
  size.y = std::max(size.y, 100 * ui_scale);
  plot_button(id, size, p);
  mark_figure(origin, ImVec2(origin.x + size.x, origin.y + size.y));

  const float line = ImGui::GetTextLineHeight();
  // Tick labels of y decide the left margin.
  const std::vector<double> yt = log_y ? std::vector<double>{} : nice_ticks(y0, y1, std::max(2, static_cast<int>(size.y / (2.6f * line))));
  std::vector<double> ylog;
  if (log_y) {
    const int decades = static_cast<int>(std::floor(y1) - std::ceil(y0)) + 1;
    ylog = decade_ticks(y0, y1, decade_every(decades, static_cast<int>(2.2f * line), static_cast<int>(size.y)));
  }
  const double ystep = yt.size() > 1 ? yt[1] - yt[0] : 1;
  float label_w = 0;
  for (double v : yt) label_w = std::max(label_w, ImGui::CalcTextSize(tick_label(v, ystep).c_str()).x);
  for (double e : ylog) label_w = std::max(label_w, ImGui::CalcTextSize(tick_label(std::pow(10.0, e), std::pow(10.0, e)).c_str()).x);

  const float pad = 6 * ui_scale;
  // Axis titles wider than the frame (a phone, a large UI scale) wrap onto more lines (at spaces, as
  // all text here), and the plotting rectangle gives them the room.
  const float wrap = size.x - 2 * pad;
  const bool has_x = x_label && *x_label, has_y = y_label && *y_label;
  const float x_title_h = has_x ? std::max(line, wrapped_text_size(x_label, wrap).y) : line;
  const float y_title_h = has_y ? std::max(line, wrapped_text_size(y_label, wrap).y) : line;
  // The top tick number is centred on the top edge: half a line above it stays clear of the title
  // (the frame's own or one the caller draws in that first line).
  p.lo = ImVec2(origin.x + label_w + 2 * pad, origin.y + y_title_h + line / 2 + 2 * ui_scale);
  p.hi = ImVec2(origin.x + size.x - 2 * pad, origin.y + size.y - line - x_title_h - pad);
  if (p.hi.x < p.lo.x + 10) p.hi.x = p.lo.x + 10;
  if (p.hi.y < p.lo.y + 10) p.hi.y = p.lo.y + 10;

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p.lo, p.hi, colors::paper);
  const ImU32 grid = colors::grid, minor = colors::grid_minor;
  const ImU32 text = colors::label;  // tick numbers: stronger than colors::axis, for small text
  for (double v : yt) {
    const float y = p.sy(v);
    dl->AddLine(ImVec2(p.lo.x, y), ImVec2(p.hi.x, y), grid);
    const std::string s = tick_label(v, ystep);
    dl->AddText(ImVec2(p.lo.x - pad - ImGui::CalcTextSize(s.c_str()).x, y - line / 2), text, s.c_str());
  }
  if (log_y) {
    for (double e = std::floor(y0); e <= y1; e += 1)
      for (int m = 2; m <= 9; ++m) {
        const double v = std::log10(m) + e;
        if (v < y0 || v > y1) continue;
        const float y = p.hi.y - static_cast<float>((v - y0) / (y1 - y0)) * (p.hi.y - p.lo.y);
        dl->AddLine(ImVec2(p.lo.x, y), ImVec2(p.hi.x, y), minor);
      }
    for (double e : ylog) {
      const float y = p.sy(std::pow(10.0, e));
      dl->AddLine(ImVec2(p.lo.x, y), ImVec2(p.hi.x, y), grid);
      const std::string s = tick_label(std::pow(10.0, e), std::pow(10.0, e));
      dl->AddText(ImVec2(p.lo.x - pad - ImGui::CalcTextSize(s.c_str()).x, y - line / 2), text, s.c_str());
    }
  }
  // x ticks: as many as leave each number room to spare. The widest number depends on the ticks
  // (1,000,020 needs more room than 20), so fewer ticks are tried until they fit.
  const float gap = 1.5f * line;
  std::vector<double> xt;
  double xstep = 1;
  std::vector<std::string> xs_text;
  for (int max_xt = std::max(2, static_cast<int>(p.width() / (3 * line)));; ) {
    xt = nice_ticks(x0, x1, max_xt);
    if (integer_x && xt.size() > 1 && xt[1] - xt[0] < 1) {
      xt.clear();
      for (double v = std::ceil(x0); v <= x1; v += 1) xt.push_back(v);
    }
    xstep = xt.size() > 1 ? xt[1] - xt[0] : 1;
    xs_text.clear();
    float widest = 0;
    for (double v : xt) {
      xs_text.push_back(tick_label(v, xstep));
      widest = std::max(widest, ImGui::CalcTextSize(xs_text.back().c_str()).x);
    }
    const float spacing = xt.size() > 1 ? p.sx(xt[1]) - p.sx(xt[0]) : p.width();
    if (spacing >= widest + gap || max_xt <= 2) break;
    max_xt = std::min(max_xt - 1, std::max(2, static_cast<int>(p.width() / (widest + gap))));
  }
  // Each number under its tick, inside the frame. Where the lowest y number reaches down into their
  // row, they keep right of the y numbers' column. One that would still touch its neighbour (a frame
  // too narrow for two) is left out.
  float lowest_y = -1e30f;
  for (double v : yt) lowest_y = std::max(lowest_y, p.sy(v));
  for (double e : ylog) lowest_y = std::max(lowest_y, p.sy(std::pow(10.0, e)));
  const float min_left = lowest_y + line / 2 > p.hi.y + pad / 2 ? p.lo.x - pad / 2 : origin.x;
  float last_right = -1e30f;
  for (size_t j = 0; j < xt.size(); ++j) {
    const float x = p.sx(xt[j]);
    dl->AddLine(ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), grid);
    const std::string& s = xs_text[j];
    const float w = ImGui::CalcTextSize(s.c_str()).x;
    const float left = std::max(std::min(x - w / 2, origin.x + size.x - w), min_left);
    if (left < last_right + line / 2) continue;
    dl->AddText(ImVec2(left, p.hi.y + pad / 2), text, s.c_str());
    last_right = left + w;
  }
  dl->AddRect(p.lo, p.hi, colors::frame);
  if (has_x) {
    const float w = ImGui::CalcTextSize(shown_text(x_label).c_str()).x;
    if (w <= size.x)  // centred under the plot, kept inside the frame
      add_text_wrapped(dl, ImVec2(std::clamp(p.lo.x + (p.width() - w) / 2, origin.x, origin.x + size.x - w), p.hi.y + line + pad / 2),
                       colors::text_dim, x_label, size.x);
    else
      add_text_wrapped(dl, ImVec2(origin.x + pad, p.hi.y + line + pad / 2), colors::text_dim, x_label, wrap);
  }
  if (has_y) add_text_wrapped(dl, ImVec2(origin.x, origin.y), colors::text_dim, y_label, wrap);
  return p;
}

PlotAndSide plot_and_side(ImVec2 avail, float side, float keep, float sc) {
  PlotAndSide r;
  r.beside = avail.x >= side + 12 * sc + 300 * sc;
  r.side_w = r.beside ? side : std::min(side, avail.x);
  r.plot.x = r.beside ? std::max(240 * sc, avail.x - r.side_w - 12 * sc) : avail.x;
  r.plot.y = r.beside ? std::max(metrics::plot_min_height * sc, avail.y - keep) : std::max(metrics::plot_min_height * sc, avail.y * 0.6f);
  return r;
}

void plot_title(ImDrawList* dl, const Plot& p, ImVec2 origin, float right, const std::string& title, const std::string& short_title) {
  const std::string& t = ImGui::CalcTextSize(title.c_str()).x > right - p.lo.x ? short_title : title;
  // Wider than the frame (a longer language on a phone): it starts further left, over the column of
  // the y numbers, which has nothing on the title's line; wider than that too, a smaller size (down to 75 %).
  const float w = ImGui::CalcTextSize(t.c_str()).x;
  const float x = std::max(origin.x, std::min(p.lo.x, right - w));
  const float scale = std::clamp((right - x) / std::max(w, 1.0f), 0.75f, 1.0f);
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize() * scale, ImVec2(x, origin.y), colors::ink, t.c_str());
}

void x_tick(ImDrawList* dl, const Plot& p, float x, const char* text, float sc) {
  dl->AddLine(ImVec2(x, p.hi.y), ImVec2(x, p.hi.y + 4 * sc), colors::axis);
  const float tw = ImGui::CalcTextSize(text).x;
  dl->AddText(ImVec2(std::min(x - tw / 2, p.hi.x - tw), p.hi.y + 5 * sc), colors::ink, text);
}

void plot_x_title(ImDrawList* dl, const Plot& p, const char* text, float sc) {
  const float line = ImGui::GetTextLineHeight();
  dl->AddText(ImVec2((p.lo.x + p.hi.x - ImGui::CalcTextSize(text).x) / 2, p.hi.y + 6 * sc + line), colors::text_dim, text);
}

void plot_clip_push(const Plot& p, float outset) {
  ImGui::GetWindowDrawList()->PushClipRect(p.lo, ImVec2(p.hi.x + outset, p.hi.y + outset), true);
}
void plot_clip_pop() { ImGui::GetWindowDrawList()->PopClipRect(); }

}  // namespace app

namespace app {

int plot_sample_at_mouse(const Plot& p, const std::vector<double>& xs) {
  if (!p.hovered || p.mouse.x < p.lo.x || p.mouse.x > p.hi.x || xs.empty()) return -1;
  const auto at = std::lower_bound(xs.begin(), xs.end(), p.x_at(p.mouse.x));
  return static_cast<int>(std::min<std::ptrdiff_t>(at - xs.begin(), static_cast<std::ptrdiff_t>(xs.size()) - 1));
}

}  // namespace app
