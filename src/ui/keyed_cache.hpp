// What a view derives from the state (curves, tables, ranges) is recomputed only when the inputs it
// depends on change. One helper instead of a hand-written comparison per view:
//
//   struct PeriodsCache { KeyedCache<int, double> key; std::vector<double> period; };
//   if (cache.key.changed(s.d, s.base)) { ...recompute cache.period... }
#pragma once
#include <tuple>

namespace app {

template <class... Keys>
class KeyedCache {
 public:
  // True (and remembers the keys) the first time and whenever any key differs from the last call.
  bool changed(const Keys&... keys) {
    std::tuple<Keys...> now(keys...);
    if (valid_ && now == last_) return false;
    last_ = std::move(now);
    valid_ = true;
    return true;
  }
  // True when the keys are the ones changed() last remembered: for a reader that may use what the cache
  // holds but must not refresh it (a const cache).
  bool holds(const Keys&... keys) const { return valid_ && std::tuple<Keys...>(keys...) == last_; }
  // Forces the next changed() to return true.
  void invalidate() { valid_ = false; }

 private:
  std::tuple<Keys...> last_{};
  bool valid_ = false;
};

}  // namespace app
