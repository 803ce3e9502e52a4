// The lesson registry (src/state/lessons.hpp) guarded: every registered lesson is a folder with its
// view and words, uses each core concept its row names (and each core concept is named or shared), draws in a headless Dear ImGui frame (no GPU: draw callbacks are not run)
// without NaN vertices, at several states including the corners of the valid range, and is in the
// guided tour or listed as outside it; every lesson states its key sentence with a source, and the
// claims the sources call never tested are tagged so.
#include "catch2_any.hpp"

#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "shell/app.hpp"
#include "headless.hpp"
#include "imgui.h"
#include "state/claims.hpp"
#include "state/tour.hpp"

using namespace app;


namespace {

std::string read_all(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// Core concepts no lesson draws as its own: the validated limits every layer reads (params), the
// fast path of whole tables behind PosEnc.table() (table_recurrence, checked against the direct formula
// in tests/test_table_recurrence.cpp) and the evenly spaced samples of a window of positions that the
// adding and RoPE views draw their curves at (samples).
const std::set<std::string> kSharedCore = {"params", "samples", "table_recurrence"};

}  // namespace

TEST_CASE("the chapters: each holds consecutive lessons of the registry, in order, and none is empty") {
  int at = 0;
  for (int c = 0; c < static_cast<int>(Chapter::count); ++c) {
    const Chapter ch = static_cast<Chapter>(c);
    INFO(chapter_title(ch));
    CHECK(std::string(chapter_title(ch)).size() > 3);
    const std::vector<View> ls = chapter_lessons(ch);
    CHECK_FALSE(ls.empty());
    for (View v : ls) CHECK(static_cast<int>(v) == at++);  // consecutive rows, chapter after chapter
  }
  CHECK(at == static_cast<int>(View::count));
  CHECK(kPathStart == lessons().front().view);
  // The path starts where the guided tour does.
  REQUIRE(tour_step(1) != nullptr);
  CHECK(tour_step(1)->view == kPathStart);
}

TEST_CASE("every lesson is a folder with its view and words, and its registry row names the core it draws") {
  const std::filesystem::path src = POSENC_SOURCE_DIR;
  std::set<std::string> ids, named;
  for (const Lesson& l : lessons()) {
    INFO(l.id);
    CHECK(ids.insert(l.id).second);
    CHECK(view_id(l.view) == std::string(l.id));
    CHECK_FALSE(l.title.empty());
    CHECK_FALSE(l.summary.empty());
    CHECK(l.summary.size() < 140);  // one line
    const std::filesystem::path dir = src / "src" / "lessons" / l.id;
    CHECK(std::filesystem::exists(dir / (std::string(l.id) + ".txt")));
    CHECK(std::filesystem::exists(dir / (std::string(l.id) + ".hpp")));
    CHECK(std::filesystem::exists(dir / (std::string(l.id) + ".cpp")));
    // Everything the lesson's folder includes, to check that it uses what its row says it draws.
    std::string code;
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".cpp" || e.path().extension() == ".hpp") code += read_all(e.path());
    const auto cores = words(l.cores);
    CHECK_FALSE(cores.empty());
    for (const std::string& c : cores) {
      INFO("core concept " << c);
      if (c.rfind("train/", 0) == 0) {  // the experiment's engine: src/train/<name>.hpp, tests/train/
        CHECK(std::filesystem::exists(src / "src" / (c + ".hpp")));
        CHECK(code.find("#include \"" + c + ".hpp\"") != std::string::npos);
      } else {
        CHECK(std::filesystem::exists(src / "src" / "core" / (c + ".hpp")));
        CHECK(std::filesystem::exists(src / "tests" / ("test_" + c + ".cpp")));
        CHECK(code.find("#include \"core/" + c + ".hpp\"") != std::string::npos);
        named.insert(c);
      }
    }
  }
  CHECK(ids.size() == static_cast<size_t>(View::count));
  // Every core concept is drawn by some lesson or is a shared helper.
  for (const auto& e : std::filesystem::directory_iterator(src / "src" / "core")) {
    if (e.path().extension() != ".hpp") continue;
    const std::string c = e.path().stem().string();
    INFO("src/core/" << c << ".hpp is named by no registry row and is not a shared helper");
    CHECK((named.count(c) == 1) != (kSharedCore.count(c) == 1));
  }
}

