// The source the test precompiled header (raid_test_pch, tests/CMakeLists.txt) is built with:
// CMake builds a target's precompiled header only for a target with a source of its own.
