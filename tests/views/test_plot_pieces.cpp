// The drawing toolkit's pure pieces (src/ui/label.hpp, log_axis.hpp, bars.hpp, dial_row.hpp, plot.hpp and the tick
// numbers of src/text/format.hpp), against values worked out by hand. Screen pixels, y down.
#include "catch2_any.hpp"

#include <string>
#include <vector>

#include "text/format.hpp"
#include "ui/widgets.hpp"
#include "ui/bars.hpp"
#include "ui/dial_row.hpp"
#include "ui/label.hpp"
#include "ui/log_axis.hpp"
#include "ui/plot.hpp"
#include "ui/table.hpp"
#include "ui/text_layout.hpp"

using namespace app;

namespace {
bool same(ImVec2 a, ImVec2 b) { return a.x == Approx(b.x) && a.y == Approx(b.y); }
}  // namespace

TEST_CASE("label placer: the first free spot, else the one that covers least") {
  LabelPlacer lp(ImVec2(0, 0), ImVec2(100, 100));
  lp.avoid_rect(ImVec2(10, 10), ImVec2(30, 30));
  // A 20 x 10 label at (15, 15) covers x 15..30, y 15..25 of the rectangle: 15 x 10 = 150 px².
  CHECK(lp.cost(ImVec2(15, 15), ImVec2(20, 10)) == Approx(150));
  CHECK(lp.cost(ImVec2(50, 50), ImVec2(20, 10)) == 0);
  const ImVec2 c1[] = {ImVec2(15, 15), ImVec2(50, 50), ImVec2(70, 70)};
  CHECK(same(lp.place(ImVec2(20, 10), c1), ImVec2(50, 50)));
  // The label just placed is avoided too: the same spot now costs its whole area, 200 px².
  CHECK(lp.cost(ImVec2(50, 50), ImVec2(20, 10)) == Approx(200));
  // Every spot covered: the least. (12, 12): x 12..30 by y 12..22 = 180; (0, 0): x 10..20 by y 10 = 100.
  const ImVec2 c2[] = {ImVec2(12, 12), ImVec2(0, 0)};
  CHECK(same(lp.place(ImVec2(20, 10), c2), ImVec2(0, 0)));
}

TEST_CASE("label placer: a line costs its length inside the label times its thickness") {
  LabelPlacer lp(ImVec2(0, 0), ImVec2(100, 100));
  lp.avoid_segment(ImVec2(0, 50), ImVec2(100, 50), 2);
  // The label (40, 45)-(60, 55), grown by half the thickness (1 px) each side: 22 px of line, x 2.
  CHECK(lp.cost(ImVec2(40, 45), ImVec2(20, 10)) == Approx(44));
  // Just clear of the line (its half thickness included), and across a diagonal polyline.
  CHECK(lp.cost(ImVec2(40, 52), ImVec2(20, 10)) == 0);
  const ImVec2 c[] = {ImVec2(40, 45), ImVec2(40, 60)};
  CHECK(same(lp.place(ImVec2(20, 10), c), ImVec2(40, 60)));
  LabelPlacer diag(ImVec2(0, 0), ImVec2(100, 100));
  const ImVec2 pts[] = {ImVec2(0, 0), ImVec2(50, 50), ImVec2(100, 100)};
  diag.avoid_polyline(pts, 1);
  // The square (40, 40)-(60, 60) holds the diagonal from (39.5, 39.5) to (60.5, 60.5) once grown by 0.5:
  // 21·√2 ≈ 29.70 px.
  CHECK(diag.cost(ImVec2(40, 40), ImVec2(20, 20)) == Approx(21 * 1.41421356).epsilon(1e-4));
  CHECK(diag.cost(ImVec2(70, 10), ImVec2(20, 20)) == 0);
}

