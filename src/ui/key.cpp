#include "ui/key.hpp"

#include <algorithm>

#include "ui/label.hpp"
#include "ui/marks.hpp"
#include "ui/style.hpp"
#include "ui/text_layout.hpp"

namespace app {

namespace {

// The key's rows with their first line's left end at (x, y), on a halo box.
void draw_plot_key(const Plot& p, std::span<const std::pair<ImU32, std::string>> rows, float x, float y, float right, float sc) {
  (void)p;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float line = ImGui::GetTextLineHeight();
  dl->AddRectFilled(ImVec2(x - 6 * sc, y - 2 * sc), ImVec2(right, y + static_cast<float>(rows.size()) * line + 2 * sc), colors::halo, 3 * sc);
  for (const auto& [col, label] : rows) {
    dl->AddLine(ImVec2(x, y + line / 2), ImVec2(x + 18 * sc, y + line / 2), col, 2.4f * sc);
    dl->AddText(ImVec2(x + 24 * sc, y), colors::ink, label.c_str());
    y += line;
  }
}

float widest_label(std::span<const std::pair<ImU32, std::string>> rows) {
  float widest = 0;
  for (const auto& [col, label] : rows) widest = std::max(widest, ImGui::CalcTextSize(label.c_str()).x);
  return widest;
}

}  // namespace

void plot_key(const Plot& p, std::initializer_list<std::pair<ImU32, std::string>> rows, float sc) {
  plot_key(p, std::span<const std::pair<ImU32, std::string>>(rows.begin(), rows.size()), sc);
}

void plot_key(const Plot& p, std::span<const std::pair<ImU32, std::string>> rows, float sc) {
  const float widest = widest_label(rows);
  draw_plot_key(p, rows, p.hi.x - widest - 30 * sc, p.lo.y + 4 * sc, p.hi.x - 2 * sc, sc);
}

void plot_key(const Plot& p, std::initializer_list<std::pair<ImU32, std::string>> list, float sc, const LabelPlacer& avoid) {
  const std::span<const std::pair<ImU32, std::string>> rows(list.begin(), list.size());
  const float widest = widest_label(rows);
  const float line = ImGui::GetTextLineHeight();
  // The box: from 6 px left of the lines to 2 px inside the frame, 2 px above and below the rows.
  const ImVec2 box(widest + 34 * sc, static_cast<float>(rows.size()) * line + 4 * sc);
  const float left = p.lo.x + 2 * sc, right = p.hi.x - 2 * sc - box.x;
  const float top = p.lo.y + 2 * sc, bottom = p.hi.y - 2 * sc - box.y;
  const ImVec2 corners[] = {ImVec2(right, top), ImVec2(left, top), ImVec2(right, bottom), ImVec2(left, bottom)};
  size_t best = 0;
  float best_cost = 0;
  for (size_t j = 0; j < 4; ++j) {
    const float c = avoid.cost(corners[j], box);
    if (j == 0 || c < best_cost) best = j, best_cost = c;
    if (c <= 0) break;
  }
  if (best == 0) {  // the usual corner, exactly where the two-argument plot_key puts it
    plot_key(p, rows, sc);
    return;
  }
  const ImVec2 at = corners[best];
  draw_plot_key(p, rows, at.x + 6 * sc, at.y + 2 * sc, at.x + box.x, sc);
}

ImVec2 key_box_size(std::span<const KeyEntry> entries, float sc, float width) {
  const float pad = 5 * sc, swatch = 22 * sc, gap = 6 * sc;
  const float words = width > 0 ? width - 2 * pad - swatch - gap : 1e9f;  // the entries' words wrap at this width
  float text_w = 0, text_h = 0;
  for (const KeyEntry& e : entries) {
    const ImVec2 t = wrapped_text_size(e.text, words);
    text_w = std::max(text_w, t.x);
    text_h += t.y;
  }
  const float count = static_cast<float>(entries.size());
  return ImVec2(2 * pad + swatch + gap + text_w, 2 * pad + text_h + std::max(0.0f, count - 1) * 2 * sc);
}

void key_box(ImDrawList* dl, ImVec2 at, std::span<const KeyEntry> entries, float sc, float width) {
  const float line = ImGui::GetTextLineHeight(), pad = 5 * sc, swatch = 22 * sc, gap = 6 * sc;
  const float words = width > 0 ? width - 2 * pad - swatch - gap : 1e9f;
  const ImVec2 size = key_box_size(entries, sc, width);
  const ImVec2 hi(at.x + size.x, at.y + size.y);
  dl->AddRectFilled(at, hi, colors::paper, 3 * sc);
  dl->AddRect(at, hi, colors::axis, 3 * sc, 0, 1.0f * sc);
  float y = at.y + pad;
  for (const KeyEntry& e : entries) {
    const ImVec2 a(at.x + pad, y + line / 2), b(at.x + pad + swatch, y + line / 2);
    if (e.dashed)
      dashed_line(dl, a, b, e.col, 2 * sc, 4 * sc);
    else
      dl->AddLine(a, b, e.col, 2.5f * sc);
    y += add_text_wrapped(dl, ImVec2(b.x + gap, y), colors::ink, e.text, words).y + 2 * sc;
  }
}

void key_row(const KeyEntry& e, float sc) {
  const float lh = ImGui::GetTextLineHeight();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 q = ImGui::GetCursorScreenPos();
  const ImVec2 a(q.x + 2 * sc, q.y + lh / 2), b(q.x + 24 * sc, q.y + lh / 2);
  if (e.dashed)
    dashed_line(dl, a, b, e.col, 1.5f * sc, 4 * sc);
  else
    dl->AddLine(a, b, e.col, 2.5f * sc);
  ImGui::SetCursorScreenPos(ImVec2(q.x + 30 * sc, q.y));
  text_wrapped_at_spaces(e.text);
  ImGui::SetCursorScreenPos(ImVec2(q.x, ImGui::GetCursorScreenPos().y));
}

void key_swatch(ImDrawList* dl, float x, float y, float w, const Swatch& s) {
  const float cx = x + w / 2;
  switch (s.mark) {
    case Swatch::line: dl->AddLine(ImVec2(x, y), ImVec2(x + w, y), s.col, s.thickness); break;
    case Swatch::bar: dl->AddRectFilled(ImVec2(x, y - s.size), ImVec2(x + w, y + s.size), s.col); break;
    case Swatch::dot: dl->AddCircleFilled(ImVec2(cx, y), s.size, s.col); break;
    case Swatch::ring: dl->AddCircle(ImVec2(cx, y), s.size, s.col, s.segments, s.thickness); break;
    case Swatch::square: dl->AddRectFilled(ImVec2(cx - s.size, y - s.size), ImVec2(cx + s.size, y + s.size), s.col); break;
  }
}

ImVec2 key_item(ImDrawList* dl, ImVec2 at, const FlowEntry& e, const KeyFlow& k, float wrap) {
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 tsz = ImGui::CalcTextSize(e.text, nullptr, false, wrap);
  key_swatch(dl, at.x, at.y + line / 2, k.swatch, e.swatch);
  const ImVec2 tp(at.x + k.swatch + k.gap, at.y);
  if (wrap > 0)
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), tp, k.text_col, e.text, nullptr, wrap);
  else
    dl->AddText(tp, k.text_col, e.text);
  return ImVec2(k.swatch + k.gap + tsz.x, std::max(line, tsz.y));
}

