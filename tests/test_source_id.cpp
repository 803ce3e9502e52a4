// source_id (src/text/source_id.hpp) against the FNV-1a 32 test vectors published with the hash
// (Fowler, Noll and Vo's reference list: "", "a", "foobar"), and its shape.
#include "catch2_any.hpp"

#include "text/source_id.hpp"

using namespace app;

TEST_CASE("source_id is the FNV-1a 32 hash of the text, in hex after a #") {
  CHECK(source_id("") == "#811c9dc5");
  CHECK(source_id("a") == "#e40c292c");
  CHECK(source_id("foobar") == "#bf9cf968");
  // Bytes, not characters: a Chinese text hashes as its UTF-8.
  CHECK(source_id("位置编码") != source_id("位置"));
  CHECK(is_source_id(source_id("Clock hands")));
  CHECK_FALSE(is_source_id("Clock hands"));
  CHECK_FALSE(is_source_id("#811C9DC5"));  // the writer's digits are lowercase
  CHECK_FALSE(is_source_id("#811c9dc"));   // one digit short
}
