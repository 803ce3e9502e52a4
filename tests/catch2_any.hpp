// Catch2 for the tests, whichever major version Debian's source package gave (cmake/deps.cmake):
// v2 (Debian 12) is one header, v3 (Debian 13) the amalgamated pair. The tests use only what both have:
// TEST_CASE, SECTION, CHECK/REQUIRE (and _THAT with Catch::Matchers::WithinAbs), Approx, INFO, WARN.
#pragma once
#if __has_include(<catch_amalgamated.hpp>)
#include <catch_amalgamated.hpp>
using Catch::Approx;  // v2 has Approx at global scope; v3 in Catch::
#else
#include <catch2/catch.hpp>
#endif