TEST_CASE("every lesson is in the guided tour or listed as outside it, and every step applies") {
  for (const Lesson& l : lessons()) {
    INFO(l.id);
    CHECK(tour_steps_of(l.view).empty() == !l.in_tour);
  }
  REQUIRE(tour_step_count() > 0);
  for (int step = 1; step <= tour_step_count(); ++step) {
    const TourStep* t = tour_step(step);
    INFO("step " << step << ": " << t->title);
    CHECK_FALSE(t->title.empty());
    CHECK_FALSE(t->caption.empty());
    State s;
    for (const auto& [key, value] : t->preset) CHECK(set_field(s, key, value) == "");
    CHECK(s.view == t->view);
  }
}

TEST_CASE("every lesson has a key sentence (claim:) and its source (source:) from the allowed set") {
  for (const Lesson& l : lessons()) {
    INFO(l.id << ": src/lessons/" << l.id << ".txt needs claim: and source: (paper, measured, inference, untested or math)");
    CHECK(lesson_claim(l.view).size() > 20);
    CHECK(claim_source_info(lesson_claim_source(l.view)) != nullptr);
  }
}

TEST_CASE("the three claims the sources call never tested are tagged untested, in a lesson or in the tour") {
  // Where each is taught, and a word its sentence must use, so that the tag sits on that claim.
  struct Untested {
    const char* what;
    std::vector<View> views;
    const char* word;
  };
  const Untested claims[] = {
      {"the relative-position hypothesis (the paper never tested it)",
       {View::clock, View::similarity, View::symmetry, View::rope, View::projections}, "relative"},
      {"extrapolation to longer sequences (no experiment in the paper)", {View::learned}, "longer"},
      {"trained models using the slow dimensions as constants (not checked)", {View::ranges}, "constant"},
  };
  for (const Untested& u : claims) {
    INFO(u.what);
    bool tagged = false;
    for (View v : u.views) {
      if (lesson_claim_source(v) == ClaimSource::untested && lesson_claim(v).find(u.word) != std::string_view::npos) tagged = true;
      for (int step : tour_steps_of(v)) {
        const TourStep* t = tour_step(step);
        if (t->source == ClaimSource::untested && t->caption.find(u.word) != std::string::npos) tagged = true;
      }
    }
    CHECK(tagged);
  }
}

TEST_CASE("every registered view draws, with finite vertices, at default and extreme states") {
  Headless h;
  const char* states[] = {
      "playing=0",
      "playing=0&d=8192&pair=4095&pos=1e9&k=-1e9&base=1e12&n=100000",
      "playing=0&d=2&pos=-1e9&k=1e9&base=1.0000001&n=1",
      "playing=0&d=512&k=37&n=64&scale=3&contrast=1&palette=colorblind",
  };
  for (const Lesson& l : lessons()) {
    for (const char* q : states) {
      INFO(l.id << " at " << q);
      h.app.state = State{};
      REQUIRE(apply_query(h.app.state, q).empty());
      REQUIRE(set_view(h.app.state, l.view).empty());
      const auto [vertices, finite] = h.frames(3);
      CHECK(finite);
      CHECK(vertices > 1000);  // more than the sidebar and the tab bar: the view drew
      CHECK(h.app.state.view == l.view);
    }
  }
  // A phone-sized window, with the controls hidden.
  for (const Lesson& l : lessons()) {
    INFO(l.id << " at 360x640");
    h.app.state = State{};
    REQUIRE(apply_query(h.app.state, "playing=0&controls=0").empty());
    REQUIRE(set_view(h.app.state, l.view).empty());
    CHECK(h.frames(2, ImVec2(360, 640)).second);
  }
}

