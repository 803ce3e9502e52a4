#include "tour.hpp"

namespace app {

namespace {

constexpr TourStep kSteps[] = {
    {"Hands on dials", "view=clock&d=16&base=10000&pos=0&k=0&playing=1&speed=1&pair=0",
     "Watch the position count up. Pair 0 sweeps a full circle every 6.28 positions; each later pair turns more "
     "slowly, and the last ones hardly move. Together the hands spell out one position."},
    {"A shift is a turn", "view=clock&d=16&pos=3&k=2&playing=0&pair=1",
     "The orange hands show position pos + 2. Each pair is turned by its own angle w\xC2\xB7k. Change pos with the "
     "buttons: the angles between blue and orange never change. The panel works the 2\xC3\x97" "2 rotation for one pair."},
    {"Attention has no sense of order", "view=order&playing=0",
     "Swap two tokens: the attention weights are the same numbers, only shuffled. Switch positional encoding on and "
     "the swap really changes them."},
    {"Word plus position", "view=input&d=64&pos=5&playing=0",
     "The word vector is scaled by \xE2\x88\x9A" "d so its entries are about as large as the encoding's, which stay "
     "between -1 and 1."},
    {"The formula by hand", "view=formula&d=4&pos=1&playing=0&pair=0",
     "d = 4, position 1: the four numbers are sin 1, cos 1, sin 0.01 and cos 0.01. Follow each step from the "
     "dimension to its value."},
    {"The whole table", "view=heatmap&d=512&n=64&playing=0",
     "Rows are positions, columns dimensions. On the left the colours flip from row to row; on the right they barely "
     "change over 64 positions."},
    {"Every column is a wave", "view=waves&d=512&n=64&playing=0",
     "Pull one column out of the table and plot it against position: a sine wave. Columns differ only in how "
     "long each wave takes to repeat."},
    {"Periods grow geometrically", "view=periods&d=512&n=64&playing=0",
     "Each pair's period is the previous one times the same factor, so on a logarithmic scale the points climb "
     "evenly. The dashed line marks the window length N: pairs above it do not complete a cycle inside the window."},
    {"Slow columns stay put", "view=ranges&d=512&n=64&playing=0",
     "Over a short window the slow dimensions hardly change, so they act like constants the word vector can use."},
    {"Similarity depends only on distance", "view=similarity&d=512&k=37&playing=0",
     "The curves for different starting positions lie on top of each other: PE(pos)\xC2\xB7PE(pos+k) depends only on k."},
    {"Learned positions", "view=learned&pos=10&playing=0",
     "The paper tried learning one vector per position instead; the scores came out almost the same."},
    {"Adding mixes the two", "view=adding&d=64&pos=3&k=5&playing=0",
     "Adding position to word makes cross terms in every dot product. Concatenating would keep them apart."},
    {"RoPE rotates queries and keys", "view=rope&d=64&pos=0&k=5&playing=1",
     "Rotate queries and keys instead of adding a vector: with the offset fixed, the score stays the same as both "
     "positions move."},
    {"Keep the pairs together", "view=gotcha&d=16&pos=3&k=2&playing=0",
     "A shift is a rotation only if sin and cos of the same frequency are rotated together. Pair the wrong "
     "dimensions and the error jumps."},
    {"float32 at large positions", "view=precision&d=512&pair=1&playing=0",
     "A GPU computes in float32. At positions in the millions the fast pairs (pair 1 shown) drift from the exact "
     "values; pair 0 happens to stay exact at whole positions."},
    {"Back to the clock", "view=clock&d=64&pos=0&k=37&playing=1&speed=4&pair=0",
     "Everything in one picture: fast hands for neighbours, slow hands for distant positions, and a shift that turns "
     "every hand by its own fixed angle."},
};
static_assert(sizeof(kSteps) / sizeof(kSteps[0]) == kTourSteps, "kTourSteps in state.hpp must match the tour");

}  // namespace

const TourStep* tour_step(int step) { return (step >= 1 && step <= kTourSteps) ? &kSteps[step - 1] : nullptr; }

}  // namespace app
