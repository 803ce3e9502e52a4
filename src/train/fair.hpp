// The setting that gives each encoding its fair chance on these tasks, with the reason for every change
// (issue 25). Only what theory says an encoding needs is changed, never to help one encoding win:
//
//   none, alibi: layers >= 2. One causal layer without position in its inputs can only sense how many
//     keys there are (the order-blind ceiling, order_blind.hpp); a second layer can read position off the
//     causal mask (Haviv et al. 2022; Kazemnejad et al. 2023). ALiBi's bias only favours nearer keys,
//     the same for every content, so one layer of it cannot single out offset k or position 0 either.
//   alibi: heads = 8 (Press et al. 2022's slopes 2^(-8h/H), h = 1..H, are then 1/2 .. 1/256: the
//     steepest head looks ~2 keys back, the flattest sees the whole window; with 2 heads the slopes are
//     1/16 and 1/256, almost flat over 16 keys). 8 heads need an even head width, dModel divisible by 16;
//     otherwise the most heads below 8 that keep one (the change then says so), or none.
//
// Every other encoding and key keeps the given value.
#pragma once
#include <string>
#include <vector>

#include "config.hpp"

namespace train {

struct FairChange {
  std::string key;     // the config key changed
  double from, to;     // its value before and after
  std::string reason;  // one sentence, for the view and the README
};

struct FairSetting {
  Config config;                    // c with the changes applied (validates whenever c does)
  std::vector<FairChange> changes;  // empty: the shared setting is already fair for this encoding
};

FairSetting fair_setting(const Config& c);

// "layers 1 -> 2: ...; heads 2 -> 8: ..." (empty when nothing changes).
std::string fair_summary(const FairSetting& f);
// [{"key":"layers","from":1,"to":2,"reason":"..."}, ...] for the command-line tools' output.
std::string fair_json(const FairSetting& f);
// A result JSON (an object) with "fair": fair_json(f) added as its last member: what train_dump run
// --fair, train_bench --fair and posenc_desktop --train --fair print.
std::string with_fair(std::string result_json, const FairSetting& f);

}  // namespace train