TEST_CASE("label placer: spots are shifted inside the bounds; points are squares of their radius") {
  LabelPlacer lp(ImVec2(10, 10), ImVec2(110, 60));
  CHECK(same(lp.inside(ImVec2(105, 58), ImVec2(20, 10)), ImVec2(90, 50)));
  CHECK(same(lp.inside(ImVec2(0, 0), ImVec2(20, 10)), ImVec2(10, 10)));
  // Wider than the bounds: the left edge stays on them.
  CHECK(same(lp.inside(ImVec2(50, 20), ImVec2(200, 10)), ImVec2(10, 20)));
  lp.avoid_point(ImVec2(50, 30), 4);  // the square 46..54 by 26..34
  CHECK(lp.cost(ImVec2(40, 20), ImVec2(8, 8)) == Approx(2 * 2));  // x 46..48 by y 26..28
  CHECK(lp.cost(ImVec2(54, 20), ImVec2(8, 8)) == 0);
}

TEST_CASE("label placer: the spots around an anchor, in order") {
  const std::vector<ImVec2> a = LabelPlacer::around(ImVec2(50, 50), ImVec2(10, 4), 2);
  REQUIRE(a.size() == 6);
  CHECK(same(a[0], ImVec2(52, 44)));  // right, above
  CHECK(same(a[1], ImVec2(52, 52)));  // right, below
  CHECK(same(a[2], ImVec2(38, 44)));  // left, above
  CHECK(same(a[3], ImVec2(38, 52)));  // left, below
  CHECK(same(a[4], ImVec2(45, 44)));  // centred above
  CHECK(same(a[5], ImVec2(45, 52)));  // centred below
}

TEST_CASE("beside a line: right of it while the label keeps its room from the edge, else left") {
  // A 30 px label by a line at x = 50 in a plot ending at 100: 50 + 30 + 10 <= 100, so right, 6 px away.
  CHECK(beside_line(50, 30, 100, 6, 8, 10) == Approx(56));
  // At x = 61 it would reach 101 with its room: left of the line, 8 px back: 61 - 30 - 8.
  CHECK(beside_line(61, 30, 100, 6, 8, 10) == Approx(23));
  // Exactly at the limit (60 + 30 + 10 = 100) it still goes right.
  CHECK(beside_line(60, 30, 100, 6, 8, 10) == Approx(66));
}

TEST_CASE("log axis: decade numbers and which decades carry them") {
  CHECK(decade_label(0) == "1");
  CHECK(decade_label(1) == "10");
  CHECK(decade_label(2) == "100");
  CHECK(decade_label(3) == "1e3");
  CHECK(decade_label(7) == "1e7");
  CHECK(decade_label(-1) == "1e-1");
  CHECK(decade_label(-9) == "1e-9");
  CHECK(decade_label(2, "\xC2\xB0") == "100\xC2\xB0");
  CHECK(decade_label(-6, "\xC2\xB0") == "1e-6\xC2\xB0");
  CHECK(decade_ticks(-9, 0, 3) == std::vector<double>{-9, -6, -3, 0});
  CHECK(decade_ticks(0.5, 4.2, 1) == std::vector<double>{1, 2, 3, 4});
  // -1 % 2 is -1 in C++: odd exponents below 0 are left out as well as above.
  CHECK(decade_ticks(-2.5, 2.5, 2) == std::vector<double>{-2, 0, 2});
  CHECK(decade_ticks(3.2, 3.8, 1).empty());
  // Ten decades of 35 px numbers on a 200 px axis need every second decade: ceil(350 / 200) = 2.
  CHECK(decade_every(10, 35, 200) == 2);
  CHECK(decade_every(3, 35, 400) == 1);
  CHECK(decade_every(30, 35, 200) == 6);  // ceil(1050 / 200) = 6
  CHECK(decade_every(0, 35, 200) == 1);
}

TEST_CASE("log axis: a decade maps to its share of the axis") {
  // 1 .. 1e7 over 700 px: each decade 100 px, 10^3 at 300 px from the left.
  const Plot p = plot_rect(ImVec2(100, 0), ImVec2(800, 100), 1, 1e7, 1e-9, 1, true, true);
  CHECK(p.sx(1e3) == Approx(400));
  CHECK(p.sx(1) == Approx(100));
  CHECK(p.sx(1e7) == Approx(800));
  // y: 1e-9 .. 1 over 100 px, 9 decades, 1e-3 at 6/9 of the height from the bottom.
  CHECK(p.sy(1e-3) == Approx(100 - 100.0 * 6 / 9));
  CHECK(p.x_at(400) == Approx(1e3));
}

