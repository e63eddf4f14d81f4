# Settings of the Windows build (tools/windows/build.sh, with mingw-toolchain.cmake; docs/windows.md).
# Included by the top CMakeLists.txt in place of the native packages: the build makes the engine alone, so
# doctest is not needed.

# fmt, header-only, from Debian's libfmt-dev: the cross compiler must not see /usr/include (glibc's headers
# break it), so a folder holding only a link to fmt's headers is used, as in the wasm build.
if(NOT EXISTS /usr/include/fmt/format.h)
  message(FATAL_ERROR "the Windows build needs fmt's headers: apt-get install libfmt-dev")
endif()
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/fmt-headers)
file(CREATE_LINK /usr/include/fmt ${CMAKE_BINARY_DIR}/fmt-headers/fmt SYMBOLIC)
add_library(fmt::fmt INTERFACE IMPORTED)
target_include_directories(fmt::fmt SYSTEM INTERFACE ${CMAKE_BINARY_DIR}/fmt-headers)
target_compile_definitions(fmt::fmt INTERFACE FMT_HEADER_ONLY)

# std::thread from MinGW-w64's POSIX-threads runtime (winpthreads), linked statically with the rest.
find_package(Threads REQUIRED)
