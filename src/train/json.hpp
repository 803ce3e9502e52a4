// The engine's JSON writer is the app's one writer, text/json_write.hpp; this name is kept for the tools
// (src/tools/train_dump.cpp) that include it under the engine's namespace.
#pragma once
#include "text/json_write.hpp"

namespace train {
using app::JsonWriter;
}  // namespace train