TEST_CASE("ticks: nice steps and their numbers") {
  CHECK(nice_ticks(0, 10, 5) == std::vector<double>{0, 2, 4, 6, 8, 10});
  CHECK(nice_ticks(0, 1, 4) == std::vector<double>{0, 0.5, 1});
  CHECK(nice_ticks(1, 1, 4).empty());
  CHECK(tick_label(1000040, 20) == "1,000,040");
  CHECK(tick_label(2.5e7, 1e7) == "2.5e7");
  CHECK(tick_label(0.25, 0.05) == "0.25");
  CHECK(tick_label(3, 1) == "3");
  CHECK(grouped(60611) == "60,611");
  CHECK(grouped(-1234.5, 1) == "-1,234.5");
  CHECK(grouped(-0.0001, 2) == "0.00");
}

TEST_CASE("bar strip: the scale and the dimension under the mouse") {
  BarStrip b;
  b.o = ImVec2(0, 0);
  b.w = 100, b.h = 50, b.ymax = 2, b.first = 4, b.count = 10;
  CHECK(b.bar_w() == Approx(10));
  CHECK(b.y(2) == Approx(0));
  CHECK(b.y(-2) == Approx(50));
  CHECK(b.y(0) == Approx(25));
  CHECK(b.y(1) == Approx(12.5));
  CHECK(b.dim_at(35) == 7);
  CHECK(b.dim_at(-5) == 4);
  CHECK(b.dim_at(1000) == 13);
}

TEST_CASE("dial row: as many cells to a row as the width holds, wrapping") {
  // Cells 100 x 150, a 60 px dial under a 20 px title, labels 2 px under it. 350 px hold 3 a row.
  const DialRow r = dial_row(7, 350, ImVec2(100, 150), 60, 20, 2, 6);
  CHECK(r.cols == 3);
  CHECK(r.rows() == 3);  // 3 + 3 + 1
  CHECK(r.row(4) == 1);
  CHECK(r.col(4) == 1);
  // Dial 4: column 1, row 1; rows 150 + 10 apart.
  CHECK(same(r.cell_pos(ImVec2(5, 7), 4, 10), ImVec2(105, 167)));
  // In the cell at (105, 167): centre (105 + 50, 167 + 20 + 30); labels from 167 + 20 + 60 + 2.
  CHECK(same(r.centre(ImVec2(105, 167)), ImVec2(155, 217)));
  CHECK(r.label_y(ImVec2(105, 167)) == Approx(249));
}

TEST_CASE("dial row: at least one a row, never more columns than dials, a width of n cells holds n") {
  CHECK(dial_row(5, 40, ImVec2(100, 150), 60, 20, 2).cols == 1);  // narrower than one cell
  CHECK(dial_row(2, 1000, ImVec2(100, 150), 60, 20, 2).cols == 2);
  CHECK(dial_row(2, 1000, ImVec2(100, 150), 60, 20, 2).rows() == 1);
  // Cells of width / 3 (as the RoPE view sizes them) fit three to the row although 700 / (700 / 3)
  // may round below 3.
  const float w = 700;
  CHECK(dial_row(3, w, ImVec2(w / 3, 150), 60, 20, 2).cols == 3);
  CHECK(dial_row(0, w, ImVec2(100, 150), 60, 20, 2).rows() == 0);
}

TEST_CASE("dial matrix: the names' column where the width holds it, and the pair columns beside it") {
  // 700 px >= 560: names at the left, 150 px; (700 - 150) / 100 = 5.5, so 5 columns.
  const DialColumns wide = dial_columns(700, 100, 560, 150);
  CHECK(wide.side_labels);
  CHECK(wide.label_w == Approx(150));
  CHECK(wide.count == 5);
  // 500 px: the names go above the rows; 500 / 100 = 5 columns.
  const DialColumns narrow = dial_columns(500, 100, 560, 150);
  CHECK_FALSE(narrow.side_labels);
  CHECK(narrow.label_w == 0);
  CHECK(narrow.count == 5);
  // At least one column, at most `most`.
  CHECK(dial_columns(50, 100, 560, 150).count == 1);
  CHECK(dial_columns(5000, 100, 560, 150).count == 12);
  CHECK(dial_columns(5000, 100, 560, 150, 4).count == 4);
}

