// The rope_scores and rope_layouts lessons say the numbers they draw: scores from q and k turned here by
// hand (pair by pair, in either layout), RoFormer's bound from its partial sums written out, the map's
// window and its work cap, the permutation listed, and both views draw at the corners of the state.
#include "catch2_any.hpp"

#include <cmath>
#include <complex>
#include <string>
#include <vector>

#include "export/figure_export.hpp"
#include "describe_checks.hpp"
#include "headless.hpp"
#include "text/format.hpp"

using namespace app;
using namespace describe_checks;

namespace {

State at(const char* query, View v) {
  State s;
  REQUIRE(apply_query(s, query).empty());
  REQUIRE(set_view(s, v).empty());
  return s;
}

// q turned for position m dotted with k turned for position n, pair i = (2i, 2i+1) or (i, i + d/2),
// angle p * base^(-2i/d): written out here, apart from the core.
double score_by_hand(const std::vector<double>& q, const std::vector<double>& k, double m, double n, double base, bool half) {
  const size_t d = q.size();
  double sum = 0;
  for (size_t i = 0; i < d / 2; ++i) {
    const double w = std::pow(base, -2.0 * static_cast<double>(i) / static_cast<double>(d));
    const size_t a = half ? i : 2 * i, b = half ? i + d / 2 : 2 * i + 1;
    const double qa = q[a] * std::cos(m * w) - q[b] * std::sin(m * w), qb = q[a] * std::sin(m * w) + q[b] * std::cos(m * w);
    const double ka = k[a] * std::cos(n * w) - k[b] * std::sin(n * w), kb = k[a] * std::sin(n * w) + k[b] * std::cos(n * w);
    sum += qa * ka + qb * kb;
  }
  return sum;
}

// sum_{j=1}^{d/2} |sum_{i<j} e^{-i r w_i}|.
double partial_sums_by_hand(double r, int d, double base) {
  std::complex<double> s(0, 0);
  double total = 0;
  for (int i = 0; i < d / 2; ++i) {
    s += std::exp(std::complex<double>(0, -r * std::pow(base, -2.0 * i / d)));
    total += std::abs(s);
  }
  return total;
}

std::string v4(double v) { return fixed("%.4f", v); }

}  // namespace

TEST_CASE("rope_scores: all-ones q and k at d = 32, as described") {
  RopeScoresCache c;
  const State s = at("d=32&k=4&pos=0&playing=0", View::rope_scores);
  const std::string t = describe_rope_scores(s, c);
  INFO(t);
  CHECK(unfit(t).empty());
  const std::vector<double> ones(32, 1.0);
  // The score at k = 4, and 2 sum cos(4 w_i) as a second route.
  double closed = 0;
  for (int i = 0; i < 16; ++i) closed += 2 * std::cos(4 * std::pow(1e4, -2.0 * i / 32));
  CHECK_THAT(score_by_hand(ones, ones, 0, 4, 1e4, false), Catch::Matchers::WithinAbs(closed, 1e-12));
  CHECK(has(t, "the score is " + v4(closed) + ";"));
  // The bound at k: factor 2 (h_i = 2 for every pair) times the partial sums.
  CHECK(has(t, "bound allows " + v4(2 * partial_sums_by_hand(4, 32, 1e4)) + "."));
  // The relative bound at 0 is (d/2 + 1)/2 = 8.5; at 128 it is the partial sums / 16.
  CHECK(has(t, "the relative bound is 8.5000 at distance 0 and " + v4(partial_sums_by_hand(128, 32, 1e4) / 16) + " at ±128."));
  // The score at 0 is d, the bound there (d/2)(d/2 + 1) = 272.
  CHECK(has(t, "at distance 0 it allows 272.0000 where the score is 32.0000"));
  // The map: positions 0..63, 64 cells a side, colour scale |q||k| = 32.
  CHECK(has(t, "query positions m = 0 to 63 down"));
  CHECK(has(t, "(64 × 64 cells)"));
  CHECK(has(t, "Red +32.0000"));
  CHECK(!has(t, "keeps to"));
  // The largest |score| at distances 64..128, every whole offset checked (the curve has them all).
  double late = 0;
  for (int r = 64; r <= 128; ++r) late = std::max(late, std::fabs(score_by_hand(ones, ones, 0, r, 1e4, false)));
  CHECK(has(t, "from 64 to 128 is " + v4(late) + "."));
}

