// train::Service (src/train/service.hpp), the queue both platforms drive: runs in the order submitted,
// cancelling a queued and a running run, chunks that advance and finish, and message texts checked against
// independent paths: the result against train::to_json of a direct train::run() of the same options, the
// progress against the trainer's own loss log, a refusal against parse_option_lines.
#include "catch2_any.hpp"

#include <string>
#include <vector>

#include "text/json_read.hpp"
#include "train/config.hpp"
#include "train/result.hpp"
#include "train/service.hpp"

using namespace train;

namespace {

// A small model, so that a run takes milliseconds.
const std::string kSmall = "dModel=16\nheads=2\ntrainLength=8\nbatch=4\nk=2\n";

std::string options(int steps, int seed = 1) {
  return kSmall + "steps=" + std::to_string(steps) + "\nseed=" + std::to_string(seed) + "\n";
}

Config config_of(const std::string& lines) {
  Config c;
  REQUIRE(parse_option_lines(lines, c).empty());
  return c;
}

app::Json parse(const std::string& text) {
  app::Json j;
  std::string err;
  INFO(text);
  REQUIRE(app::parse_json(text, j, err));
  return j;
}

// Steps the service until it has nothing left to do, gathering every message.
std::vector<Message> drain(Service& s, double budget_ms = 0, std::vector<Message> out = {}) {
  for (int guard = 0; s.busy() && guard < 100000; ++guard)
    for (Message& m : s.step(budget_ms)) out.push_back(std::move(m));
  for (Message& m : s.step(budget_ms)) out.push_back(std::move(m));  // what a cancel left
  return out;
}

std::vector<Message> of_run(const std::vector<Message>& all, int id) {
  std::vector<Message> out;
  for (const Message& m : all)
    if (m.id == id) out.push_back(m);
  return out;
}

}  // namespace

TEST_CASE("runs go in the order submitted, one after another, each answering progress then one result") {
  Service s;
  s.submit(7, options(5, 1));
  s.submit(3, options(4, 2));
  s.submit(9, options(6, 3));
  CHECK(s.busy());
  const std::vector<Message> all = drain(s);
  CHECK(!s.busy());
  std::vector<int> results, order;
  for (const Message& m : all) {
    if (order.empty() || order.back() != m.id) order.push_back(m.id);
    if (m.kind == Message::Kind::result) results.push_back(m.id);
  }
  CHECK(results == std::vector<int>{7, 3, 9});
  CHECK(order == std::vector<int>{7, 3, 9});  // no run's messages interleave with another's
  for (int id : {7, 3, 9}) {
    const std::vector<Message> mine = of_run(all, id);
    REQUIRE(mine.size() >= 2);
    for (size_t i = 0; i + 1 < mine.size(); ++i) CHECK(mine[i].kind == Message::Kind::progress);
    CHECK(mine.back().kind == Message::Kind::result);
  }
}

TEST_CASE("the result's text is train::to_json of a direct train::run with the same options") {
  const std::string lines = "task=first\nencoding=sinusoidal\n" + options(12, 4);
  Service s;
  s.submit(1, lines);
  const std::vector<Message> mine = of_run(drain(s, kChunkMs), 1);
  REQUIRE(!mine.empty());
  REQUIRE(mine.back().kind == Message::Kind::result);
  const std::string& text = mine.back().text;
  // The independent path: the one-call run of the command line, whose ms is its own; the service's ms
  // (read back from its text, which round-trips) put in, the two texts must be the same, byte for byte.
  Result direct = run(config_of(lines));
  direct.ms = parse(text)["ms"].number(-1);
  CHECK(direct.ms >= 0);
  CHECK(text == to_json(direct));
  CHECK(parse(text)["cancelled"].boolean(true) == false);
}

TEST_CASE("refused options answer the engine's message and nothing else; the queue goes on") {
  Service s;
  s.submit(1, "zzz=1\n");
  s.submit(2, kSmall + "steps=NaN\n");
  s.submit(3, options(3));
  const std::vector<Message> all = drain(s);
  Config unused;
  for (const auto& [id, lines] : {std::pair{1, std::string("zzz=1\n")}, std::pair{2, kSmall + "steps=NaN\n"}}) {
    const std::vector<Message> mine = of_run(all, id);
    REQUIRE(mine.size() == 1);
    CHECK(mine[0].kind == Message::Kind::error);
    CHECK(mine[0].text == parse_option_lines(lines, unused));
    CHECK(!mine[0].text.empty());
  }
  CHECK(of_run(all, 3).back().kind == Message::Kind::result);
}

