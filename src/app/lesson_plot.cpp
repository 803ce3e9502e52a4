#include "lesson_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "imgui_internal.h"  // the window's text wrap position (text_wrapped_at_spaces)
#include "style.hpp"
#include "widgets.hpp"

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
  p.log_x = log_x;
  p.log_y = log_y;
  set_ranges(p, x0, x1, y0, y1);
  return p;
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

std::string tick_label(double v, double step) {
  if (std::fabs(v) >= 1e6) {  // 1e6, 2.5e7: shorter than 1,000,000 and still exact for tick values
    const double e = std::floor(std::log10(std::fabs(v)) + 1e-9);
    return fmt("%.3g", v / std::pow(10.0, e)) + "e" + fmt("%.0f", e);
  }
  if (step >= 1 || v == std::round(v)) return grouped(v, 0);
  const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), 1, 6);
  char f[8];
  std::snprintf(f, sizeof f, "%%.%df", decimals);
  return fmt(f, v);
}

std::string grouped(double v, int decimals) {
  if (!std::isfinite(v)) return "-";
  char f[8];
  std::snprintf(f, sizeof f, "%%.%df", std::clamp(decimals, 0, 9));
  std::string s = fmt(f, std::fabs(v));
  const size_t dot = s.find('.');
  const size_t int_end = dot == std::string::npos ? s.size() : dot;
  std::string out;
  for (size_t i = 0; i < int_end; ++i) {
    if (i > 0 && (int_end - i) % 3 == 0) out += ',';
    out += s[i];
  }
  out += s.substr(int_end);
  const bool zero = out.find_first_not_of("0.,") == std::string::npos;
  return (v < 0 && !zero ? "-" : "") + out;
}

void dashed_line(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0 || dash <= 0) return;
  for (float t = 0; t < len; t += 2 * dash) {
    const float e = std::min(t + dash, len);
    dl->AddLine(ImVec2(a.x + dx * t / len, a.y + dy * t / len), ImVec2(a.x + dx * e / len, a.y + dy * e / len), col, thickness);
  }
}

void halo_text(ImDrawList* dl, ImVec2 pos, ImU32 col, const char* text) {
  const ImVec2 sz = ImGui::CalcTextSize(text);
  dl->AddRectFilled(ImVec2(pos.x - 2, pos.y), ImVec2(pos.x + sz.x + 2, pos.y + sz.y), colors::halo, 3);
  dl->AddText(pos, col, text);
}

ImU32 series_color(int i) {
  constexpr int n = colors::kSeriesCount;
  return colors::series[((i % n) + n) % n];
}


ImU32 with_alpha(ImU32 c, int a) {
  return (c & ~IM_COL32_A_MASK) | (static_cast<ImU32>(std::clamp(a, 0, 255)) << IM_COL32_A_SHIFT);
}

ImU32 tint(ImU32 c, float t) { return blend(colors::paper, c, t); }


void text_wrapped_at_spaces(std::string_view text, float width) {
  if (text.empty()) return;
  if (width <= 0) {
    width = ImGui::GetContentRegionAvail().x;
    // A wrap position the caller pushed (ImGui::PushTextWrapPos) narrows the line, as for TextWrapped.
    const ImGuiWindow* w = ImGui::GetCurrentWindow();
    if (w->DC.TextWrapPos > 0) width = std::min(width, w->Pos.x - w->Scroll.x + w->DC.TextWrapPos - w->DC.CursorPos.x);
    width = std::max(width, 1.0f);
  }
  const char* s = text.data();
  const size_t n = text.size();
  constexpr size_t npos = std::string_view::npos;
  ImGui::PushTextWrapPos(-1.0f);  // the lines are cut here; ImGui must not wrap them again
  ImGui::BeginGroup();
  size_t start = 0;
  while (start < n) {
    const size_t para_end = std::min(text.find('\n', start), n);
    // The longest run of whole words from `start` that fits; at least one word.
    size_t best = npos, from = start;
    for (;;) {
      const size_t cut = std::min(text.find(' ', from), para_end);
      if (best != npos && ImGui::CalcTextSize(s + start, s + cut).x > width) break;
      best = cut;
      if (cut >= para_end) break;
      from = cut + 1;
    }
    size_t next = best;
    while (next < para_end && text[next] == ' ') ++next;
    if (next == para_end && para_end < n) ++next;  // the line break itself
    // Lines of one paragraph sit as close as TextWrapped's; the usual item spacing follows the last.
    const bool last = next >= n;
    if (!last) ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
    ImGui::TextUnformatted(s + start, s + best);
    if (!last) ImGui::PopStyleVar();
    start = next;
  }
  ImGui::EndGroup();
  ImGui::PopTextWrapPos();
}

bool same_line_if_fits(float w, float spacing) {
  const float gap = spacing < 0 ? ImGui::GetStyle().ItemSpacing.x : spacing;
  // The right edge of the window's content, or of the table cell (GetContentRegionMax knows both).
  const float right = ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + gap + w > right + 0.5f) return false;
  ImGui::SameLine(0, gap);
  return true;
}

float button_width(const char* label) { return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x; }

float checkbox_width(const char* label) {
  const float text = ImGui::CalcTextSize(label, nullptr, true).x;
  return ImGui::GetFrameHeight() + (text > 0 ? ImGui::GetStyle().ItemInnerSpacing.x + text : 0.0f);
}

void text_after(std::string_view text, float spacing) {
  same_line_if_fits(ImGui::CalcTextSize(text.data(), text.data() + text.size()).x, spacing);
  text_wrapped_at_spaces(text);
}

