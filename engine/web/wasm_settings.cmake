# Settings of the WebAssembly build (emcmake cmake; the browser page in tools/web and its README section).
# Included by the top CMakeLists.txt in place of the native packages.

# fmt, header-only, from Debian's libfmt-dev: emscripten's sysroot does not see /usr/include, and adding all
# of /usr/include would bring glibc's headers in, so a folder holding only a link to fmt's headers is used.
if(NOT EXISTS /usr/include/fmt/format.h)
  message(FATAL_ERROR "the wasm build needs fmt's headers: apt-get install libfmt-dev")
endif()
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/fmt-headers)
file(CREATE_LINK /usr/include/fmt ${CMAKE_BINARY_DIR}/fmt-headers/fmt SYMBOLIC)
add_library(fmt::fmt INTERFACE IMPORTED)
target_include_directories(fmt::fmt SYSTEM INTERFACE ${CMAKE_BINARY_DIR}/fmt-headers)
target_compile_definitions(fmt::fmt INTERFACE FMT_HEADER_ONLY)

# Threads (shared memory and Web Workers): the engine's search and its reading of commands while it thinks.
# A page served without cross-origin isolation has no shared memory: for it, SHUAI_WEB_THREADS=OFF builds
# shuai-single.js, one thread. With -pthread, C++ exceptions work only in emscripten's JavaScript-based form.
option(SHUAI_WEB_THREADS "Build the wasm engine with threads (the page needs cross-origin isolation)" ON)
add_compile_options(-fexceptions)
add_link_options(-fexceptions)
if(SHUAI_WEB_THREADS)
  add_compile_options(-pthread)
  add_link_options(-pthread)
  set(THREADS_PREFER_PTHREAD_FLAG ON)
endif()
find_package(Threads REQUIRED)
