#include "ui/lesson_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "imgui_internal.h"  // the window's text wrap position (text_wrapped_at_spaces)
#include "ui/style.hpp"
#include "ui/widgets.hpp"

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
  step = std::fabs(step);
  if (std::fabs(v) >= 1e6 && step >= 1e5) {
    // Short form only when three significant digits hold the value exactly: 1e6, 2.5e7 (a decade of a
    // log axis, or ticks so far apart that neighbours differ in those digits).
    const double e = std::floor(std::log10(std::fabs(v)) + 1e-9);
    const double mant = v / std::pow(10.0, e);
    if (std::fabs(mant * 100 - std::round(mant * 100)) < 1e-6) return fmt("%.3g", mant) + "e" + fmt("%.0f", e);
  }
  if (step >= 1 || v == std::round(v)) return grouped(v, 0);
  const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), 1, 6);
  return grouped(v, decimals);
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


namespace detail {

namespace {
// Signs of a relation, which keep the words on either side of them on their line.
bool relation_sign_at(std::string_view t, size_t i) {
  if (i >= t.size()) return false;
  if (t[i] == '=') return true;
  // ≈ (E2 89 88), ≠ (E2 89 A0), ≤ (E2 89 A4), ≥ (E2 89 A5)
  if (i + 2 < t.size() && t[i] == '\xE2' && t[i + 1] == '\x89') {
    const char c = t[i + 2];
    return c == '\x88' || c == '\xA0' || c == '\xA4' || c == '\xA5';
  }
  return false;
}
bool relation_sign_ends_at(std::string_view t, size_t end) {  // the sign's last byte is t[end - 1]
  if (end >= 1 && t[end - 1] == '=') return true;
  return end >= 3 && relation_sign_at(t, end - 3);
}
// The word (run of non-spaces) that ends at `end` or begins at `begin`.
std::string_view word_ending_at(std::string_view t, size_t end) {
  size_t b = end;
  while (b > 0 && t[b - 1] != ' ' && t[b - 1] != '\n') --b;
  return t.substr(b, end - b);
}
std::string_view word_starting_at(std::string_view t, size_t begin) {
  size_t e = begin;
  while (e < t.size() && t[e] != ' ' && t[e] != '\n') ++e;
  return t.substr(begin, e - begin);
}
// A lone arithmetic operator: - + − × · /
bool is_operator(std::string_view w) {
  return w == "-" || w == "+" || w == "/" || w == "\xE2\x88\x92" || w == "\xC3\x97" || w == "\xC2\xB7";
}
// A short operand ("n", "pos", "2i"): an expression of such operands stays whole ("n - m", "pos + k").
bool is_short(std::string_view w) { return !w.empty() && w.size() <= 4; }
}  // namespace

bool may_break_at(std::string_view text, size_t at) {
  size_t before = at, after = at;
  while (before > 0 && text[before - 1] == ' ') --before;
  while (after < text.size() && text[after] == ' ') ++after;
  if (before == 0 || after >= text.size() || text[after] == '\n') return true;
  if (relation_sign_ends_at(text, before) || relation_sign_at(text, after)) return false;
  const std::string_view prev = word_ending_at(text, before), next = word_starting_at(text, after);
  if (is_operator(prev) && is_short(next)) {  // "n - | m": the operand before the operator must be short too
    size_t b = before - prev.size();
    while (b > 0 && text[b - 1] == ' ') --b;
    if (b > 0 && is_short(word_ending_at(text, b))) return false;
  }
  if (is_operator(next) && is_short(prev)) {  // "n | - m"
    size_t e = after + next.size();
    while (e < text.size() && text[e] == ' ') ++e;
    if (e < text.size() && is_short(word_starting_at(text, e))) return false;
  }
  return true;
}

}  // namespace detail

std::string shown_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0') {
      out.push_back(' ');
      ++i;
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

namespace {
std::vector<TextLine> wrap_in_font(std::string_view text, float width) {
  return wrap_at_spaces(text, width, [](std::string_view line) {
    const std::string t = shown_text(line);
    return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x;
  });
}
}  // namespace