TEST_CASE("dial matrix: the wanted pairs first, then the midpoints of finer splits, in increasing order") {
  // 64 pairs, 6 shown: 10, 0, 63 wanted (the repeat and -1 skipped), then the middle round(31.5) = 32
  // (lround: away from zero), then the quarters round(15.75) = 16 and round(47.25) = 47.
  CHECK(dial_pairs(64, 6, {10, 0, 63, 0, -1}) == std::vector<int>{0, 10, 16, 32, 47, 63});
  // Fewer pairs than columns: every pair once.
  CHECK(dial_pairs(3, 8, {2}) == std::vector<int>{0, 1, 2});
  // The wanted ones are cut at `count`, in their order.
  CHECK(dial_pairs(100, 2, {50, 7, 3}) == std::vector<int>{7, 50});
}

TEST_CASE("plot and side panel: beside where both fit, else the panel below a full-width plot") {
  // 320 + 12 + 300 = 632 px hold both: the plot gets 800 - 320 - 12 = 468 px, the height less `keep`.
  const PlotAndSide wide = plot_and_side(ImVec2(800, 500), 320, 10, 1);
  CHECK(wide.beside);
  CHECK(wide.side_w == Approx(320));
  CHECK(same(wide.plot, ImVec2(468, 490)));
  // 600 px: the panel below, 320 wide; the plot the whole width and 0.6 of the height (at least
  // plot_min_height, 220).
  const PlotAndSide narrow = plot_and_side(ImVec2(600, 500), 320, 10, 1);
  CHECK_FALSE(narrow.beside);
  CHECK(narrow.side_w == Approx(320));
  CHECK(same(narrow.plot, ImVec2(600, 300)));
  // A phone narrower than the panel: the panel takes the width; a short window keeps the least height.
  const PlotAndSide phone = plot_and_side(ImVec2(300, 200), 320, 10, 1);
  CHECK(phone.side_w == Approx(300));
  CHECK(same(phone.plot, ImVec2(300, 220)));
}

TEST_CASE("turns: short numbers of turns, never 1.00 just short of one") {
  CHECK(turns_text(1304.2) == "1,304");
  CHECK(turns_text(23.44) == "23.4");
  CHECK(turns_text(0.9995) == "0.999");
  CHECK(turns_text(0.42) == "0.42");
  CHECK(turns_text(6.6e-10) == "6.6e-10");
}

TEST_CASE("slider value text: the grab's place on a linear and a logarithmic track, so the value goes on the other side") {
  CHECK(app::slider_grab_fraction(2, 2, 10, false) == 0.0);
  CHECK(app::slider_grab_fraction(6, 2, 10, false) == Approx(0.5));
  CHECK(app::slider_grab_fraction(10, 2, 10, false) == 1.0);
  CHECK(app::slider_grab_fraction(100, 1, 10000, true) == Approx(0.5));  // log10: 2 of 4 decades
  CHECK(app::slider_grab_fraction(1e6, 1, 10000, true) == 1.0);          // clamped
  CHECK(app::slider_grab_fraction(5, 5, 5, false) == 0.0);               // an empty track
  // The learning rate's track, 1e-5 .. 0.1, as Dear ImGui draws it: from its zero epsilon 0.001, so
  // 0.003 sits log10(3) / log10(100) = 0.2386 along (not 0.62), and the value goes to the right.
  CHECK(app::slider_grab_fraction(3e-3, 1e-5, 0.1, true) == Approx(0.2386).epsilon(1e-3));
}