TEST_CASE("rope_scores: random q and k at pos = 10^6, read from positions, and the map follows pos") {
  RopeScoresCache c;
  const State s = at("d=64&k=-7&pos=1000000.5&playing=0&scoresVectors=random", View::rope_scores);
  const std::string t = describe_rope_scores(s, c);
  INFO(t);
  std::vector<double> q, k;
  rope_scores_vectors(RopeVectors::random, 64, q, k);
  // Angles near 10^6 rad are rounded to ~1e-10: far below the 4 printed decimals.
  CHECK(has(t, "the score is " + v4(score_by_hand(q, k, 1000000.5, 999993.5, 1e4, false)) + ";"));
  CHECK(has(t, "query positions m = 1,000,000 to 1,000,063 down"));
  double qq = 0, kk = 0;
  for (size_t j = 0; j < 64; ++j) qq += q[j] * q[j], kk += k[j] * k[j];
  CHECK(has(t, "Red +" + v4(std::sqrt(qq) * std::sqrt(kk))));
  CHECK(unfit(t).empty());
}

TEST_CASE("rope_scores: the map's side is capped by the work per redraw") {
  // cells^2 * d/2 <= 2^21: d = 8192 gives floor(sqrt(512)) = 22; d = 512 floor(sqrt(8192)) = 90 > 64.
  CHECK(rope_scores_map_cells(64, 8192) == 22);
  CHECK(rope_scores_map_cells(128, 8192) == 22);
  CHECK(rope_scores_map_cells(64, 512) == 64);
  CHECK(rope_scores_map_cells(128, 512) == 90);
  CHECK(rope_scores_map_cells(128, 32) == 128);
  RopeScoresCache c;
  const std::string t = describe_rope_scores(at("d=8192&pos=-1e9&k=1e9&base=1e12", View::rope_scores), c);
  INFO(t);
  CHECK(has(t, "(22 × 22 cells)"));
  CHECK(has(t, "each cell sums 4,096 pairs, so the map keeps to 22 positions per side"));
  CHECK(has(t, "m = -1,000,000,000 to -999,999,979"));
  CHECK(unfit(t).empty());
}

TEST_CASE("rope_scores and rope_layouts: the views' own settings are URL keys") {
  State c;
  CHECK(set_field(c, "scoresVectors", "same").empty());
  CHECK(c.scoresVectors == RopeVectors::same);
  CHECK(set_field(c, "scoresOffsets", "512").empty());
  CHECK(c.scoresOffsets == 512);
  CHECK(set_field(c, "scoresWindow", "32").empty());
  CHECK(c.scoresWindow == 32);
  for (const auto& [key, value] : {std::pair{"scoresVectors", "two"}, {"scoresOffsets", "7"}, {"scoresOffsets", "4097"},
                                   {"scoresOffsets", "12.5"}, {"scoresWindow", "129"}, {"scoresWindow", ""}, {"vectors", "ones"}}) {
    INFO(key << "=" << value);
    CHECK_FALSE(set_field(c, key, value).empty());
  }
  CHECK(c.scoresOffsets == 512);
  CHECK(c.scoresWindow == 32);
  CHECK(set_field(c, "layoutTrained", "half").empty());
  CHECK(c.layoutTrained == pe::RopeLayout::half);
  CHECK(set_field(c, "layoutVectors", "ones").empty());
  CHECK(set_field(c, "layoutSeed", "7").empty());
  CHECK(set_field(c, "layoutOffsets", "100").empty());
  CHECK((c.layoutVectors == LayoutVectors::ones && c.layoutSeed == 7 && c.layoutOffsets == 100));
  for (const auto& [key, value] : {std::pair{"layoutTrained", "neox"}, {"layoutSeed", "0"}, {"layoutSeed", "1000001"},
                                   {"layoutOffsets", "x"}, {"layout", "half"}}) {
    INFO(key << "=" << value);
    CHECK_FALSE(set_field(c, key, value).empty());
  }
  CHECK(c.seed == State{}.seed);  // the experiment's seed is another setting
  // In the link and the JSON, like any other key.
  CHECK(to_query(c, true).find("layoutSeed=7") != std::string::npos);
  CHECK(to_json(c).find("\"scoresVectors\":\"same\"") != std::string::npos);
}

