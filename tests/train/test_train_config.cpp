// The settings table: defaults agree with Config{}, and every bad value gets a message naming the key, the
// allowed range and the value, never a crash.
#include "catch2_any.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "train/config.hpp"

using namespace train;

namespace {
bool mentions(const std::string& msg, const char* what) { return msg.find(what) != std::string::npos; }
std::string parse(std::vector<std::string> args, Config& c) { return parse_options(args, c); }
}  // namespace

TEST_CASE("each row's default is Config{}'s value, and the defaults validate") {
  const Config c;
  for (const ConfigRow& r : config_rows()) {
    INFO(r.key);
    CHECK(config_get(c, r) == r.def);
    CHECK(r.min <= r.def);
    CHECK(r.def <= r.max);
  }
  CHECK(validate(c).empty());
  CHECK(config_rows().size() == 15);
}

TEST_CASE("out-of-range, NaN and infinite values name the key, the range and the value") {
  Config c;
  c.lr = std::numeric_limits<double>::quiet_NaN();
  std::string m = validate(c);
  CHECK(mentions(m, "lr"));
  CHECK(mentions(m, "1e-05..0.1"));
  CHECK(mentions(m, "NaN"));
  c = Config{};
  c.lr = std::numeric_limits<double>::infinity();
  CHECK(mentions(validate(c), "Infinity"));
  c = Config{};
  c.batch = -3;
  m = validate(c);
  CHECK(mentions(m, "batch"));
  CHECK(mentions(m, "1..256"));
  CHECK(mentions(m, "-3"));
  c = Config{};
  c.encoding = static_cast<Encoding>(9);
  CHECK(mentions(validate(c), "encoding must be one of none, sinusoidal, learned, rope, alibi"));
  c = Config{};
  c.dModel = 4;
  CHECK(mentions(validate(c), "dModel must be an integer 8..128, got 4"));
}

TEST_CASE("keys that must agree: dModel / heads, even head width, k < trainLength, copy's even length") {
  Config c;
  c.dModel = 30;
  c.heads = 4;
  CHECK(mentions(validate(c), "dModel must be divisible by heads"));
  c.dModel = 12;
  CHECK(mentions(validate(c), "head width"));
  c = Config{};
  c.k = 16;
  c.trainLength = 16;
  CHECK(mentions(validate(c), "k must be less than trainLength"));
  c.task = Task::first;  // k is unused then
  CHECK(validate(c).empty());
  c = Config{};
  c.task = Task::copy;
  c.trainLength = 15;
  CHECK(mentions(validate(c), "even for the copy task"));
}

TEST_CASE("parse_options: names or indices for choices, whole numbers, and a message for anything else") {
  Config c;
  REQUIRE(parse({"encoding=alibi", "task=copy", "lr=0.01", "seed=4294967295", "heads=4"}, c).empty());
  CHECK(c.encoding == Encoding::alibi);
  CHECK(c.task == Task::copy);
  CHECK(c.lr == 0.01);
  CHECK(c.seed == 4294967295u);
  CHECK(c.heads == 4);
  REQUIRE(parse({"encoding=1"}, c).empty());
  CHECK(c.encoding == Encoding::sinusoidal);

  Config before = c;
  CHECK(mentions(parse({"colour=red"}, c), "unknown key 'colour'"));
  CHECK(mentions(parse({"lr=abc"}, c), "lr must be a number"));
  CHECK(mentions(parse({"lr=nan"}, c), "lr must be"));
  CHECK(mentions(parse({"lr="}, c), "lr must be"));
  CHECK(mentions(parse({"steps=1.5"}, c), "steps must be an integer 1..100000, got 1.5"));
  CHECK(mentions(parse({"dModel=1e9"}, c), "dModel"));
  CHECK(mentions(parse({"seed=-1"}, c), "seed"));
  CHECK(mentions(parse({"encoding=cosine"}, c), "encoding must be one of"));
  CHECK(mentions(parse({"heads"}, c), "expected key=value"));
  CHECK(mentions(parse({"dModel=32", "heads=3"}, c), "divisible"));
  CHECK(config_json(c) == config_json(before));  // a refused parse leaves the config alone
}

TEST_CASE("config_json lists every key in table order; the rows export as a schema") {
  const std::string j = config_json(Config{});
  CHECK(j == "{\"task\":\"lookback\",\"k\":3,\"encoding\":\"rope\",\"seed\":1,\"trainLength\":16,\"steps\":300,"
             "\"dModel\":32,\"layers\":1,\"heads\":2,\"lr\":0.003,\"batch\":16,\"vocab\":16}");
  const std::string s = config_rows_json();
  CHECK(mentions(s, "{\"key\":\"lr\",\"kind\":\"number\",\"min\":1.0000000000000001e-05,\"max\":0.10000000000000001") == false);
  CHECK(mentions(s, "{\"key\":\"lr\",\"kind\":\"number\",\"min\":1e-05,\"max\":0.1,\"default\":0.003"));
  CHECK(mentions(s, "\"choices\":[\"none\",\"sinusoidal\",\"learned\",\"rope\",\"alibi\"]"));
  CHECK(mentions(s, "{\"key\":\"startOffset\",\"kind\":\"integer\",\"min\":0,\"max\":1024,\"default\":0"));
  CHECK(mentions(s, "\"default\":\"fixed\",\"meaning\":\"copy training lengths"));
}

TEST_CASE("the fair-test options: limits with messages, and in config_json only when not at their default") {
  Config c;
  CHECK(mentions(parse({"startOffset=2000"}, c), "startOffset must be an integer 0..1024, got 2000"));
  CHECK(mentions(parse({"startOffset=-1"}, c), "startOffset must be an integer 0..1024, got -1"));
  CHECK(mentions(parse({"copyLengths=sometimes"}, c), "copyLengths must be one of fixed, random, got 'sometimes'"));
  CHECK(mentions(parse({"lookbackK=guess"}, c), "lookbackK must be one of fixed, input, got 'guess'"));
  REQUIRE(parse({"startOffset=48", "copyLengths=random", "lookbackK=input"}, c).empty());
  CHECK(c.startOffset == 48);
  CHECK(c.copyLengths == CopyLengths::random);
  CHECK(c.lookbackK == LookbackK::input);
  CHECK(mentions(config_json(c), ",\"vocab\":16,\"startOffset\":48,\"copyLengths\":\"random\",\"lookbackK\":\"input\"}"));
  Config back;  // what config_json writes parses back to the same config
  std::vector<std::string> args{"startOffset=48", "copyLengths=random", "lookbackK=input"};
  REQUIRE(parse(args, back).empty());
  CHECK(config_json(back) == config_json(c));
  c.startOffset = 0;
  CHECK(!mentions(config_json(c), "startOffset"));
  CHECK(mentions(config_json(c), "copyLengths"));
}