bool begin_table_fit(const char* id, int columns, ImGuiTableFlags flags, float min_width, int rows) {
  if (ImGui::GetContentRegionAvail().x >= min_width) return ImGui::BeginTable(id, columns, flags);
  // Narrow: natural column widths, a sideways scrollbar, and a height that holds every row (the
  // table's own child window would otherwise take all the height left).
  const ImGuiStyle& st = ImGui::GetStyle();
  const float row_h = ImGui::GetTextLineHeight() + 2 * st.CellPadding.y + 1;
  const float height = static_cast<float>(rows + 1) * row_h + st.ScrollbarSize + 4;
  // (Columns set up without a width fit their contents under SizingFixedFit.)
  flags = (flags & ~ImGuiTableFlags_SizingMask_) | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
  return ImGui::BeginTable(id, columns, flags, ImVec2(0, height));
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
  ImGui::InvisibleButton(id, size);
  p.hovered = ImGui::IsItemHovered();
  p.clicked = ImGui::IsItemClicked();
  p.held = ImGui::IsItemActive();
  p.mouse = ImGui::GetIO().MousePos;

  const float line = ImGui::GetTextLineHeight();
  // Tick labels of y decide the left margin.
  const std::vector<double> yt = log_y ? std::vector<double>{} : nice_ticks(y0, y1, std::max(2, static_cast<int>(size.y / (2.6f * line))));
  std::vector<double> ylog;
  if (log_y) {
    const int decades = static_cast<int>(std::floor(y1) - std::ceil(y0)) + 1;
    const int every = std::max(1, (decades * static_cast<int>(2.2f * line) + static_cast<int>(size.y) - 1) / std::max(1, static_cast<int>(size.y)));
    for (double e = std::ceil(y0); e <= y1 + 1e-9; e += 1)
      if (static_cast<int>(e) % every == 0) ylog.push_back(e);
  }
  const double ystep = yt.size() > 1 ? yt[1] - yt[0] : 1;
  float label_w = 0;
  for (double v : yt) label_w = std::max(label_w, ImGui::CalcTextSize(tick_label(v, ystep).c_str()).x);
  for (double e : ylog) label_w = std::max(label_w, ImGui::CalcTextSize(tick_label(std::pow(10.0, e), 1).c_str()).x);

  const float pad = 6 * ui_scale;
  // Axis titles wider than the frame (a phone, a large UI scale) wrap onto more lines, and the
  // plotting rectangle gives them the room.
  const float wrap = size.x - 2 * pad;
  const bool has_x = x_label && *x_label, has_y = y_label && *y_label;
  const float x_title_h = has_x ? std::max(line, ImGui::CalcTextSize(x_label, nullptr, false, wrap).y) : line;
  const float y_title_h = has_y ? std::max(line, ImGui::CalcTextSize(y_label, nullptr, false, wrap).y) : line;
  p.lo = ImVec2(origin.x + label_w + 2 * pad, origin.y + y_title_h + pad);
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
      const std::string s = tick_label(std::pow(10.0, e), 1);
      dl->AddText(ImVec2(p.lo.x - pad - ImGui::CalcTextSize(s.c_str()).x, y - line / 2), text, s.c_str());
    }
  }
  // x ticks: as many as fit with room for the widest label.
  const float xlabel_w = std::max(ImGui::CalcTextSize(tick_label(x1, 1).c_str()).x, ImGui::CalcTextSize(tick_label(x0, 1).c_str()).x);
  const int max_xt = std::max(2, static_cast<int>(p.width() / (xlabel_w + 3 * line)));
  std::vector<double> xt = nice_ticks(x0, x1, max_xt);
  if (integer_x && xt.size() > 1 && xt[1] - xt[0] < 1) {
    xt.clear();
    for (double v = std::ceil(x0); v <= x1; v += 1) xt.push_back(v);
  }
  const double xstep = xt.size() > 1 ? xt[1] - xt[0] : 1;
  for (double v : xt) {
    const float x = p.sx(v);
    dl->AddLine(ImVec2(x, p.lo.y), ImVec2(x, p.hi.y), grid);
    const std::string s = tick_label(v, xstep);
    const float w = ImGui::CalcTextSize(s.c_str()).x;
    dl->AddText(ImVec2(std::clamp(x - w / 2, origin.x, origin.x + size.x - w), p.hi.y + pad / 2), text, s.c_str());
  }
  dl->AddRect(p.lo, p.hi, colors::frame);
  ImFont* font = ImGui::GetFont();
  const float font_size = ImGui::GetFontSize();
  if (has_x) {
    const float w = ImGui::CalcTextSize(x_label).x;
    if (w <= size.x)  // centred under the plot, kept inside the frame
      dl->AddText(ImVec2(std::clamp(p.lo.x + (p.width() - w) / 2, origin.x, origin.x + size.x - w), p.hi.y + line + pad / 2),
                  colors::text_dim, x_label);
    else
      dl->AddText(font, font_size, ImVec2(origin.x + pad, p.hi.y + line + pad / 2), colors::text_dim, x_label, nullptr, wrap);
  }
  if (has_y) dl->AddText(font, font_size, ImVec2(origin.x, origin.y), colors::text_dim, y_label, nullptr, wrap);
  return p;
}

void plot_clip_push(const Plot& p, float outset) {
  ImGui::GetWindowDrawList()->PushClipRect(p.lo, ImVec2(p.hi.x + outset, p.hi.y + outset), true);
}
void plot_clip_pop() { ImGui::GetWindowDrawList()->PopClipRect(); }

}  // namespace app