TEST_CASE("rope_layouts: right, wrong and permuted scores at d = 8, both directions, against hand rotations") {
  for (const char* trained : {"interleaved", "half"}) {
    RopeLayoutsCache c;
    const bool made_half = std::string(trained) == "half";
    const State s = at((std::string("d=8&k=5&pos=3&playing=0&layoutTrained=") + trained).c_str(), View::rope_layouts);
    const std::string t = describe_rope_layouts(s, c);
    INFO(trained << "\n" << t);
    CHECK(unfit(t).empty());
    std::vector<double> q, k;
    rope_layouts_vectors(LayoutVectors::random, 1, 8, q, k);
    CHECK(has(t, "q = (" + fixed("%.6f", q[0]) + ", " + fixed("%.6f", q[1])));
    const double right = score_by_hand(q, k, 3, 8, 1e4, made_half), wrong = score_by_hand(q, k, 3, 8, 1e4, !made_half);
    // Reordered by hand: interleaved -> half puts dims 2i at slot i and 2i+1 at slot i + 4; the reverse
    // puts half slot i at 2i and i + 4 at 2i + 1.
    std::vector<double> pq(8), pk(8);
    for (size_t i = 0; i < 4; ++i) {
      if (!made_half) {
        pq[i] = q[2 * i], pq[i + 4] = q[2 * i + 1], pk[i] = k[2 * i], pk[i + 4] = k[2 * i + 1];
      } else {
        pq[2 * i] = q[i], pq[2 * i + 1] = q[i + 4], pk[2 * i] = k[i], pk[2 * i + 1] = k[i + 4];
      }
    }
    const double fixed_score = score_by_hand(pq, pk, 3, 8, 1e4, !made_half);
    CHECK_THAT(fixed_score, Catch::Matchers::WithinAbs(right, 1e-12));
    CHECK(std::fabs(wrong - right) > 0.01);  // the bug shows for these vectors
    CHECK(has(t, "as made " + v4(right) + "; run wrongly " + v4(wrong) + " (off by " + v4(std::fabs(wrong - right)) + "); after P " +
                     v4(fixed_score) + "."));
    CHECK(has(t, made_half ? "P: slot j takes dimension (0, 4, 1, 5, 2, 6, 3, 7)." : "P: slot j takes dimension (0, 2, 4, 6, 1, 3, 5, 7)."));
    // Over -64..64 (129 whole offsets): the largest error, every offset checked by hand.
    double err = 0, top = 0;
    for (int r = -64; r <= 64; ++r) {
      const double a = score_by_hand(q, k, 0, r, 1e4, made_half), b = score_by_hand(q, k, 0, r, 1e4, !made_half);
      err = std::max(err, std::fabs(b - a));
      top = std::max(top, std::fabs(a));
    }
    CHECK(has(t, "the largest error is " + v4(err) + ", where the largest score as made is " + v4(top) + ";"));
    const double fix = number_after(t, "after P the largest difference is ");
    CHECK(fix < 1e-12);
  }
}