ImVec2 wrapped_text_size(std::string_view text, float width) {
  const std::string t = shown_text(text);
  ImVec2 size(0, 0);
  for (const TextLine& l : wrap_in_font(t, width)) {
    size.x = std::max(size.x, ImGui::CalcTextSize(t.data() + l.begin, t.data() + l.end).x);
    size.y += ImGui::GetTextLineHeight();
  }
  return size;
}

ImVec2 add_text_wrapped(ImDrawList* dl, ImVec2 pos, ImU32 col, std::string_view text, float width) {
  const std::string t = shown_text(text);
  const float line = ImGui::GetTextLineHeight();
  ImVec2 size(0, 0);
  for (const TextLine& l : wrap_in_font(t, width)) {
    dl->AddText(ImVec2(pos.x, pos.y + size.y), col, t.data() + l.begin, t.data() + l.end);
    size.x = std::max(size.x, ImGui::CalcTextSize(t.data() + l.begin, t.data() + l.end).x);
    size.y += line;
  }
  return size;
}

void text_wrapped_at_spaces(std::string_view text, float width) {
  if (text.empty()) return;
  if (width <= 0) {
    width = ImGui::GetContentRegionAvail().x;
    // A wrap position the caller pushed (ImGui::PushTextWrapPos) narrows the line, as for TextWrapped.
    const ImGuiWindow* w = ImGui::GetCurrentWindow();
    if (w->DC.TextWrapPos > 0) width = std::min(width, w->Pos.x - w->Scroll.x + w->DC.TextWrapPos - w->DC.CursorPos.x);
    width = std::max(width, 1.0f);
  }
  const std::string t = shown_text(text);
  const std::vector<TextLine> lines = wrap_in_font(t, width);
  ImGui::PushTextWrapPos(-1.0f);  // the lines are cut here; ImGui must not wrap them again
  ImGui::BeginGroup();
  for (size_t i = 0; i < lines.size(); ++i) {
    // Lines of one paragraph sit as close as TextWrapped's; the usual item spacing follows the last.
    const bool last = i + 1 == lines.size();
    if (!last) ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
    ImGui::TextUnformatted(t.data() + lines[i].begin, t.data() + lines[i].end);
    if (!last) ImGui::PopStyleVar();
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
  const std::string t = shown_text(text);
  same_line_if_fits(ImGui::CalcTextSize(t.data(), t.data() + t.size()).x, spacing);
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

void plot_clip_push(const Plot& p, float outset) {
  ImGui::GetWindowDrawList()->PushClipRect(p.lo, ImVec2(p.hi.x + outset, p.hi.y + outset), true);
}
void plot_clip_pop() { ImGui::GetWindowDrawList()->PopClipRect(); }

void plot_key(const Plot& p, std::initializer_list<std::pair<ImU32, std::string>> rows, float sc) {
  plot_key(p, std::span<const std::pair<ImU32, std::string>>(rows.begin(), rows.size()), sc);
}

void plot_key(const Plot& p, std::span<const std::pair<ImU32, std::string>> rows, float sc) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float line = ImGui::GetTextLineHeight();
  float widest = 0;
  for (const auto& [col, label] : rows) widest = std::max(widest, ImGui::CalcTextSize(label.c_str()).x);
  const float x = p.hi.x - widest - 30 * sc;
  float y = p.lo.y + 4 * sc;
  dl->AddRectFilled(ImVec2(x - 6 * sc, y - 2 * sc), ImVec2(p.hi.x - 2 * sc, y + static_cast<float>(rows.size()) * line + 2 * sc),
                    colors::halo, 3 * sc);
  for (const auto& [col, label] : rows) {
    dl->AddLine(ImVec2(x, y + line / 2), ImVec2(x + 18 * sc, y + line / 2), col, 2.4f * sc);
    dl->AddText(ImVec2(x + 24 * sc, y), colors::ink, label.c_str());
    y += line;
  }
}

}  // namespace app
