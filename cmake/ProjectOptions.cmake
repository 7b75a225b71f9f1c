# Warning and sanitizer options carried by INTERFACE targets (cpp-best-practices cmake_template style).
add_library(raid_warnings INTERFACE)
target_compile_options(raid_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                                -Wno-sign-conversion)
if(RAID_WARNINGS_AS_ERRORS)
  target_compile_options(raid_warnings INTERFACE -Werror)
endif()

add_library(raid_options INTERFACE)
target_compile_features(raid_options INTERFACE cxx_std_20)
if(RAID_SANITIZE)
  target_compile_options(raid_options INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer
                                                -fno-sanitize-recover=undefined)
  target_link_options(raid_options INTERFACE -fsanitize=address,undefined)
endif()
if(RAID_TSAN)
  if(RAID_SANITIZE OR RAID_FUZZ)
    message(FATAL_ERROR "RAID_TSAN cannot be combined with RAID_SANITIZE or RAID_FUZZ (ASan)")
  endif()
  target_compile_options(raid_options INTERFACE -fsanitize=thread -fno-omit-frame-pointer)
  target_link_options(raid_options INTERFACE -fsanitize=thread)
endif()
if(RAID_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "RAID_FUZZ needs clang (libFuzzer): -DCMAKE_CXX_COMPILER=clang++")
  endif()
  # Coverage for libFuzzer in every library; the fuzz targets add the libFuzzer driver.
  target_compile_options(raid_options INTERFACE -fsanitize=fuzzer-no-link,address,undefined
                                                -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(raid_options INTERFACE -fsanitize=address,undefined)
endif()

# raid_add_core_library(<name> [DEPS ...]): one static library per core/ folder, built from
# every .cpp in that folder. Each library sees only its own folder and those of the libraries it
# links (DEPS, transitively), so `#include "evaluate/..."` from a library that does not link
# raid_evaluate fails to compile: the include path is a folder in the build tree holding one
# symbolic link, named after the core folder, to that folder (build/include/<name>/<folder>).
function(raid_add_core_library name)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  get_filename_component(folder ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  set(include_dir ${PROJECT_BINARY_DIR}/include/${name})
  file(MAKE_DIRECTORY ${include_dir})
  file(CREATE_LINK ${CMAKE_CURRENT_SOURCE_DIR} ${include_dir}/${folder} SYMBOLIC)
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  if(sources)
    add_library(${name} STATIC ${sources})
    target_include_directories(${name} PUBLIC ${include_dir})
    target_link_libraries(${name} PUBLIC raid_options ${ARG_DEPS} PRIVATE raid_warnings)
  else()
    add_library(${name} INTERFACE)
    target_include_directories(${name} INTERFACE ${include_dir})
    target_link_libraries(${name} INTERFACE raid_options ${ARG_DEPS})
  endif()
endfunction()

# Precompiled headers (target_precompile_headers): the Qt, Catch2 and standard headers most files
# include are parsed once per target instead of once per file (CI's clean build on 2 cores ran past
# its 15 minutes). Only third-party headers go in, never the project's own: the per-library include
# folders above still decide what each file can see. -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON turns
# them off (to check that a file includes what it uses); clang-tidy cannot read GCC's .gch files,
# so a GCC build that runs clang-tidy (CMAKE_CXX_CLANG_TIDY) leaves them off by itself.
# core/ has none: GCC 12 -O2 with a precompiled <string> reports -Warray-bounds false positives in
# char_traits.h (std::string operator+, inlined into core/project/project.cpp, reader.cpp,
# core/validation/ou_2007.cpp, core/advisor/build_plan.cpp) that it does not report without one,
# and the standard headers alone saved only 0.5-1.5 s of a 3-12 s file.
if(CMAKE_CXX_CLANG_TIDY AND NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  set(CMAKE_DISABLE_PRECOMPILE_HEADERS ON)
endif()