TEST_CASE("rope_layouts: all-ones vectors hide the bug; a wide head states P's rule") {
  RopeLayoutsCache c;
  const std::string t = describe_rope_layouts(at("d=64&k=9&layoutVectors=ones", View::rope_layouts), c);
  INFO(t);
  CHECK(has(t, "the largest error is 0.0000"));
  CHECK(has(t, "All-ones q and k hide the bug"));
  CHECK(has(t, "slot i + d/2 takes 2i + 1 (i = 0 … 31)"));
  CHECK(!has(t, "q = ("));
}

TEST_CASE("rope_scores and rope_layouts draw at the corners, at scale 2 and on a phone, with finite vertices") {
  Headless h;
  for (const char* q : {"playing=0&pos=1e6&d=512", "playing=0&pos=1e6&scale=2", "playing=0&pos=-1e9&d=8192&base=1e12&k=5",
                        "playing=0&d=2&pos=1e9&k=-1e9&base=1.0000001", "playing=1&d=64&speed=10000"}) {
    for (View v : {View::rope_scores, View::rope_layouts}) {
      for (ImVec2 size : {ImVec2(1280, 800), ImVec2(360, 640)}) {
        INFO(q << " " << view_id(v) << " " << size.x);
        h.app.state = State{};
        REQUIRE(apply_query(h.app.state, q).empty());
        REQUIRE(set_view(h.app.state, v).empty());
        const auto [vertices, finite] = h.frames(3, size);
        CHECK(finite);
        CHECK(vertices > 1000);
        CHECK(unfit(describe(h.app.state, h.app.views)).empty());
      }
    }
  }
}

TEST_CASE("rope_scores: the figure shows the sentence describe() says, and the diagonal n − m = k is labelled") {
  Headless h;
  REQUIRE(apply_query(h.app.state, "view=rope_scores&d=32&k=5&playing=0").empty());
  h.frames(3);
  const std::string svg = figure_svg(h.app);
  const std::string t = describe(h.app.state, h.app.views);
  const std::vector<double> ones(32, 1.0);
  const std::string score = v4(score_by_hand(ones, ones, 0, 5, 1e4, false));
  CHECK(has(t, score));
  CHECK(has(svg, score));
  CHECK(has(svg, "n − m = k"));
  CHECK(h.app.views.rope_scores.map_drawn);
  CHECK(h.app.views.rope_scores.map_cells == 64);
  CHECK(h.app.views.rope_scores.map_first == 0);
  // The map is square.
  const ImVec2 a = h.app.views.rope_scores.map_min, b = h.app.views.rope_scores.map_max;
  CHECK(std::fabs((b.x - a.x) - (b.y - a.y)) < 0.5f);
}

TEST_CASE("rope_scores: the CPU picture of the map (for exports) colours cells as the shader's scale says") {
  const std::vector<double> ones(8, 1.0);
  gfx::RopeScoresDraw d;
  d.first = 1000;
  d.cells = 8;
  d.d = 8;
  d.base = 1e4;
  d.scale = 8;  // |q| |k|
  d.q = ones;
  d.k = ones;
  const std::vector<unsigned char> rgb = gfx::rope_scores_cells_rgb(d);
  REQUIRE(rgb.size() == 8 * 8 * 3);
  const auto cell = [&](int r, int c) {
    const size_t o = (static_cast<size_t>(r) * 8 + static_cast<size_t>(c)) * 3;
    return IM_COL32(rgb[o], rgb[o + 1], rgb[o + 2], 255);
  };
  // The diagonal scores d = 8 (full red); cell (0, 3) scores 2 sum cos(3 w_i).
  for (int j = 0; j < 8; ++j) CHECK(cell(j, j) == gfx::heat_color(1.0));
  double s3 = 0;
  for (int i = 0; i < 4; ++i) s3 += 2 * std::cos(3 * std::pow(1e4, -2.0 * i / 8));
  CHECK(cell(0, 3) == gfx::heat_color(s3 / 8));
  CHECK(cell(4, 7) == cell(0, 3));
}
