// The schemes lesson says the numbers it draws: ALiBi's slopes and biases, T5's buckets and which of them
// training meets, NoPE's uniform weight and the learned table's rows, each against values worked by hand
// below; its view options are validated; and it draws every scheme at the extremes with finite
// vertices and no NaN or infinity in its words. Also the precision lesson's bfloat16/float16 sentences.
#include "catch2_any.hpp"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "shell/app.hpp"
#include "export/figure_export.hpp"
#include "views/describe_checks.hpp"
#include "views/headless.hpp"

using namespace app;
using namespace describe_checks;

namespace {

State at(const std::string& query) {
  State s;
  REQUIRE(apply_query(s, query).empty());
  REQUIRE(set_view(s, View::schemes).empty());
  return s;
}

}  // namespace

TEST_CASE("schemes: the view's settings accept what the view offers and refuse the rest, unchanged") {
  State c;
  CHECK(c.scheme == Scheme::alibi);
  CHECK(set_field(c, "scheme", "t5").empty());
  CHECK(c.scheme == Scheme::t5);
  CHECK_FALSE(set_field(c, "scheme", "rope").empty());
  CHECK(c.scheme == Scheme::t5);
  CHECK(set_field(c, "alibiHeads", "12").empty());
  CHECK(set_field(c, "alibiHead", "11").empty());
  CHECK(set_field(c, "alibiHead", "12") == "alibiHead must be an integer from 0 to 11 for alibiHeads = 12 (got 12)");
  CHECK_FALSE(set_field(c, "alibiHeads", "0").empty());
  CHECK_FALSE(set_field(c, "alibiHeads", "65").empty());
  CHECK_FALSE(set_field(c, "alibiHeads", "8x").empty());
  CHECK(set_field(c, "alibiHeads", "4").empty());  // the shown head follows: 11 -> 3
  CHECK(c.alibiHead == 3);
  CHECK_FALSE(set_field(c, "t5Buckets", "31").empty());  // odd
  CHECK_FALSE(set_field(c, "t5Buckets", "2").empty());
  CHECK(set_field(c, "t5Buckets", "256").empty());  // bidirectional: E = 64 < 128
  CHECK(schemes_exact(c.t5Buckets, c.t5Bidirectional) == 64);
  // Causal with 256 buckets: E = 128, not below max distance 128, which rises to E + 1 (as the view's own
  // control keeps it), like pair below a narrower d.
  CHECK(set_field(c, "t5Bidirectional", "0").empty());
  CHECK(c.t5MaxDistance == 129);
  CHECK(set_field(c, "t5MaxDistance", "500").empty());
  CHECK(set_field(c, "t5Bidirectional", "false").empty());
  CHECK(schemes_exact(c.t5Buckets, c.t5Bidirectional) == 128);
  CHECK(set_field(c, "t5MaxDistance", "128") == "t5MaxDistance must be an integer from 129 to 100000 for t5Buckets = 256, one-way (got 128)");
  CHECK_FALSE(set_field(c, "t5Bidirectional", "maybe").empty());
  CHECK_FALSE(set_field(c, "colour", "red").empty());
  CHECK(c.t5MaxDistance == 500);
  // The order of the keys in one query does not matter: each applies in the table's order.
  State q;
  CHECK(apply_query(q, "t5MaxDistance=500&t5Bidirectional=0&t5Buckets=256").empty());
  CHECK((q.t5MaxDistance == 500 && !q.t5Bidirectional && q.t5Buckets == 256));
  CHECK(apply_query(q, "alibiHead=11&alibiHeads=12").empty());
  CHECK((q.alibiHeads == 12 && q.alibiHead == 11));
}