TEST_CASE("chunks: each step() advances the run, progress carries the new loss points, the last says done") {
  SECTION("budget 0: one optimiser step per call, and (report interval 0) one progress each") {
    Service s(0);
    const int steps = 9;
    s.submit(5, options(steps));
    std::vector<app::Json> progress;
    std::string result;
    int calls = 0;
    while (s.busy()) {
      ++calls;
      for (const Message& m : s.step(0)) {
        if (m.kind == Message::Kind::progress) progress.push_back(parse(m.text));
        if (m.kind == Message::Kind::result) result = m.text;
      }
    }
    CHECK(calls == steps);
    REQUIRE(progress.size() == static_cast<size_t>(steps));
    for (int i = 0; i < steps; ++i) {
      CHECK(progress[static_cast<size_t>(i)]["step"].number() == i + 1);
      CHECK(progress[static_cast<size_t>(i)]["steps"].number() == steps);
      CHECK(progress[static_cast<size_t>(i)]["done"].boolean(true) == (i + 1 == steps));
    }
    // The loss points of all progress messages, in order, are the result's loss curve, each once.
    std::vector<std::pair<double, double>> from_progress, from_result;
    for (const app::Json& p : progress)
      for (const app::Json& e : p["log"].items) from_progress.emplace_back(e["step"].number(), e["loss"].number());
    const app::Json r = parse(result);
    for (const app::Json& e : r["loss"].items) from_result.emplace_back(e["step"].number(), e["loss"].number());
    CHECK(from_progress == from_result);
    CHECK(r["steps"].number() == steps);
  }
  SECTION("the default report interval: the first chunk and the last report, at most every kReportMs between") {
    Service s;
    s.submit(1, options(30));
    std::vector<app::Json> progress;
    for (const Message& m : drain(s))
      if (m.kind == Message::Kind::progress) progress.push_back(parse(m.text));
    REQUIRE(progress.size() >= 2);
    CHECK(progress.front()["step"].number() == 1);
    CHECK(progress.back()["step"].number() == 30);
    CHECK(progress.back()["done"].boolean(false));
    for (size_t i = 1; i < progress.size(); ++i) CHECK(progress[i]["step"].number() > progress[i - 1]["step"].number());
  }
  SECTION("a chunk budget: a run ends inside it and the next queued run goes on in the same call") {
    Service s;
    s.submit(1, options(1));
    s.submit(2, options(1));
    // Two one-step runs of a small model fit in a generous budget: both results from one call.
    int results = 0;
    for (const Message& m : s.step(10000)) results += m.kind == Message::Kind::result;
    CHECK(results == 2);
    CHECK(!s.busy());
  }
}

TEST_CASE("cancel: a queued run answers an error, the running one its result so far, marked cancelled") {
  SECTION("one queued run by id: the others carry on") {
    Service s;
    s.submit(1, options(6));
    s.submit(2, options(6));
    s.submit(3, options(6));
    (void)s.step(0);  // run 1 starts
    s.cancel(2);
    const std::vector<Message> all = drain(s);
    const std::vector<Message> two = of_run(all, 2);
    REQUIRE(two.size() == 1);
    CHECK(two[0].kind == Message::Kind::error);
    CHECK(two[0].text == "cancelled before it started");
    CHECK(all.front().id == 2);  // the cancel's answer comes first, with the next step()
    CHECK(of_run(all, 1).back().kind == Message::Kind::result);
    CHECK(of_run(all, 3).back().kind == Message::Kind::result);
  }
  SECTION("the running run by id: its result has the steps it reached; the queue goes on") {
    const std::string lines = options(1000);
    Service s;
    s.submit(1, lines);
    s.submit(2, options(3));
    for (int i = 0; i < 4; ++i) (void)s.step(0);  // four optimiser steps
    s.cancel(1);
    const std::vector<Message> all = drain(s);
    const std::vector<Message> one = of_run(all, 1);
    REQUIRE(one.size() == 1);
    REQUIRE(one[0].kind == Message::Kind::result);
    const app::Json r = parse(one[0].text);
    CHECK(r["cancelled"].boolean(false));
    CHECK(r["steps"].number() == 4);
    // The same as a trainer stepped four times by hand and finished, with the service's ms.
    Trainer t(config_of(lines));
    for (int i = 0; i < 4; ++i) t.step();
    Result expected = finish(t, r["ms"].number(-1));
    expected.cancelled = true;
    CHECK(one[0].text == to_json(expected));
    CHECK(of_run(all, 2).back().kind == Message::Kind::result);
  }
  SECTION("cancel(): every queued run an error, then the running run's result; nothing is left") {
    Service s;
    s.submit(1, options(1000));
    s.submit(2, options(5));
    s.submit(3, options(5));
    (void)s.step(0);
    s.cancel();
    CHECK(!s.busy());
    const std::vector<Message> all = s.step(0);
    REQUIRE(all.size() == 3);
    CHECK((all[0].id == 2 && all[0].kind == Message::Kind::error));
    CHECK((all[1].id == 3 && all[1].kind == Message::Kind::error));
    CHECK((all[2].id == 1 && all[2].kind == Message::Kind::result));
    CHECK(parse(all[2].text)["cancelled"].boolean(false));
    CHECK(s.step(0).empty());
  }
  SECTION("cancelling what is not there changes nothing") {
    Service s;
    s.cancel();
    s.cancel(4);
    CHECK(s.step(0).empty());
    s.submit(1, options(2));
    s.cancel(2);
    CHECK(of_run(drain(s), 1).back().kind == Message::Kind::result);
  }
}

TEST_CASE("message kinds are the names the view and the worker use") {
  CHECK(std::string(kind_name(Message::Kind::progress)) == "progress");
  CHECK(std::string(kind_name(Message::Kind::result)) == "result");
  CHECK(std::string(kind_name(Message::Kind::error)) == "error");
}
