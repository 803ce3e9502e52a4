#include "fair.hpp"

#include "text/format.hpp"
#include "text/json_write.hpp"

namespace train {

namespace {

constexpr int kFairLayers = 2;
constexpr int kAlibiHeads = 8;  // Press et al. 2022's smallest head count; the table's largest

bool heads_fit(int dModel, int heads) { return dModel % heads == 0 && (dModel / heads) % 2 == 0; }

}  // namespace

FairSetting fair_setting(const Config& c) {
  FairSetting f{c, {}};
  Config& o = f.config;
  const bool nope = c.encoding == Encoding::none, alibi = c.encoding == Encoding::alibi;
  if ((nope || alibi) && o.layers < kFairLayers) {
    f.changes.push_back({"layers", static_cast<double>(o.layers), kFairLayers,
                         nope ? "one causal layer without positions can only count its keys (order-blind); a second "
                                "layer can read position off the causal mask (Haviv et al. 2022, Kazemnejad et al. 2023)"
                              : "ALiBi's bias only favours nearer keys, whatever their content; as for NoPE, a second "
                                "layer can read position off the causal mask (Haviv et al. 2022, Kazemnejad et al. 2023)"});
    o.layers = kFairLayers;
  }
  if (alibi && o.heads < kAlibiHeads) {
    int h = kAlibiHeads;
    while (h > o.heads && !heads_fit(o.dModel, h)) --h;
    if (h > o.heads) {
      std::string why =
          h == kAlibiHeads
              ? "the slopes 2^(-8i/H) then run from 1/2 to 1/256, so some heads look a few keys back and others over "
                "the whole window (Press et al. 2022 use 8 or more)"
              : "more heads give ALiBi's slopes more range over the window (Press et al. 2022 use 8 or more); 8 need "
                "dModel divisible by 16 (an even head width), so " + std::to_string(h) + " with dModel " +
                    std::to_string(o.dModel);
      f.changes.push_back({"heads", static_cast<double>(o.heads), static_cast<double>(h), why});
      o.heads = h;
    }
  }
  return f;
}

std::string fair_summary(const FairSetting& f) {
  std::string s;
  for (const FairChange& ch : f.changes)
    s += (s.empty() ? "" : "; ") + ch.key + " " + app::shortest_number(ch.from) + " -> " + app::shortest_number(ch.to) + ": " + ch.reason;
  return s;
}

std::string fair_json(const FairSetting& f) {
  app::JsonWriter w;
  w.raw("[");
  for (size_t i = 0; i < f.changes.size(); ++i) {
    const FairChange& ch = f.changes[i];
    if (i) w.raw(",");
    w.raw("{");
    w.key("key"); w.str(ch.key);
    w.raw(","); w.key("from"); w.num(ch.from);
    w.raw(","); w.key("to"); w.num(ch.to);
    w.raw(","); w.key("reason"); w.str(ch.reason);
    w.raw("}");
  }
  w.raw("]");
  return w.out;
}

std::string with_fair(std::string result_json, const FairSetting& f) {
  const size_t end = result_json.rfind('}');
  if (end == std::string::npos) return result_json;
  result_json.insert(end, ",\"fair\":" + fair_json(f));
  return result_json;
}

}  // namespace train
