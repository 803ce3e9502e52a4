#include "state.hpp"

namespace app {

static constexpr const char* kViewIds[] = {"clock", "order",   "input",   "formula", "heatmap", "waves",  "periods",
                                           "ranges", "similarity", "learned", "adding", "rope",  "gotcha", "precision"};
static_assert(sizeof(kViewIds) / sizeof(kViewIds[0]) == static_cast<size_t>(View::count));

const char* view_id(View v) {
  const int i = static_cast<int>(v);
  return (i >= 0 && i < static_cast<int>(View::count)) ? kViewIds[i] : "clock";
}

bool view_from_id(std::string_view id, View& out) {
  for (int i = 0; i < static_cast<int>(View::count); ++i)
    if (id == kViewIds[i]) {
      out = static_cast<View>(i);
      return true;
    }
  return false;
}

}  // namespace app
