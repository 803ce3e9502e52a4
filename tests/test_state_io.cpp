// The one validated path into State: URL queries, API calls and UI edits all go through it.
#include "catch2_any.hpp"

#include "state/state_io.hpp"
#include "state/tour.hpp"

using namespace app;

static bool has(const std::vector<Rejection>& r, const char* key) {
  for (const auto& x : r)
    if (x.key == key) return true;
  return false;
}

TEST_CASE("a good query sets every field") {
  State s;
  const auto r = apply_query(
      s, "?view=clock&d=512&base=500&pos=5.5&k=37&playing=false&speed=2&pair=3&n=128&step=2&scale=2.5&contrast=true"
         "&palette=colorblind&controls=0");
  CHECK(r.empty());
  CHECK(s.view == View::clock);
  CHECK(s.d == 512);
  CHECK(s.base == 500);
  CHECK(s.pos == 5.5);
  CHECK(s.k == 37);
  CHECK_FALSE(s.playing);
  CHECK(s.speed == 2);
  CHECK(s.pair == 3);
  CHECK(s.n == 128);
  CHECK(s.step == 2);
  CHECK(s.scale == 2.5);
  CHECK(s.contrast);
  CHECK(s.palette == Palette::colorblind);
  CHECK_FALSE(s.controls);
}

TEST_CASE("to_query round-trips through apply_query") {
  State a;
  a.view = View::rope;
  a.d = 1024;
  a.base = 12345.678;
  a.pos = 0.1;
  a.k = -37.25;
  a.playing = false;
  a.speed = 0.3;
  a.pair = 511;
  a.n = 99;
  a.step = tour_step_count();
  a.scale = 1.75;
  a.contrast = true;
  a.palette = Palette::colorblind;
  a.controls = false;
  State b;
  CHECK(apply_query(b, to_query(a)).empty());
  CHECK(to_query(b) == to_query(a));
  CHECK(b.pos == a.pos);
  CHECK(b.base == a.base);
}

TEST_CASE("invalid values are rejected with a reason, valid ones still apply") {
  State s;
  const State before = s;
  const auto r = apply_query(s, "d=3&pos=7&base=1&k=NaN&speed=-1&view=nowhere&playing=maybe&n=0&step=99"
                                   "&scale=4&contrast=2&palette=pink&zzz=1");
  CHECK(s.pos == 7);
  CHECK(s.d == before.d);
  CHECK(s.base == before.base);
  CHECK(s.k == before.k);
  CHECK(s.speed == before.speed);
  CHECK(s.view == before.view);
  CHECK(s.playing == before.playing);
  CHECK(s.n == before.n);
  CHECK(s.step == before.step);
  CHECK(s.scale == before.scale);
  for (const char* key : {"d", "base", "k", "speed", "view", "playing", "n", "step", "scale", "contrast", "palette", "zzz"}) {
    INFO(key);
    CHECK(has(r, key));
  }
  for (const auto& x : r) CHECK_FALSE(x.reason.empty());
}

TEST_CASE("numbers are parsed strictly") {
  State s;
  CHECK_FALSE(set_field(s, "d", "64abc").empty());
  CHECK_FALSE(set_field(s, "d", "").empty());
  CHECK_FALSE(set_field(s, "pos", "Infinity").empty());
  CHECK_FALSE(set_field(s, "pos", "1e400").empty());
  CHECK(set_field(s, "d", "64").empty());
  CHECK(set_field(s, "pos", " 1e3").empty());
  CHECK(s.pos == 1000);
}

TEST_CASE("pair is checked against the new d whatever the key order, and clamped when d shrinks") {
  State s;
  CHECK(apply_query(s, "pair=100&d=512").empty());
  CHECK(s.pair == 100);
  CHECK(set_number(s, Field::d, 8).empty());
  CHECK(s.pair == 3);
}

TEST_CASE("percent-encoding is decoded and hostile text is sanitised, never echoed raw") {
  State s;
  CHECK(apply_query(s, "view=%72ope").empty());
  CHECK(s.view == View::rope);
  const auto r = apply_query(s, "view=%3Cscript%3Ealert(1)%3C%2Fscript%3E&" + std::string(300, 'x') + "=1");
  REQUIRE(r.size() == 2);
  for (const auto& x : r) {
    CHECK(x.key.size() <= 43);
    CHECK(x.value.size() <= 43);
  }
  CHECK(sanitise("a\nb\x01") == "a?b?");
}

TEST_CASE("to_json lists the public fields") {
  State s;
  const std::string j = to_json(s);
  for (const char* key : {"\"view\":\"clock\"", "\"d\":32", "\"base\":10000", "\"pos\":0", "\"k\":4", "\"playing\":true"})
    CHECK(j.find(key) != std::string::npos);
  CHECK(rejections_to_json({{"a\"b", "v", "r"}}) == "[{\"key\":\"a\\\"b\",\"value\":\"v\",\"reason\":\"r\"}]");
}

TEST_CASE("every view id maps back to its view") {
  for (int i = 0; i < static_cast<int>(View::count); ++i) {
    View v = View::clock;
    REQUIRE(view_from_id(view_id(View(i)), v));
    CHECK(v == View(i));
  }
  View v = View::clock;
  CHECK_FALSE(view_from_id("Clock", v));
}
