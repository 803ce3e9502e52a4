#include "ui/focus.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"
#include "state/interface_text.hpp"

namespace app {

namespace {

struct Control {
  ImGuiID id = 0;
  ImGuiWindow* window = nullptr;
  ImRect rect;
  std::string label;
  FocusRegion region = FocusRegion::view;
  bool landing = false;   // where its region is entered (focus_landing)
  std::string group;      // a member of a set that is one stop (focus_member); "" for a control
  bool current = false;   // the member chosen: the stop
  int value = 0;          // what the member stands for (its pair)
};
struct Member {
  std::string group;
  int value;
};
std::vector<Member> g_members_drawing, g_members;  // this frame's and the last frame's members, in order
FocusRegion g_region = FocusRegion::view;
bool g_landing_next = false;
std::string g_ring_group;  // the group of the control with the ring: the ring follows its current member
std::string g_choice_group;  // the member the keyboard chose, for focus_take_choice
int g_choice = 0;

std::vector<Control> g_drawing;  // this frame's controls, as ImGui adds them
std::vector<Control> g_order;    // the last whole frame's: the Tab order
ImGuiID g_pending = 0;           // a move asked for between frames
bool g_pending_clear = false;
int g_drawing_frame = -1;        // the ImGui frame g_drawing belongs to

// Dear ImGui's own controls whose labels are hidden: the tab bar's scroll arrows (ImGui names them
// "##<" and "##>", so a screen reader had nothing to say but the figure's name) and its list button.
constexpr struct { const char* id; const char* name; } kImGuiHiddenLabels[] = {
    {"##<", "Scroll the tabs left"}, {"##>", "Scroll the tabs right"}, {"##v", "List of the tabs"}};

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
  Control c;
  // These report no label (ImGui::ArrowButtonEx has no item info): known by their id in the ID stack.
  for (const auto& h : kImGuiHiddenLabels)
    if (!w->IDStack.empty() && id == ImHashStr(h.id, 0, w->IDStack.back())) c.label = h.name;
  c.id = id;
  c.window = w;
  c.rect = bb;
  c.region = g_region;
  c.landing = g_landing_next;
  g_landing_next = false;
  g_drawing.push_back(std::move(c));
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

// The control that has the ring, or is about to (a move queued between frames): its index, or -1.
int ringed() {
  const ImGuiContext* g = ImGui::GetCurrentContext();
  const ImGuiID id = g_pending ? g_pending : (focus_on_control() ? g->NavId : 0);
  return id ? index_of(id) : -1;
}

void ring_to(int i) {
  g_pending = g_order[static_cast<size_t>(i)].id;
  g_pending_clear = false;
  update_nav_flag(true);
}

// The indices of region r's controls, in drawing order.
std::vector<int> region_controls(FocusRegion r) {
  std::vector<int> out;
  for (size_t i = 0; i < g_order.size(); ++i)
    if (g_order[i].region == r) out.push_back(static_cast<int>(i));
  return out;
}

// Where region r is entered: its landing control, else its first; -1 when it has none.
int region_entry(FocusRegion r) {
  const std::vector<int> in = region_controls(r);
  for (int i : in)
    if (g_order[static_cast<size_t>(i)].landing) return i;
  return in.empty() ? -1 : in.front();
}

// F6: the next (dir > 0) or previous non-empty region's entry, from `from` (-1: from the figure itself,
// so that F6 enters the first region and Shift+F6 the last).
bool region_step(int from, int dir) {
  const int start = from < 0 ? (dir > 0 ? -1 : kFocusRegions) : static_cast<int>(g_order[static_cast<size_t>(from)].region);
  for (int k = 1; k <= kFocusRegions; ++k) {
    const int r = ((start + dir * k) % kFocusRegions + kFocusRegions) % kFocusRegions;
    const int i = region_entry(static_cast<FocusRegion>(r));
    if (i >= 0) {
      ring_to(i);
      return true;
    }
  }
  return false;
}

// An arrow on a control: the next / previous control of its region, round at the ends; Home / End
// (to_end) its last / first.
void step_in_region(int from, int dir, bool to_end) {
  const std::vector<int> in = region_controls(g_order[static_cast<size_t>(from)].region);
  const auto at = std::find(in.begin(), in.end(), from);
  if (in.empty() || at == in.end()) return;
  const int n = static_cast<int>(in.size()), k = static_cast<int>(at - in.begin());
  const int next = to_end ? (dir > 0 ? n - 1 : 0) : ((k + dir) % n + n) % n;
  ring_to(in[static_cast<size_t>(next)]);
}

}  // namespace

void focus_init() {
  update_nav_flag(false);
  ImGui::GetCurrentContext()->TestEngineHookItems = true;
}

void focus_new_frame() {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  g_region = FocusRegion::view;
  g_landing_next = false;
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

void focus_region(FocusRegion r) { g_region = r; }

std::string focus_region_name(FocusRegion r) {
  switch (r) {
    case FocusRegion::tour: return std::string(ui("region_tour"));
    case FocusRegion::view: return std::string(ui("region_view"));
    case FocusRegion::controls: return std::string(ui("controls"));
    case FocusRegion::lessons: return std::string(ui("region_lessons"));
  }
  return "";
}

void focus_landing() { g_landing_next = true; }

void focus_member(std::string_view group, bool current, int value) {
  const ImGuiContext* g = ImGui::GetCurrentContext();
  if (!g) return;
  g_members_drawing.push_back({std::string(group), value});
  if (g_drawing.empty() || g_drawing.back().id != g->LastItemData.ID) return;
  g_drawing.back().group.assign(group);
  g_drawing.back().current = current;
  g_drawing.back().value = value;
}

bool focus_take_choice(std::string_view group, int& value) {
  if (g_choice_group.empty() || g_choice_group != group) return false;
  value = g_choice;
  g_choice_group.clear();
  return true;
}

void focus_ring() {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  if (focus_on_control()) ImGui::RenderNavHighlight(g.LastItemData.Rect, g.LastItemData.ID);
}

void focus_end_frame() {
  // A set of items that is one control keeps one stop: its current member, else its first one drawn.
  std::vector<std::string> kept;
  for (const Control& c : g_drawing)
    if (!c.group.empty() && c.current && std::find(kept.begin(), kept.end(), c.group) == kept.end()) kept.push_back(c.group);
  std::vector<Control> order;
  for (Control& c : g_drawing) {
    if (!c.group.empty()) {
      const bool has_current = std::find(kept.begin(), kept.end(), c.group) != kept.end();
      const bool has_stop = std::any_of(order.begin(), order.end(), [&](const Control& o) { return o.group == c.group; });
      if (has_stop || (has_current && !c.current)) continue;
    }
    order.push_back(std::move(c));
  }
  // The tour's controls first (focus_move walks them before the rest), each region in drawing order.
  std::stable_partition(order.begin(), order.end(), [](const Control& c) { return c.region == FocusRegion::tour; });
  g_region = FocusRegion::view;
  g_landing_next = false;
  g_order.swap(order);
  g_drawing.clear();
  g_drawing_frame = -1;
  g_members.swap(g_members_drawing);
  g_members_drawing.clear();
  // The ring follows a set's chosen member (the arrows chose another dial: a new item).
  const ImGuiContext* g = ImGui::GetCurrentContext();
  if (!g_pending && focus_on_control()) {
    if (index_of(g->NavId) >= 0) {
      g_ring_group = g_order[static_cast<size_t>(index_of(g->NavId))].group;
    } else if (!g_ring_group.empty()) {
      for (const Control& c : g_order)
        if (c.group == g_ring_group) {
          g_pending = c.id;
          break;
        }
    }
  }
  update_nav_flag(g_pending != 0 || focus_on_control());
}

FocusKey focus_key_named(std::string_view key) {
  static constexpr struct { const char* name; FocusKey key; } kKeys[] = {
      {"Tab", FocusKey::tab},          {"F6", FocusKey::f6},           {"Enter", FocusKey::enter},
      {"ArrowUp", FocusKey::up},       {"ArrowDown", FocusKey::down},  {"ArrowLeft", FocusKey::left},
      {"ArrowRight", FocusKey::right}, {"Home", FocusKey::home},       {"End", FocusKey::end}};
  for (const auto& k : kKeys)
    if (key == k.name) return k.key;
  return FocusKey::other;
}

KeyUse focus_key(FocusKey k, bool shift) {
  const ImGuiContext* g = ImGui::GetCurrentContext();
  const int at = ringed();
  switch (k) {
    case FocusKey::tab:  // one Tab stop: out, either way
      if (at >= 0 || focus_on_control()) focus_clear();
      return KeyUse::leave;
    case FocusKey::f6:
      return region_step(at, shift ? -1 : 1) ? KeyUse::taken : KeyUse::pass;
    case FocusKey::enter:
      if (at >= 0) return KeyUse::pass;  // ImGui's: press the control, or edit its value
      return region_step(-1, 1) ? KeyUse::taken : KeyUse::pass;
    case FocusKey::other: return KeyUse::pass;
    default: break;
  }
  // Arrows, Home and End: the figure's own keys on the figure itself, ImGui's while a control is being
  // adjusted or edited.
  if (at < 0 || (g && g->ActiveId != 0)) return KeyUse::pass;
  const Control& c = g_order[static_cast<size_t>(at)];
  const bool sideways = k == FocusKey::left || k == FocusKey::right, ends = k == FocusKey::home || k == FocusKey::end;
  const int dir = (k == FocusKey::right || k == FocusKey::down || k == FocusKey::end) ? 1 : -1;
  if (!c.group.empty() && (sideways || ends)) {
    // The previous / next member drawn (or the first / last), by the value the stop stands for.
    std::vector<int> values;
    for (const Member& m : g_members)
      if (m.group == c.group && std::find(values.begin(), values.end(), m.value) == values.end()) values.push_back(m.value);
    const auto here = std::find(values.begin(), values.end(), c.value);
    if (values.empty() || here == values.end()) return KeyUse::taken;
    const std::ptrdiff_t at_value = here - values.begin(), n = static_cast<std::ptrdiff_t>(values.size());
    const std::ptrdiff_t to = ends ? (dir > 0 ? n - 1 : 0) : std::clamp<std::ptrdiff_t>(at_value + dir, 0, n - 1);
    g_choice_group = c.group;
    g_choice = values[static_cast<size_t>(to)];
    return KeyUse::taken;
  }
  step_in_region(at, dir, ends);
  return KeyUse::taken;
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
  ring_to(next);
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
  const int i = ringed();
  return i < 0 ? std::string() : g_order[static_cast<size_t>(i)].label;
}

int focus_index() { return ringed(); }

FocusRegion focus_current_region() {
  const int i = ringed();
  return i < 0 ? FocusRegion::view : g_order[static_cast<size_t>(i)].region;
}

void focus_name(std::string_view name) {
  const ImGuiContext* g = ImGui::GetCurrentContext();
  if (g && !g_drawing.empty() && g_drawing.back().id == g->LastItemData.ID) g_drawing.back().label.assign(name);
}

int focus_mark() { return static_cast<int>(g_drawing.size()); }

void focus_name_since(int mark, std::string_view name) {
  for (size_t i = static_cast<size_t>(std::max(mark, 0)); i < g_drawing.size(); ++i)
    if (g_drawing[i].label.empty()) g_drawing[i].label.assign(name);
}

void focus_pointer_only() {
  const ImGuiContext* g = ImGui::GetCurrentContext();
  if (g && !g_drawing.empty() && g_drawing.back().id == g->LastItemData.ID) g_drawing.pop_back();
}

int focus_count() { return static_cast<int>(g_order.size()); }

std::vector<FocusControl> focus_controls() {
  std::vector<FocusControl> out;
  for (const Control& c : g_order) out.push_back({c.label, c.rect.Min.x, c.rect.Min.y, c.rect.Max.x, c.rect.Max.y, c.region});
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