TEST_CASE("schemes: ALiBi's slopes, biases and factors as described") {
  {
    // 8 heads: r = 2^(-8/8) = 1/2, slopes 1/2, 1/4, ..., 1/256.
    const std::string t = describe(at("n=64&pos=100&k=-10"));
    INFO(t);
    CHECK(has(t, "Scheme: ALiBi."));
    CHECK(has(t, "The slopes, head 0 first: 1/2, 1/4, 1/8, 1/16, 1/32, 1/64, 1/128, 1/256."));
    // Head 0 at 63 steps back: 63/2 = 31.5; at the window's far end, 127 back: 63.5. Factor e^-31.5.
    CHECK(has(t, "L \xE2\x88\x92 1 = 63 steps back, where head 0's bias is -31.5 (a factor of " + fixed("%.2e", std::exp(-31.5)) + ")"));
    CHECK(has(t, "to -63.5 at 127 steps back"));
    // The key 10 before the query at 100: -10/2 = -5, e^-5 = 0.006738.
    CHECK(has(t, "key at pos + k = 90: head 0 adds -5 (a factor of 0.007)"));
    CHECK(unfit(t).empty());
  }
  {
    // Head 7 (slope 1/256) and a later key (masked).
    State s = at("n=64&pos=100&k=-10&alibiHead=7");
    std::string t = describe(s);
    INFO(t);
    CHECK(has(t, "head 7 adds -0.03906"));  // -10/256 = -0.0390625
    CHECK(has(t, "(a factor of 0.962)"));   // e^-0.0390625 = 0.96169
    s.k = 3;
    t = describe(s);
    CHECK(has(t, "key at pos + k = 103: a later key, hidden by the causal mask"));
  }
  // n = 1: no key is ever behind the query in training, a bias of 0 (not "-0") and a factor of 1.
  CHECK(has(describe(at("n=1")), "L \xE2\x88\x92 1 = 0 steps back, where head 0's bias is 0 (a factor of 1.000)"));
  {
    // n = 100,000: 99,999 back, head 0 adds -49,999.5; e^-49999.5 = 10^-21714.55 is far below double's
    // range, and is written by its power of ten, never as 0.
    const std::string t = describe(at("n=100000&pos=3000&k=-700"));
    INFO(t);
    CHECK(has(t, "head 0's bias is -49,999.5 (a factor of about 1e-21715)"));
    CHECK(has(t, "head 0 adds -350 (a factor of 9.93e-153)"));  // e^-350 = 9.9296e-153 (Python's math.exp)
    CHECK(unfit(t).empty());
  }
  {
    // 12 heads: the 8 slopes above, then every other slope of 16 heads (r = 2^-0.5): 2^-0.5, 2^-1.5,
    // 2^-2.5, 2^-3.5 = 0.7071, 0.3536, 0.1768, 0.08839.
    const std::string t = describe(at("n=64&alibiHeads=12"));
    INFO(t);
    CHECK(has(t, "1/256, 0.7071, 0.3536, 0.1768, 0.08839."));
    CHECK(has(t, "H is not a power of two"));
  }
}

TEST_CASE("schemes: T5's buckets, the exact/log boundary and what training meets") {
  const auto text = [&](const char* q) { return describe(at(std::string(q) + "&scheme=t5")); };
  {
    // 32 buckets, bidirectional: 16 per side, E = 8, max distance 128. Offset -63: 8 + floor(ln(63/8) /
    // ln(16) * 8) = 8 + floor(5.95) = 13, so buckets 14 and 15 are met only past L = 64.
    const std::string t = text("n=64&pos=10&k=-5");
    INFO(t);
    CHECK(has(t, "offsets 0 to 7 each have a bucket of their own (E = 8)"));
    CHECK(has(t, "every offset of 128 or more shares the last one, 15"));
    CHECK(has(t, "L \xE2\x88\x92 1 = 63, which falls in bucket 13: buckets 14 to 15 (and 30 to 31 for keys after the query)"));
    CHECK(has(t, "offset -5, bucket 5."));
    CHECK(unfit(t).empty());
  }
  // On both sides of the exact/log boundary and of the maximum distance (hand-worked as above):
  // 7 -> own bucket; 8 -> 8 + floor(ln 1 ...) = 8; 12 -> 8 + floor(ln 1.5 / ln 16 * 8 = 1.17) = 9;
  // keys after the query add 16; 1000 and 10^9 back share 15.
  CHECK(has(text("pos=100&k=-7"), "offset -7, bucket 7."));
  CHECK(has(text("pos=100&k=-8"), "offset -8, bucket 8."));
  CHECK(has(text("pos=100&k=-12"), "offset -12, bucket 9."));
  CHECK(has(text("pos=100&k=5"), "offset 5, bucket 21."));
  CHECK(has(text("pos=100&k=-1000"), "offset -1,000, bucket 15."));
  CHECK(has(text("pos=0&k=1e9"), "offset 1,000,000,000, bucket 31."));
  {
    // n = 200: offsets reach 199 > 128, every bucket is met. The last bucket starts where
    // ln(x/8) / ln 16 * 8 reaches 7: x >= 8 * 16^(7/8) = 90.51, so at 91 (90 gives 6.98, 91 gives 7.02).
    const std::string t = text("n=200");
    INFO(t);
    CHECK(has(t, "so every bucket is met; the last, 15, holds every offset from 91 on"));
  }
  {
    // Causal, 32 buckets: E = 16, last 31; offset -63: 16 + floor(ln(63/16) / ln(8) * 16 = 10.5) = 26.
    const std::string t = describe(at("n=64&pos=10&k=2&scheme=t5&t5Bidirectional=0"));
    INFO(t);
    CHECK(has(t, "offsets 0 to 15 each have a bucket of their own (E = 16)"));
    CHECK(has(t, "falls in bucket 26: buckets 27 to 31"));
    CHECK(has(t, "key at pos + k = 12: a later key, hidden by the causal mask"));
  }
}

