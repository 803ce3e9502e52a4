// The labels of issue 23's figures keep off the marks they label: in whole app frames of the reported
// states (rope_base's edge labels, periods' selected pair at the bottom of a tall log axis, NoPE's 1/L
// label with the query at the end of the window, long_context's NTK note at d = 2), at a laptop's size
// and a phone's, every label the placer gave out (label_log in src/ui/label.hpp) covers nothing it was
// told about: no curve, dot, ring, line or earlier label. A placer short of a free spot gives the one
// that covers least, so a crowded figure shows here as a cost above zero. The keys that the placer
// keeps off the data, or else puts under the chart, are checked to be drawn somewhere.
#include "catch2_any.hpp"

#include <string>
#include <vector>

#include "headless.hpp"
#include "state/state_io.hpp"
#include "ui/label.hpp"

using namespace app;

namespace {

struct Size {
  const char* name;
  ImVec2 px;
};
// A laptop, a phone, and a phone's width tall enough that nothing scrolls: ImGui leaves out the glyphs
// of text outside the window, so the words are read at the last size (the placer works at all three).
const Size kSizes[] = {{"laptop 1280x800", {1280, 800}}, {"phone 360x640", {360, 640}}, {"phone width, unscrolled 360x2400", {360, 2400}}};
bool shows_all(const Size& s) { return s.px.y > 2000; }

// The labels placed in the last of three frames of `query` at `size`, and the words that frame drew.
struct Frame {
  std::vector<PlacedLabel> labels;
  std::string text;
};
Frame draw(Headless& h, const std::string& query, ImVec2 size) {
  h.app.state = State{};
  REQUIRE(apply_query(h.app.state, query).empty());
  h.frames(2, size);
  Frame f;
  label_log(&f.labels);
  h.frames(1, size);
  label_log(nullptr);
  f.text = screen_text();
  return f;
}

void check_free(const Frame& f, size_t at_least) {
  CHECK(f.labels.size() >= at_least);
  for (const PlacedLabel& l : f.labels) {
    INFO("label at (" << l.lo.x << ", " << l.lo.y << ")-(" << l.hi.x << ", " << l.hi.y << ")");
    CHECK(l.cost == 0);
  }
}

}  // namespace

TEST_CASE("label log: place() writes down what it gave and what that covered, only while a log is set") {
  LabelPlacer lp(ImVec2(0, 0), ImVec2(100, 100));
  lp.avoid_rect(ImVec2(0, 0), ImVec2(100, 40));
  std::vector<PlacedLabel> log;
  const ImVec2 covered[] = {ImVec2(10, 30)};
  lp.place(ImVec2(20, 10), covered);  // no log yet
  label_log(&log);
  lp.place(ImVec2(20, 10), covered);  // y 30..40 over the rectangle: 20 x 10, and over the first label: 20 x 10
  const ImVec2 free_spot[] = {ImVec2(10, 30), ImVec2(50, 60)};
  lp.place(ImVec2(20, 10), free_spot);
  label_log(nullptr);
  lp.place(ImVec2(20, 10), free_spot);
  REQUIRE(log.size() == 2);
  CHECK(log[0].cost == Approx(400));
  CHECK(log[0].lo.x == 10);
  CHECK(log[0].hi.y == 40);
  CHECK(log[1].cost == 0);
  CHECK(log[1].lo.x == 50);
  CHECK(log[1].lo.y == 60);
  // choose() says the same as place() and takes nothing.
  const LabelPlacer::Choice c = lp.choose(ImVec2(20, 10), free_spot);
  CHECK(c.cost == Approx(400));  // (50, 60) is now taken twice: the label from the log and the one after it
  CHECK(lp.choose(ImVec2(20, 10), free_spot).cost == c.cost);
}

TEST_CASE("rope_base: the one-turn, edge and band labels cover no curve, dot, line or each other") {
  Headless h;
  for (const Size& size : kSizes) {
    for (const char* q : {"view=rope_base&playing=0", "view=rope_base&d=128&n=8192&pair=49&playing=0", "view=rope_base&d=64&n=4096&pair=3&playing=0"}) {
      INFO(size.name << ": " << q);
      const Frame f = draw(h, q, size.px);
      check_free(f, 3);  // "1 turn", an edge per base, the band
    }
  }
}

TEST_CASE("periods: the selected pair's label keeps off its neighbours' points, at the bottom of a tall axis too") {
  Headless h;
  for (const Size& size : kSizes) {
    for (const char* q : {"view=periods&playing=0&pair=0", "view=periods&d=64&base=1000000&pair=0&playing=0",
                          "view=periods&d=128&base=100000000&pair=0&playing=0", "view=periods&d=256&pair=0&playing=0",
                          "view=periods&d=64&pair=31&playing=0"}) {
      INFO(size.name << ": " << q);
      const Frame f = draw(h, q, size.px);
      check_free(f, 2);  // N's label and the selected pair's
      if (shows_all(size)) CHECK(f.text.find("period ≤ N") != std::string::npos);  // the chart's key, in it or under it
    }
  }
}

TEST_CASE("schemes: NoPE's 1/L label keeps off the curve and the selected query's marker, wherever the query is") {
  Headless h;
  for (const Size& size : kSizes) {
    for (const char* pos : {"0", "40", "63", "64", "100", "120", "127"}) {
      const std::string q = std::string("view=schemes&scheme=nope&playing=0&pos=") + pos;
      INFO(size.name << ": " << q);
      const Frame f = draw(h, q, size.px);
      check_free(f, 1);
      if (shows_all(size)) {
        CHECK(f.text.find("1/L = 0.0156") != std::string::npos);
        CHECK(f.text.find("the query at pos") != std::string::npos);  // the chart's key
      }
    }
  }
}

TEST_CASE("long_context at d = 2: the NTK note stays off the pair columns, and says why where it has room") {
  Headless h;
  for (const Size& size : kSizes) {
    INFO(size.name);
    const Frame f = draw(h, "view=long_context&d=2&playing=0", size.px);
    check_free(f, 0);
    if (size.px.x > 1000) {  // room right of the one column
      CHECK(f.labels.size() >= 1);
      CHECK(f.text.find("divides by zero") != std::string::npos);
    }
  }
}

TEST_CASE("rope_layouts: both charts' keys are drawn, inside a free corner or under the chart") {
  Headless h;
  for (const Size& size : kSizes) {
    INFO(size.name);
    const Frame f = draw(h, "view=rope_layouts&playing=0", size.px);
    if (!shows_all(size)) continue;
    for (const char* words : {"as made", "run wrongly", "after P", "− as made", "after P − as made"}) {
      INFO(words);
      CHECK(f.text.find(words) != std::string::npos);
    }
  }
}

TEST_CASE("ranges: the threshold lines' counts keep off the dots, the lines and each other") {
  // The slowest dims have ranges near 0, at the right end of the low threshold's line, where its count
  // used to sit (over a dot in Chinese on a phone, whose words are wider).
  Headless h;
  for (const Size& size : kSizes) {
    for (const char* q : {"view=ranges&playing=0", "view=ranges&d=64&n=128&playing=0", "view=ranges&d=32&n=64&lang=zh-CN&playing=0",
                          "view=ranges&d=32&n=64&lang=es&playing=0"}) {
      INFO(size.name << ": " << q);
      const Frame f = draw(h, q, size.px);
      check_free(f, 2);  // one count per threshold line
    }
  }
}