TEST_CASE("includes go one way between the rooms of src/ (README: Layout)") {
  // A room may include its own files and those of rooms ranked below it, never above. export/tables.* has
  // no UI and is built into the state library, so it counts as the state's.
  const std::map<std::string, int> rank = {{"core", 0},    {"text", 1},   {"train", 2},  {"state", 3},
                                           {"gfx", 4},     {"ui", 4},     {"lessons", 5}, {"shell", 6},
                                           {"export", 7},  {"platform", 8}, {"tools", 8}};
  const auto room_of = [](const std::string& room, const std::string& file) {
    return room == "export" && file.rfind("tables.", 0) == 0 ? std::string("state") : room;
  };
  const std::filesystem::path src = std::filesystem::path(POSENC_SOURCE_DIR) / "src";
  size_t checked = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(src)) {
    const auto ext = e.path().extension();
    if (ext != ".cpp" && ext != ".hpp") continue;
    const std::string rel = std::filesystem::relative(e.path(), src).generic_string();
    const std::string room = room_of(rel.substr(0, rel.find('/')), e.path().filename().string());
    if (!rank.count(room)) continue;  // python/: not C++
    const std::string code = read_all(e.path());
    for (size_t at = code.find("#include \""); at != std::string::npos; at = code.find("#include \"", at + 1)) {
      const size_t start = at + 10, end = code.find('"', start);
      const std::string target = code.substr(start, end - start);
      const size_t slash = target.find('/');
      if (slash == std::string::npos) continue;  // same folder, generated or third-party
      const std::string to_room = room_of(target.substr(0, slash), target.substr(target.rfind('/') + 1));
      if (!rank.count(to_room) || to_room == room) continue;
      INFO(rel << " includes " << target);
      CHECK(rank.at(to_room) < rank.at(room));
      ++checked;
    }
  }
  CHECK(checked > 200);
}

TEST_CASE("the platform knows no single lesson: it reaches them through the app's services and hooks") {
  // src/platform/ runs the app (frame, input, exports, training, the page's API); a lesson's cache, its
  // draw function or its folder named there would tie the platform to one view (shell/hooks.hpp is the
  // door for the tests' and benchmarks' hooks).
  const std::filesystem::path dir = std::filesystem::path(POSENC_SOURCE_DIR) / "src" / "platform";
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string code = read_all(e.path());
    ++files;
    INFO(e.path().filename().string());
    CHECK(code.find("views.") == std::string::npos);
    CHECK(code.find("lessons/") == std::string::npos);
    for (const Lesson& l : lessons()) {
      std::string camel = l.id;  // heatmap -> Heatmap, rope_base -> RopeBase: the cache's type name
      bool up = true;
      std::string type;
      for (char ch : camel) {
        if (ch == '_') { up = true; continue; }
        type += up ? static_cast<char>(std::toupper(static_cast<unsigned char>(ch))) : ch;
        up = false;
      }
      INFO(type << "Cache, draw_" << l.id);
      CHECK(code.find(type + "Cache") == std::string::npos);
      CHECK(code.find("draw_" + std::string(l.id) + "(") == std::string::npos);
    }
  }
  CHECK(files >= 8);
}

TEST_CASE("the sidebar shows the settings a view reads, from the settings table, and nothing that does nothing there") {
  Headless h;
  for (const Lesson& l : lessons()) {
    INFO(l.id);
    h.app.state = State{};
    REQUIRE(set_view(h.app.state, l.view).empty());
    REQUIRE(set_number(h.app.state, Field::playing, 0).empty());
    h.frames(2);
    std::set<std::string> shown;
    for (const FocusControl& c : focus_controls()) shown.insert(c.label);
    for (const Setting& r : settings()) {
      // none, reader, figure: no sidebar control; display: a closed header
      if (r.group == Group::none || r.group == Group::reader || r.group == Group::figure || r.group == Group::display) continue;
      INFO(r.key << " (" << r.label << ")");
      // A row shows where it is in scope: its own view, or a view that reads the shared row.
      CHECK(shown.count(r.label) == (in_scope(r, l.view) ? 1u : 0u));
    }
    // The step buttons move pos: only where pos shows.
    CHECK(shown.count("Play") == shown.count("position  pos"));
  }
  // Hand-checked against the views' code: order uses base only (a fixed toy d), the experiment none of
  // the encoding's settings, the clock all of them.
  const auto reads = [](View v, Field f) { return in_scope(setting(f), v); };
  CHECK(reads(View::order, Field::base));
  CHECK_FALSE(reads(View::order, Field::d));
  CHECK_FALSE(reads(View::order, Field::pos));
  for (const Field f : {Field::pos, Field::k, Field::d, Field::base, Field::pair}) {
    CHECK(reads(View::clock, f));
    CHECK_FALSE(reads(View::experiment, f));
  }
  CHECK(reads(View::experiment, Field::dModel));
  CHECK_FALSE(reads(View::clock, Field::dModel));
  CHECK(reads(View::heatmap, Field::scale));  // the display rows show everywhere
}