TEST_CASE("schemes: NoPE's uniform weight and the learned table's rows") {
  {
    const std::string t = describe(at("n=64&pos=9&k=-3&scheme=nope"));
    INFO(t);
    CHECK(has(t, "Query at pos = 9 sees 10 keys; equal scores give each the weight 0.1."));
    CHECK(has(t, "never falls below 1/L = 0.01562"));  // 1/64 = 0.015625
    CHECK(has(t, "down to " + fixed("%.4g", 1.0 / 128) + " at i = 127"));
    CHECK(unfit(t).empty());
  }
  CHECK(has(describe(at("pos=-5&scheme=nope")), "positions start at 0"));
  CHECK(has(describe(at("pos=4&k=2&scheme=nope")), "The key at pos + k = 6 comes after it"));

  {
    // 64 rows of width 32: 2,048 numbers. Query 70: past the last row 63; key 70 - 10 = 60 has one.
    const std::string t = describe(at("n=64&d=32&pos=70&k=-10&scheme=learned"));
    INFO(t);
    CHECK(has(t, "the table holds 2,048 trainable numbers"));
    CHECK(has(t, "Query at pos = 70.00: no row. Key at pos + k = 60.00: row 60 of the table."));
  }
}

TEST_CASE("schemes: every scheme draws at the extremes with finite vertices, and its words hold no NaN") {
  Headless h;
  // Each scheme, and the settings with the most colour changes per map row (a draw list's vertex limit):
  // 256 T5 buckets (128 exact offsets per side) and 16 ALiBi heads drawing the shallowest.
  const std::vector<std::vector<std::pair<const char*, const char*>>> schemes = {
      {{"scheme", "learned"}}, {{"scheme", "alibi"}}, {{"scheme", "t5"}}, {{"scheme", "nope"}},
      {{"scheme", "t5"}, {"t5Buckets", "256"}, {"t5MaxDistance", "100"}}, {{"scheme", "alibi"}, {"alibiHeads", "16"}, {"alibiHead", "15"}}};
  const char* const queries[] = {"playing=0&pos=1e6", "playing=0&scale=2", "playing=0&pos=-1e9&k=1e9&d=8192&base=1e12&n=100000",
                                 "playing=0&n=1&d=2", "playing=0&pos=30&k=-7&n=64"};
  for (const auto& options : schemes)
    for (const char* q : queries)
      for (const ImVec2 size : {ImVec2(1280, 800), ImVec2(360, 640)}) {
        INFO(options.back().first << "=" << options.back().second << " " << q << " " << size.x);
        h.app.state = State{};
        REQUIRE(apply_query(h.app.state, q).empty());
        REQUIRE(set_view(h.app.state, View::schemes).empty());
        for (const auto& [k, v] : options) REQUIRE(set_field(h.app.state, k, v).empty());
        const auto [vertices, finite] = h.frames(3, size);
        CHECK(finite);
        CHECK(vertices > 1000);
        // WebGL draws with 16-bit indices: no draw list may pass 65,536 vertices (the map's cells).
        const ImDrawData* dd = ImGui::GetDrawData();
        for (int l = 0; l < dd->CmdListsCount; ++l) CHECK(dd->CmdLists[l]->VtxBuffer.Size < 65536);
        const std::string svg = figure_svg(h.app);
        CHECK(unfit(svg.substr(svg.find("<text"))).empty());
        CHECK(unfit(describe(h.app.state, h.app.views)).empty());
      }
}

TEST_CASE("schemes: the map marks the training length n and what lies past it") {
  Headless h;
  h.app.state = State{};
  REQUIRE(apply_query(h.app.state, "view=schemes&playing=0&n=64&text=off").empty());
  h.frames(3);
  const std::string svg = figure_svg(h.app);
  CHECK(has(svg, ">L = 64<"));
  CHECK(has(svg, ">past the training length<"));
  CHECK(has(svg, ">127<"));  // the last position of the window 0 .. 2n - 1
}

TEST_CASE("precision: bfloat16 and float16 thresholds and errors, as described") {
  State s;
  REQUIRE(apply_query(s, "view=precision&d=32&pair=1").empty());
  PrecisionCache c;
  s.precisionPos = 100;
  const std::string t = describe_precision(s, c);
  INFO(t);
  // Pair 1 of d = 32: w = 10000^(-1/16) = 0.5623413. Half an ulp passes 1 degree at angles 2^19, 64
  // and 8 rad: positions 524288/w = 932,330.6 -> 932,331; 64/w = 113.8 -> 114; 8/w = 14.23 -> 15.
  CHECK(has(t, "passes 1\xC2\xB0 from position 932,331 in float32, 114 in float16 and 15 in bfloat16"));
  // At position 100 in bfloat16: fl(w) = 0.5625, 100 * 0.5625 = 56.25 exactly, against 56.234133: off
  // by 0.015867 rad = 0.909 degrees (test_half_precision.cpp works the same value).
  // float16 rounds w to the same 0.5625 (its quantum there is 2^-11) and holds 56.25 exactly: the same error.
  CHECK(has(t, "0.909\xC2\xB0 in float16 and 0.909\xC2\xB0 in bfloat16"));
  CHECK(unfit(t).empty());
  // float16 past its range: the position overflows and the angle is lost, said in words.
  s.precisionPos = 1e6;
  const std::string far = describe_precision(s, c);
  CHECK(has(far, "lost (the position overflows) in float16"));
  CHECK(unfit(far).empty());
}
