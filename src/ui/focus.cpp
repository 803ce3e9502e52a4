#include "ui/focus.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"

namespace app {

namespace {

struct Control {
  ImGuiID id = 0;
  ImGuiWindow* window = nullptr;
  ImRect rect;
  std::string label;
  bool lead = false;  // drawn between focus_lead_begin/end: first in the Tab order
};
bool g_lead = false;

std::vector<Control> g_drawing;  // this frame's controls, as ImGui adds them
std::vector<Control> g_order;    // the last whole frame's: the Tab order
ImGuiID g_pending = 0;           // a move asked for between frames
bool g_pending_clear = false;
int g_drawing_frame = -1;        // the ImGui frame g_drawing belongs to

void add_control(ImGuiContext* ctx, ImGuiID id, const ImRect& bb) {
  ImGuiWindow* w = ctx->CurrentWindow;
  if (id == 0 || !w) return;
  if (ctx->FrameCount != g_drawing_frame) {  // a frame whose end nobody reported (tests): it ended
    if (!g_drawing.empty()) g_order.swap(g_drawing);
    g_drawing.clear();
    g_drawing_frame = ctx->FrameCount;
  }
  // Not controls: a window's own registration and title bar, a child window as an item of its parent,
  // disabled items, and the pen/pointer layer that covers the canvas while it is on.
  for (const ImGuiWindow* child : ctx->Windows)
    if (child->ChildId == id) return;  // EndChild() adds the child window as an item of its parent
  if (id == w->ID || id == w->MoveId || id == ImGui::GetWindowScrollbarID(w, ImGuiAxis_X) ||
      id == ImGui::GetWindowScrollbarID(w, ImGuiAxis_Y) || std::strncmp(w->Name, "##annotate", 10) == 0 ||
      std::strncmp(w->Name, "Debug##Default", 14) == 0)  // ImGui's implicit window, never shown here
    return;
  if (ctx->CurrentItemFlags & (ImGuiItemFlags_Disabled | ImGuiItemFlags_NoNav)) return;
  if (ctx->CurrentTable && (ctx->CurrentTable->RowFlags & ImGuiTableRowFlags_Headers)) return;  // column titles: no action
  for (const Control& c : g_drawing)
    if (c.id == id) return;  // registered twice in one frame (e.g. a tab bar's tab)
  g_drawing.push_back({id, w, bb, {}, g_lead});
}

void note_label(ImGuiID id, const char* label) {
  if (!label) return;
  for (size_t i = g_drawing.size(); i-- > 0;)
    if (g_drawing[i].id == id) {
      const char* end = std::strstr(label, "##");  // what is drawn: the part before "##"
      if (end != label) g_drawing[i].label.assign(label, end ? static_cast<size_t>(end - label) : std::strlen(label));
      return;
    }
}

// ImGui's keyboard navigation is on only while a control has the ring (or a Tab is on its way to one):
// otherwise the figure's own arrow keys (pos and k) would start ImGui's navigation and be taken by it.
void update_nav_flag(bool on) {
  ImGuiIO& io = ImGui::GetIO();
  if (on) io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  else io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
}

}  // namespace

void add_control_hook(ImGuiContext* ctx, ImGuiID id, const ImRect& bb) { add_control(ctx, id, bb); }
void note_label_hook(ImGuiID id, const char* label) { note_label(id, label); }

namespace {

int index_of(ImGuiID id) {
  for (size_t i = 0; i < g_order.size(); ++i)
    if (g_order[i].id == id) return static_cast<int>(i);
  return -1;
}

}  // namespace

void focus_init() {
  update_nav_flag(false);
  ImGui::GetCurrentContext()->TestEngineHookItems = true;
}

void focus_new_frame() {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  if (g_pending_clear) {
    g_pending_clear = false;
    g.NavId = 0;
    g.NavDisableHighlight = true;
  }
  if (!g_pending) return;
  const int i = index_of(g_pending);
  g_pending = 0;
  if (i < 0) return;
  const Control& c = g_order[static_cast<size_t>(i)];
  ImGui::FocusWindow(c.window);
  ImGui::SetFocusID(c.id, c.window);
  g.NavDisableHighlight = false;
  g.NavDisableMouseHover = true;
  // Scroll a control that was scrolled away (a long sidebar on a short screen) into view.
  ImGui::ScrollToRect(c.window, c.rect);
}

void focus_lead_begin() { g_lead = true; }
void focus_lead_end() { g_lead = false; }

void focus_end_frame() {
  // The lead region's controls first, each part in drawing order.
  std::stable_partition(g_drawing.begin(), g_drawing.end(), [](const Control& c) { return c.lead; });
  g_lead = false;
  g_order.swap(g_drawing);
  g_drawing.clear();
  g_drawing_frame = -1;
  update_nav_flag(g_pending != 0 || focus_on_control());
}

bool focus_move(int dir) {
  if (g_order.empty()) return false;
  const int n = static_cast<int>(g_order.size());
  // From the pending target if a move is already queued (two Tabs between frames), else the ring.
  const ImGuiID from = g_pending ? g_pending : (focus_on_control() ? ImGui::GetCurrentContext()->NavId : 0);
  const int i = from ? index_of(from) : -1;
  const int next = i < 0 ? (dir > 0 ? 0 : -1) : i + (dir > 0 ? 1 : -1);
  if (next < 0 || next >= n) {
    // Past either end: the ring goes away (Shift+Tab from the first control lands on the figure
    // itself, Tab from the last leaves it).
    g_pending = 0;
    if (i >= 0) {
      g_pending_clear = true;
      return dir < 0;  // back to the figure itself: still inside
    }
    return false;
  }
  g_pending = g_order[static_cast<size_t>(next)].id;
  g_pending_clear = false;
  update_nav_flag(true);
  return true;
}

bool focus_on_control() {
  const ImGuiContext* g = ImGui::GetCurrentContext();
  return g && g->NavId != 0 && !g->NavDisableHighlight && !g_pending_clear;
}

void focus_clear() {
  g_pending = 0;
  g_pending_clear = true;
}

std::string focus_label() {
  const ImGuiContext* g = ImGui::GetCurrentContext();
  const ImGuiID id = g_pending ? g_pending : (focus_on_control() ? g->NavId : 0);
  const int i = id ? index_of(id) : -1;
  return i < 0 ? std::string() : g_order[static_cast<size_t>(i)].label;
}

void focus_name(std::string_view name) {
  const ImGuiContext* g = ImGui::GetCurrentContext();
  if (g && !g_drawing.empty() && g_drawing.back().id == g->LastItemData.ID) g_drawing.back().label.assign(name);
}

int focus_count() { return static_cast<int>(g_order.size()); }

std::vector<FocusControl> focus_controls() {
  std::vector<FocusControl> out;
  for (const Control& c : g_order) out.push_back({c.label, c.rect.Min.x, c.rect.Min.y, c.rect.Max.x, c.rect.Max.y});
  return out;
}

}  // namespace app

// ---- Dear ImGui's item hooks (imgui_internal.h, IMGUI_ENABLE_TEST_ENGINE): ImGui calls them for every
// item while ImGuiContext::TestEngineHookItems is set. The signature of the first changed after 1.86.
#if IMGUI_VERSION_NUM < 18700
void ImGuiTestEngineHook_ItemAdd(ImGuiContext* ctx, const ImRect& bb, ImGuiID id) { app::add_control_hook(ctx, id, bb); }
#else
void ImGuiTestEngineHook_ItemAdd(ImGuiContext* ctx, ImGuiID id, const ImRect& bb, const ImGuiLastItemData*) {
  app::add_control_hook(ctx, id, bb);
}
#endif
void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID id, const char* label, ImGuiItemStatusFlags) { app::note_label_hook(id, label); }
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
