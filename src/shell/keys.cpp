// The keyboard of lectures and the help overlay that lists it (README "Keyboard").
#include "shell/keys.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "imgui.h"
#include "state/interface_text.hpp"
#include "state/tour.hpp"
#include "ui/focus.hpp"
#include "ui/widgets.hpp"

namespace app {

// Keyboard control for lectures. Keys act only when no text field is being edited.
void handle_keys(App& a) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  State& s = a.state;
  auto pressed = [](ImGuiKey k) {
#if IMGUI_VERSION_NUM >= 18700  // 1.87 made ImGuiKey the key index (Debian 13 has 1.90)
    return ImGui::IsKeyPressed(k);
#else  // 1.86 (Debian 12): keys through the backend's key map
    return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k));
#endif
  };
  // While a control has the keyboard ring, arrows, Space and Enter are the focus's and ImGui's (move,
  // adjust, press; ui/focus.hpp).
  const bool on_control = focus_on_control();
  if (!on_control) {
    if (pressed(ImGuiKey_LeftArrow)) set_number(s, Field::pos, std::round(s.pos) - 1);
    if (pressed(ImGuiKey_RightArrow)) set_number(s, Field::pos, std::round(s.pos) + 1);
    if (pressed(ImGuiKey_UpArrow)) set_number(s, Field::k, std::round(s.k) + 1);
    if (pressed(ImGuiKey_DownArrow)) set_number(s, Field::k, std::round(s.k) - 1);
  }
  // Presentation clickers send PageDown/PageUp: next/previous tour step, or view outside the tour (the
  // steps and lessons this figure offers, `views`; a locked figure refuses both).
  const int next = next_offered_step(s, s.step, 1), previous = next_offered_step(s, s.step, -1);
  if (pressed(ImGuiKey_PageDown)) {
    if (s.step > 0) set_step(s, next > 0 ? next : s.step);
    else set_view(s, next_offered_view(s, 1));
  }
  if (pressed(ImGuiKey_PageUp)) {
    if (s.step > 0) set_step(s, previous > 0 ? previous : s.step);
    else set_view(s, next_offered_view(s, -1));
  }
  if (pressed(ImGuiKey_Escape)) {
    // One thing at a time, the most recent first: the focus ring, the pen or pointer, the help, the
    // drawer (escape_consumed() says whether there is one; otherwise the page lets focus leave).
    if (on_control) focus_clear();
    else if (a.notes.mode != AnnotateMode::off) a.notes.mode = AnnotateMode::off;
    else if (a.show_help) a.show_help = false;
    else a.drawer_open = false;
  }
  // The tour's open question: number keys choose, Enter checks a value (where no control has the ring).
  const TourStep* step = tour_step(s.step);
  const bool asking = step && !step->prompt.empty() && a.tour_progress.step == s.step && !a.tour_progress.revealed();
  if (asking && !step->prompt.is_choice() && !on_control && pressed(ImGuiKey_Enter))
    answer_value(a.tour_progress, step->prompt, s);
  for (int i = 0; i < io.InputQueueCharacters.Size; ++i) {
    const ImWchar c = io.InputQueueCharacters[i];
    if (asking && step->prompt.is_choice() && c >= '1' && c <= '9') {
      answer_choice(a.tour_progress, step->prompt, c - '0', s);
      continue;
    }
    switch (c) {
      case ' ': if (!on_control) set_number(s, Field::playing, s.playing ? 0 : 1); break;
      case 't': set_step(s, s.step > 0 ? 0 : next_offered_step(s, 0, 1)); break;
      case 'n': if (s.step > 0) set_step(s, next); break;  // past the last (next = 0): the end
      case 'p': if (s.step > 0 && previous > 0) set_step(s, previous); break;
      case 'h': case '?': a.show_help = !a.show_help; break;
      case 'f': a.toggle_fullscreen = true; break;
      case 'c':
        if (a.narrow && s.controls) a.drawer_open = !a.drawer_open;
        else set_number(s, Field::controls, s.controls ? 0 : 1);
        break;
      case 'i': set_number(s, Field::text, static_cast<double>(s.text == LessonText::off ? LessonText::automatic : LessonText::off)); break;
      case 'd': toggle_annotate(a.notes, AnnotateMode::pen); break;
      case 'l': toggle_annotate(a.notes, AnnotateMode::pointer); break;
      case 'x': a.notes.strokes.clear(); break;
      case '+': case '=': set_number(s, Field::scale, std::min(kMaxScale, s.scale + 0.25)); break;
      case '-': set_number(s, Field::scale, std::max(kMinScale, s.scale - 0.25)); break;
      default: break;
    }
  }
}

namespace {
std::string ui_key(const char* prefix, const char* id) {
  std::string key = prefix;
  key += id;
  return std::string(ui(key));
}
}  // namespace

void draw_help(App& a) {
  if (!a.show_help) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::Begin(ui_label("help_title").c_str(), &a.show_help, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse);
  // Each row's key and what it does: key_<id> and help_<id> in src/state/interface.txt.
  static constexpr const char* kKeys[] = {"space", "left_right", "up_down", "pages", "t", "n_p", "digits", "f", "c", "i", "d", "l", "x", "plus_minus", "tab", "enter", "f6", "arrows", "space_enter", "h", "esc"};
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
    for (const char* k : kKeys) {
      const std::string key = ui_key("key_", k), what = ui_key("help_", k);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(key.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(what.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace app
