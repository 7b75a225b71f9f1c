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