TEST_CASE("wrapping at spaces: numbers and short relations stay whole; a chain of relations too wide for its line breaks before a sign") {
  // One unit per byte: widths are character counts, worked by hand.
  const auto chars = [](std::string_view t) { return static_cast<float>(t.size()); };
  const auto lines = [&](std::string_view t, float w) {
    std::vector<std::string> out;
    for (const TextLine& l : wrap_at_spaces(t, w, chars)) out.emplace_back(t.substr(l.begin, l.end - l.begin));
    return out;
  };
  // "d = 512" is never split, and 60,611 never breaks after its comma.
  CHECK(lines("with d = 512 and 60,611 rows", 12) == std::vector<std::string>{"with d = 512", "and 60,611", "rows"});
  // 32 characters on a line of 20: the rules give no break, so it breaks before an "=" ("i = floor(j/2)"
  // is 14 wide, adding " = floor(0/2)" makes 27), and the rest, 17 wide, fits.
  CHECK(lines("i = floor(j/2) = floor(0/2) = 0", 20) == std::vector<std::string>{"i = floor(j/2)", "= floor(0/2) = 0"});
  // Where it fits, the chain stays on one line.
  CHECK(lines("i = floor(j/2) = floor(0/2) = 0", 40) == std::vector<std::string>{"i = floor(j/2) = floor(0/2) = 0"});
  // Chinese has no spaces between words: a line may end between any two of its characters (3 bytes
  // each here), but never before a closing mark (，。) nor after an opening one (（), and numbers and
  // relations keep their rules. 9 bytes wide: three characters a line (14 for the last).
  CHECK(lines("\xE4\xBD\x8D\xE7\xBD\xAE\xE7\xBC\x96\xE7\xA0\x81", 9) ==
        std::vector<std::string>{"\xE4\xBD\x8D\xE7\xBD\xAE\xE7\xBC\x96", "\xE7\xA0\x81"});  // 位置编|码
  CHECK(lines("\xE4\xBD\x8D\xE7\xBD\xAE\xE7\xBC\x96\xEF\xBC\x8C\xE7\xA0\x81", 9) ==
        std::vector<std::string>{"\xE4\xBD\x8D\xE7\xBD\xAE", "\xE7\xBC\x96\xEF\xBC\x8C\xE7\xA0\x81"});  // 位置|编，码: "，" stays with 编
  CHECK(lines("\xE4\xBD\x8D\xEF\xBC\x88" "d = 512\xEF\xBC\x89", 14) ==
        std::vector<std::string>{"\xE4\xBD\x8D", "\xEF\xBC\x88" "d = 512\xEF\xBC\x89"});  // 位|（d = 512）
  // A short sum after Chinese stays whole, as after a space: 24 bytes hold "虚影指针：pos +" (20), but
  // "pos + k" keeps together, so the line ends after "：" (15 bytes) and the expression (14) follows.
  CHECK(lines("\xE8\x99\x9A\xE5\xBD\xB1\xE6\x8C\x87\xE9\x92\x88\xEF\xBC\x9A" "pos + k = 4.00", 24) ==
        std::vector<std::string>{"\xE8\x99\x9A\xE5\xBD\xB1\xE6\x8C\x87\xE9\x92\x88\xEF\xBC\x9A", "pos + k = 4.00"});
}

TEST_CASE("table columns: shared by weight, none narrower than its widest word") {
  const float w2[] = {1, 1}, w3[] = {2, 1, 1};
  // Room for every word: in proportion, 300 = 150 + 150 and 400 = 200 + 100 + 100.
  const float small2[] = {10, 10}, small3[] = {10, 10, 10};
  CHECK(share_widths(300, w2, small2) == std::vector<float>{150, 150});
  CHECK(share_widths(400, w3, small3) == std::vector<float>{200, 100, 100});
  // A 180 px word in the second column of 400: it takes 180; the 220 left go 2 : 1 (146.67, 73.33).
  const float long_word[] = {10, 180, 10};
  const std::vector<float> held = share_widths(400, w3, long_word);
  CHECK(held[1] == Approx(180));
  CHECK(held[0] == Approx(220.0 * 2 / 3));
  CHECK(held[2] == Approx(220.0 / 3));
  // Holding one can push another under its least: 400 with least 180 and 90 in the last two leaves 130
  // for the first, whose share before (2/3 of 220 = 146.67) was enough; the third's share, 73.33, was not.
  const float two_long[] = {10, 180, 90};
  const std::vector<float> both = share_widths(400, w3, two_long);
  CHECK(both[0] == Approx(130));
  CHECK(both[1] == Approx(180));
  CHECK(both[2] == Approx(90));
  // Words wider than the whole table: each column its least (the table then lays out wider).
  const float too_long[] = {200, 200};
  CHECK(share_widths(300, w2, too_long) == std::vector<float>{200, 200});
}
