// The test runner's main, the same for Catch2 v2 (CATCH_CONFIG_RUNNER: we write main) and v3.
#define CATCH_CONFIG_RUNNER
#include "catch2_any.hpp"

int main(int argc, char* argv[]) { return Catch::Session().run(argc, argv); }