float key_flow(std::span<const FlowEntry> entries, float width, const KeyFlow& k) {
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // The words of an entry wider than the whole row wrap within it.
  const float wrap = width - k.swatch - k.gap;
  float x = o.x, y = o.y, row_h = line;
  for (const FlowEntry& e : entries) {
    const float w = k.swatch + k.gap + ImGui::CalcTextSize(e.text, nullptr, false, wrap).x;
    if (x > o.x && x + w > o.x + width) {
      x = o.x;
      y += row_h + k.row_gap;
      row_h = line;
    }
    row_h = std::max(row_h, key_item(dl, ImVec2(x, y), e, k, wrap).y);
    x += w + k.space;
  }
  const float height = y - o.y + row_h;
  ImGui::Dummy(ImVec2(width, height));
  return height;
}

void ramp_bar(ImDrawList* dl, ImVec2 lo, ImVec2 hi, ImU32 left, ImU32 right, ImU32 border) {
  dl->AddRectFilledMultiColor(lo, hi, left, right, right, left);
  dl->AddRect(lo, hi, border);
}

void ramp_bar(ImDrawList* dl, ImVec2 lo, ImVec2 hi, ImU32 neg, ImU32 zero, ImU32 pos, ImU32 border) {
  const float mid = lo.x + (hi.x - lo.x) / 2;
  dl->AddRectFilledMultiColor(lo, ImVec2(mid, hi.y), neg, zero, zero, neg);
  dl->AddRectFilledMultiColor(ImVec2(mid, lo.y), hi, zero, pos, pos, zero);
  dl->AddRect(lo, hi, border);
}

}  // namespace app
